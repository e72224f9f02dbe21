/**
 * Every route declares who may call it in `config.access`:
 *   { public: true }            anyone
 *   { token: 'u' | 'r' | 'reset' | 'email' } a bearer token of that kind (checked by the handler)
 *   { auth: true }              any logged-in user
 *   { routes: [...] }           a user whose active profile grants one of these route names
 * A route under /api without a declaration makes the server refuse to start.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { TScope } from '@tulip/contract';
import type { Db } from './db';
import { batched, perDb } from './db/batch';
import { AppError, forbidden, unauthorized } from './errors';
import { bearer, type Claims, type Tokens } from './tokens';
import { profili, repartiResponsabili, utenti } from '../modules/anagrafica/tables';
import { refreshTokens } from './db/tables';

export type Access =
  | { public: true }
  | { token: 'u' | 'r' | 'reset' | 'email' }
  | { auth: true }
  /** `lookup: 'auth'`: the lookup variant (X-HTTP-Method-Override: lookup) is open to any logged-in user. */
  | { routes: string[]; scopes?: TScope[]; lookup?: 'auth' };

export type CurrentUser = {
  id: number;
  username: string;
  dipendente_id: number | null;
  famiglia: string | undefined;
  profilo: { id: number; codice: string; descrizione: string; scope: TScope; routes: string[] } | null;
  /** Departments managed by the user's employee (scope `reparto`). */
  reparti: number[];
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

/**
 * The query every authenticated request runs, prepared once per database and batched: the users of
 * the requests that arrive together are read in one round trip (see platform/db/batch.ts).
 */
function usersQuery(db: Db) {
  return db
    .select({
      id: utenti.id,
      username: utenti.username,
      attivo: utenti.attivo,
      dipendente_id: utenti.dipendente_id,
      profilo_id: profili.id,
      codice: profili.codice,
      descrizione: profili.descrizione,
      scope: profili.scope,
      routes: profili.routes,
      // a login revoked (e.g. a reused refresh token) takes its access tokens with it: which of the asked families are
      revocate: sql<string[] | null>`(select array_agg(${refreshTokens.famiglia}::text) from ${refreshTokens} where ${refreshTokens.utente_id} = ${utenti.id}
        and ${refreshTokens.famiglia} = any(${sql.placeholder('famiglie')}::uuid[]) and ${isNotNull(refreshTokens.revocato_il)})`,
      reparti: sql<number[] | null>`(select array_agg(${repartiResponsabili.reparto_id}) from ${repartiResponsabili} where ${repartiResponsabili.dipendente_id} = ${utenti.dipendente_id})`,
    })
    .from(utenti)
    .leftJoin(profili, eq(profili.id, utenti.profilo_attivo_id))
    .where(sql`${utenti.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('tulip_load_users');
}

type Asked = { id: number; famiglia?: string };

const userLoader = perDb((db: Db) => {
  const q = usersQuery(db);
  return batched<Asked, CurrentUser | null>('utenti', async (asked) => {
    const ids = [...new Set(asked.map((a) => a.id))];
    const famiglie = [...new Set(asked.flatMap((a) => (a.famiglia && UUID.test(a.famiglia) ? [a.famiglia] : [])))];
    const rows = await q.execute({ ids, famiglie });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return asked.map(({ id, famiglia }) => {
      const row = byId.get(id);
      if (!row || !row.attivo || (famiglia && row.revocate?.includes(famiglia.toLowerCase()))) return null;
      return {
        id: row.id,
        username: row.username,
        dipendente_id: row.dipendente_id,
        famiglia,
        profilo: row.profilo_id
          ? { id: row.profilo_id, codice: row.codice!, descrizione: row.descrizione!, scope: row.scope as TScope, routes: row.routes ?? [] }
          : null,
        reparti: row.reparti ?? [],
      };
    });
  });
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function loadUser(db: Db, userId: number, famiglia?: string): Promise<CurrentUser | null> {
  return userLoader(db)({ id: userId, famiglia });
}

export function registerGuard(app: FastifyInstance, deps: { db: Db; tokens: Tokens }) {
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
    const claims = await deps.tokens.verify(token, 'a');
    if (!claims) throw unauthorized();
    const user = await loadUser(deps.db, Number(claims.sub), claims.fam);
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
