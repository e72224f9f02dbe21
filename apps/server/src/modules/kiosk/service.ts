/** Kiosk terminals: their keys (shown once, stored hashed), the device's check, and the punch by badge and PIN. */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZKioskTimbra } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { verifySecret } from '../../platform/crypto';
import { localNow } from '../../platform/dates';
import { AppError } from '../../platform/errors';
import { tentativiLogin } from '../../platform/db/tables';
import { guardedAttempt } from '../../platform/auth';
import { now, realWindowStart } from '../../platform/clock';
import { dipendenti, utenti } from '../anagrafica';
import { storePunch, terminali } from '../timbrature';

export const TERMINAL_HEADER = 'x-tulip-terminale';
export const PIN_MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function newTerminalKey() {
  const key = `tk_${randomBytes(24).toString('base64url')}`;
  return { key, hash: hashKey(key) };
}

/** Guessing keys or PINs is bounded per address, like logins. */
async function tooMany(db: Db, kind: string, ip: string, max: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(tentativiLogin)
    .where(and(eq(tentativiLogin.username, kind), eq(tentativiLogin.ip, ip), gt(tentativiLogin.ts, realWindowStart(LOCK_MINUTES))));
  return Number(n) >= max;
}

/** The active terminal whose key the device sends; a wrong key counts as a failed attempt of its address. */
export async function terminalOf(db: Db, key: unknown, ip: string) {
  if (await tooMany(db, 'terminale', ip, 20)) throw new AppError(429, 'avvisi.too_many_attempts', { minuti: LOCK_MINUTES });
  if (typeof key === 'string' && key.length < 200) {
    const [t] = await db.select().from(terminali).where(and(eq(terminali.chiave_hash, hashKey(key)), eq(terminali.attivo, true)));
    if (t) return t;
  }
  await db.insert(tentativiLogin).values({ username: 'terminale', ip });
  throw new AppError(401, 'avvisi.terminale_non_registrato');
}

/** The kiosk's own view: which terminal this is, and the company's clock. */
export async function kioskTerminal(db: Db, tz: string, key: unknown, ip: string) {
  const t = await terminalOf(db, key, ip);
  return { id: t.id, descrizione: t.descrizione, ora: localNow(tz).ts };
}

/**
 * A punch at the kiosk: the employee by badge, number or username, with their PIN. At most 5 PINs of a badge are
 * checked in the window, on any terminal, counted before the check; the punch is stored once per request id.
 */
/**
 * The employee standing at a registered terminal, by badge, number or username, with their PIN. At most 5 PINs of a
 * badge are checked in the window, on any terminal, counted before the check. The kiosk's punches and the shop
 * floor's phase timers identify people this way.
 */
export async function terminalEmployee(db: Db, tz: string, key: unknown, ip: string, b: { badge?: string; matricola?: string; utente?: string; pin: string }) {
  const t = await terminalOf(db, key, ip);
  if (!b.badge && !b.matricola && !b.utente) throw new AppError(400, 'avvisi.validation', { fields: { badge: 'avvisi.campo_richiesto' } });
  const [dip] = b.utente
    ? await db.select({ d: dipendenti }).from(utenti).innerJoin(dipendenti, eq(dipendenti.id, utenti.dipendente_id)).where(eq(utenti.username, b.utente.toLowerCase())).then((x) => x.map((y) => y.d))
    : await db.select().from(dipendenti).where(or(b.badge ? eq(dipendenti.badge, b.badge) : undefined, b.matricola ? eq(dipendenti.matricola, b.matricola) : undefined));
  const lockKey = `kiosk:${dip?.id ?? b.badge ?? b.matricola ?? b.utente}`;
  const device = `terminale:${t.id}`;
  // counted before the PIN is checked, atomically: concurrent guesses check at most 5 PINs of a badge, on any terminal
  const limits = { pair: PIN_MAX_FAILURES, user: PIN_MAX_FAILURES };
  const ok = await guardedAttempt(db, lockKey, device, limits, () => verifySecret(b.pin, dip?.pin_hash), LOCK_MINUTES);
  if (ok === 'refused') throw new AppError(429, 'avvisi.badge_bloccato', { minuti: LOCK_MINUTES });
  const today = localNow(tz).data;
  if (!dip || !ok || dip.data_assunzione > today || (dip.data_cessazione && dip.data_cessazione < today)) {
    throw new AppError(401, 'avvisi.pin_errato'); // the reservation stays as the failure
  }
  await db.delete(tentativiLogin).where(eq(tentativiLogin.username, lockKey));
  await db.update(terminali).set({ ultimo_uso: now() }).where(eq(terminali.id, t.id));
  return { terminale: t, dipendente: dip };
}

/** A punch at the kiosk: the employee identified at the terminal; the punch is stored once per request id. */
export async function kioskPunch(db: Db, tz: string, key: unknown, ip: string, b: z.infer<typeof ZKioskTimbra>) {
  const { terminale: t, dipendente: dip } = await terminalEmployee(db, tz, key, ip, b);
  const today = localNow(tz).data;
  const { row } = await storePunch(db, tz, { dipendente_id: dip.id, ts: null, verso: b.verso, fonte: 'kiosk', id_richiesta: b.id_richiesta, terminale_id: t.id, mese: today.slice(0, 7) });
  return { nome: dip.nome, cognome: dip.cognome, ts: row.ts, verso: row.verso };
}
