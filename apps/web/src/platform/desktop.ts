/**
 * The desktop adapter (issue #19): what the web reads of the Electron shell, through the one typed bridge its preload
 * exposes (`DesktopBridge` of the contract). Outside the desktop build, or without the shell, there is no bridge.
 */
import { checkSsoLink, DESKTOP_BRIDGE_GLOBAL, tulipVersionOf, type DesktopBridge, type OpenResult, type ServerCheck, type SsoLink } from '@tulip/contract';
import { IS_DESKTOP } from './env';

export function desktopBridge(): DesktopBridge | null {
  if (!IS_DESKTOP || typeof window === 'undefined') return null;
  const b = (window as unknown as Record<string, unknown>)[DESKTOP_BRIDGE_GLOBAL] as DesktopBridge | undefined;
  return b && typeof b === 'object' && typeof b.openMenuItem === 'function' ? b : null;
}

/** SPEC §2: menu items with an open flag are kept only on a Windows desktop (the shell's own platform says so). */
export function keepsOpenItems(bridge: DesktopBridge | null = desktopBridge()): boolean {
  return !!bridge && bridge.platform === 'win32';
}

/**
 * GET <url>/api/server/version from the renderer itself: the desktop renderer run without the shell (development in a
 * browser). The shell checks from its main process instead (`setServerUrl`), so the page's CSP stays on one server.
 */
export async function probeServer(url: string): Promise<ServerCheck> {
  let res: Response;
  try {
    res = await fetch(`${url}/api/server/version`, { headers: { Accept: 'application/json' } });
  } catch {
    return { ok: false, message: 'impostazioni.non_raggiungibile' };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON: not Tulip */
  }
  const version = tulipVersionOf(res.status, body);
  return version ? { ok: true, url, version } : { ok: false, message: 'impostazioni.non_tulip' };
}

/** Asks the shell to open an `open` menu item; it reads the user's menu from the server itself with this token. */
export async function openMenuItem(id: number, accessToken: string | null): Promise<OpenResult> {
  const bridge = desktopBridge();
  if (!bridge || !keepsOpenItems(bridge) || !accessToken) return { ok: false, message: 'avvisi.apertura_non_consentita' };
  try {
    return await bridge.openMenuItem(id, accessToken);
  } catch {
    return { ok: false, message: 'avvisi.apertura_non_consentita' };
  }
}

/** Asks the shell to open a company sign-in's start in the system browser (issue #32 §1). */
export async function openSsoInBrowser(url: string): Promise<OpenResult> {
  const bridge = desktopBridge();
  if (!bridge) return { ok: false, message: 'avvisi.apertura_non_consentita' };
  try {
    return await bridge.openSso(url);
  } catch {
    return { ok: false, message: 'avvisi.apertura_non_consentita' };
  }
}

/** Listens to the `tulip://sso` links the shell receives; the way to stop. Without the shell, nothing comes. */
export function onSsoLink(listener: (link: SsoLink) => void): () => void {
  const bridge = desktopBridge();
  if (!bridge) return () => undefined;
  return bridge.onSsoLink((raw) => {
    const link = checkSsoLink(raw);
    if (link) listener(link);
  });
}
