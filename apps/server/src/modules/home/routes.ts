/** GET /api/home: what the user must act on (home/service.ts). */
import type { FastifyInstance } from 'fastify';
import { OPS_HOME } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { routes } from '../../platform/operation';
import { homeCounts } from './service';

export function homeRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  routes(app, OPS_HOME, { conteggi: async (req) => homeCounts(db, config.timezone, currentUser(req)) });
}
