import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ZMotivo, ZTimbraturaCorrezione, ZTimbraturaInput, ZTimbratureQuery, zId } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import { addDays, daysBetween, localNow } from '../../platform/dates';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { currentUser, type CurrentUser } from '../../platform/guard';
import { employeeInScope, staffInScope } from '../anagrafica';
import { assertMonthOpen } from '../turni';
import { timbrature } from './tables';
import { addMinutes, punchById, punchesBetween, recordPunch, storePunch } from './service';

const ROUTES = ['timbrature.calendario'];
const MAX_GIORNI = 92;

/**
 * What a stored punch's answer says (issue #12): the key stays the spec's `avvisi.created`, and i18next's `context`
 * picks its specific text, "Entrata registrata alle 08:31".
 */
export const punchParams = (row: { ts: string; verso: 'E' | 'U' }) => ({ context: row.verso === 'E' ? 'entrata' : 'uscita', ora: row.ts.slice(11, 16) });

export function timbratureRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const tz = config.timezone;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['timbrature'];

  r.put('/api/timbrature', { config: { access: { routes: ROUTES } }, schema: { tags, body: ZTimbraturaInput } }, async (req, reply) => {
    const row = await recordPunch(db, tz, currentUser(req), req.body);
    return reply.status(201).send({ message: 'avvisi.created', params: punchParams(row), data: row });
  });

  r.get('/api/timbrature', { config: { access: { routes: [...ROUTES, 'cartellino'] } }, schema: { tags, querystring: ZTimbratureQuery } }, async (req) => {
    const user = currentUser(req);
    const q = req.query;
    if (q.al < q.dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
    if (daysBetween(q.dal, q.al) > MAX_GIORNI) throw badRequest({ al: 'avvisi.periodo_troppo_lungo' });
    const ids = q.dipendente_id
      ? [(await employeeInScope(db, user, q.dipendente_id)).id]
      : (await staffInScope(db, user, q.dal, q.al, q.reparto_id)).map((d) => d.id);
    const rows = await punchesBetween(db, tz, ids, `${q.dal}T00:00:00`, `${addDays(q.al, 1)}T00:00:00`);
    return { rows, total: rows.length };
  });

  r.get('/api/timbrature/oggi', { config: { access: { routes: ROUTES } }, schema: { tags } }, async (req) => {
    const user = currentUser(req);
    if (!user.dipendente_id) throw notFound();
    const dip = await employeeInScope(db, user, user.dipendente_id);
    const now = localNow(tz);
    const today = now.data;
    const midnight = `${today}T00:00:00`;
    // since yesterday noon: a night shift that began yesterday and is still open is the work day in progress
    const rows = (await punchesBetween(db, tz, [dip.id], `${addDays(today, -1)}T12:00:00`, `${addDays(today, 1)}T00:00:00`)).filter((t) => t.stato === 'valida');
    const before = rows.filter((t) => t.ts < midnight);
    const open = before.length && before[before.length - 1].verso === 'E' ? before[before.length - 1] : null;
    return {
      dipendente: { id: dip.id, matricola: dip.matricola, cognome: dip.cognome, nome: dip.nome },
      // the day the running shift began: yesterday for a night shift still open at 05:30, else today
      data: open ? open.ts.slice(0, 10) : today,
      // the company's wall clock: the page's clock shows the time a punch is recorded at, whatever the device's zone
      ora: now.ts,
      timbrature: rows.filter((t) => t.ts >= (open ? open.ts : midnight)),
    };
  });

  const idParams = z.strictObject({ id: zId });
  const manageAccess = { routes: ROUTES, scopes: ['tutti', 'reparto'] as ('tutti' | 'reparto')[] };

  async function editable(user: CurrentUser, id: number) {
    const orig = await punchById(db, tz, id);
    if (!orig) throw notFound();
    await employeeInScope(db, user, orig.dipendente_id);
    // nobody corrects their own records: the request goes to HR (or another manager)
    if (orig.dipendente_id === user.dipendente_id) throw new AppError(403, 'avvisi.correzione_propria');
    if (orig.stato !== 'valida') throw new AppError(409, 'avvisi.timbratura_annullata');
    return orig;
  }

  r.post('/api/timbrature/:id', { config: { access: manageAccess }, schema: { tags, params: idParams, body: ZTimbraturaCorrezione } }, async (req) => {
    const user = currentUser(req);
    const orig = await editable(user, req.params.id);
    const b = req.body;
    const ts = b.ts ?? orig.ts;
    if (ts > addMinutes(localNow(tz).ts, 1)) throw badRequest({ ts: 'avvisi.timbratura_futura' });
    const data = await db.transaction(async (tx) => {
      await assertMonthOpen(tx as never, orig.ts.slice(0, 10));
      await assertMonthOpen(tx as never, ts.slice(0, 10));
      // the original stays, cancelled with the reason; the corrected punch points at it
      await tx.update(timbrature).set({ stato: 'annullata', motivo_annullamento: b.motivo }).where(eq(timbrature.id, orig.id));
      const { row } = await storePunch(tx as never, tz, {
        dipendente_id: orig.dipendente_id, ts, verso: b.verso ?? orig.verso, fonte: 'manuale', id_richiesta: randomUUID(),
        motivo: b.motivo, utente_id: user.id, corregge_id: orig.id,
      });
      await audit(tx as never, user, { entita: 'timbrature', entita_id: orig.id, azione: 'correzione', prima: orig, dopo: row, motivo: b.motivo });
      return row;
    });
    return { message: 'avvisi.updated', data };
  });

  r.delete('/api/timbrature/:id', { config: { access: manageAccess }, schema: { tags, params: idParams, querystring: ZMotivo } }, async (req, reply) => {
    const user = currentUser(req);
    const orig = await editable(user, req.params.id);
    await db.transaction(async (tx) => {
      await assertMonthOpen(tx as never, orig.ts.slice(0, 10));
      await tx.update(timbrature).set({ stato: 'annullata', motivo_annullamento: req.query.motivo }).where(eq(timbrature.id, orig.id));
      await audit(tx as never, user, { entita: 'timbrature', entita_id: orig.id, azione: 'annullamento', prima: orig, motivo: req.query.motivo });
    });
    return reply.status(204).send();
  });

}
