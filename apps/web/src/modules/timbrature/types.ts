import { deviceTimeIfLate, type TGiornoCartellino, type TTimbratura, type TTimbraturaGiorno } from '@tulip/contract';

/** A punch's direction, as the contract says. */
export type Verso = TTimbratura['verso'];

/**
 * A punch as the screens read it: a day's light punch (`TTimbraturaGiorno`, from the days and the anomalies) or the
 * full record (`TTimbratura`, from the punches' list, with its reasons): both shapes are the contract's.
 */
export type Timbratura = Pick<TTimbratura, 'id' | 'ts' | 'verso'> &
  Partial<Omit<TTimbratura, 'id' | 'ts' | 'verso'>> &
  Partial<Pick<TTimbraturaGiorno, 'manuale' | 'differita'>>;

/** A punch that reached the server more than 2 minutes after it was made on the device (queued offline). */
export const isDifferita = (p: Timbratura): boolean => !!deviceTimeIfLate(p.ts, p.ts_dispositivo);

/**
 * A day of GET /api/timbrature/giorni (the contract's answer). The day drawer completes its punches with their full
 * records (the reasons of corrections and cancellations), which the day's answer does not carry.
 */
export type GiornoTimbrature = Omit<TGiornoCartellino, 'timbrature'> & {
  timbrature: (TTimbraturaGiorno & Partial<Pick<Timbratura, 'motivo' | 'motivo_annullamento'>>)[];
};

export const isAnnullata = (p: Timbratura) => p.stato === 'annullata';
export const isManuale = (p: Timbratura) => p.manuale === true || p.fonte === 'manuale' || (p.corregge_id !== null && p.corregge_id !== undefined);

/**
 * Where the sequence of valid punches breaks: the direction missing (and before which punch), or
 * the punch whose direction looks wrong. Used by the one-click fixes of the anomalies.
 */
export function diagnosi(punches: Timbratura[]): { mancante: Verso | null; prima?: Timbratura; sospetta?: Timbratura } {
  const valid = punches.filter((p) => !isAnnullata(p)).sort((a, b) => a.ts.localeCompare(b.ts));
  let expected: Verso = 'E';
  for (const p of valid) {
    if (p.verso !== expected) return { mancante: expected, prima: p, sospetta: p };
    expected = expected === 'E' ? 'U' : 'E';
  }
  return { mancante: expected === 'U' ? 'U' : null };
}

/** The time a missing punch most likely had: the shift's first band start (E) or last band end (U). */
export function oraSuggerita(fasce: { inizio: string; fine: string }[] | undefined, verso: Verso): { ora?: string; giornoDopo?: boolean } {
  if (!fasce?.length) return {};
  if (verso === 'E') return { ora: fasce[0].inizio.slice(0, 5) };
  const last = fasce[fasce.length - 1];
  // the shift ends after midnight when a band crosses it or the last band starts before the first
  const overnight = fasce.some((f) => f.fine.slice(0, 5) <= f.inizio.slice(0, 5)) || last.inizio < fasce[0].inizio;
  return { ora: last.fine.slice(0, 5), giornoDopo: overnight };
}

/**
 * Anomalies worth showing: the server's, which already leaves out a work day still in progress (a night shift at
 * 05:30, today's day shift until its window closes); none on future days.
 */
export function anomalieVisibili(g: Pick<GiornoTimbrature, 'data' | 'anomalie'>, oggi: string): string[] {
  if (g.data > oggi) return [];
  return g.anomalie ?? [];
}
