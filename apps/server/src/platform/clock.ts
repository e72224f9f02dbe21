/**
 * The server's one clock. Every "now" and "today" of the product is read here, so that a test, a demo or the
 * reproduction of a customer's problem can start the company's time at a chosen instant and let it run.
 *
 * TULIP_NOW=YYYY-MM-DDTHH:mm:ss[±hh:mm] is a wall-clock time in the company zone (TULIP_TIMEZONE): the clock
 * starts there when the process starts and then runs in real time. The optional offset picks one side of the
 * hour repeated when clocks go back; a time skipped when they go forward is refused.
 *
 * Only rate limits and token expiry follow the real clock (an attacker must not escape a lockout by a setting),
 * and they say so where they read it. test/clock.test.ts enforces that nothing else reads the machine's clock.
 */
import { sql, type SQL } from 'drizzle-orm';
import { istantiDaMuro, secondoDaTimestamp } from '@tulip/attendance';

/** Milliseconds added to the machine's clock; 0 = real time. */
let offsetMs: number | undefined;

/**
 * The environment variable that carries the moment TULIP_NOW applied to processes started later (cluster workers,
 * test workers), so that all of them share one timeline instead of each starting the clock again.
 */
const ANCHOR = 'TULIP_NOW_ANCHOR';

export class ClockSpecError extends Error {}

/** The instant (ms) of a TULIP_NOW text in a zone; throws ClockSpecError saying what is wrong with it. */
export function parseClockSpec(spec: string, timeZone: string): number {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:([+-])(\d{2}):(\d{2}))?$/.exec(spec.trim());
  if (!m) throw new ClockSpecError(`TULIP_NOW: "${spec}" non è nella forma YYYY-MM-DDTHH:mm:ss[±hh:mm]`);
  let second: number;
  try {
    second = secondoDaTimestamp(m[1]);
  } catch {
    throw new ClockSpecError(`TULIP_NOW: "${spec}" non è una data e ora esistente`);
  }
  const wall = Math.floor(second / 60);
  const instants = istantiDaMuro(wall, timeZone);
  if (!instants.length) throw new ClockSpecError(`TULIP_NOW: ${m[1]} non esiste nel fuso ${timeZone} (ora saltata dal passaggio all'ora legale)`);
  let instant = instants[0];
  if (m[2]) {
    const offset = (m[2] === '-' ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4]));
    const match = instants.find((i) => wall - i === offset);
    if (match === undefined) throw new ClockSpecError(`TULIP_NOW: nel fuso ${timeZone} ${m[1]} non cade a ${m[2]}${m[3]}:${m[4]}`);
    instant = match;
  }
  return instant * 60_000 + (second % 60) * 1000;
}

/** The clock's offset that an environment asks for: TULIP_NOW from the moment in TULIP_NOW_ANCHOR, or from now (then recorded there). */
function offsetFrom(env: NodeJS.ProcessEnv): number {
  const spec = env.TULIP_NOW;
  if (!spec) return 0;
  const target = parseClockSpec(spec, env.TULIP_TIMEZONE || 'Europe/Rome');
  // the first process to read TULIP_NOW fixes when it applied; its children inherit that moment
  const anchored = Number(env[ANCHOR]);
  const anchor = Number.isFinite(anchored) && anchored > 0 ? anchored : realNowMs();
  env[ANCHOR] = String(anchor);
  return target - anchor;
}

/**
 * The machine's clock, for what must follow real time whatever TULIP_NOW says: token expiry and rate limits
 * (a setting must not let an attacker out of a lockout, nor keep a stolen token alive).
 */
export const realNowMs = () => Date.now();

/** Start of a rate-limit window of `minutes` on the database's (real) clock, for the counts of failed attempts. */
export const realWindowStart = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;

/** The database's (real) now, to stamp what a rate limit counts (an upload's arrival). */
export const realNowSql = () => sql`now()`;

/** Seconds, on the database's (real) clock, until `instant` + `minutes`: when a rate limit lets a client in again. */
export const realSecondsUntil = (instant: SQL, minutes: number) => sql`extract(epoch from ${instant} + make_interval(mins => ${minutes}) - now())`;

/** Now, in milliseconds since the epoch, on the company's clock. */
export function nowMs(): number {
  offsetMs ??= offsetFrom(process.env);
  return realNowMs() + offsetMs;
}

/** Now, as a Date, on the company's clock. */
export function now(): Date {
  return new Date(nowMs());
}

/** Now as a SQL parameter: statements that stamp or compare with the current time take it from here, never from the database. */
export const sqlNow = () => sql`${now().toISOString()}::timestamptz`;

/**
 * Starts the clock from an environment (the server and the CLI at start-up, a test set-up with a project's env):
 * throws ClockSpecError on a bad TULIP_NOW. Answers the TULIP_NOW in force, or undefined for real time.
 */
export function startClock(env: NodeJS.ProcessEnv = process.env): string | undefined {
  offsetMs = offsetFrom(env);
  return env.TULIP_NOW || undefined;
}

/**
 * Moves the clock (tests): `at` is a TULIP_NOW text (in `timeZone`) or an instant; the clock then runs on from it.
 * `null` puts it back to TULIP_NOW, or to real time where that is unset.
 */
export function setClock(at: string | Date | number | null, timeZone = process.env.TULIP_TIMEZONE || 'Europe/Rome'): void {
  if (at === null) {
    offsetMs = undefined;
    return;
  }
  const target = typeof at === 'string' ? parseClockSpec(at, timeZone) : typeof at === 'number' ? at : at.getTime();
  offsetMs = target - realNowMs();
}
