/**
 * API tokens (issue #32 §3): created by an administrator for one profile, shown once, kept as their SHA-256; the guard
 * turns a token into a user of that profile (`token:<nome>`, no password) at each request. A machine's token has no
 * person; a personal token acts for one user, with that user's employee and departments.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { API_TOKEN_PREFIX, type TScope, type ZTokenApiInput } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { perDb } from '../../platform/db/batch';
import { audit } from '../../platform/audit';
import { now, realNowMs } from '../../platform/clock';
import { instantToLocal, localNow } from '../../platform/dates';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { profili, repartiResponsabili, utenti, utentiProfili } from '../anagrafica';
import { tokenApi } from './tables';

export const ADMIN_PROFILE = 'AMMINISTRATORE';
/** Requests a token may make in a minute (TULIP_API_TOKEN_RATE), per server process. */
export const API_TOKEN_RATE = 600;
/** `ultimo_uso` is written at most this often per token. */
const LAST_USE_EVERY_MS = 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new secret: the prefix and 32 random bytes, base64url (43 characters). */
export function newApiToken() {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashOf(token) };
}

/** Tokens act as `username` in the audit log: the name with this prefix. */
export const tokenUsername = (nome: string) => `token:${nome}`;

export async function listApiTokens(db: Db, tz: string) {
  const rows = await db
    .select({
      id: tokenApi.id, nome: tokenApi.nome, profilo_id: tokenApi.profilo_id, profilo: profili.descrizione,
      utente_id: tokenApi.utente_id, utente: sql<string | null>`(select u.username from ${utenti} u where u.id = ${tokenApi.utente_id})`, scadenza: tokenApi.scadenza,
      creato_il: instantToLocal(tokenApi.creato_il, tz), creato_da: utenti.username,
      ultimo_uso: instantToLocal(tokenApi.ultimo_uso, tz), revocato_il: instantToLocal(tokenApi.revocato_il, tz),
    })
    .from(tokenApi)
    .innerJoin(profili, eq(profili.id, tokenApi.profilo_id))
    .leftJoin(utenti, eq(utenti.id, tokenApi.creato_da))
    .orderBy(sql`${tokenApi.revocato_il} is not null`, desc(tokenApi.creato_il), desc(tokenApi.id));
  return { rows, total: rows.length };
}

/** A token never makes or revokes tokens: only a person signed in as an administrator does. */
function assertPerson(user: CurrentUser) {
  if (user.api_token) throw forbidden();
}

/**
 * A new token for a profile, never the administrators'. A machine's token has no employee nor managed departments, so
 * its profile must see everyone (`tutti`); a profile of narrower scope needs the person the token acts for, who must
 * hold that profile and be active.
 */
export async function createApiToken(db: Db, tz: string, user: CurrentUser, b: z.infer<typeof ZTokenApiInput>) {
  assertPerson(user);
  const [p] = await db.select().from(profili).where(eq(profili.id, b.profilo_id));
  if (!p) throw badRequest({ profilo_id: 'avvisi.valore_non_valido' });
  if (p.codice === ADMIN_PROFILE) throw new AppError(400, 'avvisi.token_profilo_amministratore', { fields: { profilo_id: 'avvisi.token_profilo_amministratore' } });
  if (p.scope !== 'tutti' && !b.utente_id) throw new AppError(400, 'avvisi.token_profilo_ambito', { fields: { utente_id: 'avvisi.token_profilo_ambito' } });
  if (b.utente_id) {
    const [holds] = await db
      .select({ id: utenti.id })
      .from(utenti)
      .innerJoin(utentiProfili, and(eq(utentiProfili.utente_id, utenti.id), eq(utentiProfili.profilo_id, p.id)))
      .where(and(eq(utenti.id, b.utente_id), eq(utenti.attivo, true)));
    if (!holds) throw new AppError(400, 'avvisi.token_utente_profilo', { fields: { utente_id: 'avvisi.token_utente_profilo' } });
  }
  if (b.scadenza && b.scadenza < localNow(tz).data) throw badRequest({ scadenza: 'avvisi.token_scadenza_passata' });
  const { token, hash } = newApiToken();
  const row = await db.transaction(async (tx) => {
    const [r] = await tx
      .insert(tokenApi)
      .values({ nome: b.nome, hash, profilo_id: p.id, utente_id: b.utente_id ?? null, scadenza: b.scadenza ?? null, creato_da: user.id })
      .returning({ id: tokenApi.id });
    await audit(tx as never, user, { entita: 'token_api', entita_id: r.id, azione: 'create', dopo: { nome: b.nome, profilo: p.codice, utente_id: b.utente_id ?? null, scadenza: b.scadenza ?? null } });
    return r;
  });
  return { id: row.id, token };
}

/** Revoked at once: the guard reads the token at every request, so the next one with it is 401. */
export async function revokeApiToken(db: Db, user: CurrentUser, id: number) {
  assertPerson(user);
  await db.transaction(async (tx) => {
    const [r] = await tx.update(tokenApi).set({ revocato_il: now() }).where(and(eq(tokenApi.id, id), isNull(tokenApi.revocato_il))).returning({ id: tokenApi.id, nome: tokenApi.nome });
    if (!r) {
      const [exists] = await tx.select({ id: tokenApi.id }).from(tokenApi).where(eq(tokenApi.id, id));
      if (!exists) throw notFound();
      return; // already revoked: nothing to do
    }
    await audit(tx as never, user, { entita: 'token_api', entita_id: r.id, azione: 'revoca', prima: { nome: r.nome } });
  });
}

/**
 * Per database (tests run several in one process) and per token: its requests in the current minute, and when this
 * process last wrote its `ultimo_uso`.
 */
const usage = perDb((_db: Db) => ({ windows: new Map<number, { start: number; n: number }>(), lastWrite: new Map<number, number>() }));

function rateLimit(db: Db, id: number, rate: number) {
  const { windows } = usage(db);
  const t = realNowMs();
  let w = windows.get(id);
  if (!w || t - w.start >= 60_000) {
    if (windows.size > 10_000) windows.clear();
    w = { start: t, n: 0 };
    windows.set(id, w);
  }
  if (++w.n > rate) {
    const secondi = Math.max(1, Math.ceil((w.start + 60_000 - t) / 1000));
    throw new AppError(429, 'avvisi.token_troppe_richieste', { limite: rate, secondi });
  }
}

function tokenQuery(db: Db) {
  return db
    .select({
      id: tokenApi.id, nome: tokenApi.nome, scadenza: tokenApi.scadenza, revocato_il: tokenApi.revocato_il,
      profilo_id: profili.id, codice: profili.codice, descrizione: profili.descrizione, scope: profili.scope, routes: profili.routes,
      // a personal token: its person, while active and holding the profile, with the departments they manage
      utente_id: tokenApi.utente_id, dipendente_id: utenti.dipendente_id,
      persona_valida: sql<boolean>`${utenti.attivo} and exists (select 1 from ${utentiProfili} up where up.utente_id = ${utenti.id} and up.profilo_id = ${profili.id})`,
      reparti: sql<number[] | null>`(select array_agg(${repartiResponsabili.reparto_id}) from ${repartiResponsabili} where ${repartiResponsabili.dipendente_id} = ${utenti.dipendente_id})`,
    })
    .from(tokenApi)
    .innerJoin(profili, eq(profili.id, tokenApi.profilo_id))
    .leftJoin(utenti, eq(utenti.id, tokenApi.utente_id))
    .where(eq(tokenApi.hash, sql.placeholder('hash')))
    .prepare('tulip_load_api_token');
}
const queryOf = perDb(tokenQuery);

/**
 * The guard's reader of `Authorization: Bearer tlp_...`: the user a live token acts as, or null (unknown, revoked,
 * expired, its profile made the administrators' since, a machine's profile no longer seeing everyone, its person gone
 * inactive or without the profile). Found by its hash's index: the secret itself is never compared. Over the rate,
 * 429 with Retry-After.
 */
export function apiTokenLoader(opts: { timezone: string; rate: number }) {
  return async (db: Db, token: string): Promise<CurrentUser | null> => {
    if (token.length > 200) return null;
    const [row] = await queryOf(db).execute({ hash: hashOf(token) });
    if (!row || row.revocato_il || row.codice === ADMIN_PROFILE) return null;
    if (row.utente_id ? !row.persona_valida : row.scope !== 'tutti') return null;
    if (row.scadenza && row.scadenza < localNow(opts.timezone).data) return null;
    rateLimit(db, row.id, opts.rate);
    await touch(db, row.id);
    return {
      // a machine is no person: a negative id is nobody's, and keeps the token's idempotency keys apart from every user's
      id: row.utente_id ?? -row.id,
      username: tokenUsername(row.nome),
      dipendente_id: row.utente_id ? row.dipendente_id : null,
      famiglia: undefined,
      profilo: { id: row.profilo_id, codice: row.codice, descrizione: row.descrizione, scope: row.scope as TScope, routes: row.routes ?? [] },
      reparti: row.utente_id ? (row.reparti ?? []) : [],
      api_token: row.id,
    };
  };
}

/** Last use, written at most once a minute per token and process (one request a minute pays for it). */
async function touch(db: Db, id: number) {
  const { lastWrite } = usage(db);
  const t = realNowMs();
  if (t - (lastWrite.get(id) ?? 0) < LAST_USE_EVERY_MS) return;
  if (lastWrite.size > 10_000) lastWrite.clear();
  lastWrite.set(id, t);
  await db.update(tokenApi).set({ ultimo_uso: now() }).where(eq(tokenApi.id, id));
}
