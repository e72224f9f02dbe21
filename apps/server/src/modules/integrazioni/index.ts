/**
 * Integrations with other systems (issue #32): API tokens for their machines (§3), and webhooks on the modules'
 * published events (§4). The webhooks' outbox and its worker live in platform/webhooks.ts (every publisher writes to it
 * in its own transaction); this module has the administrators' operations and the scheduled sender. The module's
 * public entry: other modules import only this file.
 */
import type { ModuleManifest } from '../../platform/module';
import { deliverAllDue, refreshSubscribed } from '../../platform/webhooks';
import { integrazioniRoutes } from './routes';
import { purgeDelivered } from './service';

export * from './tables';
export { webhookEvents } from './service';
export { apiTokenLoader, API_TOKEN_RATE, tokenUsername } from './token';

export const manifest: ModuleManifest = {
  name: 'integrazioni',
  routes: integrazioniRoutes,
  jobs: [
    {
      // what no kick sent: deliveries written by another process, retries that came due, a kick lost to a restart;
      // then the deliveries delivered longer ago than the retention go, a bounded batch at a time
      name: 'integrazioni.webhook',
      firstAfterMs: 5_000,
      everyMs: 15_000,
      run: async (db) => {
        await refreshSubscribed(db);
        const sent = await deliverAllDue(db);
        await purgeDelivered(db);
        return sent;
      },
    },
  ],
};
