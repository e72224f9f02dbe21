/** Sign-in: login, tokens, password reset, over the platform's primitives (platform/auth.ts). The module's public entry: other modules import only this file. */
import { authRoutes } from './routes';
export * from './service';
import type { ModuleManifest } from '../../platform/module';

export { authRoutes };

export const manifest: ModuleManifest = { name: 'auth', routes: authRoutes };
