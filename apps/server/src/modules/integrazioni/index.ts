/** Integrations with other systems (issue #32): API tokens for their machines. The module's public entry. */
export * from './tables';
export { apiTokenLoader, API_TOKEN_RATE, tokenUsername } from './service';
import { integrazioniRoutes } from './routes';
import type { ModuleManifest } from '../../platform/module';

export const manifest: ModuleManifest = { name: 'integrazioni', routes: integrazioniRoutes };
