/** Calendar arithmetic on 'YYYY-MM-DD' strings (UTC-based, so no time zone can shift a day). */
const toUtc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (d: string, n: number) => fromUtc(toUtc(d) + n * 86_400_000);
export const daysBetween = (a: string, b: string) => Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
/** 0 = Monday ... 6 = Sunday (weeks start on Monday). */
export const weekdayMon0 = (d: string) => (new Date(toUtc(d)).getUTCDay() + 6) % 7;

export function eachDay(dal: string, al: string): string[] {
  const out: string[] = [];
  for (let d = dal; d <= al; d = addDays(d, 1)) out.push(d);
  return out;
}

export function monthRange(mese: string): { dal: string; al: string } {
  const [y, m] = mese.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { dal: `${mese}-01`, al: `${mese}-${String(last).padStart(2, '0')}` };
}

/** Today and now as wall-clock strings in the company time zone. */
export function localNow(timeZone: string): { data: string; ts: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((x) => [x.type, x.value]),
  );
  const data = `${p.year}-${p.month}-${p.day}`;
  return { data, ts: `${data}T${p.hour}:${p.minute}:${p.second}` };
}
