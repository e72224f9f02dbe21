/**
 * Sign-in (issue #2 §3): login in two steps (password, then a one-time token for the pair of tokens), refresh with
 * rotation, the forgotten password and the confirmation of a new e-mail address. Over the platform's primitives
 * (platform/auth.ts) and anagrafica's users.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, unauthorized } from '../../platform/errors';
import { hashSecret, verifySecret } from '../../platform/crypto';
import type { Claims } from '../../platform/tokens';
import { audit } from '../../platform/audit';
import * as auth from '../../platform/auth';
import { sendLockNotice, sendResetLink, utenti } from '../anagrafica';
import type { TLoginAnswer } from '@tulip/contract';
import { loginStep } from './mfa';

const ttlOf = (deps: AppDeps) => ({ atoken: deps.config.atokenTtl, rtoken: deps.config.rtokenTtl });

/**
 * Checks a password; the attempt is counted before the check, so concurrent guesses cannot outrun the limits.
 * Returns the one-time user token, or 'refused' when a limit is reached.
 */
export async function login(deps: AppDeps, name: string, password: string, ip: string, log: FastifyBaseLogger): Promise<TLoginAnswer | 'refused'> {
  const { db, config } = deps;
  const username = name.toLowerCase();
  const limits = { pair: auth.LOGIN_MAX_FAILURES, user: auth.LOGIN_MAX_FAILURES_USER, ip: auth.LOGIN_MAX_FAILURES_IP };
  let user: typeof utenti.$inferSelect | undefined;
  const ok = await auth.guardedAttempt(db, username, ip, limits, async () => {
    [user] = await db.select().from(utenti).where(eq(utenti.username, username));
    return verifySecret(password, user?.password_hash);
  });
  if (ok === 'refused') return 'refused';
  // a user who signs in only through the company's provider (module accesso) is refused as a wrong password
  if (!user || !ok || !user.attivo || user.solo_sso || (user.demo && !config.demo)) {
    // the reservation stays as the failure; the attempt that locks the user for everyone tells them
    if (user && (await auth.failuresOf(db, username)) === auth.LOGIN_MAX_FAILURES_USER) {
      sendLockNotice(deps, user, auth.LOGIN_MAX_FAILURES_USER, auth.LOGIN_WINDOW_MIN).catch((err) => log.error({ err }, 'lock notice failed'));
    }
    throw new AppError(401, 'avvisi.login_failed');
  }
  await auth.forgetAttempt(db, username, ip);
  // the user token, or the second factor's step first (auth/mfa.ts)
  return loginStep(deps, user.id);
}

async function assertActive(deps: AppDeps, userId: number) {
  const [user] = await deps.db.select({ attivo: utenti.attivo }).from(utenti).where(eq(utenti.id, userId));
  if (!user?.attivo) throw unauthorized();
}

/** The one-time user token, used once, for a pair of access and refresh tokens. */
export async function exchangeUserToken(deps: AppDeps, claims: Claims) {
  if (!(await auth.consumeOneTime(deps.db, claims.jti, 'u'))) throw unauthorized();
  await assertActive(deps, Number(claims.sub));
  return auth.issuePair(deps.db, deps.tokens, ttlOf(deps), Number(claims.sub));
}

/** A refresh token, used once, for the next pair of the same login (a reused one revokes the whole login). */
export async function refresh(deps: AppDeps, claims: Claims) {
  const res = await auth.rotate(deps.db, claims.jti);
  if (!res.ok) throw unauthorized();
  await assertActive(deps, Number(claims.sub));
  return auth.issuePair(deps.db, deps.tokens, ttlOf(deps), Number(claims.sub), res.famiglia);
}

/**
 * Mails a password link to the active user with this address, if any: at most 3 links an address and 10 a client
 * address in the window. The caller answers the same whatever happens: no hint whether the address exists.
 */
export async function requestPasswordLink(deps: AppDeps, address: string, ip: string, baseHeader: unknown, log: FastifyBaseLogger) {
  const email = address.toLowerCase();
  const slot = await auth.reserveAttempt(deps.db, `#reset:${email}`, ip, { pair: 3, user: 3, ip: 10, ipBuckets: '#reset:%' });
  if ('refused' in slot) return;
  const [user] = await deps.db
    .select()
    .from(utenti)
    .where(sql`lower(${utenti.email}) = ${email} and ${utenti.attivo} and not ${utenti.solo_sso}`)
    .limit(1);
  if (user?.email && (!user.demo || deps.config.demo)) {
    // the answer never waits for the mail
    sendResetLink(deps, user, baseHeader).catch((err) => log.error({ err }, 'reset mail failed'));
  }
}

/** Sets the password from a reset link; every older link is spent and every login ends. */
export async function resetPassword(deps: AppDeps, claims: Claims, password: string) {
  const { db } = deps;
  const userId = Number(claims.sub);
  const [user] = await db.select().from(utenti).where(eq(utenti.id, userId));
  if (!user || user.solo_sso) throw new AppError(401, 'avvisi.token_non_valido');
  if (password.toLowerCase() === user.username.toLowerCase()) throw badRequest({ password: 'avvisi.password_uguale_username' });
  if (!(await auth.consumeOneTime(db, claims.jti, 'reset'))) throw new AppError(401, 'avvisi.token_non_valido');
  await db.update(utenti).set({ password_hash: await hashSecret(password) }).where(eq(utenti.id, userId));
  await auth.spendLinks(db, userId, 'reset');
  await auth.revokeUser(db, userId);
  await audit(db, { id: user.id, username: user.username }, { entita: 'utenti', entita_id: userId, azione: 'password_reset' });
}

/** The new address takes effect from its own mailbox's link. */
export async function confirmEmail(deps: AppDeps, claims: Claims) {
  const { db } = deps;
  const userId = Number(claims.sub);
  const [user] = await db.select().from(utenti).where(eq(utenti.id, userId));
  if (!user || !claims.email || !(await auth.consumeOneTime(db, claims.jti, 'email'))) throw new AppError(401, 'avvisi.token_non_valido');
  await db.update(utenti).set({ email: claims.email }).where(eq(utenti.id, userId));
  await audit(db, { id: user.id, username: user.username }, { entita: 'utenti', entita_id: userId, azione: 'email_confermata', prima: { email: user.email }, dopo: { email: claims.email } });
}
