/** Calendar arithmetic on 'YYYY-MM-DD' strings (UTC-based, so no time zone can shift a day). */
import { sql } from 'drizzle-orm';
import { now } from './clock';
import { badRequest } from './errors';

const toUtc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const fromUtc = (ms: number) => {
  const iso = new Date(ms).toISOString();
  // past 9999-12-31 the ISO string grows a sign and six digits ('+010000-01-01'): a request reaching it is a bad date
  if (!/^\d{4}-/.test(iso)) throw badRequest({ _: 'avvisi.data_non_valida' });
  return iso.slice(0, 10);
};

export const addDays = (d: string, n: number) => fromUtc(toUtc(d) + n * 86_400_000);
export const daysBetween = (a: string, b: string) => Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
/** 0 = Monday ... 6 = Sunday (weeks start on Monday). */
export const weekdayMon0 = (d: string) => (new Date(toUtc(d)).getUTCDay() + 6) % 7;
/** The Monday of a date's week. */
export const mondayOf = (d: string) => addDays(d, -weekdayMon0(d));

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

// building an Intl.DateTimeFormat costs more than formatting with it: one per zone, kept
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** Today and now (the company's clock, platform/clock.ts) as wall-clock strings in the company time zone. */
export function localNow(timeZone: string): { data: string; ts: string } {
  const at = now();
  const second = Math.floor(at.getTime() / 1000);
  // every punch asks: formatting the same second again is most of a punch's own work (issue #30)
  if (lastNow && lastNow.second === second && lastNow.timeZone === timeZone) return { ...lastNow.value };
  const p = Object.fromEntries(formatterOf(timeZone).formatToParts(at).map((x) => [x.type, x.value]));
  const data = `${p.year}-${p.month}-${p.day}`;
  const value = { data, ts: `${data}T${p.hour}:${p.minute}:${p.second}` };
  lastNow = { second, timeZone, value };
  return { ...value };
}
let lastNow: { second: number; timeZone: string; value: { data: string; ts: string } } | null = null;

/** The instant of a wall-clock time in the company zone, and back (SQL). */
export const localToInstant = (local: string, tz: string) => sql`(${local}::timestamp at time zone ${tz})`;
export const instantToLocal = (col: unknown, tz: string) => sql<string>`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** A date as Italian text shows it (printouts, mails, spreadsheets): 'YYYY-MM-DD' -> 'DD/MM/YYYY'. */
export const dataIt = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
/** Minutes as hours and minutes, 'h:mm' ('-1:05' for a negative amount), as the screens show durations. */
export const oreMinuti = (min: number) => `${min < 0 ? '-' : ''}${Math.floor(Math.abs(min) / 60)}:${String(Math.abs(min) % 60).padStart(2, '0')}`;
/**
 * Minor units of a currency as Italian text (printouts, mails, messages; the screens format their own): cents of EUR
 * "1.234,56"; with `decimali` another currency's, 0 for the yen ("1.234").
 */
export function importoIt(minor: number, decimali = 2): string {
  const unit = 10 ** decimali;
  const abs = Math.abs(minor);
  const intero = String(Math.floor(abs / unit)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${minor < 0 ? '-' : ''}${intero}${decimali ? `,${String(abs % unit).padStart(decimali, '0')}` : ''}`;
}
