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

// Parsing is hand-written (charCodeAt, no regex, no Date round trip): it runs for every punch and band
// of every day. It accepts and refuses exactly what these patterns do, with the same error messages:
//   time       ^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$
//   date       ^(\d{4})-(\d{2})-(\d{2})$, and a real calendar day of a year >= 100
//   timestamp  ^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)$, then the date, then the time

/** Anything else read as text, as RegExp.prototype.exec did (the types ask for strings anyway). */
const testo = (x: string): string => (typeof x === 'string' ? x : `${x}`);

/** Value of the two ASCII digits at s[i], s[i + 1]; -1 if either is not one (what \d matches). */
function dueCifre(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1; // NaN past the end fails too
}

/** Seconds since midnight of the 'HH:mm' or 'HH:mm:ss' in s[i..fine), or -1 if it is not one. */
function secondiOrario(s: string, i: number, fine: number): number {
  const n = fine - i;
  if (n !== 5 && n !== 8) return -1;
  const h = dueCifre(s, i);
  const m = dueCifre(s, i + 3);
  if (h < 0 || h > 23 || m < 0 || m > 59 || s.charCodeAt(i + 2) !== 58 /* : */) return -1;
  if (n === 5) return h * 3600 + m * 60;
  const sec = dueCifre(s, i + 6);
  return sec < 0 || sec > 59 || s.charCodeAt(i + 5) !== 58 ? -1 : h * 3600 + m * 60 + sec;
}

/**
 * Day number (days since 1970-01-01, proleptic Gregorian as Date) of a year, month and day; NaN for an
 * impossible day. Years 0–99 are refused: Date.UTC reads them as 1900–1999, so the old round-trip
 * check (and hence the engine) never accepted them.
 */
function giornoCalendario(anno: number, mese: number, giorno: number): number {
  // Punches come a few to a date: the previous answer is usually the one wanted.
  const chiave = anno * 10_000 + mese * 100 + giorno;
  if (chiave === ultimaChiave) return ultimoGiorno;
  const n = calcolaGiornoCalendario(anno, mese, giorno);
  ultimaChiave = chiave;
  ultimoGiorno = n;
  return n;
}
let ultimaChiave = -1;
let ultimoGiorno = NaN;

function calcolaGiornoCalendario(anno: number, mese: number, giorno: number): number {
  if (anno < 100 || mese < 1 || mese > 12 || giorno < 1) return NaN;
  const bisestile = anno % 4 === 0 && (anno % 100 !== 0 || anno % 400 === 0);
  const giorniMese = mese === 2 ? (bisestile ? 29 : 28) : mese === 4 || mese === 6 || mese === 9 || mese === 11 ? 30 : 31;
  if (giorno > giorniMese) return NaN;
  // days_from_civil (H. Hinnant): years start on 1 March, so the leap day is the last of its year.
  const a = mese <= 2 ? anno - 1 : anno;
  const era = Math.floor(a / 400);
  const annoEra = a - era * 400;
  const giornoAnno = Math.floor((153 * (mese > 2 ? mese - 3 : mese + 9) + 2) / 5) + giorno - 1;
  const giornoEra = annoEra * 365 + Math.floor(annoEra / 4) - Math.floor(annoEra / 100) + giornoAnno;
  return era * 146_097 + giornoEra - 719_468;
}

/** Minutes since midnight of an 'HH:mm' or 'HH:mm:ss' wall-clock time. */
export function minutiDaOrario(hhmm: string): number {
  const s = testo(hhmm);
  const sec = secondiOrario(s, 0, s.length);
  if (sec < 0) throw new RangeError(`orario non valido: ${s}`);
  return Math.floor(sec / 60);
}

/** True for 'HH:mm' / 'HH:mm:ss' strings that minutiDaOrario accepts. */
export function orarioValido(hhmm: string): boolean {
  if (typeof hhmm === 'string') return secondiOrario(hhmm, 0, hhmm.length) >= 0;
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
  // Anything but a string never passed the old round-trip check (a string compared with it by !==).
  if (typeof data !== 'string') throw new RangeError(`data non valida: ${data}`);
  const ok = data.length === 10 && data.charCodeAt(4) === 45 && data.charCodeAt(7) === 45;
  if (!ok) throw new RangeError(`data non valida: ${data}`);
  const secolo = dueCifre(data, 0);
  const anno = dueCifre(data, 2);
  const mese = dueCifre(data, 5);
  const giorno = dueCifre(data, 8);
  if ((secolo | anno | mese | giorno) < 0) throw new RangeError(`data non valida: ${data}`);
  const n = giornoCalendario(secolo * 100 + anno, mese, giorno);
  if (n !== n) throw new RangeError(`data non valida: ${data}`);
  return n * MINUTI_GIORNO;
}

/**
 * Wall second of a 'YYYY-MM-DDTHH:mm[:ss]' timestamp (seconds 0 when absent), validated as
 * minutoDaTimestamp does. Ordering by it is ordering the normalised strings.
 */
export function secondoDaTimestamp(ts: string): number {
  ts = testo(ts);
  const n = ts.length;
  // The shape first (its message names the whole text), then the date, then the time.
  const forma =
    (n === 16 || n === 19) &&
    ts.charCodeAt(4) === 45 /* - */ &&
    ts.charCodeAt(7) === 45 &&
    ts.charCodeAt(10) === 84 /* T */ &&
    ts.charCodeAt(13) === 58 /* : */ &&
    (n === 16 || ts.charCodeAt(16) === 58);
  if (!forma) throw new RangeError(`data e ora non valide: ${ts}`);
  const secolo = dueCifre(ts, 0);
  const anno = dueCifre(ts, 2);
  const mese = dueCifre(ts, 5);
  const giorno = dueCifre(ts, 8);
  const ore = dueCifre(ts, 11);
  const minuti = dueCifre(ts, 14);
  const secondi = n === 19 ? dueCifre(ts, 17) : 0;
  // Any -1 (a non-digit) makes the OR negative.
  if ((secolo | anno | mese | giorno | ore | minuti | secondi) < 0) throw new RangeError(`data e ora non valide: ${ts}`);
  const g = giornoCalendario(secolo * 100 + anno, mese, giorno);
  if (g !== g) throw new RangeError(`data non valida: ${ts.slice(0, 10)}`);
  if (ore > 23 || minuti > 59 || secondi > 59) throw new RangeError(`orario non valido: ${ts.slice(11)}`);
  return g * 86_400 + ore * 3600 + minuti * 60 + secondi;
}

/**
 * Wall minute of a 'YYYY-MM-DDTHH:mm[:ss]' timestamp. Seconds are dropped: the engine works in whole
 * minutes, as a time clock displays them.
 */
export function minutoDaTimestamp(ts: string): number {
  return Math.floor(secondoDaTimestamp(ts) / 60);
}

/** 'YYYY-MM-DDTHH:mm:ss' with the seconds the caller gave (':00' when absent); validates. */
export function normalizzaTimestamp(ts: string): string {
  secondoDaTimestamp(ts);
  return ts.length === 16 ? `${ts}:00` : ts;
}

/** 'YYYY-MM-DD' of a wall minute, through Date (any number, also fractional). */
function dataDaMinutoDate(wall: number): string {
  const d = new Date(wall * 60000);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

// Every output timestamp needs its date as text; a month asks for the same few dozen days over and
// over, so the text is kept per day number. Bounded: cleared past MAX_TESTI_CACHE days.
const MAX_TESTI_CACHE = 20_000;
const testiGiorni = new Map<number, string>();
/** 'THH:mm:00' of every minute of the day: a timestamp is then one concatenation. */
const ORARI = Array.from({ length: MINUTI_GIORNO }, (_, m) => `T${pad(Math.floor(m / 60))}:${pad(m % 60)}:00`);
/** Integer wall minutes within this bound are inside Date's range (±8.64e15 ms). */
const MURO_MAX = 1e11;

function dataDelGiorno(giorno: number): string {
  let s = testiGiorni.get(giorno);
  if (s === undefined) {
    if (testiGiorni.size >= MAX_TESTI_CACHE) testiGiorni.clear();
    s = dataDaMinutoDate(giorno * MINUTI_GIORNO);
    testiGiorni.set(giorno, s);
  }
  return s;
}

/** 'YYYY-MM-DD' of a wall minute. */
export function dataDaMinuto(wall: number): string {
  if (!Number.isInteger(wall) || Math.abs(wall) > MURO_MAX) return dataDaMinutoDate(wall);
  return dataDelGiorno(Math.floor(wall / MINUTI_GIORNO));
}

/** 'YYYY-MM-DDTHH:mm:ss' of a wall minute. */
export function timestampDaMinuto(wall: number): string {
  if (!Number.isInteger(wall) || Math.abs(wall) > MURO_MAX) {
    // Fractional minutes (a fractional rounding rule) keep Date's reading of them.
    const d = new Date(wall * 60000);
    return `${dataDaMinutoDate(wall)}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
  }
  const giorno = Math.floor(wall / MINUTI_GIORNO);
  return dataDelGiorno(giorno) + ORARI[wall - giorno * MINUTI_GIORNO];
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
  const parts: Record<string, number> = {}; // keys from code: Intl's part types
  for (const p of formatter(timeZone).formatToParts(new Date(istante * 60000))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wallMs = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  // Historical offsets with seconds (local mean time) are rounded to the minute.
  return Math.round((wallMs - istante * 60000) / 60000);
}

// Intl is slow (microseconds a call) and a month's timecard asks hundreds of times, so the offset is
// kept per zone and UTC day: the day's offset when it does not change that day, null on the two days a
// year it does (those are asked of Intl minute by minute, and each answer kept). Bounded: cleared past
// MAX_GIORNI_CACHE days / MAX_MINUTI_CACHE minutes. The caches hold Intl's answers: no result changes.
const MAX_GIORNI_CACHE = 20_000;
const MAX_MINUTI_CACHE = 100_000;
/** Slots of the small per-zone cache in front of the day Map (a power of two). */
const SLOT_L1 = 64;

type Zona = {
  /** Offset of each UTC day asked for; null when it changes within that day. */
  giorni: Map<number, number | null>;
  /** Exact offsets of the instants asked for on days when it changes. */
  minuti: Map<number, number>;
  // Every rule asks for a handful of days over and over (the day, the one before and after); a
  // direct-mapped table indexed by the day's low bits answers those without hashing.
  l1Giorno: Float64Array;
  /** NaN for a day whose offset changes (null in `giorni`). */
  l1Offset: Float64Array;
};
const zone = new Map<string, Zona>();
// Nearly every call is for the same zone as the previous one.
let nomeUltima: string | undefined;
let zonaUltima: Zona | undefined;

function datiZona(timeZone: string): Zona {
  let z = zone.get(timeZone);
  if (!z) {
    z = { giorni: new Map(), minuti: new Map(), l1Giorno: new Float64Array(SLOT_L1).fill(NaN), l1Offset: new Float64Array(SLOT_L1) };
    zone.set(timeZone, z);
  }
  nomeUltima = timeZone;
  zonaUltima = z;
  return z;
}

/** The day's offset, or null when it changes that day. */
function offsetGiorno(z: Zona, giorno: number, timeZone: string): number | null {
  let o = z.giorni.get(giorno);
  if (o === undefined) {
    if (z.giorni.size >= MAX_GIORNI_CACHE) z.giorni.clear();
    // Two changes within 12 hours never happen, so equal offsets at 00:00, 12:00 and 23:59 mean none.
    const inizio = giorno * MINUTI_GIORNO;
    const a = offsetEsatto(inizio, timeZone);
    const b = offsetEsatto(inizio + 720, timeZone);
    const c = offsetEsatto(inizio + MINUTI_GIORNO - 1, timeZone);
    o = a === b && b === c ? a : null;
    z.giorni.set(giorno, o);
  }
  return o;
}

/** Offset at an instant of a day when it changes, asked of Intl once per instant. */
function offsetMinuto(z: Zona, istante: number, timeZone: string): number {
  let o = z.minuti.get(istante);
  if (o === undefined) {
    if (z.minuti.size >= MAX_MINUTI_CACHE) z.minuti.clear();
    o = offsetEsatto(istante, timeZone);
    z.minuti.set(istante, o);
  }
  return o;
}

/** UTC offset (minutes, east positive) of the zone at an instant. */
export function offsetMinuti(istante: number, timeZone: string): number {
  const z = timeZone === nomeUltima && zonaUltima ? zonaUltima : datiZona(timeZone);
  const giorno = Math.floor(istante / MINUTI_GIORNO);
  const slot = giorno & (SLOT_L1 - 1); // any bits will do: the slot also stores the whole day
  let o: number;
  if (z.l1Giorno[slot] === giorno) {
    o = z.l1Offset[slot];
  } else {
    o = offsetGiorno(z, giorno, timeZone) ?? NaN;
    z.l1Giorno[slot] = giorno;
    z.l1Offset[slot] = o;
  }
  return o === o ? o : offsetMinuto(z, istante, timeZone);
}

/** Wall minute shown by the zone's clocks at an instant. */
export function muroDaIstante(istante: number, timeZone: string): number {
  return istante + offsetMinuti(istante, timeZone);
}

/**
 * The zone's offset around a wall minute when it is the same a day before and a day after (so that
 * minute has exactly one instant, or none that the rules below resolve differently); NaN near a change.
 * The fast path of every wall -> instant conversion.
 */
export function offsetAttorno(wall: number, timeZone: string): number {
  const prima = offsetMinuti(wall - MINUTI_GIORNO, timeZone);
  return prima === offsetMinuti(wall + MINUTI_GIORNO, timeZone) ? prima : NaN;
}

/**
 * Every instant at which the zone's clocks show a wall minute: one normally, two in the hour repeated
 * when clocks go back (earlier first), none in the hour skipped when they go forward. Assumes at most
 * one offset change within a day either side, true of every real zone.
 */
export function istantiDaMuro(wall: number, timeZone: string): number[] {
  const prima = offsetMinuti(wall - MINUTI_GIORNO, timeZone);
  const dopo = offsetMinuti(wall + MINUTI_GIORNO, timeZone);
  const a = wall - prima;
  const okA = offsetMinuti(a, timeZone) === prima;
  if (prima === dopo) return okA ? [a] : [];
  const b = wall - dopo;
  const okB = offsetMinuti(b, timeZone) === dopo;
  if (okA && okB) return a < b ? [a, b] : [b, a];
  return okA ? [a] : okB ? [b] : [];
}

/**
 * The instant of a wall minute, resolved as Temporal's 'compatible' does: in the repeated hour the
 * earlier instant, in the skipped hour the time moved forward by the gap (02:30 -> 03:30 in March).
 * `verso` changes only the skipped hour: 'indietro' moves back instead (02:30 -> 01:30), which a
 * rounding DOWN needs so that it never lands after the time it rounded.
 */
export function istanteDaMuro(wall: number, timeZone: string, verso: 'avanti' | 'indietro' = 'avanti'): number {
  // Same offset a day either side: the one instant is wall - offset, and were that minute skipped
  // both directions would give it too (wall - prima = wall - dopo).
  const o = offsetAttorno(wall, timeZone);
  if (o === o) return wall - o;
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
