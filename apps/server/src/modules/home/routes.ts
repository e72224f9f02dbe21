/** GET /api/home: what the user must act on (home/service.ts). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { homeCounts } from './service';

export function homeRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/home', { config: { access: { auth: true } }, schema: { tags: ['home'] } }, async (req) => homeCounts(db, config.timezone, currentUser(req)));
}
