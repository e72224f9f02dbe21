/** Kiosk terminals and their punches by badge and PIN. The module's public entry: other modules import only this file. */
export * from './service';
import { kioskRoutes } from './routes';
import type { ModuleManifest } from '../../platform/module';

export { kioskRoutes };

export const manifest: ModuleManifest = { name: 'kiosk', routes: kioskRoutes };
