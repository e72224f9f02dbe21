/**
 * Working-time compliance (D.Lgs 66/2003, issue #31 §1): the findings of the rules over what really happened, and HR's
 * review of each before the month is closed. The module's public entry: other modules import only this file.
 */
import { conformitaRoutes } from './routes';
import { assertFindingsReviewed } from './service';
import type { ModuleManifest } from '../../platform/module';

export * from './tables';
export { companyFindings, complianceFindings, countFindingsToReview } from './service';
export { conformitaRoutes };

export const manifest: ModuleManifest = {
  name: 'conformita',
  routes: conformitaRoutes,
  monthClose: assertFindingsReviewed,
  // HR reviews every finding; a manager reads his departments', an employee his own
  grants: [{ id: 'conformita.1', profiles: { UFFICIO_PERSONALE: ['conformita'], RESPONSABILE: ['conformita'], DIPENDENTE: ['conformita'] } }],
};
