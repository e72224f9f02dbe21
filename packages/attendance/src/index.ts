/**
 * The timecard engine (DESIGN §8): pure functions over plain data, no I/O. The rules arrive with the
 * attendance issue; the input types are fixed here so server and tests can already speak them.
 */
export type Fascia = { inizio: string; fine: string };
export type Turno = {
  codice: string;
  fasce: Fascia[];
  minuti_teorici?: number;
  flessibilita: number;
  tolleranza: number;
  arrotondamento_entrata: number;
  arrotondamento_uscita: number;
  soglia_straordinario: number;
  blocco_straordinario: number;
  pausa_minima: number;
  notturno: Fascia;
};
export type Timbratura = { ts: string; verso: 'E' | 'U' };
export type Giorno = {
  data: string;
  tipo_giorno: 'lavorativo' | 'riposo' | 'festivo';
  turno: Turno | null;
  timbrature: Timbratura[];
  giustificativi: { codice: string; unita: 'G' | 'H'; minuti?: number }[];
};

/** Minutes since midnight of an 'HH:mm' or 'HH:mm:ss' wall-clock time. */
export function minutiDaOrario(hhmm: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(hhmm);
  if (!m) throw new RangeError(`orario non valido: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}
