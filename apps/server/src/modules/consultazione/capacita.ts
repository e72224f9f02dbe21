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
import { holidays, resolveSchedule, toEngineTurno } from '../turni';

/** Minutes available per employee and week (keyed by the week's Monday) over `settimane` weeks from `lunedi`. */
export async function weeklyCapacity(
  db: Db,
  staff: Pick<Staff, 'id' | 'data_assunzione' | 'data_cessazione'>[],
  lunedi: string,
  settimane: number,
): Promise<Map<number, Map<string, number>>> {
  const al = addDays(lunedi, settimane * 7 - 1);
  const ids = staff.map((s) => s.id);
  const [schedule, feste, leave] = await Promise.all([resolveSchedule(db, ids, lunedi, al), holidays(db, lunedi, al), approvedLeave(db, ids, lunedi, al, false)]);
  const leaveByDip = new Map<number, LeaveRow[]>();
  for (const l of leave) (leaveByDip.get(l.dipendente_id) ?? leaveByDip.set(l.dipendente_id, []).get(l.dipendente_id)!).push(l);
  const engine = new Map<number, ReturnType<typeof toEngineTurno>>();
  const plain = new Map<ReturnType<typeof toEngineTurno>, number>();
  const days = eachDay(lunedi, al);
  const festivo = days.map((d) => feste.has(d));
  const out = new Map<number, Map<string, number>>();
  for (const s of staff) {
    const row = schedule.get(s.id);
    const mine = leaveByDip.get(s.id) ?? [];
    const sums = new Array<number>(settimane).fill(0);
    for (let i = 0; i < days.length; i++) {
      const d = days[i];
      const t = d >= s.data_assunzione && (!s.data_cessazione || d <= s.data_cessazione) ? row?.get(d)?.turno ?? null : null;
      const turno = t ? engine.get(t.id) ?? engine.set(t.id, toEngineTurno(t)).get(t.id)! : null;
      const giustificativi = mine.length
        ? mine.filter((l) => l.dal <= d && l.al >= d).map((l) => ({ codice: l.codice, unita: l.unita as 'G' | 'H', ...(l.minuti != null ? { minuti: l.minuti } : {}) }))
        : [];
      const tipo_giorno = festivo[i] ? 'festivo' : turno ? 'lavorativo' : 'riposo';
      // a day without leave is its shift's theoretical minutes: computed once per shift, not per person and day
      sums[Math.floor(i / 7)] += giustificativi.length
        ? capacitaGiorno({ tipo_giorno, turno, giustificativi })
        : tipo_giorno === 'lavorativo' && turno
          ? plain.get(turno) ?? plain.set(turno, capacitaGiorno({ tipo_giorno, turno, giustificativi })).get(turno)!
          : 0;
    }
    out.set(s.id, new Map(sums.map((n, w) => [days[w * 7], n])));
  }
  return out;
}
