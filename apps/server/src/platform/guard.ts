/**
 * Every route declares who may call it in `config.access`:
 *   { public: true }            anyone
 *   { token: 'u' | 'r' | 'reset' | 'email' | 'mfa' | 'mfa_enrol' } a bearer token of that kind (checked by the handler)
 *   { auth: true }              any logged-in user
 *   { routes: [...] }           a user whose active profile grants one of these route names
 * A route under /api without a declaration makes the server refuse to start.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX, type Access, type TScope } from '@tulip/contract';
import type { Db } from './db';
import { AppError, forbidden, unauthorized } from './errors';
import { bearer, type Claims, type Tokens } from './tokens';

/** The declared access of a route: its type is the contract's, since operations declare it (issue #13). */
export type { Access } from '@tulip/contract';

export type CurrentUser = {
  id: number;
  username: string;
  dipendente_id: number | null;
  famiglia: string | undefined;
  profilo: { id: number; codice: string; descrizione: string; scope: TScope; routes: string[] } | null;
  /** Departments managed by the user's employee (scope `reparto`). */
  reparti: number[];
  /** Set when an API token (issue #32 §3) acts, not a person: its id. */
  api_token?: number;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user?: CurrentUser;
    /** Claims of the bearer token on routes declared { token: kind }. */
    claims?: Claims;
  }
  interface FastifyInstance {
    /** Every API route with its declared access: the permission tests walk this table. */
    routeTable: { method: string; url: string; access: Access }[];
  }
}

/** Reads the user of a request (with its active profile and managed departments); null when unknown or revoked. */
export type LoadUser = (db: Db, userId: number, famiglia?: string) => Promise<CurrentUser | null>;

/** Reads the user an API token (`tlp_...`) acts as; null when unknown, revoked or expired (throws 429 over its rate). */
export type LoadApiToken = (db: Db, token: string) => Promise<CurrentUser | null>;

/**
 * `loadUser` comes from the module that owns the users (anagrafica), given by app.ts: the platform never imports a
 * module.
 */
export function registerGuard(app: FastifyInstance, deps: { db: Db; tokens: Tokens; loadUser?: LoadUser; loadApiToken?: LoadApiToken }) {
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, access });
  });

  // onRequest: who you are and what you may do is settled before the body is even read
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const access = req.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    const token = bearer(req.headers.authorization);
    if (!token) throw unauthorized();
    if ('token' in access) {
      const claims = await deps.tokens.verify(token, access.token);
      if (!claims) throw new AppError(401, access.token === 'reset' || access.token === 'email' ? 'avvisi.token_non_valido' : 'avvisi.unauthorized');
      req.claims = claims;
      return;
    }
    let user: CurrentUser | null;
    // an API token is told by its prefix, so a user's JWT costs one string comparison more and nothing else
    if (token.startsWith(API_TOKEN_PREFIX)) {
      user = deps.loadApiToken ? await deps.loadApiToken(deps.db, token) : null;
    } else {
      const claims = await deps.tokens.verify(token, 'a');
      if (!claims) throw unauthorized();
      if (!deps.loadUser) throw new Error('registerGuard: no loadUser given');
      user = await deps.loadUser(deps.db, Number(claims.sub), claims.fam);
    }
    if (!user) throw unauthorized();
    req.user = user;
    if ('routes' in access) {
      if (access.lookup === 'auth' && req.method === 'GET' && String(req.headers['x-http-method-override'] ?? '').toLowerCase() === 'lookup') return;
      const granted = user.profilo?.routes ?? [];
      if (!access.routes.some((r) => granted.includes(r))) throw forbidden();
      if (access.scopes && !access.scopes.includes(user.profilo!.scope)) throw forbidden();
    }
  });
}

export function currentUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw new AppError(401, 'avvisi.unauthorized');
  return req.user;
}
