/** The timecard engine's views: timecard, presence board, totals, absences, payroll export, the service calendar and the punch screens' days and anomalies. The module's public entry: other modules import only this file. */
export * from './service';
export { weeklyCapacity } from './capacita';
export { payrollFile, payrollCompanyCode, type PayrollRecord } from './exports';
import { consultazioneRoutes } from './routes';
import type { ModuleManifest } from '../../platform/module';

export { consultazioneRoutes };

export const manifest: ModuleManifest = {
  name: 'consultazione',
  routes: consultazioneRoutes,
  grants: [
    {
      id: 'consultazione.1',
      profiles: {
        RESPONSABILE: ['cartellino', 'presentireparto', 'totaliz', 'assenti.all', 'assenti.cdc'],
        DIPENDENTE: ['cartellino'],
        PORTINERIA: ['presentiassenti'],
      },
    },
  ],
};
