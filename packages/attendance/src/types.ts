/** Input and output shapes of the timecard engine (DESIGN §8). */

export type Fascia = { inizio: string; fine: string };
export type Turno = {
  codice: string;
  /** A band whose fine <= inizio ends the next day. */
  fasce: Fascia[];
  /** Default: the sum of the bands (durataFasce). */
  minuti_teorici?: number | null;
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
export type Giustificativo = { codice: string; unita: 'G' | 'H'; minuti?: number | null };
/**
 * A part-timer's day (D.Lgs 81/2015 art. 6). The time worked beyond the agreed hours (the shift's theoretical minutes)
 * is supplementary (lavoro supplementare) up to the full-time day, overtime only beyond it: the split is made day by
 * day, so a horizontal part-time (every day shorter) has room on each working day. A vertical or mixed part-time is
 * read the same way, day by day: on an agreed day the shift is a full day and anything beyond it is overtime; on a day
 * outside the agreed ones (no shift) the work is supplementary up to the full-time day, and overtime beyond it; on a
 * day full-timers do not work either (minuti_tempo_pieno 0) it is all overtime.
 */
export type PartTime = {
  /** The full-time day's minutes on this date: the CCNL's weekly hours over its distribution. */
  minuti_tempo_pieno: number;
  /**
   * The supplementary minutes allowed in the day's ISO week (the CCNL's limit, else 25 % of the weekly agreed hours,
   * art. 6 c. 2): computeMonth flags the days past it with SUPPLEMENTARE_OLTRE_LIMITE. Absent or null: no check.
   */
  limite_settimanale?: number | null;
};
export type Giorno = {
  data: string;
  tipo_giorno: 'lavorativo' | 'riposo' | 'festivo';
  turno: Turno | null;
  timbrature: Timbratura[];
  giustificativi: Giustificativo[];
  /** Present for a part-timer: splits the time beyond the shift into supplementary and overtime. */
  part_time?: PartTime | null;
};

/** Anomaly codes, in the order the rules raise them. */
export const ANOMALIE = [
  'TIMBRATURE_DISPARI',
  'PAUSA_AUTOMATICA',
  'RITARDO',
  'USCITA_ANTICIPATA',
  'ASSENZA_NON_GIUSTIFICATA',
  'LAVORO_IN_RIPOSO',
  'RIPOSO_INSUFFICIENTE',
  'SUPPLEMENTARE_OLTRE_LIMITE',
] as const;
export type Anomalia = (typeof ANOMALIE)[number];

/** A worked pair after tolerance and rounding; wall-clock 'YYYY-MM-DDTHH:mm:ss', real minutes. */
export type Coppia = { entrata: string; uscita: string; minuti: number };

export type RisultatoGiorno = {
  minuti_teorici: number;
  minuti_lavorati: number;
  minuti_ordinari: number;
  minuti_straordinari: number;
  /** A part-timer's minutes beyond the agreed hours and within the full-time day (D.Lgs 81/2015 art. 6); 0 for a full-timer. */
  minuti_supplementari: number;
  minuti_notturni: number;
  minuti_festivi: number;
  minuti_ritardo: number;
  minuti_uscita_anticipata: number;
  minuti_mancanti: number;
  minuti_giustificati: number;
  /** Minutes each justification code covered, after the cap at minuti_teorici, in input order. */
  giustificativi: { codice: string; minuti: number }[];
  anomalie: Anomalia[];
  coppie: Coppia[];
  /** Raw E of the first pair and raw U of the last pair (before tolerance and rounding). */
  prima_entrata: string | null;
  ultima_uscita: string | null;
  /** Present (true) only on a day whose window has not closed at `adesso`. */
  in_corso?: true;
};

/** The minuti_* fields of a day, summed by the month. */
export const CAMPI_MINUTI = [
  'minuti_teorici',
  'minuti_lavorati',
  'minuti_ordinari',
  'minuti_straordinari',
  'minuti_supplementari',
  'minuti_notturni',
  'minuti_festivi',
  'minuti_ritardo',
  'minuti_uscita_anticipata',
  'minuti_mancanti',
  'minuti_giustificati',
] as const satisfies readonly (keyof RisultatoGiorno)[];
export type CampoMinuti = (typeof CAMPI_MINUTI)[number];

export type Totali = Record<CampoMinuti, number> & {
  /** Days with minuti_lavorati > 0. */
  giorni_lavorati: number;
  /** Days with at least one whole-day (G) justification. */
  giorni_assenza: number;
  /** Minutes covered per justification code. */
  per_causale: Record<string, number>;
  /** How many days carry each anomaly. */
  anomalie: Partial<Record<Anomalia, number>>;
};

export type OpzioniCalcolo = {
  /** IANA zone the wall-clock times are in; default 'Europe/Rome'. */
  timeZone?: string;
  /**
   * Now, as a wall-clock 'YYYY-MM-DDTHH:mm:ss': a day whose window (rule 13) has not closed yet is in progress, and
   * what is still to come is no anomaly (an open pair, no entry yet, the minutes not worked yet). Absent: every day
   * is judged as over.
   */
  adesso?: string;
};
