/** Contracts: the CCNL's pay tables by decorrenza and the employees' contract rows, with the pay and hourly rate on a date. The module's public entry: other modules import only this file. */
export * from './tables';
export { contractInForce, employeePay, levelPay } from './service';
import { contrattiRoutes } from './routes';
import type { ModuleManifest } from '../../platform/module';

export { contrattiRoutes };

export const manifest: ModuleManifest = {
  name: 'contratti',
  routes: contrattiRoutes,
};
