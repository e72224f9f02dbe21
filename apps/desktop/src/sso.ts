/**
 * Company sign-in in the desktop app (issue #32 §1), as native apps do it (RFC 8252): the sign-in runs in the system
 * browser, never in the app's window, and comes back through the shell's own `tulip://` link. The main process opens
 * only the configured server's `avvio` of the app's variant, and reads only `tulip://sso` links; the renderer accepts a
 * link only with the code of the attempt it started (so a link from a mail or another program cannot sign anyone in).
 * Pure: Electron's API is passed in by main.ts.
 */
import { CODICE_APP_RE, DESKTOP_LINK_SCHEME, parseSsoLink, type OpenResult, type SsoLink } from '../../../packages/contract/src/desktop';
import type { Log } from './electron';

const REFUSED: OpenResult = { ok: false, message: 'avvisi.apertura_non_consentita' };

/**
 * The URL the page asks to open, if it is the configured server's start of a desktop sign-in
 * (`<server>/api/accesso/<id>/avvio?app=desktop&codice_app=…[&base=…]`): its clean form, else null.
 */
export function ssoStartUrl(serverUrl: string | null, input: unknown): string | null {
  if (!serverUrl || typeof input !== 'string' || input.length > 2000) return null;
  let u: URL;
  let server: URL;
  try {
    u = new URL(input);
    server = new URL(serverUrl);
  } catch {
    return null;
  }
  if (u.origin !== server.origin || u.username || u.password || u.hash) return null;
  const prefix = `${server.pathname.replace(/\/+$/, '')}/api/accesso/`;
  if (!u.pathname.startsWith(prefix) || !/^[1-9]\d{0,9}\/avvio$/.test(u.pathname.slice(prefix.length))) return null;
  const q = u.searchParams;
  if ([...q.keys()].some((k) => !['app', 'codice_app', 'base'].includes(k)) || q.getAll('codice_app').length !== 1) return null;
  if (q.get('app') !== 'desktop' || !CODICE_APP_RE.test(q.get('codice_app') ?? '')) return null;
  return u.toString();
}

/** Opens a sign-in's start in the system browser, if it is one (ssoStartUrl); every refusal logged. */
export async function openSso(deps: { serverUrl: () => string | null; openExternal: (url: string) => Promise<void>; log: Log }, input: unknown): Promise<OpenResult> {
  const url = ssoStartUrl(deps.serverUrl(), input);
  if (!url) {
    deps.log.warn(`accesso aziendale rifiutato: ${String(input).slice(0, 200)}`);
    return REFUSED;
  }
  try {
    await deps.openExternal(url);
    return { ok: true };
  } catch (err) {
    deps.log.warn(`browser non aperto: ${(err as Error).message}`);
    return REFUSED;
  }
}

/**
 * The `tulip://` link among a process's arguments (Windows and Linux pass it to the second instance's command line;
 * macOS gives it by `open-url`), read strictly (`parseSsoLink`), or null.
 */
export function ssoLinkOf(argv: readonly string[]): SsoLink | null {
  const arg = argv.find((a) => typeof a === 'string' && a.toLowerCase().startsWith(`${DESKTOP_LINK_SCHEME}:`));
  return arg ? parseSsoLink(arg) : null;
}

/**
 * The last link the shell received, kept until the renderer takes it: a link may come while the page is loading, and
 * each one is handed over once.
 */
export function ssoInbox() {
  let pending: SsoLink | null = null;
  return {
    put(link: SsoLink) {
      pending = link;
    },
    take(): SsoLink | null {
      const l = pending;
      pending = null;
      return l;
    },
  };
}
