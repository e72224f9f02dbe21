/** The home page's 'Da fare' counts. The module's public entry: other modules import only this file. */
import { homeRoutes } from './routes';
export * from './service';
import type { ModuleManifest } from '../../platform/module';

export { homeRoutes };

export const manifest: ModuleManifest = { name: 'home', routes: homeRoutes };
