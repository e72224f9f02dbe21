/** Shift bands laid out on a timeline: durations, validation and the attribution window (rule 13). */
import { MINUTI_GIORNO, minutiDaOrario, minutoDaData, orarioValido, timestampDaMinuto } from './time';
import { fasciaNotturnaValida } from './conformita';
import type { Fascia, Turno } from './types';

/** Margin around the bands within which a punch still belongs to the shift (rule 13). */
export const MARGINE_FINESTRA = 240;

/** A band as wall minutes from midnight of the shift's day (may exceed 1440 past midnight). */
export type FasciaCollocata = { inizio: number; fine: number };

/** Nominal length of a band: a band whose fine <= inizio ends the next day (so equal = 24 h). */
export function durataFascia(f: Fascia): number {
  const d = minutiDaOrario(f.fine) - minutiDaOrario(f.inizio);
  return d > 0 ? d : d + MINUTI_GIORNO;
}

/**
 * Lays the bands out one after another from the day's midnight: each band starts at the first
 * occurrence of its inizio not before the previous band's end. So 22:00–02:00 then 02:30–06:00 is one
 * night, and two bands that overlap push the second one to the next day (validaTurno refuses that).
 */
export function collocaFasce(fasce: Fascia[]): FasciaCollocata[] {
  const out: FasciaCollocata[] = [];
  let fineprec = -Infinity;
  for (const f of fasce) {
    let inizio = minutiDaOrario(f.inizio);
    while (inizio < fineprec) inizio += MINUTI_GIORNO;
    const fine = inizio + durataFascia(f);
    out.push({ inizio, fine });
    fineprec = fine;
  }
  return out;
}

/** What the rules need of a shift's bands: collocaFasce's first inizio and last fine, and durataFasce. */
export type EstremiFasce = { inizio: number; fine: number; durata: number };

// The days of a month nearly always share one shift object, so its bands are read once per `fasce`
// array. The texts they were read from are kept and compared on every use (the same strings, so
// the comparison is cheap): a band edited in place is read again.
const cacheEstremi = new WeakMap<Fascia[], { testi: string[]; estremi: EstremiFasce }>();

function stessiTesti(testi: string[], fasce: Fascia[]): boolean {
  if (testi.length !== fasce.length * 2) return false;
  for (let i = 0; i < fasce.length; i++) {
    if (fasce[i].inizio !== testi[2 * i] || fasce[i].fine !== testi[2 * i + 1]) return false;
  }
  return true;
}

/**
 * EstremiFasce of non-empty bands, without building collocaFasce's list; throws as collocaFasce does.
 * The object returned is shared: read it, do not change it.
 */
export function estremiFasce(fasce: Fascia[]): EstremiFasce {
  const c = cacheEstremi.get(fasce);
  if (c !== undefined && stessiTesti(c.testi, fasce)) return c.estremi;
  const testi: string[] = [];
  let primo = NaN;
  let fineprec = -Infinity;
  let durata = 0;
  for (const f of fasce) {
    let inizio = minutiDaOrario(f.inizio);
    while (inizio < fineprec) inizio += MINUTI_GIORNO;
    if (primo !== primo) primo = inizio;
    const d = durataFascia(f);
    fineprec = inizio + d;
    durata += d;
    testi.push(f.inizio, f.fine);
  }
  const estremi = { inizio: primo, fine: fineprec, durata };
  cacheEstremi.set(fasce, { testi, estremi });
  return estremi;
}

/** Sum of the band minutes on a nominal day (no DST): the default minuti_teorici. */
export function durataFasce(turno: Pick<Turno, 'fasce'>): number {
  return turno.fasce.reduce((s, f) => s + durataFascia(f), 0);
}

/** The shift's theoretical minutes: its own figure or the sum of the bands. */
export function minutiTeoriciTurno(turno: Turno): number {
  return turno.minuti_teorici ?? durataFasce(turno);
}

const REGOLE = [
  'flessibilita',
  'tolleranza',
  'arrotondamento_entrata',
  'arrotondamento_uscita',
  'soglia_straordinario',
  'blocco_straordinario',
  'pausa_minima',
] as const;

/**
 * Error keys (translated by the web app) for a shift the engine cannot use; empty when valid.
 * Each key appears at most once.
 */
export function validaTurno(t: Turno): string[] {
  const errori = new Set<string>();
  if (!t.fasce || t.fasce.length === 0) errori.add('avvisi.fasce_richieste');
  const fasce = t.fasce ?? [];
  const orariOk = fasce.every((f) => orarioValido(f.inizio) && orarioValido(f.fine));
  if (!orariOk || !t.notturno || !orarioValido(t.notturno.inizio) || !orarioValido(t.notturno.fine)) {
    errori.add('avvisi.orario_non_valido');
  } else if (!fasciaNotturnaValida(t.notturno)) {
    // D.Lgs 66/2003 art. 1 c. 2 lett. d
    errori.add('avvisi.fascia_notturna_non_valida');
  }
  if (orariOk) {
    // By §8 inizio == fine would mean a 24-hour band; nobody means that, so it is refused as empty.
    if (fasce.some((f) => minutiDaOrario(f.inizio) === minutiDaOrario(f.fine))) errori.add('avvisi.fascia_vuota');
    // Laid end to end, bands that overlap spill into a second day: a shift spans at most 24 hours.
    const c = collocaFasce(fasce);
    if (c.length > 1 && c[c.length - 1].fine - c[0].inizio > MINUTI_GIORNO) errori.add('avvisi.fasce_sovrapposte');
  }
  const numeri: (number | null | undefined)[] = [...REGOLE.map((k) => t[k]), t.minuti_teorici];
  if (numeri.some((n) => typeof n === 'number' && n < 0)) errori.add('avvisi.regola_negativa');
  if (numeri.some((n, i) => (i < REGOLE.length || n != null) && !Number.isInteger(n))) errori.add('avvisi.regola_non_valida');
  return [...errori];
}

/**
 * Rule 13: the wall-clock window of punches belonging to a work day — first band inizio minus 4 h to
 * last band fine plus 4 h (crossing midnight when needed); the calendar day when there is no shift.
 * Computed on wall-clock time: a window is a filter, not a duration, and wall-clock strings compare as
 * the punches are stored.
 */
export function finestraGiorno(data: string, turno: Pick<Turno, 'fasce'> | null): { da: string; a: string } {
  if (!turno || turno.fasce.length === 0) return { da: `${data}T00:00:00`, a: `${data}T23:59:59` };
  const base = minutoDaData(data);
  const c = collocaFasce(turno.fasce);
  return {
    da: timestampDaMinuto(base + c[0].inizio - MARGINE_FINESTRA),
    a: timestampDaMinuto(base + c[c.length - 1].fine + MARGINE_FINESTRA),
  };
}
