/** The audit trail's consultation. The module's public entry: other modules import only this file. */
import { auditRoutes } from './routes';
export * from './service';
import type { ModuleManifest } from '../../platform/module';

export { auditRoutes };

export const manifest: ModuleManifest = { name: 'audit', routes: auditRoutes };
