/**
 * YYYY-MM-DD (or the date of a YYYY-MM-DDTHH:mm:ss) -> DD/MM/YYYY (SPEC §3), '' when empty or not a calendar date.
 * Without dayjs, so that a page drawn before antd and dayjs load (the home page) can show a date.
 */
export function formatDate(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value) : null;
  if (!m) return '';
  const [, y, mo, d] = m;
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return day.getUTCMonth() === Number(mo) - 1 && day.getUTCDate() === Number(d) ? `${d}/${mo}/${y}` : '';
}
