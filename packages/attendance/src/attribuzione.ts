/** Rule 13: which work day a punch belongs to. */
import { MARGINE_FINESTRA, collocaFasce } from './fasce';
import { dataDaMinuto, minutoDaData, minutoDaTimestamp, normalizzaTimestamp } from './time';
import type { Timbratura, Turno } from './types';

type GiornoTurno = { data: string; turno: Pick<Turno, 'fasce'> | null };

/** A shift day's bands span and its window, as wall minutes. */
type Finestra = { data: string; banda: [number, number]; finestra: [number, number] };

function finestraTurno(g: GiornoTurno): Finestra | null {
  if (!g.turno || g.turno.fasce.length === 0) return null;
  const base = minutoDaData(g.data);
  const c = collocaFasce(g.turno.fasce);
  const banda: [number, number] = [base + c[0].inizio, base + c[c.length - 1].fine];
  return { data: g.data, banda, finestra: [banda[0] - MARGINE_FINESTRA, banda[1] + MARGINE_FINESTRA] };
}

/** Minutes from a wall minute to the bands span (0 inside it). */
function distanza(w: number, [da, a]: [number, number]): number {
  return w < da ? da - w : w > a ? w - a : 0;
}

/**
 * Assigns each punch to the work day whose window (finestraGiorno) contains it. Deterministic rule:
 * 1. Shift windows come first: among the shift days whose window contains the punch, the one whose
 *    bands are nearest wins (0 inside them). On a tie an E goes to the later day (an entry starts a
 *    shift) and a U to the earlier one (an exit ends one). So the exit of a 22:00–06:00 shift at 06:20
 *    stays with the night before, even when the next day has a shift or is a rest day.
 * 2. Otherwise the punch belongs to its calendar day, if that day is in `giorni` (this covers days
 *    without a shift, and a punch far outside a shift's window).
 * 3. Otherwise it is left out: pass the day before and after the period to catch the edges.
 * Every day of `giorni` is in the map (possibly with []), punches sorted by time.
 */
export function attribuisciTimbrature<T extends Timbratura>(timbrature: T[], giorni: GiornoTurno[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const g of giorni) if (!out.has(g.data)) out.set(g.data, []);
  const finestre = giorni.map(finestraTurno).filter((f): f is Finestra => f !== null);

  const ordinate = timbrature
    .map((t) => ({ t, w: minutoDaTimestamp(t.ts), k: normalizzaTimestamp(t.ts) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  for (const { t, w } of ordinate) {
    let scelta: Finestra | null = null;
    for (const f of finestre) {
      if (w < f.finestra[0] || w > f.finestra[1]) continue;
      if (!scelta) {
        scelta = f;
        continue;
      }
      const d = distanza(w, f.banda) - distanza(w, scelta.banda);
      const piuTardi = f.data > scelta.data;
      if (d < 0 || (d === 0 && (t.verso === 'E' ? piuTardi : !piuTardi))) scelta = f;
    }
    const data = scelta ? scelta.data : dataDaMinuto(w);
    out.get(data)?.push(t);
  }
  return out;
}
