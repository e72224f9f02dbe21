/**
 * Calendario servizi: the planner's grid of shifts, with approved and pending leave over them and the 11-hour rest
 * warnings. It combines turni and giustificativi, so it lives here, above both (docs/ARCHITECTURE.md, module order),
 * though its paths start with /api/turni; the writes are turni's service functions, audited here. The grid itself is
 * `serviceCalendar` (service.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZCalendarioCella, ZCalendarioQuery, ZCalendarioRotazione } from '@tulip/contract';
import { audit } from '../../platform/audit';
import { addDays, daysBetween } from '../../platform/dates';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, dipendentiScope, employeeInScope } from '../anagrafica';
import { serviceCalendar } from './service';
import { applyRotation, setCalendarCell, turni } from '../turni';

/**
 * Sets one employee's shift of a day (null: rest) over the weekly schedule; gives the day's cell as it now reads and
 * the rest warnings of the day and its neighbours.
 */
export async function assignShift(db: Db, user: CurrentUser, b: z.infer<typeof ZCalendarioCella>) {
  await employeeInScope(db, user, b.dipendente_id);
  if (b.turno_id) {
    const [t] = await db.select({ id: turni.id }).from(turni).where(eq(turni.id, b.turno_id));
    if (!t) throw badRequest({ turno_id: 'avvisi.turno_sconosciuto' });
  }
  await db.transaction(async (tx) => {
    const before = await setCalendarCell(tx as never, user, b.dipendente_id, b.data, b.turno_id);
    await audit(tx as never, user, { entita: 'calendario_servizi', entita_id: `${b.dipendente_id}:${b.data}`, azione: 'assegna', prima: before, dopo: b });
  });
  const view = await serviceCalendar(db, user, { dal: b.data, al: b.data, dipendente_id: b.dipendente_id });
  const near = await serviceCalendar(db, user, { dal: addDays(b.data, -1), al: addDays(b.data, 1), dipendente_id: b.dipendente_id });
  return { data: view.righe[0]?.celle[b.data] ?? null, avvisi: near.avvisi };
}

/** Removes a day's override: the weekly schedule applies again. A day with none is not found. */
export async function resetShift(db: Db, user: CurrentUser, dipId: number, data: string) {
  await employeeInScope(db, user, dipId);
  await db.transaction(async (tx) => {
    const before = await setCalendarCell(tx as never, user, dipId, data, undefined);
    if (!before) throw notFound();
    await audit(tx as never, user, { entita: 'calendario_servizi', entita_id: `${dipId}:${data}`, azione: 'ripristina_orario', prima: before });
  });
}

/** Applies a rotation of shifts to some employees over a period (at most a year); gives the number of cells written. */
export async function rotateShifts(db: Db, user: CurrentUser, b: z.infer<typeof ZCalendarioRotazione>): Promise<number> {
  if (daysBetween(b.dal, b.al) > 366) throw badRequest({ al: 'avvisi.periodo_troppo_lungo' });
  const visible = await db.select({ id: dipendenti.id }).from(dipendenti).where(and(inArray(dipendenti.id, b.dipendenti), dipendentiScope(user)));
  if (visible.length !== new Set(b.dipendenti).size) throw notFound();
  const ids = b.sequenza.filter((x): x is number => x != null);
  const found = ids.length ? await db.select({ id: turni.id }).from(turni).where(inArray(turni.id, ids)) : [];
  if (found.length !== new Set(ids).size) throw badRequest({ sequenza: 'avvisi.turno_sconosciuto' });
  let n = 0;
  await db.transaction(async (tx) => {
    n = await applyRotation(tx as never, user, b);
    await audit(tx as never, user, { entita: 'calendario_servizi', azione: 'rotazione', dopo: b });
  });
  return n;
}

/** The service calendar as a workbook: one row per employee, a column per day with the leave or shift code (R: rest). */
export async function calendarXlsx(db: Db, user: CurrentUser, q: z.infer<typeof ZCalendarioQuery>) {
  const cal = await serviceCalendar(db, user, q);
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Calendario servizi');
  ws.addRow(['Matricola', 'Dipendente', 'Reparto', ...cal.giorni.map((g) => `${g.data.slice(8, 10)}/${g.data.slice(5, 7)}`)]).font = { bold: true };
  for (const row of cal.righe) {
    ws.addRow([
      row.dipendente.matricola, `${row.dipendente.cognome} ${row.dipendente.nome}`, row.dipendente.reparto_descrizione ?? '',
      ...cal.giorni.map((g) => {
        const c = row.celle[g.data];
        return c.giustificativo?.codice ?? c.codice ?? 'R';
      }),
    ]);
  }
  ws.getColumn(2).width = 28;
  ws.views = [{ state: 'frozen', xSplit: 3, ySplit: 1 }];
  return { wb, filename: `calendario-servizi-${q.dal}.xlsx` };
}
