/** Job orders: customers, orders and phases, who sees them, associations and costs, planning against capacity, the order's report. The module's public entry: other modules import only this file. */
export * from './tables';
export { isVisibleTo, visibleToEmployee, visibleToEmployeeRow, commesseScope } from './visibilita';
import { commesseRoutes } from './routes';
export { REPORT_OPS } from './routes';
export type { CostoOrario, Registrato } from './registrato';
export { orderReport } from './consuntivo';
export { orderReportWorkbook, planningWorkbook } from './documenti';
export { ordersTimeline, planningGridJson } from './pianificazione';
import type { ModuleManifest } from '../../platform/module';

export { commesseRoutes };

export const manifest: ModuleManifest = {
  name: 'commesse',
  routes: commesseRoutes,
  // a capo commessa (any profile) reads the report and planning of their own orders; the service answers no other
  grants: [{ id: 'commesse.1', profiles: { RESPONSABILE: ['commesse.pianificazione', 'commesse.report'], DIPENDENTE: ['commesse.report'] } }],
};
