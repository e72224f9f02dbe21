/** The mails about an account: password link, e-mail confirmation, lock notice, in the user's language. */
import type { AppDeps } from '../../platform/deps';
import { publicBase } from '../../platform/config';
import { issueOneTime } from '../../platform/auth';
import { sendTranslatedMail } from '../lingue';

/**
 * A new e-mail address takes effect only from its own mailbox: the link goes to the new address, and the old one is
 * told (a stolen session cannot quietly move the account's mail, and with it the reset links).
 */
export async function sendEmailConfirmation(
  deps: AppDeps,
  u: { id: number; username: string; email: string | null; lingua: string | null },
  nuova: string,
  baseHeader: unknown,
) {
  const token = await issueOneTime(deps.db, deps.tokens, 'email', u.id, nuova);
  const link = `${publicBase(baseHeader, deps.config.publicUrls)}/email/conferma?token=${encodeURIComponent(token)}`;
  const lang = u.lingua ?? (await deps.defaultLang());
  await sendTranslatedMail(deps.db, deps.mailer, nuova, lang, 'email', { username: u.username, link });
  if (u.email) await sendTranslatedMail(deps.db, deps.mailer, u.email, lang, 'email_avviso', { username: u.username, email: nuova });
}

/** Tells a user that wrong passwords from anywhere have locked their sign-in for everyone. */
export async function sendLockNotice(deps: AppDeps, u: { username: string; email: string | null; lingua: string | null }, tentativi: number, minuti: number) {
  if (!u.email) return;
  const lang = u.lingua ?? (await deps.defaultLang());
  await sendTranslatedMail(deps.db, deps.mailer, u.email, lang, 'blocco', { username: u.username, tentativi: String(tentativi), minuti: String(minuti) });
}

/** Mails a single-use, 30-minute password link in the user's language. */
export async function sendResetLink(
  deps: AppDeps,
  u: { id: number; username: string; email: string | null; lingua: string | null },
  baseHeader: unknown,
) {
  const token = await issueOneTime(deps.db, deps.tokens, 'reset', u.id);
  const link = `${publicBase(baseHeader, deps.config.publicUrls)}/password/reset?token=${encodeURIComponent(token)}`;
  const lang = u.lingua ?? (await deps.defaultLang());
  await sendTranslatedMail(deps.db, deps.mailer, u.email!, lang, 'reset', { username: u.username, link });
}
