/**
 * A real OpenID Connect provider for the tests of single sign-on (issue #32 §1): panva's oidc-provider, listening on
 * 127.0.0.1 with its development login and consent pages (any password), the given accounts and one confidential
 * client. `tamper` re-signs the ID token the token endpoint answers, with the provider's own key, so a test can have
 * the provider issue one for another audience or already expired.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export type OidcAccount = { login: string; email: string; email_verified?: boolean; preferred_username?: string; name?: string };
export type OidcClient = { client_id: string; client_secret: string; redirect_uris: string[] };

export type TestOidc = {
  issuer: string;
  accounts: Map<string, OidcAccount>;
  /** Changes the next ID tokens (null: as issued). */
  tamper: ((claims: JWTPayload) => JWTPayload) | null;
  close: () => Promise<void>;
};

export async function startOidcProvider(accounts: OidcAccount[], client: OidcClient): Promise<TestOidc> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-1', alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const byLogin = new Map(accounts.map((a) => [a.login, a]));
  const state: TestOidc = {
    issuer,
    accounts: byLogin,
    tamper: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const provider = new Provider(issuer, {
    clients: [{ ...client, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' }],
    jwks: { keys: [jwk as never] },
    // the development pages: a login form that takes any password, then the consent
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => {
      const a = byLogin.get(id);
      if (!a) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: a.email, email_verified: a.email_verified ?? true, preferred_username: a.preferred_username ?? id, name: a.name ?? id }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    // as Entra ID, Google and Keycloak do: the scopes' claims in the ID token too
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['tulip-test-cookies'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (state.tamper && ctx.path === '/token' && body?.id_token) {
      const claims = state.tamper(decodeJwt(body.id_token));
      ctx.body = { ...body, id_token: await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(privateKey) };
    }
  });
  server.on('request', provider.callback());
  return state;
}

/** A cookie jar of name=value, enough for the provider's interaction cookies. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The hidden fields and the action of the first form of a development page. */
function formOf(html: string, url: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields.set(m[1], m[2]);
  return { action: new URL(action.replace(/&amp;/g, '&'), url).toString(), fields };
}

/**
 * A person at the provider: from the authorization URL Tulip redirected to, signs in as `login` (any password) and
 * consents, following the provider's redirects with its cookies, until the provider sends the browser back to
 * `returnPrefix` (Tulip's callback): that URL.
 */
export async function signInAtProvider(authUrl: string, login: string, returnPrefix: string): Promise<string> {
  const jar = new Jar();
  let url = authUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(returnPrefix)) return url;
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.take(res);
    init = {};
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status} at ${url}: ${html.slice(0, 300)}`);
    const { action, fields } = formOf(html, url);
    if (/name="login"/.test(html)) {
      fields.set('login', login);
      fields.set('password', 'any');
    }
    url = action;
    init = { method: 'POST', body: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('too many steps at the provider');
}
