/**
 * The weekly grid's rules, without React: a week's rows as the screen edits them (the text of each cell), their
 * minutes, the day totals against the timecard, what may be typed in a cell, the rows copied from another week and
 * where the arrow keys lead.
 */
import { isoWeekMonday, isoWeekOf, MINUTI_REGISTRABILI_GIORNO, type TSettimana } from '@tulip/contract';
import { formatMinuti, parseMinuti } from '../../components/minuti';

type RigaSettimana = TSettimana['righe'][number];

/** A row of the grid while it is edited: the order and phase, the text typed in each day, the floor of each day. */
export type RigaGriglia = Omit<RigaSettimana, 'minuti'> & { testi: string[] };

export const GIORNI = [0, 1, 2, 3, 4, 5, 6] as const;

export const chiaveRiga = (r: { commessa_id: number; fase_id: number | null }) => `${r.commessa_id}:${r.fase_id ?? ''}`;

/** A difference of minutes with its sign: "+1:00", "-0:15", "0:00". */
export const conSegno = (m: number) => (m > 0 ? `+${formatMinuti(m)}` : formatMinuti(m));

/** 0 shows as an empty cell; anything else as h:mm. */
export const testoMinuti = (m: number) => (m ? formatMinuti(m) : '');

/** The rows of a week as the grid edits them. */
export function righeDa(week: Pick<TSettimana, 'righe'>): RigaGriglia[] {
  return week.righe.map(({ minuti, ...r }) => ({ ...r, testi: minuti.map(testoMinuti) }));
}

/** A cell's minutes: empty is 0; NaN when the text is neither h:mm nor hours (7,5). */
export function minutiCella(testo: string): number {
  const m = parseMinuti(testo);
  return m === null ? 0 : m;
}

/** What is wrong with a cell, as a translation key: not a duration, more than a day, below what timers recorded. */
export function erroreCella(testo: string, minimo: number): string | null {
  const m = minutiCella(testo);
  if (Number.isNaN(m)) return 'rilevazione.cella_non_valida';
  if (m > MINUTI_REGISTRABILI_GIORNO) return 'rilevazione.cella_oltre_giornata';
  if (m < minimo) return 'rilevazione.cella_sotto_minimo';
  return null;
}

/** Each day's booked minutes (cells that are not valid count nothing). */
export function totaliGiorno(righe: RigaGriglia[]): number[] {
  return GIORNI.map((i) => righe.reduce((s, r) => s + (Number.isNaN(minutiCella(r.testi[i])) ? 0 : minutiCella(r.testi[i])), 0));
}

/** A day whose booked and worked minutes differ by more than the tolerance. */
export const fuoriTolleranza = (registrati: number, lavorati: number, tolleranza: number) => Math.abs(registrati - lavorati) > tolleranza;

/** The body of the grid's save: each row's minutes Monday to Sunday. */
export function righeDaSalvare(righe: RigaGriglia[]) {
  return righe.map((r) => ({ commessa_id: r.commessa_id, fase_id: r.fase_id, minuti: r.testi.map(minutiCella) }));
}

/** The rows of another week (last week's) that the grid has not got, with no minutes: the week starts from them. */
export function righeCopiate(da: Pick<TSettimana, 'righe'>, attuali: RigaGriglia[]): RigaGriglia[] {
  const have = new Set(attuali.map(chiaveRiga));
  return da.righe
    .filter((r) => !have.has(chiaveRiga(r)))
    .map(({ minuti: _minuti, ...r }) => ({ ...r, minimi: [0, 0, 0, 0, 0, 0, 0], testi: ['', '', '', '', '', '', ''] }));
}

export type Direzione = 'su' | 'giu' | 'sinistra' | 'destra';

/**
 * The cell the arrow keys (or Enter, down) lead to from row `r`, day `c`: the nearest editable one that way, or null
 * at the edge. Left and right go on to the previous or next row at the ends of a row, as reading does.
 */
export function prossimaCella(editabile: (r: number, c: number) => boolean, righe: number, r: number, c: number, dir: Direzione): { r: number; c: number } | null {
  if (dir === 'su' || dir === 'giu') {
    const step = dir === 'su' ? -1 : 1;
    for (let x = r + step; x >= 0 && x < righe; x += step) if (editabile(x, c)) return { r: x, c };
    return null;
  }
  const step = dir === 'sinistra' ? -1 : 1;
  for (let i = r * 7 + c + step; i >= 0 && i < righe * 7; i += step) {
    const x = Math.floor(i / 7);
    if (editabile(x, i % 7)) return { r: x, c: i % 7 };
  }
  return null;
}

// ---- ISO weeks --------------------------------------------------------------------------------------------------

/** The ISO week `n` weeks after (before, when negative) another. */
export function spostaSettimana(settimana: string, n: number): string {
  const monday = isoWeekMonday(settimana)!;
  const d = new Date(`${monday}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7 * n);
  return isoWeekOf(d.toISOString().slice(0, 10));
}

/** The seven days of an ISO week, Monday first, `YYYY-MM-DD`. */
export function giorniSettimana(settimana: string): string[] {
  const monday = new Date(`${isoWeekMonday(settimana)!}T12:00:00Z`);
  return GIORNI.map((i) => new Date(monday.getTime() + i * 86_400_000).toISOString().slice(0, 10));
}

/** The week's number, `2026-W48` -> 48. */
export const numeroSettimana = (settimana: string) => Number(settimana.slice(6));
