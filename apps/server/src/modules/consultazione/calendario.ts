/**
 * Calendario servizi: the planner's grid of shifts, with approved and pending leave over them and the 11-hour rest
 * warnings. It combines turni and giustificativi, so it lives here, above both (docs/ARCHITECTURE.md, module order),
 * though its paths start with /api/turni; the writes are turni's service functions.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ZCalendarioCella, ZCalendarioQuery, ZCalendarioRotazione, zDate, zId } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import { addDays, daysBetween } from '../../platform/dates';
import { badRequest, notFound } from '../../platform/errors';
import { currentUser } from '../../platform/guard';
import { dipendenti, dipendentiScope, employeeInScope } from '../anagrafica';
import { serviceCalendar } from './service';
import { applyRotation, setCalendarCell, turni } from '../turni';

export function calendarioRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['turni'];

  const calAccess = { routes: ['turni.calendario'] };
  const calWrite = { routes: ['turni.calendario'], scopes: ['tutti', 'reparto'] as ('tutti' | 'reparto')[] };

  r.get('/api/turni/calendario', { config: { access: calAccess }, schema: { tags, querystring: ZCalendarioQuery } }, async (req) => serviceCalendar(db, currentUser(req), req.query));


  r.put('/api/turni/calendario', { config: { access: calWrite }, schema: { tags, body: ZCalendarioCella } }, async (req, reply) => {
    const user = currentUser(req);
    const b = req.body;
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
    return reply.status(201).send({ message: 'avvisi.created', data: view.righe[0]?.celle[b.data] ?? null, avvisi: near.avvisi });
  });

  r.delete(
    '/api/turni/calendario/:dipendente_id/:data',
    { config: { access: calWrite }, schema: { tags, params: z.strictObject({ dipendente_id: zId, data: zDate }) } },
    async (req, reply) => {
      const user = currentUser(req);
      await employeeInScope(db, user, req.params.dipendente_id);
      await db.transaction(async (tx) => {
        const before = await setCalendarCell(tx as never, user, req.params.dipendente_id, req.params.data, undefined);
        if (!before) throw notFound();
        await audit(tx as never, user, { entita: 'calendario_servizi', entita_id: `${req.params.dipendente_id}:${req.params.data}`, azione: 'ripristina_orario', prima: before });
      });
      return reply.status(204).send();
    },
  );

  r.put('/api/turni/calendario/rotazione', { config: { access: calWrite }, schema: { tags, body: ZCalendarioRotazione } }, async (req, reply) => {
    const user = currentUser(req);
    const b = req.body;
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
    return reply.status(201).send({ message: 'avvisi.created', data: { celle: n } });
  });

  r.get('/api/turni/calendario/excel', { config: { access: calAccess }, schema: { tags, querystring: ZCalendarioQuery } }, async (req, reply) => {
    const cal = await serviceCalendar(db, currentUser(req), req.query);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Calendario servizi');
    ws.addRow(['Matricola', 'Dipendente', 'Reparto', ...cal.giorni.map((g) => `${g.data.slice(8, 10)}/${g.data.slice(5, 7)}`)]).font = { bold: true };
    for (const row of cal.righe) {
      ws.addRow([
        row.dipendente.matricola, `${row.dipendente.cognome} ${row.dipendente.nome}`, row.dipendente.reparto_descrizione ?? '',
        ...cal.giorni.map((g) => {
          const c = row.celle[g.data] as { codice: string | null; giustificativo: { codice: string } | null };
          return c.giustificativo?.codice ?? c.codice ?? 'R';
        }),
      ]);
    }
    ws.getColumn(2).width = 28;
    ws.views = [{ state: 'frozen', xSplit: 3, ySplit: 1 }];
    const buf = await wb.xlsx.writeBuffer();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="calendario-servizi-${req.query.dal}.xlsx"`)
      .send(Buffer.from(buf as ArrayBuffer));
  });
}
