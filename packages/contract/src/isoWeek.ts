/**
 * ISO 8601 weeks (`YYYY-Www`, Monday to Sunday; week 1 holds the year's first Thursday), as the weekly booking grid
 * names them. Pure date arithmetic on `YYYY-MM-DD`, in UTC so no zone or clock change moves a day.
 */
const DAY = 86_400_000;
const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const ISO_WEEK_RE = /^(\d{4})-W(0[1-9]|[1-4]\d|5[0-3])$/;

/** The Monday of an ISO week, or null when the week does not exist (W53 of a 52-week year). */
export function isoWeekMonday(week: string): string | null {
  const m = ISO_WEEK_RE.exec(week);
  if (!m) return null;
  const year = Number(m[1]);
  const jan4 = Date.UTC(year, 0, 4);
  const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY;
  const monday = monday1 + (Number(m[2]) - 1) * 7 * DAY;
  return isoWeekOf(iso(monday)) === week ? iso(monday) : null;
}

/** The ISO week a date belongs to. */
export function isoWeekOf(date: string): string {
  const t = utc(date);
  const thursday = t + (3 - ((new Date(t).getUTCDay() + 6) % 7)) * DAY;
  const year = new Date(thursday).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY));
  return `${year}-W${String(week).padStart(2, '0')}`;
}
