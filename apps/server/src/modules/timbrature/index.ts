/** Punches: stored once each, corrected only by cancelling and re-entering, never in a closed month. The module's public entry: other modules import only this file. */
export * from './tables';
export * from './service';
import { timbratureRoutes } from './routes';
import type { ModuleManifest } from '../../platform/module';
import type { PunchRow } from './service';

declare module '../../platform/events' {
  interface Events {
    /** A punch was stored (once per request id: a retry of the same punch publishes nothing). An exit is `verso: 'U'`. */
    'timbratura.registrata': PunchRow;
  }
}

export { timbratureRoutes };

export const manifest: ModuleManifest = {
  name: 'timbrature',
  routes: timbratureRoutes,
  publishes: ['timbratura.registrata'],
  grants: [{ id: 'timbrature.1', profiles: { RESPONSABILE: ['timbrature.calendario'], DIPENDENTE: ['timbrature.calendario'] } }],
};
