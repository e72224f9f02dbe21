/** Read-only view of the audit log, for administrators. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditQuery, ZListQuery } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { auditEntries } from './service';

export function auditRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const query = ZListQuery.omit({ sort: true }).extend(ZAuditQuery.shape).strict();
  r.get('/api/audit', { config: { access: { routes: ['audit'] } }, schema: { tags: ['audit'], querystring: query } }, async (req) => auditEntries(db, config.timezone, req.query));
}
