/** Read-only view of the audit log, for administrators. */
import type { FastifyInstance } from 'fastify';
import { OPS_AUDIT } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { routes } from '../../platform/operation';
import { auditEntries } from './service';

export function auditRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  routes(app, OPS_AUDIT, { elenco: async (req) => auditEntries(db, config.timezone, req.query) });
}
