/**
 * Capacity for planning (DESIGN §12: turni -> capacity = theoretical minutes - approved leave): the minutes each
 * employee is available in each week, from the shift calendar, the holidays and the approved leave. It combines
 * turni and giustificativi, so it lives here; the engine's capacitaGiorno does the day's arithmetic.
 */
import { capacitaGiorno } from '@tulip/attendance';
import type { Db } from '../../platform/db';
import { addDays, eachDay } from '../../platform/dates';
import type { Staff } from '../anagrafica';
import { approvedLeave, type LeaveRow } from '../giustificativi';
import { holidays, scheduleByDay, toEngineTurno, type Cella } from '../turni';

/** Minutes available per employee and week (keyed by the week's Monday) over `settimane` weeks from `lunedi`; the maps are read-only, people alike may share one. */
export async function weeklyCapacity(
  db: Db,
  staff: Pick<Staff, 'id' | 'data_assunzione' | 'data_cessazione'>[],
  lunedi: string,
  settimane: number,
): Promise<Map<number, Map<string, number>>> {
  const al = addDays(lunedi, settimane * 7 - 1);
  const ids = staff.map((s) => s.id);
  const [schedule, feste, leave] = await Promise.all([scheduleByDay(db, ids, lunedi, al), holidays(db, lunedi, al), approvedLeave(db, ids, lunedi, al, false)]);
  const leaveByDip = new Map<number, LeaveRow[]>();
  for (const l of leave) (leaveByDip.get(l.dipendente_id) ?? leaveByDip.set(l.dipendente_id, []).get(l.dipendente_id)!).push(l);
  const engine = new Map<number, ReturnType<typeof toEngineTurno>>();
  const plain = new Map<ReturnType<typeof toEngineTurno>, number>();
  const days = eachDay(lunedi, al);
  const festivo = days.map((d) => feste.has(d));
  const out = new Map<number, Map<string, number>>();
  const engineOf = (t: NonNullable<Cella['turno']>) => engine.get(t.id) ?? engine.set(t.id, toEngineTurno(t)).get(t.id)!;
  // a working day without leave is its shift's theoretical minutes: computed once per shift, not per person and day
  const plainOf = (turno: ReturnType<typeof toEngineTurno>) =>
    plain.get(turno) ?? plain.set(turno, capacitaGiorno({ tipo_giorno: 'lavorativo', turno, giustificativi: [] })).get(turno)!;
  // people employed throughout, without leave, on a row the schedule shares (one weekly schedule): summed once
  const sharedSums = new Map<Cella[], Map<string, number>>();
  for (const s of staff) {
    const row = schedule.get(s.id);
    const mine = leaveByDip.get(s.id);
    // the days employed, as indexes: two string comparisons a person, not two a day
    let from = 0;
    while (from < days.length && days[from] < s.data_assunzione) from++;
    let to = days.length - 1;
    while (s.data_cessazione && to >= from && days[to] > s.data_cessazione) to--;
    const plainRow = row && !mine && from === 0 && to === days.length - 1 ? row : undefined;
    const known = plainRow && sharedSums.get(plainRow);
    if (known) {
      out.set(s.id, known);
      continue;
    }
    const sums = new Array<number>(settimane).fill(0);
    for (let i = 0; i < days.length; i++) {
      const t = row && i >= from && i <= to ? row[i].turno : null;
      const turno = t ? engineOf(t) : null;
      const tipo_giorno = festivo[i] ? 'festivo' : turno ? 'lavorativo' : 'riposo';
      const d = days[i];
      const giustificativi = mine
        ? mine.filter((l) => l.dal <= d && l.al >= d).map((l) => ({ codice: l.codice, unita: l.unita as 'G' | 'H', ...(l.minuti != null ? { minuti: l.minuti } : {}) }))
        : null;
      sums[(i / 7) | 0] += giustificativi?.length
        ? capacitaGiorno({ tipo_giorno, turno, giustificativi })
        : tipo_giorno === 'lavorativo' && turno
          ? plainOf(turno)
          : 0;
    }
    const weeks = new Map(sums.map((n, w) => [days[w * 7], n]));
    if (plainRow) sharedSums.set(plainRow, weeks);
    out.set(s.id, weeks);
  }
  return out;
}
