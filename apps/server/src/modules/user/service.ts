/** The signed-in user's own account (SPEC §7 api/user): profile, profiles, settings, password and e-mail. */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TScope, TUserProfile, ZUserUpdate } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../platform/db';
import { batched, perDb } from '../../platform/db/batch';
import { audit } from '../../platform/audit';
import { hashSecret, verifySecret } from '../../platform/crypto';
import { AppError, badRequest } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import * as auth from '../../platform/auth';
import { dipendenti, profili, sendEmailConfirmation, utenti, utentiProfili } from '../anagrafica';
import { lingue } from '../lingue';

/** The profiles the user may switch to. */
export const profilesOf = (db: Db, userId: number) =>
  db
    .select({ id: profili.id, codice: profili.codice, descrizione: profili.descrizione, scope: profili.scope })
    .from(utentiProfili)
    .innerJoin(profili, eq(profili.id, utentiProfili.profilo_id))
    .where(eq(utentiProfili.utente_id, userId))
    .orderBy(profili.codice) as Promise<{ id: number; codice: string; descrizione: string; scope: TScope }[]>;

/**
 * The user, their employee and active profile: one query, prepared once, as every page load asks for it; the profiles
 * asked in the same event-loop round are read together (platform/db/batch.ts), like the guard's users.
 */
const profileQuery = (db: Db) =>
  db
    .select({
      u: {
        id: utenti.id, username: utenti.username, email: utenti.email, lingua: utenti.lingua, profilo_attivo_id: utenti.profilo_attivo_id,
        notifiche_email: utenti.notifiche_email,
      },
      d: {
        id: dipendenti.id, matricola: dipendenti.matricola, cognome: dipendenti.cognome, nome: dipendenti.nome,
        reparto_id: dipendenti.reparto_id, data_assunzione: dipendenti.data_assunzione,
      },
      p: { id: profili.id, codice: profili.codice, descrizione: profili.descrizione, scope: profili.scope, pagina_iniziale: profili.pagina_iniziale },
    })
    .from(utenti)
    .leftJoin(dipendenti, eq(dipendenti.id, utenti.dipendente_id))
    .leftJoin(profili, eq(profili.id, utenti.profilo_attivo_id))
    .where(sql`${utenti.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('tulip_user_profiles');
type ProfileRow = Awaited<ReturnType<ReturnType<typeof profileQuery>['execute']>>[number];
const profileLoader = perDb((db: Db) => {
  const q = profileQuery(db);
  return batched<number, ProfileRow | undefined>('profilo', async (ids) => {
    const rows = await q.execute({ ids: [...new Set(ids)] });
    const byId = new Map(rows.map((r) => [r.u.id, r]));
    return ids.map((id) => byId.get(id));
  });
});

export async function profile(db: Db, userId: number): Promise<TUserProfile> {
  const row = await profileLoader(db)(userId);
  if (!row) throw new AppError(401, 'avvisi.unauthorized');
  // the profile's scope is one of SCOPES by the table's check; the contract's type says so
  return { utente: row.u, profilo: (row.p as TUserProfile['profilo']) ?? null, dipendente: row.d ?? null };
}

/** Changes the user's own settings; a new e-mail address is confirmed from its own mailbox. */
export async function updateSelf(deps: AppDeps, user: CurrentUser, body: z.infer<typeof ZUserUpdate>, ip: string, baseHeader: unknown) {
  const { db } = deps;
  // an API token may act for a person, never be the person: the account, its password and its sign-in stay theirs
  if (user.api_token) throw new AppError(403, 'avvisi.token_non_ammesso');
    const [before] = await db.select().from(utenti).where(eq(utenti.id, user.id));
  const set: Partial<typeof utenti.$inferInsert> = {};
  const newEmail = body.email === undefined || (body.email ?? null)?.toLowerCase() === before.email?.toLowerCase() ? undefined : body.email;
  // moving the account's mail (and so its reset links) or its password takes the current password, counted like logins
  if (newEmail !== undefined || body.password_nuova) await checkPassword(db, ip, before, body.password_attuale);
  // a new address is confirmed from its own mailbox (the old one is told); removing it takes effect at once
  if (newEmail === null) set.email = null;
  if (body.lingua !== undefined) {
    if (body.lingua !== null) {
      const [l] = await db.select().from(lingue).where(and(eq(lingue.cod_lingua, body.lingua), eq(lingue.se_attiva, 'Y')));
      if (!l) throw badRequest({ lingua: 'avvisi.valore_non_valido' });
    }
    set.lingua = body.lingua;
  }
  if (body.notifiche_email !== undefined) set.notifiche_email = body.notifiche_email;
  if (body.profilo_attivo_id !== undefined) {
    const [own] = await db
      .select()
      .from(utentiProfili)
      .where(and(eq(utentiProfili.utente_id, user.id), eq(utentiProfili.profilo_id, body.profilo_attivo_id)));
    if (!own) throw new AppError(403, 'avvisi.profilo_non_assegnato');
    set.profilo_attivo_id = body.profilo_attivo_id;
  }
  if (body.password_nuova) {
    if (body.password_nuova.toLowerCase() === before.username) throw badRequest({ password_nuova: 'avvisi.password_uguale_username' });
    set.password_hash = await hashSecret(body.password_nuova);
  }
  if (Object.keys(set).length) {
    await db.update(utenti).set(set).where(eq(utenti.id, user.id));
    if (set.password_hash) {
      // a new password ends every other session, and spends the reset links sent before
      await auth.revokeOthers(db, user.id, user.famiglia);
      await auth.spendLinks(db, user.id, 'reset');
    }
    await audit(db, user, {
      entita: 'utenti', entita_id: user.id, azione: 'update_self',
      prima: { email: before.email, lingua: before.lingua, profilo_attivo_id: before.profilo_attivo_id, notifiche_email: before.notifiche_email },
      dopo: { ...set, ...(set.password_hash ? { password_hash: 'changed' } : {}) },
    });
  }
  if (newEmail) {
    await sendEmailConfirmation(deps, before, newEmail, baseHeader);
    await audit(db, user, { entita: 'utenti', entita_id: user.id, azione: 'email_richiesta', prima: { email: before.email }, dopo: { email: newEmail } });
    return { message: 'avvisi.email_conferma_inviata', data: await profile(db, user.id) };
  }
  return { message: 'avvisi.updated', data: await profile(db, user.id) };
}

/** The user's current password, checked with the allowance of logins (10 wrong ones per user and address). */
async function checkPassword(db: Db, ip: string, u: typeof utenti.$inferSelect, given: string | undefined) {
  if (!given) throw badRequest({ password_attuale: 'avvisi.campo_richiesto' });
  const bucket = `password:${u.id}`;
  const limits = { pair: auth.LOGIN_MAX_FAILURES, user: auth.LOGIN_MAX_FAILURES };
  const ok = await auth.guardedAttempt(db, bucket, ip, limits, () => verifySecret(given, u.password_hash));
  if (ok === 'refused') throw new AppError(429, 'avvisi.too_many_attempts', { minuti: auth.LOGIN_WINDOW_MIN });
  if (!ok) throw badRequest({ password_attuale: 'avvisi.password_attuale_errata' });
  await auth.forgetAttempt(db, bucket, ip);
}
