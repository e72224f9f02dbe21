/** The administrator's actions on a user account: unlock after wrong passwords, send a password link. */
import { eq, sql } from 'drizzle-orm';
import { openMenuKey, targetAllowed, type MenuItem } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../platform/db';
import { audit } from '../../platform/audit';
import { tentativiLogin } from '../../platform/db/tables';
import { AppError, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { sendResetLink } from './account-mail';
import { utenti, vociMenu } from './tables';
import { readCartelleVociMenu } from './vocimenu';

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

/**
 * The `open` items of a profile's menu (issue #19), as one group after the screens: each leaf with its id, label,
 * target and arguments. The web drops them unless it runs in the desktop shell on Windows; the shell opens only what
 * this menu holds.
 */
export async function openMenuItems(db: Db, profiloId: number | undefined): Promise<MenuItem[]> {
  if (!profiloId) return [];
  const rows = await db
    .select()
    .from(vociMenu)
    .where(sql`${vociMenu.profili} @> ${JSON.stringify([profiloId])}::jsonb`)
    .orderBy(vociMenu.etichetta, vociMenu.id);
  if (!rows.length) return [];
  // an item written before its folder left the allow-list (or before the list existed) is kept, but on no menu
  const { cartelle } = await readCartelleVociMenu(db);
  const children = rows.filter((r) => targetAllowed(r.destinazione, cartelle)).map((r): MenuItem => ({
    key: openMenuKey(r.id), title: r.etichetta, label: r.etichetta, open: true, id: r.id, target: r.destinazione, args: r.argomenti,
  }));
  return children.length ? [{ key: 'group.apri', title: 'menu.gruppo.apri', children }] : [];
}

/** The language a user reads server-made files in: his own, else the installation's default. */
export async function userLanguage(db: Db, userId: number, defaultLang: () => Promise<string>): Promise<string> {
  const [u] = await db.select({ lingua: utenti.lingua }).from(utenti).where(eq(utenti.id, userId));
  return u?.lingua ?? (await defaultLang());
}
