/** Shifts, weekly schedules, holidays, the calendar of overrides, and the closed months every attendance module respects. The module's public entry: other modules import only this file. */
export * from './tables';
export * from './service';
import { turniRoutes } from './routes';
import type { ModuleManifest } from '../../platform/module';

export { turniRoutes };

export const manifest: ModuleManifest = {
  name: 'turni',
  routes: turniRoutes,
  grants: [{ id: 'turni.1', profiles: { RESPONSABILE: ['turni.calendario'] } }],
};
