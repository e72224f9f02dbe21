/**
 * Pay from the CCNL's tables and the employee's contract row, as pure functions (module contratti, issue #18): the
 * table in force on a date, the gross monthly pay with the individual superminimo and part-time, the hourly rate, the
 * change between two dates, and the checks of a contract row. Sources: the CCNL's own tables (minimi tabellari by
 * level, each with its decorrenza), D.Lgs 81/2015 art. 4–12 (part-time) and art. 19 as amended by D.L. 48/2023
 * (fixed-term: 12 months free, up to 24 with a reason). Money is integer cents, rounded half up once (money.ts).
 */
import { verificaOrarioPartTime, verificaProva, type OrarioPartTime } from './assunzione';
import { aggiungiMesi } from './dpi';
import { roundHalfUp } from './money';

/** CCNL 2021 classification of workers by qualification (c.c. art. 2095). */
export const QUALIFICHE = ['operaio', 'impiegato', 'quadro', 'dirigente'] as const;
export type TQualifica = (typeof QUALIFICHE)[number];

/**
 * The contract types. Part-time is not a type of its own: it is a working-time arrangement of any of them (D.Lgs 81/2015
 * art. 4: part-time at an indefinite or a fixed term), so a row carries it as a flag with its percentage and
 * distribution beside the type.
 */
export const TIPI_CONTRATTO = ['indeterminato', 'determinato', 'apprendistato'] as const;
export type TTipoContratto = (typeof TIPI_CONTRATTO)[number];

/** How the part-time hours are laid out (D.Lgs 81/2015 art. 5 c. 2: the contract states when the hours are worked). */
export const DISTRIBUZIONI_PART_TIME = ['orizzontale', 'verticale', 'misto'] as const;
export type TDistribuzionePartTime = (typeof DISTRIBUZIONI_PART_TIME)[number];

/** One component of a level's pay from a date: cents per month. */
export type VoceTabellare = { livello: string; voce: string; decorrenza: string; importo: number };

/** What a level is paid on a date: the components in force, the latest of their decorrenze, the total. */
export type TabellaLivello = { decorrenza: string; voci: { voce: string; importo: number }[]; totale: number };

/**
 * The rows in force on `data`: for each level and component, the one with the latest decorrenza on or before the date
 * (a new decorrenza adds a version, it never replaces one: past months keep what applied then, raises entered ahead
 * wait for their date). Components in the order first met.
 */
export function vociInVigore<V extends VoceTabellare>(voci: readonly V[], data: string): V[] {
  const best = new Map<string, V>();
  for (const v of voci) {
    if (v.decorrenza > data) continue;
    const key = `${v.livello}\u0000${v.voce}`;
    const cur = best.get(key);
    if (!cur || v.decorrenza > cur.decorrenza) best.set(key, v);
  }
  return [...best.values()];
}

/** One level's table in force on `data`, or null when no component of it is in force yet. */
export function tabellaLivello(voci: readonly VoceTabellare[], livello: string, data: string): TabellaLivello | null {
  const found = vociInVigore(voci.filter((v) => v.livello === livello), data);
  if (!found.length) return null;
  return {
    decorrenza: found.reduce((d, v) => (v.decorrenza > d ? v.decorrenza : d), found[0].decorrenza),
    voci: found.map((v) => ({ voce: v.voce, importo: v.importo })),
    totale: found.reduce((s, v) => s + v.importo, 0),
  };
}

/** The latest decorrenza among a CCNL's components, future ones included (raises entered ahead), or null with none. */
export function ultimaDecorrenza(voci: readonly { decorrenza: string }[]): string | null {
  return voci.reduce<string | null>((d, v) => (d === null || v.decorrenza > d ? v.decorrenza : d), null);
}

/**
 * A CCNL's table is stale when its latest decorrenza is more than 12 months before today: the minima are the measure of
 * the "retribuzione sufficiente" of art. 36 Cost. (applied through c.c. art. 2099), and a CCNL raises them at least once a
 * year within its validity (Metalmeccanici 2025–2028: each 1 June), so a table a year old has almost surely missed a raise
 * and every pay figure read from it is below the minimum. Exactly 12 months is still current; no table at all is not
 * "stale" (there is nothing to bring up to date, the screens say the table is missing).
 */
export function tabellaScaduta(ultima: string | null | undefined, oggi: string): boolean {
  return !!ultima && ultima < aggiungiMesi(oggi, -12);
}

/**
 * The gross monthly pay: the level's components + the individual superminimo, times the part-time percentage
 * (D.Lgs 81/2015 art. 7 c. 1: pay in proportion to the hours worked), half up to the cent. Full time: `percentuale` null.
 */
export function mensileLordo(totaleVoci: number, superminimo: number, percentuale: number | null | undefined): number {
  const pieno = totaleVoci + superminimo;
  return percentuale == null ? pieno : roundHalfUp(pieno * percentuale, 100);
}

/**
 * The hourly rate in cents: the FULL-TIME monthly pay over the CCNL's hourly divisor (173 in Metalmeccanici Industria),
 * half up. Part-time does not change it: a part-timer is paid the same per hour, for fewer hours.
 */
export function pagaOraria(mensileTempoPieno: number, divisore: number): number {
  return roundHalfUp(mensileTempoPieno, divisore);
}

/** The change from one amount to another: in cents, and in per cent with two decimals (null from zero). */
export function variazione(da: number, a: number): { differenza: number; percentuale: number | null } {
  return { differenza: a - da, percentuale: da > 0 ? roundHalfUp((a - da) * 10000, da) / 100 : null };
}

export type RigaContratto = {
  dal: string;
  qualifica: string;
  tipo_contratto: string;
  data_fine?: string | null;
  causale?: string | null;
  part_time?: boolean | null;
  percentuale_part_time?: number | null;
  distribuzione_part_time?: string | null;
  /** When the part-time hours are worked (assunzione.ts). */
  orario_part_time?: OrarioPartTime | null;
  /** The trial period in calendar days. */
  periodo_prova_giorni?: number | null;
};

/** Why a contract row cannot be stored: the field, the error key (without `avvisi.`) and its params, or null when it can. */
export type ErroreContratto = { campo: string; errore: string; params?: Record<string, unknown> } | null;

/** The day before a date (YYYY-MM-DD). */
const giornoPrima = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86400000).toISOString().slice(0, 10);

/**
 * The checks of an employee's contract row, first failure first:
 * - the qualification and the type are the known ones;
 * - a fixed-term contract states its end date (D.Lgs 81/2015 art. 19 c. 4: the term is in writing), after the start;
 *   past 12 months it needs a reason (art. 19 c. 1 as amended by D.L. 48/2023, conv. L. 85/2023), and it never passes
 *   24 months (art. 19 c. 1: "comunque non eccedente i ventiquattro mesi");
 * - an end date belongs to a fixed-term contract only (apprenticeship is a contract at an indefinite term, art. 41);
 * - part-time states its percentage of the full-time hours, from 1 to 99 (art. 5 c. 2: the hours are in writing);
 * - part-time's schedule, when stated, is well formed, and the trial period is within the law's maximum (assunzione.ts).
 */
export function verificaContratto(r: RigaContratto): ErroreContratto {
  if (!(QUALIFICHE as readonly string[]).includes(r.qualifica)) return { campo: 'qualifica', errore: 'qualifica_non_valida' };
  if (!(TIPI_CONTRATTO as readonly string[]).includes(r.tipo_contratto)) return { campo: 'tipo_contratto', errore: 'tipo_contratto_non_valido' };
  if (r.tipo_contratto === 'determinato') {
    if (!r.data_fine) return { campo: 'data_fine', errore: 'determinato_senza_fine' };
    if (r.data_fine < r.dal) return { campo: 'data_fine', errore: 'fine_prima_inizio' };
    // the term runs from `dal` to `data_fine` included: 12 months end the day before the same date a year on
    if (r.data_fine > giornoPrima(aggiungiMesi(r.dal, 24))) return { campo: 'data_fine', errore: 'determinato_oltre_24_mesi' };
    if (r.data_fine > giornoPrima(aggiungiMesi(r.dal, 12)) && !r.causale?.trim()) return { campo: 'causale', errore: 'determinato_senza_causale' };
  } else if (r.data_fine) {
    return { campo: 'data_fine', errore: 'data_fine_non_prevista' };
  }
  if (r.part_time) {
    if (r.percentuale_part_time == null) return { campo: 'percentuale_part_time', errore: 'part_time_senza_percentuale' };
    if (!Number.isInteger(r.percentuale_part_time) || r.percentuale_part_time < 1 || r.percentuale_part_time > 99) return { campo: 'percentuale_part_time', errore: 'part_time_percentuale' };
  } else if (r.percentuale_part_time != null) {
    return { campo: 'percentuale_part_time', errore: 'percentuale_senza_part_time' };
  }
  return verificaAssunzione(r);
}

/** The checks of assunzione.ts on a row (issue #28): the trial period's maximum, the part-time schedule's shape. */
function verificaAssunzione(r: RigaContratto): ErroreContratto {
  if (r.part_time && r.orario_part_time) {
    const orario = verificaOrarioPartTime(r.distribuzione_part_time, r.orario_part_time);
    if (orario) return orario;
  }
  return verificaProva(r);
}
