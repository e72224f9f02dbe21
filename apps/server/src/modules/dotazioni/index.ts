/** Equipment and PPE: types, articles with stock and serial-numbered units, the standard kit of each mansione, deliveries with the signed verbale, returns, training, what falls due. The module's public entry: other modules import only this file. */
export * from './tables';
export { countDpi, createDelivery, addMovement, addTraining, saveKit, saveSizes, addReturn } from './service';
import { dotazioniRoutes } from './routes';
import type { ModuleManifest } from '../../platform/module';

export { dotazioniRoutes };

export const manifest: ModuleManifest = {
  name: 'dotazioni',
  // for webhooks only (platform/webhooks.ts): no module subscribes
  publishes: ['consegna_dpi.registrata'],
  routes: dotazioniRoutes,
};
