/**
 * Wall-clock and instant arithmetic without a date library (DESIGN §8: "every duration is the real
 * elapsed time between two instants in that zone").
 *
 * Two kinds of minute counts are used throughout the engine:
 * - a *wall minute* is a local date and time read as if it were UTC ("nominal" time): 08:30 is always
 *   08:30, days always have 1440 minutes. Used for "HH:mm" rules (rounding from midnight, bands).
 * - an *instant* is real minutes since the Unix epoch. Used for every duration.
 * The zone's UTC offsets come from Intl.DateTimeFormat, which Node ships with full ICU data.
 */

export const FUSO_PREDEFINITO = 'Europe/Rome';
export const MINUTI_GIORNO = 1440;

/** Minutes since midnight of an 'HH:mm' or 'HH:mm:ss' wall-clock time. */
export function minutiDaOrario(hhmm: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(hhmm);
  if (!m) throw new RangeError(`orario non valido: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** True for 'HH:mm' / 'HH:mm:ss' strings that minutiDaOrario accepts. */
export function orarioValido(hhmm: string): boolean {
  try {
    minutiDaOrario(hhmm);
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Wall minute of 'YYYY-MM-DD' at midnight. Throws on impossible dates (2026-02-30). */
export function minutoDaData(data: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(data);
  if (!m) throw new RangeError(`data non valida: ${data}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (dataDaMinuto(ms / 60000) !== data) throw new RangeError(`data non valida: ${data}`);
  return ms / 60000;
}

/**
 * Wall minute of a 'YYYY-MM-DDTHH:mm[:ss]' timestamp. Seconds are dropped: the engine works in whole
 * minutes, as a time clock displays them.
 */
export function minutoDaTimestamp(ts: string): number {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)$/.exec(ts);
  if (!m) throw new RangeError(`data e ora non valide: ${ts}`);
  return minutoDaData(m[1]) + minutiDaOrario(m[2]);
}

/** 'YYYY-MM-DDTHH:mm:ss' with the seconds the caller gave (':00' when absent); validates. */
export function normalizzaTimestamp(ts: string): string {
  minutoDaTimestamp(ts);
  return ts.length === 16 ? `${ts}:00` : ts;
}

/** 'YYYY-MM-DD' of a wall minute. */
export function dataDaMinuto(wall: number): string {
  const d = new Date(wall * 60000);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 'YYYY-MM-DDTHH:mm:ss' of a wall minute. */
export function timestampDaMinuto(wall: number): string {
  const d = new Date(wall * 60000);
  return `${dataDaMinuto(wall)}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
}

/** The calendar date `n` days after 'YYYY-MM-DD'. */
export function aggiungiGiorni(data: string, n: number): string {
  return dataDaMinuto(minutoDaData(data) + n * MINUTI_GIORNO);
}

// One formatter per zone: building an Intl.DateTimeFormat is far dearer than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** UTC offset (minutes, east positive) of the zone at an instant, asked of Intl. */
function offsetEsatto(istante: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(istante * 60000))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wallMs = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  // Historical offsets with seconds (local mean time) are rounded to the minute.
  return Math.round((wallMs - istante * 60000) / 60000);
}

// Intl is slow (microseconds a call) and a month's timecard asks hundreds of times, so the offset is
// kept per zone and UTC day: the day's offset when it does not change that day, null on the two days a
// year it does (those are asked of Intl minute by minute). Bounded: cleared past MAX_GIORNI_CACHE days.
const MAX_GIORNI_CACHE = 20_000;
const offsetGiorni = new Map<string, Map<number, number | null>>();

/** UTC offset (minutes, east positive) of the zone at an instant. */
export function offsetMinuti(istante: number, timeZone: string): number {
  let perZona = offsetGiorni.get(timeZone);
  if (!perZona) offsetGiorni.set(timeZone, (perZona = new Map()));
  const giorno = Math.floor(istante / MINUTI_GIORNO);
  let o = perZona.get(giorno);
  if (o === undefined) {
    if (perZona.size >= MAX_GIORNI_CACHE) perZona.clear();
    // Two changes within 12 hours never happen, so equal offsets at 00:00, 12:00 and 23:59 mean none.
    const inizio = giorno * MINUTI_GIORNO;
    const [a, b, c] = [0, 720, MINUTI_GIORNO - 1].map((m) => offsetEsatto(inizio + m, timeZone));
    o = a === b && b === c ? a : null;
    perZona.set(giorno, o);
  }
  return o ?? offsetEsatto(istante, timeZone);
}

/** Wall minute shown by the zone's clocks at an instant. */
export function muroDaIstante(istante: number, timeZone: string): number {
  return istante + offsetMinuti(istante, timeZone);
}

/**
 * Every instant at which the zone's clocks show a wall minute: one normally, two in the hour repeated
 * when clocks go back (earlier first), none in the hour skipped when they go forward. Assumes at most
 * one offset change within a day either side, true of every real zone.
 */
export function istantiDaMuro(wall: number, timeZone: string): number[] {
  const prima = offsetMinuti(wall - MINUTI_GIORNO, timeZone);
  const dopo = offsetMinuti(wall + MINUTI_GIORNO, timeZone);
  const out: number[] = [];
  for (const o of prima === dopo ? [prima] : [prima, dopo]) {
    const ist = wall - o;
    if (offsetMinuti(ist, timeZone) === o) out.push(ist);
  }
  return out.sort((a, b) => a - b);
}

/**
 * The instant of a wall minute, resolved as Temporal's 'compatible' does: in the repeated hour the
 * earlier instant, in the skipped hour the time moved forward by the gap (02:30 -> 03:30 in March).
 * `verso` changes only the skipped hour: 'indietro' moves back instead (02:30 -> 01:30), which a
 * rounding DOWN needs so that it never lands after the time it rounded.
 */
export function istanteDaMuro(wall: number, timeZone: string, verso: 'avanti' | 'indietro' = 'avanti'): number {
  const c = istantiDaMuro(wall, timeZone);
  if (c.length > 0) return c[0];
  const prima = offsetMinuti(wall - MINUTI_GIORNO, timeZone);
  const dopo = offsetMinuti(wall + MINUTI_GIORNO, timeZone);
  return verso === 'avanti' ? wall - prima : wall - dopo;
}

/** Instant of a 'YYYY-MM-DDTHH:mm[:ss]' wall-clock timestamp (seconds dropped). */
export function istanteDaTimestamp(ts: string, timeZone: string): number {
  return istanteDaMuro(minutoDaTimestamp(ts), timeZone);
}

/** Real minutes elapsed between two wall-clock timestamps in a zone (negative if b is before a). */
export function minutiTra(a: string, b: string, timeZone: string = FUSO_PREDEFINITO): number {
  return istanteDaTimestamp(b, timeZone) - istanteDaTimestamp(a, timeZone);
}
