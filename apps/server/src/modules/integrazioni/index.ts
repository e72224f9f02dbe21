/**
 * Integrations (issue #32 §4): webhooks on the modules' published events. The outbox and its worker live in
 * platform/webhooks.ts (every publisher writes to it in its own transaction); this module has the administrators'
 * operations and the scheduled sender. The module's public entry: other modules import only this file.
 */
import type { ModuleManifest } from '../../platform/module';
import { deliverAllDue, refreshSubscribed } from '../../platform/webhooks';
import { integrazioniRoutes } from './routes';

export { webhookEvents } from './service';

export const manifest: ModuleManifest = {
  name: 'integrazioni',
  routes: integrazioniRoutes,
  jobs: [
    {
      // what no kick sent: deliveries written by another process, retries that came due, a kick lost to a restart
      name: 'integrazioni.webhook',
      firstAfterMs: 5_000,
      everyMs: 15_000,
      run: async (db) => {
        await refreshSubscribed(db);
        return deliverAllDue(db);
      },
    },
  ],
};
