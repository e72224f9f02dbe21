import type { FastifyInstance } from 'fastify';
import { OPS_TIMBRATURE } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { routes } from '../../platform/operation';
import { badgePunch, cancelPunch, correctPunch, listPunches, recordPunch, todaysPunches } from './service';

/**
 * What a stored punch's answer says (issue #12): the key stays the spec's `avvisi.created`, and i18next's `context`
 * picks its specific text, "Entrata registrata alle 08:31".
 */
export const punchParams = (row: { ts: string; verso: 'E' | 'U' }) => ({ context: row.verso === 'E' ? ('entrata' as const) : ('uscita' as const), ora: row.ts.slice(11, 16) });

export function timbratureRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const tz = config.timezone;
  routes(app, OPS_TIMBRATURE, {
    registra: async (req, reply) => {
      const row = await recordPunch(db, tz, currentUser(req), req.body);
      return reply.status(201).send({ message: 'avvisi.created', params: punchParams(row), data: row });
    },
    badge: async (req, reply) => {
      const { row, created } = await badgePunch(db, tz, currentUser(req), req.body);
      // the same request again gets the same answer, marked as the platform marks its replays (platform/idempotency.ts)
      if (!created) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ message: 'avvisi.created', params: punchParams(row), data: row });
    },
    elenco: async (req) => {
      const rows = await listPunches(db, tz, currentUser(req), req.query);
      return { rows, total: rows.length };
    },
    oggi: async (req) => todaysPunches(db, tz, currentUser(req)),
    correggi: async (req) => ({ message: 'avvisi.updated', data: await correctPunch(db, tz, currentUser(req), req.params.id, req.body) }),
    annulla: async (req, reply) => {
      await cancelPunch(db, tz, currentUser(req), req.params.id, req.query.motivo);
      return reply.status(204).send();
    },
  });
}
