import type { AppDeps } from '../../app';
import { translate } from '../lingue/service';
import { issueOneTime } from './service';

/** Links in e-mails use the client's base URL only when it is one of the configured public URLs. */
export function publicBase(header: unknown, allowed: string[]): string {
  const h = typeof header === 'string' ? header.replace(/\/+$/, '') : '';
  return allowed.includes(h) ? h : allowed[0];
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
  await deps.mailer.send({
    to: u.email!,
    subject: await translate(deps.db, lang, 'mail.reset_oggetto'),
    text: await translate(deps.db, lang, 'mail.reset_testo', { username: u.username, link }),
  });
}
