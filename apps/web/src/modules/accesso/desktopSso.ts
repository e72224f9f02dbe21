/**
 * The desktop app's company sign-in (issue #32 §1, RFC 8252): the sign-in runs in the system browser and comes back to
 * the app by a `tulip://sso` link. Each attempt has a random code, kept here (sessionStorage: this window only, gone
 * when the app closes) and sent to the server at the start; the server gives it back only in the link of that
 * sign-in, and a link is accepted only with the code of the attempt under way, once. So a `tulip://` link from a mail,
 * a web page or another program cannot sign this app in as someone else.
 */
import type { SsoLink } from '@tulip/contract';
import { OPS_ACCESSO, pathOf } from '@tulip/contract/wire';
import { apiBaseUrl } from '../../platform/env';
import { openSsoInBrowser } from '../../platform/desktop';

const KEY = 'tulip.sso_codice_app';

/** 32 random bytes, base64url (the contract's CODICE_APP_RE). */
function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The start of a desktop sign-in on the configured server, with the code of this attempt. */
export function desktopStartUrl(providerId: number, codice: string): string {
  const base = apiBaseUrl();
  const q = new URLSearchParams({ app: 'desktop', codice_app: codice, base });
  return `${base}${pathOf(OPS_ACCESSO.avvio, { id: providerId })}?${q.toString()}`;
}

/** A new attempt (a later one replaces an earlier one), opened in the system browser by the shell. */
export function startDesktopSignIn(providerId: number) {
  const codice = newCode();
  sessionStorage.setItem(KEY, codice);
  return openSsoInBrowser(desktopStartUrl(providerId, codice));
}

/** Whether a link is the one of the attempt under way; the attempt ends with it. */
export function acceptLink(link: SsoLink): boolean {
  const codice = sessionStorage.getItem(KEY);
  if (!codice || codice !== link.codice_app) return false;
  sessionStorage.removeItem(KEY);
  return true;
}
