import type { FastifyInstance } from 'fastify';
import { OPS_INTEGRAZIONI } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { routes } from '../../platform/operation';
import { createApiToken, listApiTokens, revokeApiToken } from './service';

export function integrazioniRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const tz = config.timezone;
  routes(app, OPS_INTEGRAZIONI, {
    tokenElenco: async () => listApiTokens(db, tz),
    tokenCrea: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', data: await createApiToken(db, tz, currentUser(req), req.body) }),
    tokenRevoca: async (req, reply) => {
      await revokeApiToken(db, currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });
}
