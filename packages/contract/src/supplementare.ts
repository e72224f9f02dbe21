/**
 * A part-timer's supplementary work (lavoro supplementare, D.Lgs 81/2015 art. 6): the full-time day it is measured
 * against and its weekly limit. The timecard engine splits each day with them (packages/attendance: Giorno.part_time).
 */

/** Percentage of the weekly agreed hours a part-timer may work as supplementary when the CCNL sets no limit (art. 6 c. 2). */
export const LIMITE_SUPPLEMENTARE_LEGALE = 25;

/**
 * The full-time day's minutes on a date: the CCNL's weekly hours over Monday to Friday (the usual spread of a 40-hour
 * week; a CCNL spread over six days is not modelled), 0 on Saturday and Sunday.
 */
export function minutiTempoPieno(oreSettimanali: number, data: string): number {
  const giorno = new Date(`${data}T12:00:00Z`).getUTCDay();
  return giorno === 0 || giorno === 6 ? 0 : Math.round((oreSettimanali * 60) / 5);
}

/**
 * The supplementary minutes allowed in a week (art. 6 c. 2): the CCNL's percentage of the weekly agreed hours, else
 * 25 % of them. The agreed hours are the CCNL's full-time week × the part-time percentage.
 */
export function limiteSupplementareSettimanale(oreSettimanali: number, percentuale: number, limiteCcnl?: number | null): number {
  const concordati = Math.round((oreSettimanali * 60 * percentuale) / 100);
  return Math.floor((concordati * (limiteCcnl ?? LIMITE_SUPPLEMENTARE_LEGALE)) / 100);
}
