/** Single sign-on's routes (issue #32 §1): the providers' resource for administrators, and the browser's way through the provider. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { desktopSsoLink, OPS_ACCESSO, RES_PROVIDER_SSO, SSO_FRAGMENT_ERRORE, SSO_FRAGMENT_TOKEN } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { defineResource } from '../../platform/resource';
import { routes } from '../../platform/operation';
import { activeProviders, assertIssuer, finishSignIn, SsoRefusal, startSignIn } from './service';
import { providerSso } from './tables';

export function accessoRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;

  defineResource(app, db, {
    resource: RES_PROVIDER_SSO, table: providerSso, idColumn: providerSso.id,
    columns: {
      id: providerSso.id, nome: providerSso.nome, issuer: providerSso.issuer, client_id: providerSso.client_id,
      // the secret is written, never read back
      client_secret_impostato: sql<boolean>`(${providerSso.client_secret} is not null)`.as('client_secret_impostato'),
      claim: providerSso.claim, domini: providerSso.domini, crea_utenti: providerSso.crea_utenti, attivo: providerSso.attivo,
    },
    search: [providerSso.nome, providerSso.issuer], defaultSort: 'nome',
    lookup: { value: providerSso.id, label: providerSso.nome },
    model: () => ({ nome: '', issuer: '', client_id: '', client_secret: null, claim: 'email', domini: [], crea_utenti: false, attivo: true }),
    beforeWrite: async (_tx, input) => assertIssuer(input.issuer, config),
    // empty or absent: the stored secret stays; null clears it (a public client with PKCE only)
    toValues: ({ client_secret, ...rest }, { creating }) => ({
      ...rest,
      ...(client_secret ? { client_secret } : client_secret === null || creating ? { client_secret: null } : {}),
    }),
  });

  /**
   * Back to the web's login page: the one-time token, or the message it shows (the fragment never reaches a server).
   * A sign-in the desktop app started (its row has the app's code) goes back to the app instead, at the fixed
   * `tulip://sso` with that code: never to a target taken from the request.
   */
  const toLogin = (reply: FastifyReply, base: string, key: typeof SSO_FRAGMENT_TOKEN | typeof SSO_FRAGMENT_ERRORE, value: string, codiceApp?: string | null) =>
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(codiceApp ? desktopSsoLink(codiceApp, key, value) : `${base}/#${key}=${encodeURIComponent(value)}`, 302);

  const refused = (req: FastifyRequest, reply: FastifyReply, err: unknown, codiceApp?: string) => {
    if (err instanceof SsoRefusal) {
      req.log.warn({ sso: err.reason }, `single sign-on refused: ${err.key}`);
      const at = err as SsoRefusal & { base?: string; codiceApp?: string | null };
      return toLogin(reply, at.base ?? config.publicUrls[0], SSO_FRAGMENT_ERRORE, err.key, at.codiceApp ?? codiceApp);
    }
    req.log.error({ err }, 'single sign-on failed');
    return toLogin(reply, config.publicUrls[0], SSO_FRAGMENT_ERRORE, 'avvisi.sso_errore_provider', codiceApp);
  };

  routes(app, OPS_ACCESSO, {
    provider: async () => activeProviders(db),
    avvio: async (req, reply) => {
      try {
        const url = await startSignIn(deps, req.params.id, req.query.base, req.query.codice_app);
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      } catch (err) {
        return refused(req, reply, err, req.query.codice_app);
      }
    },
    callback: async (req, reply) => {
      const raw = req.raw.url ?? '';
      const q = raw.indexOf('?');
      try {
        const { base, codiceApp, token } = await finishSignIn(deps, req.query, q >= 0 ? raw.slice(q + 1) : '', req.log);
        return toLogin(reply, base, SSO_FRAGMENT_TOKEN, token, codiceApp);
      } catch (err) {
        return refused(req, reply, err);
      }
    },
  });
}
