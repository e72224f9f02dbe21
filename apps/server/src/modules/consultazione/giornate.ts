/**
 * The punch screens' views computed by the timecard engine: a month's work days for the clock-in calendar, and the
 * open anomalies. They need the engine's months, so they live here, above timbrature, though their paths start
 * with /api/timbrature.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zDate, zId, zMese } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { daysBetween, monthRange } from '../../platform/dates';
import { badRequest } from '../../platform/errors';
import { currentUser } from '../../platform/guard';
import { employeeInScope, staffInScope } from '../anagrafica';
import { buildMonths } from './service';

const ROUTES = ['timbrature.calendario'];
const MAX_GIORNI = 92;

export function giornateRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const tz = config.timezone;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['timbrature'];
  const manageAccess = { routes: ROUTES, scopes: ['tutti', 'reparto'] as ('tutti' | 'reparto')[] };

  r.get(
    '/api/timbrature/giorni',
    { config: { access: { routes: [...ROUTES, 'cartellino'] } }, schema: { tags, querystring: z.object({ dipendente_id: zId.optional(), mese: zMese }) } },
    async (req) => {
      const user = currentUser(req);
      const dipId = req.query.dipendente_id ?? user.dipendente_id;
      if (!dipId) throw badRequest({ dipendente_id: 'avvisi.campo_richiesto' });
      const dip = await employeeInScope(db, user, dipId);
      const { dal, al } = monthRange(req.query.mese);
      const [month] = await buildMonths(db, tz, [{ ...dip, reparto_descrizione: null }], dal, al);
      return month.giorni;
    },
  );

  r.get(
    '/api/timbrature/anomalie',
    { config: { access: manageAccess }, schema: { tags, querystring: z.object({ dal: zDate, al: zDate, reparto_id: zId.optional() }) } },
    async (req) => {
      const user = currentUser(req);
      const q = req.query;
      if (q.al < q.dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
      if (daysBetween(q.dal, q.al) > MAX_GIORNI) throw badRequest({ al: 'avvisi.periodo_troppo_lungo' });
      const staff = await staffInScope(db, user, q.dal, q.al, q.reparto_id);
      const months = await buildMonths(db, tz, staff, q.dal, q.al);
      return months.flatMap((m) =>
        m.giorni
          // a work day still in progress has none yet (the engine's `adesso`): a night shift at 05:30 is no anomaly
          .filter((g) => g.anomalie.length)
          .map((g) => ({ dipendente: m.dipendente, data: g.data, anomalie: g.anomalie, timbrature: g.timbrature, turno: g.turno })),
      );
    },
  );

}
