/** The timecard engine's views: timecard, presence board, totals, absences, payroll export and its layouts, the service calendar and the punch screens' days and anomalies. The module's public entry: other modules import only this file. */
export * from './service';
export { weeklyCapacity } from './capacita';
export { payrollFile, payrollCompanyCode, type PayrollRecord } from './exports';
import { consultazioneRoutes } from './routes';
import { seedTracciati } from './tracciati';
import type { ModuleManifest } from '../../platform/module';

export { consultazioneRoutes };

export const manifest: ModuleManifest = {
  name: 'consultazione',
  routes: consultazioneRoutes,
  // for webhooks only (platform/webhooks.ts): no module subscribes
  publishes: ['mese.chiuso'],
  grants: [
    {
      id: 'consultazione.1',
      profiles: {
        RESPONSABILE: ['cartellino', 'presentireparto', 'totaliz', 'assenti.all', 'assenti.cdc'],
        DIPENDENTE: ['cartellino'],
        PORTINERIA: ['presentiassenti'],
      },
    },
    // the payroll layouts (issue #31 §4): HR edits them with the administrator
    { id: 'consultazione.tracciati.1', profiles: { UFFICIO_PERSONALE: ['paghe.tracciati'] } },
    // the Libro Unico's calendar: HR has it in its list (seed/index.ts); each employee reads their own entries (the
    // worker is owed a copy of what the book records about them); a manager has their departments' timecards already,
    // and the payroll book is not theirs to print
    { id: 'consultazione.2', profiles: { DIPENDENTE: ['lul'] } },
  ],
  // the two example layouts the README describes
  seed: { base: seedTracciati },
};
