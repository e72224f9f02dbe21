/** Rule 13: which work day a punch belongs to. */
import { MARGINE_FINESTRA, estremiFasce } from './fasce';
import { dataDaMinuto, minutoDaData, secondoDaTimestamp, timestampDaMinuto } from './time';
import type { Timbratura, Turno } from './types';

type GiornoTurno = { data: string; turno: Pick<Turno, 'fasce'> | null };

/** A shift day's bands span and its window, as wall minutes. */
type Finestra = { data: string; bandaDa: number; bandaA: number; da: number; a: number };

function finestraTurno(g: GiornoTurno): Finestra | null {
  if (!g.turno || g.turno.fasce.length === 0) return null;
  const base = minutoDaData(g.data);
  const c = estremiFasce(g.turno.fasce);
  const bandaDa = base + c.inizio;
  const bandaA = base + c.fine;
  return { data: g.data, bandaDa, bandaA, da: bandaDa - MARGINE_FINESTRA, a: bandaA + MARGINE_FINESTRA };
}

/** Minutes from a wall minute to the bands span (0 inside it). */
function distanza(w: number, f: Finestra): number {
  return w < f.bandaDa ? f.bandaDa - w : w > f.bandaA ? w - f.bandaA : 0;
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
  // Windows by start, so each punch looks only at those that can contain it. The choice below does
  // not depend on the order windows are looked at: it is the least (distance, date) pair, and two
  // windows equal on both are the same day.
  const finestre: Finestra[] = [];
  let piuLunga = 0;
  for (const g of giorni) {
    const f = finestraTurno(g);
    if (f) {
      finestre.push(f);
      piuLunga = Math.max(piuLunga, f.a - f.da);
    }
  }
  finestre.sort((x, y) => x.da - y.da);

  // Each punch is parsed once, in input order (the first bad one is reported); its wall second orders
  // punches as their normalised text does. Sort (stably) only when they are not in order already.
  const n = timbrature.length;
  const chiavi: number[] = new Array(n);
  let ordinate = true;
  for (let i = 0; i < n; i++) {
    chiavi[i] = secondoDaTimestamp(timbrature[i].ts);
    if (i > 0 && chiavi[i] < chiavi[i - 1]) ordinate = false;
  }
  const ordine = ordinate ? null : Array.from({ length: n }, (_, i) => i).sort((a, b) => chiavi[a] - chiavi[b]);

  let primo = 0; // first window that can still contain a punch (punches come in time order)
  for (let k = 0; k < n; k++) {
    const i = ordine ? ordine[k] : k;
    const t = timbrature[i];
    const w = Math.floor(chiavi[i] / 60);
    while (primo < finestre.length && finestre[primo].da < w - piuLunga) primo++;
    let scelta: Finestra | null = null;
    for (let j = primo; j < finestre.length && finestre[j].da <= w; j++) {
      const f = finestre[j];
      if (w > f.a) continue;
      if (!scelta) {
        scelta = f;
        continue;
      }
      const d = distanza(w, f) - distanza(w, scelta);
      const piuTardi = f.data > scelta.data;
      if (d < 0 || (d === 0 && (t.verso === 'E' ? piuTardi : !piuTardi))) scelta = f;
    }
    const data = scelta ? scelta.data : dataDaMinuto(w);
    out.get(data)?.push(t);
  }
  return out;
}

/**
 * The work day an entry punched at `ora` would count for (rule 13, as attribuisciTimbrature decides it), that day's
 * first band start (wall clock) and how many minutes before it the entry comes: what the clock-in panel tells the
 * employee before an entry hours ahead of their shift (18:50 for a 22:00 night shift). Null when no day of
 * `giorni` takes it.
 */
export function giornoDiEntrata(ora: string, giorni: GiornoTurno[]): { data: string; inizio: string | null; anticipo_minuti: number } | null {
  const found = [...attribuisciTimbrature([{ ts: ora, verso: 'E' as const }], giorni)].find(([, list]) => list.length);
  if (!found) return null;
  const data = found[0];
  const f = finestraTurno(giorni.find((g) => g.data === data) ?? { data, turno: null });
  if (!f) return { data, inizio: null, anticipo_minuti: 0 };
  const w = Math.floor(secondoDaTimestamp(ora) / 60);
  return { data, inizio: timestampDaMinuto(f.bandaDa), anticipo_minuti: Math.max(0, f.bandaDa - w) };
}
