/** Leave: reasons (causali), requests and their approval, balances. The module's public entry: other modules import only this file. */
export * from './tables';
export * from './service';
import { giustificativiRoutes } from './routes';
import { seedCausali } from './defaults';
export { CAUSALI } from './defaults';
import type { ModuleManifest } from '../../platform/module';

export { giustificativiRoutes };

export const manifest: ModuleManifest = {
  seed: { base: seedCausali },
  name: 'giustificativi',
  routes: giustificativiRoutes,
  // for webhooks only (platform/webhooks.ts): no module subscribes
  publishes: ['giustificativo.deciso'],
  grants: [{ id: 'giustificativi.1', profiles: { RESPONSABILE: ['giustificativi.calendario'], DIPENDENTE: ['giustificativi.calendario'] } }],
};
