/** Time on job orders: bookings, the weekly grid and its approval, phase timers that follow attendance, the reconciliation with the timecard. The module's public entry: other modules import only this file. */
export * from './tables';
export { reportById, sealReport } from './rapportino';
export { countWeeksToDecide } from './settimana';
import { rilevazioneRoutes } from './routes';
import { closeAfterWindow, closeAtExit } from './fasi';
import type { ModuleManifest } from '../../platform/module';
import { rapportini } from './tables';

export { rilevazioneRoutes };

export const manifest: ModuleManifest = {
  name: 'rilevazione',
  // for webhooks only (platform/webhooks.ts): no module subscribes
  publishes: ['settimana.approvata'],
  routes: rilevazioneRoutes,
  // a work report's signature and PDF (columns with no foreign key)
  fileRefs: async (db) => {
    const rows = await db.select({ firma: rapportini.firma_file_id, pdf: rapportini.pdf_file_id }).from(rapportini);
    return rows.flatMap((r) => [r.firma, r.pdf]).filter((id): id is string => !!id);
  },
  // a phase left running is closed by the exit punch, flagged for review
  subscribes: { 'timbratura.registrata': closeAtExit },
  // and one still running when its work day's window has ended, at the shift's end
  jobs: [{ name: 'rilevazione.fine_turno', firstAfterMs: 90_000, everyMs: 5 * 60_000, run: (db, { timezone }) => closeAfterWindow(db, timezone) }],
};
