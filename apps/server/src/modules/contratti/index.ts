/** Contracts: the CCNL's pay tables by decorrenza and the employees' contract rows, with the pay and hourly rate on a date. The module's public entry: other modules import only this file. */
export * from './tables';
export { contractInForce, countStaleTables, employeePay, levelPay, workingTimeLimits, type LimitiOrarioCcnl } from './service';
export { linkDocumentTypes } from './modelliBase';
export { fixedTermWarnings } from './catena';
export { hourlyRatePeriods, partTimePeriods, rateBoundaries } from './periodi';
import { partTimePeriods } from './periodi';
import { contrattiRoutes } from './routes';
import { seedModelli } from './modelliBase';
import type { ModuleManifest } from '../../platform/module';

export { contrattiRoutes };

export const manifest: ModuleManifest = {
  name: 'contratti',
  routes: contrattiRoutes,
  seed: { base: seedModelli },
  // the part-time periods the timecard engine splits supplementary work by (consultazione reads them: platform/partTime.ts)
  partTime: partTimePeriods,
  // the dossier: each employee reads his own hiring documents (HR has every route)
  grants: [{ id: 'contratti.1', profiles: { DIPENDENTE: ['contratti.fascicolo'] } }],
};
