/** Login, token issue and rotation, password reset (issue #2 §3). */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { realNowMs, realWindowStart } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { refreshTokens, tentativiLogin, tokenMonouso } from '../../platform/db/tables';
import type { Tokens } from '../../platform/tokens';

export const LOGIN_WINDOW_MIN = 15;
export const LOGIN_MAX_FAILURES = 10;
export const USER_TOKEN_TTL = 120;
export const RESET_TOKEN_TTL = 30 * 60;

export async function tooManyFailures(db: Db, username: string, ip: string): Promise<boolean> {
  const since = realWindowStart(LOGIN_WINDOW_MIN);
  const [byUser] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tentativiLogin)
    .where(and(eq(tentativiLogin.username, username), gt(tentativiLogin.ts, since)));
  const [byIp] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tentativiLogin)
    .where(and(eq(tentativiLogin.ip, ip), gt(tentativiLogin.ts, since), sql`${tentativiLogin.username} not like '#%'`));
  return byUser.n >= LOGIN_MAX_FAILURES || byIp.n >= LOGIN_MAX_FAILURES;
}

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

export async function recordFailure(db: Db, username: string, ip: string) {
  await db.insert(tentativiLogin).values({ username, ip });
}

export async function clearFailures(db: Db, username: string) {
  await db.delete(tentativiLogin).where(eq(tentativiLogin.username, username));
}

/** Issues a one-time token (login or password reset) recorded so it can be used once. */
export async function issueOneTime(db: Db, tokens: Tokens, kind: 'u' | 'reset', userId: number) {
  const ttl = kind === 'u' ? USER_TOKEN_TTL : RESET_TOKEN_TTL;
  const t = await tokens.sign(kind, userId, ttl);
  await db.insert(tokenMonouso).values({ jti: t.jti, tipo: kind, utente_id: userId, scade_il: new Date(t.exp * 1000) });
  return t.token;
}

/** Marks a one-time token used; false if it was used already or unknown. */
export async function consumeOneTime(db: Db, jti: string, kind: 'u' | 'reset'): Promise<boolean> {
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
