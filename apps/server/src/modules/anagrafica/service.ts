/** The administrator's actions on a user account: unlock after wrong passwords, send a password link. */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../platform/db';
import { audit } from '../../platform/audit';
import { tentativiLogin } from '../../platform/db/tables';
import { AppError, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { sendResetLink } from './account-mail';
import { utenti } from './tables';

async function userById(db: Db, id: number) {
  const [u] = await db.select().from(utenti).where(eq(utenti.id, id));
  if (!u) throw notFound();
  return u;
}

/** Forgets the user's failed sign-ins, which lifts a lock at once. */
export async function unlockUser(db: Db, actor: CurrentUser, id: number) {
  const u = await userById(db, id);
  await db.delete(tentativiLogin).where(eq(tentativiLogin.username, u.username));
  await audit(db, actor, { entita: 'utenti', entita_id: u.id, azione: 'sblocca' });
}

/** Mails the user a link to set their password (a new user's first one). */
export async function sendPasswordLink(deps: AppDeps, actor: CurrentUser, id: number, baseHeader: unknown) {
  const u = await userById(deps.db, id);
  if (!u.email) throw new AppError(409, 'avvisi.utente_senza_email');
  await sendResetLink(deps, u, baseHeader);
  await audit(deps.db, actor, { entita: 'utenti', entita_id: u.id, azione: 'reset_link' });
}
