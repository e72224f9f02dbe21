/**
 * The timecard engine (DESIGN §8): pure functions over plain data, no I/O.
 * - types: input shapes (Turno, Giorno, Timbratura) and results (RisultatoGiorno, Totali)
 * - time: wall-clock <-> instant arithmetic in a time zone (Intl only)
 * - fasce: shift bands, validaTurno, durataFasce, finestraGiorno (rule 13)
 * - attribuzione: attribuisciTimbrature (rule 13)
 * - day / month: computeDay (rules 1–12; a part-timer's supplementary work), computeMonth (rest check, the weekly
 *   limit of supplementary work, totals)
 * - festivita: Italian national holidays
 */
export * from './types';
export { FUSO_PREDEFINITO, istantiDaMuro, minutiDaOrario, minutiTra, secondoDaTimestamp } from './time';
export { collocaFasce, durataFascia, durataFasce, finestraGiorno, minutiTeoriciTurno, validaTurno, MARGINE_FINESTRA } from './fasce';
export { attribuisciTimbrature, giornoDiEntrata } from './attribuzione';
export { capacitaGiorno, computeDay, NOTTURNO_PREDEFINITO, SOGLIA_PAUSA, supplementariDi } from './day';
export { computeMonth, oltreLimiteSupplementare, RIPOSO_MINIMO } from './month';
export type { Cartellino, GiornoCartellino, OpzioniMese } from './month';
export { festivitaNazionali, pasqua, PRIMO_ANNO_SAN_FRANCESCO } from './festivita';
export type { Festivita } from './festivita';
export { fasciaNotturnaValida, mesiPrima, oreMinuti, PARAMETRI_LEGGE, REGOLE_CONFORMITA, verificaConformita } from './conformita';
export type { GiornoConformita, ParametriConformita, RegolaConformita, Riscontro } from './conformita';
