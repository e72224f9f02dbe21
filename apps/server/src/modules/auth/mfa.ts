/**
 * The second factor (issue #32 §2): TOTP (RFC 6238, otplib) with ten one-time recovery codes. After the password,
 * login() asks `loginStep` what to answer: the user token as before, or a five-minute token that only POST
 * /api/auth/mfa takes (`mfa_required`), or, when the parameter `mfa_obbligatoria` obliges an administrator or HR user
 * who has not enrolled, a token that only the enrolment takes (`mfa_enrolment_required`). Wrong codes count in the
 * same lockout as wrong passwords (platform/auth.ts), and a code's time step is accepted once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type * as Otplib from 'otplib';
import { MFA_PROFILES, MFA_RECOVERY_CODES, PARAMETRI_MFA_DEFAULT, type TLoginAnswer, type TParametriMfa } from '@tulip/contract';
import * as auth from '../../platform/auth';
import { audit } from '../../platform/audit';
import { now, realNowMs } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { readSettings, writeSettings } from '../../platform/settings';
import type { Claims } from '../../platform/tokens';
import { canGrant, profili, sendLockNotice, utenti, utentiProfili } from '../anagrafica';
import { sendTranslatedMail } from '../lingue';
import { mfaCodiciRecupero, mfaUtenti } from './tables';

/**
 * otplib (with its hashing and base32 code) and qrcode are loaded at the first second factor, not at every start of
 * the server: together they are about a hundred files, a tenth of a second of it (issue #30).
 */
const otplib = (): Promise<typeof Otplib> => import('otplib');

export const PARAMETRI_MFA_KEY = 'parametri_mfa';
const ISSUER = 'Tulip';
/** ±1 step of 30 s around the server's time (RFC 6238 §5.2: a code typed at the end of its step, a phone's drift). */
const TOLERANCE_S = 30;
const LIMITS = { pair: auth.LOGIN_MAX_FAILURES, user: auth.LOGIN_MAX_FAILURES_USER, ip: auth.LOGIN_MAX_FAILURES_IP };

// ---- pure ----------------------------------------------------------------------------------------------------------

/** What a typed code is: six digits of the app, or a recovery code (case, spaces and hyphens do not matter). */
export function parseCode(codice: string): { totp: string } | { recupero: string } | null {
  const c = codice.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(c)) return { totp: c };
  if (/^[a-z2-7]{10}$/.test(c)) return { recupero: c };
  return null;
}

/** A recovery code as shown: ten base32 characters (50 random bits) in two groups, `abcde-fghij`. */
export function formatRecoveryCode(bytes: Uint8Array): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5 && out.length < 10) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (out.length < 10) throw new Error('formatRecoveryCode: 7 bytes at least');
  return `${out.slice(0, 5)}-${out.slice(5, 10)}`;
}

export const hashRecoveryCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** Whether the parameter obliges a user with these profiles to a second factor. */
export const isObliged = (param: TParametriMfa, codici: readonly string[]) =>
  param.mfa_obbligatoria && codici.some((c) => (MFA_PROFILES as readonly string[]).includes(c));

// ---- parameters and state --------------------------------------------------------------------------------------------

export const readParametriMfa = (db: Db): Promise<TParametriMfa> => readSettings(db, PARAMETRI_MFA_KEY, PARAMETRI_MFA_DEFAULT);
export const saveParametriMfa = (db: Db, user: CurrentUser, p: TParametriMfa) => writeSettings(db, user, PARAMETRI_MFA_KEY, PARAMETRI_MFA_DEFAULT, p);

async function profilesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.select({ codice: profili.codice }).from(utentiProfili).innerJoin(profili, eq(profili.id, utentiProfili.profilo_id)).where(eq(utentiProfili.utente_id, userId));
  return rows.map((r) => r.codice);
}

async function obliged(db: Db, userId: number) {
  const param = await readParametriMfa(db);
  return param.mfa_obbligatoria && isObliged(param, await profilesOf(db, userId));
}

async function factorOf(db: Db, userId: number) {
  const [row] = await db.select().from(mfaUtenti).where(eq(mfaUtenti.utente_id, userId));
  return row;
}

export async function mfaState(db: Db, userId: number) {
  const [row, [rest], mandatory] = await Promise.all([
    factorOf(db, userId),
    db.select({ n: count() }).from(mfaCodiciRecupero).where(and(eq(mfaCodiciRecupero.utente_id, userId), isNull(mfaCodiciRecupero.usato_il))),
    obliged(db, userId),
  ]);
  const attiva = !!row?.segreto;
  return { attiva, obbligatoria: mandatory, codici_rimasti: attiva ? rest.n : 0 };
}

export async function enrolledUsers(db: Db) {
  const rows = await db.select({ id: mfaUtenti.utente_id }).from(mfaUtenti).where(isNotNull(mfaUtenti.segreto));
  return { utenti: rows.map((r) => r.id) };
}

// ---- codes ---------------------------------------------------------------------------------------------------------

/**
 * A TOTP code against a secret, on the real clock (a phone's app knows no TULIP_NOW): the matched time step, or null.
 * `after`: steps up to it are refused (already used).
 */
async function matchTotp(secret: string, token: string, after: number | null): Promise<number | null> {
  const r = await (await otplib()).verify({ secret, token, epoch: Math.floor(realNowMs() / 1000), epochTolerance: TOLERANCE_S, ...(after !== null ? { afterTimeStep: after } : {}) });
  // the TOTP strategy's answer carries the matched step (the functional API's type also covers HOTP's, which does not)
  return r.valid && 'timeStep' in r ? (r.timeStep as number) : null;
}

/** Takes a time step for the user: false when it or a later one was taken already (a replay, or a concurrent use). */
async function takeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(mfaUtenti)
    .set({ ultimo_passo: step })
    .where(and(eq(mfaUtenti.utente_id, userId), isNotNull(mfaUtenti.segreto), or(isNull(mfaUtenti.ultimo_passo), lt(mfaUtenti.ultimo_passo, step))))
    .returning({ id: mfaUtenti.utente_id });
  return rows.length === 1;
}

/** A code of an enrolled user: a TOTP code of an unused step, or an unused recovery code, which is then spent. */
async function checkCode(db: Db, userId: number, codice: string): Promise<'totp' | 'recupero' | false> {
  const code = parseCode(codice);
  const row = await factorOf(db, userId);
  if (!code || !row?.segreto) return false;
  if ('totp' in code) {
    const step = await matchTotp(row.segreto, code.totp, row.ultimo_passo);
    return step !== null && (await takeStep(db, userId, step)) ? 'totp' : false;
  }
  const spent = await db
    .update(mfaCodiciRecupero)
    .set({ usato_il: now() })
    .where(and(eq(mfaCodiciRecupero.utente_id, userId), eq(mfaCodiciRecupero.hash, hashRecoveryCode(code.recupero)), isNull(mfaCodiciRecupero.usato_il)))
    .returning({ id: mfaCodiciRecupero.id });
  return spent.length === 1 ? 'recupero' : false;
}

type Account = Pick<typeof utenti.$inferSelect, 'id' | 'username' | 'email' | 'lingua' | 'attivo'>;

/**
 * A code checked as a password is: counted before the check in the user's login bucket (the same limits), the
 * failures of the pair forgotten on success. The attempt that locks the user for everyone mails them, as login does.
 */
async function guardedCode(deps: AppDeps, user: Account, codice: string, ip: string, log: FastifyBaseLogger) {
  const bucket = user.username.toLowerCase();
  let kind: 'totp' | 'recupero' | false = false;
  const ok = await auth.guardedAttempt(deps.db, bucket, ip, LIMITS, async () => !!(kind = await checkCode(deps.db, user.id, codice)));
  if (ok === 'refused') throw new AppError(429, 'avvisi.too_many_attempts', { minuti: auth.LOGIN_WINDOW_MIN });
  if (!ok) {
    if ((await auth.failuresOf(deps.db, bucket)) === auth.LOGIN_MAX_FAILURES_USER) {
      sendLockNotice(deps, user, auth.LOGIN_MAX_FAILURES_USER, auth.LOGIN_WINDOW_MIN).catch((err) => log.error({ err }, 'lock notice failed'));
    }
    throw badRequest({ codice: 'avvisi.mfa_codice_errato' });
  }
  await auth.forgetAttempt(deps.db, bucket, ip);
  return kind as unknown as 'totp' | 'recupero';
}

async function account(db: Db, userId: number): Promise<Account> {
  const [user] = await db.select({ id: utenti.id, username: utenti.username, email: utenti.email, lingua: utenti.lingua, attivo: utenti.attivo }).from(utenti).where(eq(utenti.id, userId));
  if (!user?.attivo) throw unauthorized();
  return user;
}

// ---- login ---------------------------------------------------------------------------------------------------------

/** What the right password answers (login()): the user token, or the token of the second step or of the enrolment. */
export async function loginStep(deps: AppDeps, userId: number): Promise<TLoginAnswer> {
  const { db, tokens } = deps;
  if ((await factorOf(db, userId))?.segreto) return { mfa_required: true, token: await auth.issueOneTime(db, tokens, 'mfa', userId) };
  if (await obliged(db, userId)) return { mfa_enrolment_required: true, token: await auth.issueOneTime(db, tokens, 'mfa_enrol', userId) };
  return { token: await auth.issueOneTime(db, tokens, 'u', userId) };
}

/** POST /api/auth/mfa: the second step's token and a code for the user token (the token serves until a right code). */
export async function verifyLogin(deps: AppDeps, claims: Claims, codice: string, ip: string, log: FastifyBaseLogger) {
  const { db, tokens } = deps;
  if (!(await auth.isUnused(db, claims.jti, 'mfa'))) throw unauthorized();
  const user = await account(db, Number(claims.sub));
  const kind = await guardedCode(deps, user, codice, ip, log);
  if (!(await auth.consumeOneTime(db, claims.jti, 'mfa'))) throw unauthorized();
  if (kind === 'recupero') await audit(db, user, { entita: 'utenti', entita_id: user.id, azione: 'mfa_recupero' });
  return { token: await auth.issueOneTime(db, tokens, 'u', user.id) };
}

// ---- enrolment -----------------------------------------------------------------------------------------------------

/** A new pending secret (a second one replaces the first); refused while a factor is on: switch it off first, with a code. */
export async function startEnrolment(db: Db, userId: number) {
  const user = await account(db, userId);
  if ((await factorOf(db, userId))?.segreto) throw conflict('avvisi.mfa_gia_attiva');
  const { generateSecret, generateURI } = await otplib();
  const segreto = generateSecret();
  await db
    .insert(mfaUtenti)
    .values({ utente_id: userId, segreto_in_attesa: segreto })
    .onConflictDoUpdate({ target: mfaUtenti.utente_id, set: { segreto_in_attesa: segreto, modificata_il: now() } });
  const otpauth = generateURI({ issuer: ISSUER, label: user.username, secret: segreto });
  const QRCode = (await import('qrcode')).default;
  return { otpauth, qr: await QRCode.toDataURL(otpauth, { margin: 1, width: 240 }), segreto };
}

/** The first code confirms the pending secret: the factor is on, with ten new recovery codes, answered this once. */
export async function confirmEnrolment(db: Db, userId: number, codice: string) {
  const user = await account(db, userId);
  const row = await factorOf(db, userId);
  if (row?.segreto) throw conflict('avvisi.mfa_gia_attiva');
  if (!row?.segreto_in_attesa) throw conflict('avvisi.mfa_nessuna_attivazione');
  const code = parseCode(codice);
  const step = code && 'totp' in code ? await matchTotp(row.segreto_in_attesa, code.totp, null) : null;
  if (step === null) throw badRequest({ codice: 'avvisi.mfa_codice_errato' });
  const codes = Array.from({ length: MFA_RECOVERY_CODES }, () => formatRecoveryCode(randomBytes(7)));
  await db.transaction(async (tx) => {
    const done = await tx
      .update(mfaUtenti)
      .set({ segreto: row.segreto_in_attesa, segreto_in_attesa: null, attiva_dal: now(), ultimo_passo: step, modificata_il: now() })
      .where(and(eq(mfaUtenti.utente_id, userId), isNull(mfaUtenti.segreto), eq(mfaUtenti.segreto_in_attesa, row.segreto_in_attesa!)))
      .returning({ id: mfaUtenti.utente_id });
    if (!done.length) throw conflict('avvisi.mfa_gia_attiva');
    await tx.delete(mfaCodiciRecupero).where(eq(mfaCodiciRecupero.utente_id, userId));
    await tx.insert(mfaCodiciRecupero).values(codes.map((c) => ({ utente_id: userId, hash: hashRecoveryCode(c) })));
    await audit(tx as unknown as Db, user, { entita: 'utenti', entita_id: userId, azione: 'mfa_attivata' });
  });
  return { codici_recupero: codes };
}

/** The enrolment at login, with the enrolment token: the token serves both calls, and is spent by the confirmation. */
export async function startEnrolmentAtLogin(deps: AppDeps, claims: Claims) {
  if (!(await auth.isUnused(deps.db, claims.jti, 'mfa_enrol'))) throw unauthorized();
  return startEnrolment(deps.db, Number(claims.sub));
}

export async function confirmEnrolmentAtLogin(deps: AppDeps, claims: Claims, codice: string) {
  const { db, tokens } = deps;
  const userId = Number(claims.sub);
  if (!(await auth.isUnused(db, claims.jti, 'mfa_enrol'))) throw unauthorized();
  const { codici_recupero } = await confirmEnrolment(db, userId, codice);
  await auth.consumeOneTime(db, claims.jti, 'mfa_enrol');
  return { codici_recupero, token: await auth.issueOneTime(db, tokens, 'u', userId) };
}

// ---- switching off -------------------------------------------------------------------------------------------------

async function removeFactor(db: Db, userId: number) {
  const gone = await db.delete(mfaUtenti).where(eq(mfaUtenti.utente_id, userId)).returning({ segreto: mfaUtenti.segreto });
  await db.delete(mfaCodiciRecupero).where(eq(mfaCodiciRecupero.utente_id, userId));
  return gone.some((g) => g.segreto);
}

/** The user switches the factor off with a current code (counted as a login attempt); never while it is mandatory. */
export async function disable(deps: AppDeps, me: CurrentUser, codice: string, ip: string, log: FastifyBaseLogger) {
  const { db } = deps;
  if (!(await factorOf(db, me.id))?.segreto) throw conflict('avvisi.mfa_non_attiva');
  if (await obliged(db, me.id)) throw conflict('avvisi.mfa_obbligatoria');
  await guardedCode(deps, await account(db, me.id), codice, ip, log);
  await db.transaction(async (tx) => {
    await removeFactor(tx as unknown as Db, me.id);
    await audit(tx as unknown as Db, me, { entita: 'utenti', entita_id: me.id, azione: 'mfa_disattivata' });
  });
  return { message: 'avvisi.mfa_disattivata' };
}

/**
 * An administrator resets a user's factor (a lost phone): the user enrols again at the next login if obliged, and is
 * told by e-mail. Whoever manages users may do it for a user whose profiles they could give (never an administrator's
 * from HR: anagrafica's canGrant).
 */
export async function resetFactor(deps: AppDeps, actor: CurrentUser, userId: number, log: FastifyBaseLogger) {
  const { db } = deps;
  const [target] = await db.select().from(utenti).where(eq(utenti.id, userId));
  if (!target) throw notFound();
  const theirs = await db.select({ codice: profili.codice, scope: profili.scope, routes: profili.routes }).from(utentiProfili).innerJoin(profili, eq(profili.id, utentiProfili.profilo_id)).where(eq(utentiProfili.utente_id, userId));
  const grantor = actor.profilo ? { codice: actor.profilo.codice, scope: actor.profilo.scope, routes: actor.profilo.routes } : null;
  if (!theirs.every((p) => canGrant(grantor, { codice: p.codice, scope: p.scope as never, routes: p.routes }))) throw forbidden();
  const removed = await db.transaction(async (tx) => {
    const had = await removeFactor(tx as unknown as Db, userId);
    if (had) await audit(tx as unknown as Db, actor, { entita: 'utenti', entita_id: userId, azione: 'mfa_reset' });
    return had;
  });
  if (!removed) throw conflict('avvisi.mfa_non_attiva');
  if (target.email) {
    const lang = target.lingua ?? (await deps.defaultLang());
    await sendTranslatedMail(db, deps.mailer, target.email, lang, 'mfa_reset', { username: target.username }).catch((err) => log.error({ err }, 'mfa reset mail failed'));
  }
  return { message: 'avvisi.mfa_reset_ok' };
}
