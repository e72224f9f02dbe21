/** Shifts and builders shared by the engine's tests (not exported by the package). */
import { aggiungiGiorni } from './time';
import type { Giorno, Giustificativo, Timbratura, Turno } from './types';

const NESSUNA_REGOLA = {
  flessibilita: 0,
  tolleranza: 0,
  arrotondamento_entrata: 0,
  arrotondamento_uscita: 0,
  soglia_straordinario: 0,
  blocco_straordinario: 0,
  pausa_minima: 0,
  notturno: { inizio: '22:00', fine: '06:00' },
};

/** The worked example's shift (DESIGN §8). */
export const GIORNALIERO: Turno = {
  codice: 'GIORNALIERO',
  fasce: [
    { inizio: '08:30', fine: '12:30' },
    { inizio: '13:30', fine: '17:30' },
  ],
  flessibilita: 30,
  tolleranza: 5,
  arrotondamento_entrata: 15,
  arrotondamento_uscita: 15,
  soglia_straordinario: 30,
  blocco_straordinario: 30,
  pausa_minima: 30,
  notturno: { inizio: '22:00', fine: '06:00' },
};

/** 08:00–12:00, 13:00–17:00 with every rule off: to look at one rule at a time. */
export const SEMPLICE: Turno = {
  codice: 'SEMPLICE',
  fasce: [
    { inizio: '08:00', fine: '12:00' },
    { inizio: '13:00', fine: '17:00' },
  ],
  ...NESSUNA_REGOLA,
};

/** One 08:00–16:00 band, every rule off. */
export const CONTINUO: Turno = { codice: 'CONTINUO', fasce: [{ inizio: '08:00', fine: '16:00' }], ...NESSUNA_REGOLA };

/** Night shift. */
export const T3: Turno = { codice: 'T3', fasce: [{ inizio: '22:00', fine: '06:00' }], ...NESSUNA_REGOLA };

export const turno = (base: Turno, regole: Partial<Turno>): Turno => ({ ...base, ...regole });

/**
 * Punches written as 'E 08:33, U 12:31'; '+1 06:00' is the next day, '-1 23:00' the day before.
 */
export function timbrature(data: string, testo: string): Timbratura[] {
  if (!testo.trim()) return [];
  return testo.split(',').map((p) => {
    const m = /^\s*([EU])\s+(?:([+-]\d)\s+)?(\d{2}:\d{2}(?::\d{2})?)\s*$/.exec(p);
    if (!m) throw new Error(`timbratura illeggibile: ${p}`);
    const giorno = m[2] ? aggiungiGiorni(data, Number(m[2])) : data;
    return { verso: m[1] as 'E' | 'U', ts: `${giorno}T${m[3].length === 5 ? `${m[3]}:00` : m[3]}` };
  });
}

export const DATA = '2026-03-10'; // an ordinary Tuesday

/** A day: working, with a shift, the given punches and justifications. */
export function giorno(
  t: Turno | null,
  punches: string,
  altro: { data?: string; tipo_giorno?: Giorno['tipo_giorno']; giustificativi?: Giustificativo[] } = {},
): Giorno {
  const data = altro.data ?? DATA;
  return {
    data,
    tipo_giorno: altro.tipo_giorno ?? 'lavorativo',
    turno: t,
    timbrature: timbrature(data, punches),
    giustificativi: altro.giustificativi ?? [],
  };
}
