/**
 * Sign-in's security primitives (issue #2 §3): throttled attempts, one-time tokens, refresh-token rotation. Platform,
 * not a module: the login, the kiosk's PIN and the visitor links all use them, on the platform's own tables.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { realNowMs, realWindowStart } from './clock';
import type { Db } from './db';
import { refreshTokens, tentativiLogin, tokenMonouso } from './db/tables';
import type { Tokens } from './tokens';

export const LOGIN_WINDOW_MIN = 15;
/** Wrong passwords for one user from one address before that pair is locked for the window. */
export const LOGIN_MAX_FAILURES = 10;
/** Wrong passwords for one user from any address before the user is locked for everyone (and told by e-mail). */
export const LOGIN_MAX_FAILURES_USER = 100;
/** Wrong passwords from one address, whatever the users, before that address is locked (password spraying). */
export const LOGIN_MAX_FAILURES_IP = 30;

/** `ipBuckets`: which buckets the address's limit counts (a LIKE pattern); by default the logins'. */
export type AttemptLimits = { pair: number; user?: number; ip?: number; ipBuckets?: string };
export type Reservation = { id: number } | { refused: 'pair' | 'user' | 'ip' };

/**
 * Takes one attempt from the allowance of (bucket, address), atomically: under advisory locks on the bucket and on
 * the address, counts the failures in the window and, below every limit, records this attempt as a failure before it
 * is checked. N concurrent attempts thus check at most the limit, never N; the caller forgets the reservation
 * (forgetAttempt) when the attempt succeeds. A refusal says which limit was reached.
 */
export async function reserveAttempt(db: Db, bucket: string, ip: string, limits: AttemptLimits, windowMin = LOGIN_WINDOW_MIN): Promise<Reservation> {
  return db.transaction(async (tx) => {
    // always the bucket first, then the address: no two attempts wait on each other in a cycle
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tulip:b:${bucket}`})), pg_advisory_xact_lock(hashtext(${`tulip:a:${ip}`}))`);
    const since = realWindowStart(windowMin);
    const [c] = await tx
      .select({
        pair: sql<number>`count(*) filter (where ${tentativiLogin.username} = ${bucket} and ${tentativiLogin.ip} = ${ip})::int`,
        user: sql<number>`count(*) filter (where ${tentativiLogin.username} = ${bucket})::int`,
        ip: sql<number>`count(*) filter (where ${tentativiLogin.ip} = ${ip} and ${
          limits.ipBuckets ? sql`${tentativiLogin.username} like ${limits.ipBuckets}` : sql`${tentativiLogin.username} not like '#%' and ${tentativiLogin.username} not like 'kiosk:%' and ${tentativiLogin.username} not like 'password:%'`
        })::int`,
      })
      .from(tentativiLogin)
      .where(and(gt(tentativiLogin.ts, since), or(eq(tentativiLogin.username, bucket), eq(tentativiLogin.ip, ip))));
    if (c.pair >= limits.pair) return { refused: 'pair' as const };
    if (limits.user !== undefined && c.user >= limits.user) return { refused: 'user' as const };
    if (limits.ip !== undefined && c.ip >= limits.ip) return { refused: 'ip' as const };
    const [row] = await tx.insert(tentativiLogin).values({ username: bucket, ip }).returning({ id: tentativiLogin.id });
    return { id: row.id };
  });
}

/**
 * One guarded attempt (a password, a PIN): reserved before `check` runs (reserveAttempt), kept as a failure when the
 * check answers false, given back when the check could not run at all (a busy server: its error is passed on).
 * 'refused': a limit was reached and nothing was checked. The caller forgets the failures of a success its own way.
 */
export async function guardedAttempt(
  db: Db, bucket: string, ip: string, limits: AttemptLimits, check: () => Promise<boolean>, windowMin = LOGIN_WINDOW_MIN,
): Promise<'refused' | boolean> {
  const slot = await reserveAttempt(db, bucket, ip, limits, windowMin);
  if ('refused' in slot) return 'refused';
  try {
    return await check();
  } catch (err) {
    await db.delete(tentativiLogin).where(eq(tentativiLogin.id, slot.id)); // not checked: not a failure
    throw err;
  }
}

/** An attempt that succeeded: its reservation and the earlier failures of the same pair are forgotten. */
export async function forgetAttempt(db: Db, bucket: string, ip: string) {
  await db.delete(tentativiLogin).where(and(eq(tentativiLogin.username, bucket), eq(tentativiLogin.ip, ip)));
}

/** Failures of a bucket from every address in the window (to tell a user whose account was just locked). */
export async function failuresOf(db: Db, bucket: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tentativiLogin)
    .where(and(eq(tentativiLogin.username, bucket), gt(tentativiLogin.ts, realWindowStart(LOGIN_WINDOW_MIN))));
  return r.n;
}
export const USER_TOKEN_TTL = 120;
export const RESET_TOKEN_TTL = 30 * 60;
/** The link that confirms a new e-mail address: a day. */
export const EMAIL_TOKEN_TTL = 24 * 3600;
/** The second factor's step after the password (issue #32 §2): five minutes to type a code. */
export const MFA_TOKEN_TTL = 5 * 60;
/** An enrolment at login (a QR to scan, an app to install): a quarter of an hour. */
export const MFA_ENROL_TOKEN_TTL = 15 * 60;
export type OneTimeKind = 'u' | 'reset' | 'email' | 'mfa' | 'mfa_enrol';
const TTL: Record<OneTimeKind, number> = { u: USER_TOKEN_TTL, reset: RESET_TOKEN_TTL, email: EMAIL_TOKEN_TTL, mfa: MFA_TOKEN_TTL, mfa_enrol: MFA_ENROL_TOKEN_TTL };

/**
 * Guessing of public tokens (e.g. visitor links), counted per address in the login-attempts table under a bucket name
 * starting with '#', which no username can take; the same window and limit as logins.
 */
export async function tooManyGuesses(db: Db, bucket: `#${string}`, ip: string): Promise<boolean> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tentativiLogin)
    .where(and(eq(tentativiLogin.username, bucket), eq(tentativiLogin.ip, ip), gt(tentativiLogin.ts, realWindowStart(LOGIN_WINDOW_MIN))));
  return r.n >= LOGIN_MAX_FAILURES;
}

/** Issues a one-time token (login or password reset) recorded so it can be used once. */
export async function issueOneTime(db: Db, tokens: Tokens, kind: OneTimeKind, userId: number, email?: string) {
  const t = await tokens.sign(kind, userId, TTL[kind], email ? { email } : {});
  await db.insert(tokenMonouso).values({ jti: t.jti, tipo: kind, utente_id: userId, scade_il: new Date(t.exp * 1000) });
  return t.token;
}

/** Whether a one-time token is still unused and unexpired (a token that serves several calls before it is spent). */
export async function isUnused(db: Db, jti: string, kind: OneTimeKind): Promise<boolean> {
  const rows = await db
    .select({ jti: tokenMonouso.jti })
    .from(tokenMonouso)
    .where(and(eq(tokenMonouso.jti, jti), eq(tokenMonouso.tipo, kind), isNull(tokenMonouso.usato_il), gt(tokenMonouso.scade_il, new Date(realNowMs()))));
  return rows.length === 1;
}

/** Marks a one-time token used; false if it was used already or unknown. */
export async function consumeOneTime(db: Db, jti: string, kind: OneTimeKind): Promise<boolean> {
  const rows = await db
    .update(tokenMonouso)
    .set({ usato_il: new Date(realNowMs()) })
    .where(and(eq(tokenMonouso.jti, jti), eq(tokenMonouso.tipo, kind), isNull(tokenMonouso.usato_il), gt(tokenMonouso.scade_il, new Date(realNowMs()))))
    .returning({ jti: tokenMonouso.jti });
  return rows.length === 1;
}

export async function issuePair(db: Db, tokens: Tokens, ttl: { atoken: number; rtoken: number }, userId: number, famiglia: string = randomUUID()) {
  const r = await tokens.sign('r', userId, ttl.rtoken, { fam: famiglia });
  await db.insert(refreshTokens).values({ jti: r.jti, famiglia, utente_id: userId, scade_il: new Date(r.exp * 1000) });
  const a = await tokens.sign('a', userId, ttl.atoken, { fam: famiglia });
  return { atoken: a.token, rtoken: r.token };
}

export type RotateResult = { ok: true; famiglia: string } | { ok: false; reuse: boolean };

/** Every link of a kind still unused is spent (a password set, or changed, makes the older reset links worthless). */
export async function spendLinks(db: Db, userId: number, kind: OneTimeKind) {
  await db
    .update(tokenMonouso)
    .set({ usato_il: new Date(realNowMs()) })
    .where(and(eq(tokenMonouso.utente_id, userId), eq(tokenMonouso.tipo, kind), isNull(tokenMonouso.usato_il)));
}

/** Revokes every login of a user but one (a password changed from one session ends the others). */
export async function revokeOthers(db: Db, userId: number, keep: string | undefined) {
  await db
    .update(refreshTokens)
    .set({ revocato_il: new Date(realNowMs()) })
    .where(and(eq(refreshTokens.utente_id, userId), isNull(refreshTokens.revocato_il), keep ? ne(refreshTokens.famiglia, keep) : undefined));
}

/** Uses a refresh token once. Presenting an already-rotated token revokes its whole family. */
export async function rotate(db: Db, jti: string): Promise<RotateResult> {
  const used = await db
    .update(refreshTokens)
    .set({ usato_il: new Date(realNowMs()) })
    .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.usato_il), isNull(refreshTokens.revocato_il), gt(refreshTokens.scade_il, new Date(realNowMs()))))
    .returning({ famiglia: refreshTokens.famiglia });
  if (used.length) return { ok: true, famiglia: used[0].famiglia };
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.jti, jti));
  if (row?.usato_il && !row.revocato_il) {
    await revokeFamily(db, row.famiglia);
    return { ok: false, reuse: true };
  }
  return { ok: false, reuse: false };
}

export async function revokeFamily(db: Db, famiglia: string) {
  await db.update(refreshTokens).set({ revocato_il: new Date(realNowMs()) }).where(and(eq(refreshTokens.famiglia, famiglia), isNull(refreshTokens.revocato_il)));
}

export async function revokeUser(db: Db, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revocato_il: new Date(realNowMs()) })
    .where(and(eq(refreshTokens.utente_id, userId), or(isNull(refreshTokens.revocato_il))));
}
