/**
 * Single sign-on with OpenID Connect (issue #32 §1), with openid-client as the relying party: discovery, the
 * authorization code flow with PKCE (S256), `state` and `nonce`; the library checks the ID token's signature, issuer,
 * audience, expiry and nonce. What stays here: which provider, the sign-in's row (keyed by its state, used once), and
 * who the account is in Tulip (by the provider's subject once linked, by the configured claim the first time).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type * as Oidc from 'openid-client';
import type { Config } from '../../platform/config';
import { publicBase } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../platform/db';
import { realNowMs } from '../../platform/clock';
import { localNow } from '../../platform/dates';
import { audit } from '../../platform/audit';
import { issueOneTime } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { allowListed } from '../../platform/webhooks';
import { dipendenti, profili, utenti, utentiProfili } from '../anagrafica';
import { identitaSso, providerSso, statiSso } from './tables';

/** How long a started sign-in may take at the provider (real clock). */
export const SSO_STATE_TTL_MS = 10 * 60_000;
export const CALLBACK_PATH = '/api/accesso/callback';
const NEW_USER_PROFILE = 'DIPENDENTE';

type Provider = typeof providerSso.$inferSelect;

/** openid-client (with the JOSE code under it) is loaded at the first sign-in, not at every start of the server (issue #30). */
const openid = (): Promise<typeof Oidc> => import('openid-client');

/** A refusal: the key the login page shows, and why (for the log only). */
export class SsoRefusal extends Error {
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}
const refuse = (key: string, reason: string) => new SsoRefusal(`avvisi.${key}`, reason);

export const redirectUri = (base: string) => `${base}${CALLBACK_PATH}`;

/** The active providers' names, for the login page's buttons. */
export async function activeProviders(db: Db) {
  return db.select({ id: providerSso.id, nome: providerSso.nome }).from(providerSso).where(eq(providerSso.attivo, true)).orderBy(providerSso.nome, providerSso.id);
}

/** http only for the hosts the deployment lists (TULIP_SSO_INSECURE_HOSTS); https otherwise. */
export function issuerAllowed(issuer: string, insecureHosts: string[]): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && allowListed(url, insecureHosts);
}

/**
 * The provider's configuration from its discovery document, kept per issuer, client and secret: an edit of the
 * provider gets a new one, a failed discovery is tried again at the next sign-in. The library refetches the keys when
 * a token names one it does not know (rotation).
 */
const configs = new Map<string, Promise<Oidc.Configuration>>();
function configOf(p: Provider, cfg: Config): Promise<Oidc.Configuration> {
  const key = JSON.stringify([p.issuer, p.client_id, p.client_secret]);
  let c = configs.get(key);
  if (!c) {
    if (configs.size > 100) configs.clear();
    if (!issuerAllowed(p.issuer, cfg.ssoInsecureHosts)) return Promise.reject(new Error(`issuer not allowed over http: ${p.issuer}`));
    const insecure = new URL(p.issuer).protocol === 'http:';
    c = openid().then((oidc) =>
      oidc.discovery(new URL(p.issuer), p.client_id, p.client_secret ?? undefined, p.client_secret ? undefined : oidc.None(), {
        timeout: 10,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      }),
    );
    c.catch(() => configs.delete(key));
    configs.set(key, c);
  }
  return c;
}

/**
 * Starts a sign-in: the state, nonce and PKCE verifier are kept in a row, the browser goes to the provider's
 * authorization endpoint. `baseHeader`: the public URL the browser came from, if it is one of the configured ones.
 * `codiceApp`: the desktop app's code of its attempt (the sign-in then ends at `tulip://sso`), absent for the web.
 */
export async function startSignIn(deps: AppDeps, id: number, baseHeader: unknown, codiceApp?: string): Promise<string> {
  const { db, config } = deps;
  const base = publicBase(baseHeader, config.publicUrls);
  const [p] = await db.select().from(providerSso).where(eq(providerSso.id, id));
  if (!p?.attivo) throw refuse('sso_provider_non_attivo', `provider ${id} unknown or inactive`);
  const oidc = await openid();
  let conf: Oidc.Configuration;
  try {
    conf = await configOf(p, config);
  } catch (err) {
    throw Object.assign(refuse('sso_errore_provider', `discovery of ${p.issuer} failed: ${(err as Error).message}`), { cause: err });
  }
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  // rows of sign-ins nobody finished: a day after their expiry they tell nothing more
  await db.delete(statiSso).where(lt(statiSso.scade_il, new Date(realNowMs() - 24 * 3600_000)));
  await db.insert(statiSso).values({ stato: state, provider_id: p.id, nonce, verifier, base, codice_app: codiceApp ?? null, scade_il: new Date(realNowMs() + SSO_STATE_TTL_MS) });
  return oidc
    .buildAuthorizationUrl(conf, {
      redirect_uri: redirectUri(base),
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    .toString();
}

/** Takes the sign-in's row once: a second callback with the same state (a replay) finds it used. */
async function takeState(db: Db, state: string | undefined) {
  if (!state) throw refuse('sso_stato_non_valido', 'no state');
  const [row] = await db
    .update(statiSso)
    .set({ usato_il: new Date(realNowMs()) })
    .where(and(eq(statiSso.stato, state), isNull(statiSso.usato_il)))
    .returning();
  if (!row) {
    const [seen] = await db.select({ usato_il: statiSso.usato_il }).from(statiSso).where(eq(statiSso.stato, state));
    throw refuse('sso_stato_non_valido', seen ? 'state replayed' : 'state unknown');
  }
  if (row.scade_il.getTime() <= realNowMs()) throw refuse('sso_stato_non_valido', 'state expired');
  return row;
}

/** The domain part of an e-mail address, lower case; '' when it is not one. */
const domainOf = (email: string) => (/^[^@\s]+@([^@\s]+)$/.exec(email)?.[1] ?? '').toLowerCase();

/**
 * The provider's answer comes back: checks it through the library, finds or creates the user, and gives the base URL
 * and the one-time user token the web exchanges with `authUser` as after a password.
 */
export async function finishSignIn(deps: AppDeps, query: Record<string, unknown>, rawQuery: string, log: FastifyBaseLogger) {
  const { db, config } = deps;
  const row = await takeState(db, typeof query.state === 'string' ? query.state : undefined);
  const base = row.base;
  const codiceApp = row.codice_app;
  try {
    if (query.error) throw refuse('sso_errore_provider', `provider answered ${String(query.error)}: ${String(query.error_description ?? '')}`);
    const [p] = await db.select().from(providerSso).where(eq(providerSso.id, row.provider_id));
    if (!p?.attivo) throw refuse('sso_provider_non_attivo', `provider ${row.provider_id} unknown or inactive`);
    const conf = await configOf(p, config).catch((err) => {
      throw Object.assign(refuse('sso_errore_provider', `discovery of ${p.issuer} failed: ${(err as Error).message}`), { cause: err });
    });
    const oidc = await openid();
    let tokens: Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(conf, new URL(`${redirectUri(base)}?${rawQuery}`), {
        pkceCodeVerifier: row.verifier,
        expectedState: row.stato,
        expectedNonce: row.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      // the provider refused the code, or could not be reached; anything else is the answer's checks failing
      const provider = err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError || err instanceof TypeError;
      throw Object.assign(refuse(provider ? 'sso_errore_provider' : 'sso_token_non_valido', `${(err as Error).name}: ${(err as Error).message}`), { cause: err });
    }
    const idClaims = tokens.claims();
    if (!idClaims) throw refuse('sso_token_non_valido', 'no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    // some providers put the e-mail or the user name only in the userinfo answer
    if (typeof claims[p.claim] !== 'string' && tokens.access_token) {
      try {
        claims = { ...(await oidc.fetchUserInfo(conf, tokens.access_token, idClaims.sub)), ...claims };
      } catch (err) {
        throw Object.assign(refuse('sso_errore_provider', `userinfo failed: ${(err as Error).message}`), { cause: err });
      }
    }
    const userId = await resolveUser(deps, p, idClaims.sub, claims);
    return { base, codiceApp, token: await issueOneTime(db, deps.tokens, 'u', userId) };
  } catch (err) {
    if (err instanceof SsoRefusal) Object.assign(err, { base, codiceApp });
    throw err;
  }
}

/** The e-mail the provider vouches for: the `email` claim, or the claim naming the user when it is an address. */
function emailOf(claims: Record<string, unknown>, claim: string): string | null {
  if (claims.email_verified === false) return null;
  const e = typeof claims.email === 'string' ? claims.email : typeof claims[claim] === 'string' && (claims[claim] as string).includes('@') ? (claims[claim] as string) : null;
  return e ? e.trim().toLowerCase() : null;
}

/** The Tulip user of this account: by its link, else by the claim (and linked), else created if the provider says so. */
async function resolveUser(deps: AppDeps, p: Provider, sub: string, claims: Record<string, unknown>): Promise<number> {
  const { db, config } = deps;
  const email = emailOf(claims, p.claim);
  if (p.domini.length && (!email || !p.domini.includes(domainOf(email)))) throw refuse('sso_dominio_non_ammesso', `e-mail ${email ?? '(none)'} not in ${p.domini.join(', ')}`);

  const [linked] = await db.select({ id: utenti.id }).from(identitaSso).innerJoin(utenti, eq(utenti.id, identitaSso.utente_id)).where(and(eq(identitaSso.provider_id, p.id), eq(identitaSso.sub, sub)));
  let userId = linked?.id;
  if (!userId) {
    const raw = claims[p.claim];
    const value = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
    if (!value || (p.claim === 'email' && (!email || value !== email))) throw refuse('sso_utente_sconosciuto', `no usable ${p.claim} claim`);
    const found = await db
      .select({ id: utenti.id })
      .from(utenti)
      .where(p.claim === 'email' ? sql`lower(${utenti.email}) = ${value}` : sql`(lower(${utenti.username}) = ${value} or lower(${utenti.email}) = ${value})`)
      .limit(2);
    if (found.length > 1) throw refuse('sso_utente_sconosciuto', `${p.claim} ${value} names more than one user`);
    userId = found[0]?.id ?? (p.crea_utenti && email ? await createUser(db, p, sub, email, localNow(config.timezone).data) : undefined);
    if (!userId) throw refuse('sso_utente_sconosciuto', `no user with ${p.claim} ${value}${p.crea_utenti ? ' and no employee with that e-mail' : ''}`);
    if (found[0]) await link(db, p, sub, userId);
  }
  const [u] = await db.select({ attivo: utenti.attivo, demo: utenti.demo }).from(utenti).where(eq(utenti.id, userId));
  if (!u?.attivo || (u.demo && !config.demo)) throw refuse('sso_utente_disattivo', `user ${userId} inactive`);
  return userId;
}

async function link(db: Db, p: Provider, sub: string, userId: number) {
  await db.transaction(async (tx) => {
    const [r] = await tx.insert(identitaSso).values({ provider_id: p.id, sub, utente_id: userId }).onConflictDoNothing().returning();
    if (!r) return; // a concurrent first sign-in linked it
    const [u] = await tx.select({ id: utenti.id, username: utenti.username }).from(utenti).where(eq(utenti.id, userId));
    await audit(tx as never, u, { entita: 'utenti', entita_id: userId, azione: 'sso_collegato', dopo: { provider: p.nome, sub } });
  });
}

/** A free user name from the address's local part: mario.rossi, mario.rossi2... */
async function freeUsername(db: Db, email: string): Promise<string> {
  let stem = email.split('@')[0].toLowerCase().replace(/[^a-z0-9._-]/g, '').slice(0, 50);
  if (stem.length < 3) stem = `${stem}utente`.slice(0, 50);
  const taken = new Set(
    (await db.select({ u: utenti.username }).from(utenti).where(sql`${utenti.username} like ${`${stem}%`}`)).map((r) => r.u),
  );
  if (!taken.has(stem)) return stem;
  for (let n = 2; n < 1000; n++) if (!taken.has(`${stem}${n}`)) return `${stem}${n}`;
  return `${stem}-${randomBytes(3).toString('hex')}`;
}

/**
 * A first sign-in the provider may turn into a user: only for the one employee with that e-mail who has no user yet
 * and has not left (an account the company forgot to close at the provider opens nothing here); the user has the
 * employee profile, no password, and signs in only this way.
 */
async function createUser(db: Db, p: Provider, sub: string, email: string, today: string): Promise<number | undefined> {
  const emps = await db
    .select({ id: dipendenti.id, utente: utenti.id })
    .from(dipendenti)
    .leftJoin(utenti, eq(utenti.dipendente_id, dipendenti.id))
    .where(sql`lower(${dipendenti.email}) = ${email} and (${dipendenti.data_cessazione} is null or ${dipendenti.data_cessazione} >= ${today})`)
    .limit(2);
  if (emps.length !== 1 || emps[0].utente) return undefined;
  const [prof] = await db.select({ id: profili.id }).from(profili).where(eq(profili.codice, NEW_USER_PROFILE));
  if (!prof) return undefined;
  const username = await freeUsername(db, email);
  return db.transaction(async (tx) => {
    const [u] = await tx
      .insert(utenti)
      .values({ username, email, password_hash: null, dipendente_id: emps[0].id, profilo_attivo_id: prof.id, solo_sso: true })
      .returning({ id: utenti.id, username: utenti.username });
    await tx.insert(utentiProfili).values({ utente_id: u.id, profilo_id: prof.id });
    await tx.insert(identitaSso).values({ provider_id: p.id, sub, utente_id: u.id });
    await audit(tx as never, u, { entita: 'utenti', entita_id: u.id, azione: 'sso_creato', dopo: { username, email, dipendente_id: emps[0].id, provider: p.nome, sub } });
    return u.id;
  });
}

/** An issuer over http is refused when saved unless its host is listed (TULIP_SSO_INSECURE_HOSTS). */
export function assertIssuer(issuer: string, cfg: Config) {
  if (!issuerAllowed(issuer, cfg.ssoInsecureHosts)) throw new AppError(400, 'avvisi.sso_issuer_https', { fields: { issuer: 'avvisi.sso_issuer_https' } });
}
