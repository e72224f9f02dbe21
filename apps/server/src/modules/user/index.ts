/** The signed-in user's own account: profile switch, password, e-mail, language. The module's public entry: other modules import only this file. */
import { userRoutes } from './routes';
export * from './service';
import type { ModuleManifest } from '../../platform/module';

export { userRoutes };

export const manifest: ModuleManifest = { name: 'user', routes: userRoutes };
