/** The routes of the working-time compliance, from their operations in the contract (OPS_CONFORMITA). */
import type { FastifyInstance } from 'fastify';
import { OPS_CONFORMITA } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { sendXlsx } from '../../platform/export/xlsx';
import { currentUser } from '../../platform/guard';
import { routes } from '../../platform/operation';
import { complianceFindings, complianceXlsx, reviewFinding } from './service';

export function conformitaRoutes(app: FastifyInstance, { db, config, defaultLang }: AppDeps) {
  const tz = config.timezone;
  routes(app, OPS_CONFORMITA, {
    elenco: async (req) => complianceFindings(db, tz, currentUser(req), req.query),
    excel: async (req, reply) => {
      const { wb, filename } = await complianceXlsx(db, tz, currentUser(req), req.query, defaultLang);
      return sendXlsx(reply, wb, filename);
    },
    verifica: async (req) => ({ message: 'avvisi.riscontro_verificato', data: await reviewFinding(db, tz, currentUser(req), req.body) }),
  });
}
