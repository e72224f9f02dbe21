/**
 * Single sign-on with OpenID Connect (issue #32 §1): the providers an administrator configures, the sign-in through
 * them (openid-client), and the link of a provider's account to a Tulip user. It ends where a password login ends: the
 * one-time user token the web exchanges with auth's `authUser`. The module's public entry: other modules import only
 * this file.
 */
import type { ModuleManifest } from '../../platform/module';
import { accessoRoutes } from './routes';

export * from './tables';
export { activeProviders, redirectUri, CALLBACK_PATH } from './service';

export const manifest: ModuleManifest = { name: 'accesso', routes: accessoRoutes };
