/** Languages and translations: the messages, the default language, and mails in the user's language. The module's public entry: other modules import only this file. */
export * from './tables';
export * from './service';
import { lingueRoutes } from './routes';
import type { ModuleManifest } from '../../platform/module';

export { lingueRoutes };

export const manifest: ModuleManifest = { name: 'lingue', routes: lingueRoutes };
