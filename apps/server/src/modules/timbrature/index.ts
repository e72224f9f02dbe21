/** Punches: stored once each, corrected only by cancelling and re-entering, never in a closed month. The module's public entry: other modules import only this file. */
export * from './tables';
export * from './service';
import { timbratureRoutes } from './routes';
import type { ModuleManifest } from '../../platform/module';

export { timbratureRoutes };

export const manifest: ModuleManifest = {
  name: 'timbrature',
  routes: timbratureRoutes,
  grants: [{ id: 'timbrature.1', profiles: { RESPONSABILE: ['timbrature.calendario'], DIPENDENTE: ['timbrature.calendario'] } }],
};
