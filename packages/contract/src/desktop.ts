/**
 * The desktop build (issue #19, DESIGN §9): what the Electron shell's preload gives the renderer, and the rules both
 * sides apply to what goes between them. The shell (apps/desktop) exposes exactly `DesktopBridge` as
 * `window[DESKTOP_BRIDGE_GLOBAL]`; the web's desktop adapter (apps/web/src/platform/desktop.ts) reads only this type.
 * Pure: no I/O, no Electron.
 */
import type { MenuItem } from './routes';

/** The renderer's origin: the bundled web build served by the shell's own protocol, never file://. */
export const DESKTOP_SCHEME = 'app';
export const DESKTOP_HOST = 'tulip';
export const DESKTOP_ORIGIN = `${DESKTOP_SCHEME}://${DESKTOP_HOST}`;

/** Name of the bridge on the renderer's window. */
export const DESKTOP_BRIDGE_GLOBAL = 'tulipDesktop';

/** A server URL checked: its clean form and the version it answered, or the text key of why not. */
export type ServerCheck = { ok: true; url: string; version: string } | { ok: false; message: string };
/** An open request's outcome: done, or the text key of why not. */
export type OpenResult = { ok: true } | { ok: false; message: string };

/** What the preload exposes through contextBridge, and nothing more (tested in apps/desktop/src/preload.test.ts). */
export interface DesktopBridge {
  /** process.platform of the shell: `win32`, `linux`, `darwin`. */
  readonly platform: string;
  /** The shell's version, Electron's and Chromium's (the version badge shows them in development). */
  readonly versions: Readonly<{ app: string; electron: string; chrome: string }>;
  /**
   * Checks a server URL from the main process (GET /api/server/version, sent from the desktop origin: it must answer
   * as Tulip and admit the origin by CORS) and, when it does, keeps it: the renderer's CSP then allows connections to
   * it only, and the menu is read from it.
   */
  setServerUrl(url: string): Promise<ServerCheck>;
  /**
   * Opens the `open` menu item `id`: the main process reads the user's menu from the configured server itself (with
   * this access token) and opens that item's target; never a path given by the page. Only on Windows.
   */
  openMenuItem(id: number, accessToken: string): Promise<OpenResult>;
}

/** The bridge's members, in one list: the preload's test checks its object has exactly these. */
export const DESKTOP_BRIDGE_KEYS = ['platform', 'versions', 'setServerUrl', 'openMenuItem'] as const satisfies readonly (keyof DesktopBridge)[];
// every member of the interface is in the list (a member added to one and not the other fails the type check)
type _AllKeys = Exclude<keyof DesktopBridge, (typeof DESKTOP_BRIDGE_KEYS)[number]> extends never ? true : never;
export const _desktopBridgeKeysComplete: _AllKeys = true;

/** Texts of the server URL's check (group `impostazioni`). */
export const SERVER_URL_ERRORS = {
  invalid: 'impostazioni.url_non_valido',
  credentials: 'impostazioni.url_con_credenziali',
  unreachable: 'impostazioni.non_raggiungibile',
  notTulip: 'impostazioni.non_tulip',
} as const;

/**
 * A server URL as the user typed it: http(s) only, no user or password in it, no query or fragment. Gives the clean
 * URL (no trailing slash) or the text key of the error.
 */
export function validateServerUrl(input: string): { ok: true; url: string } | { ok: false; message: string } {
  const value = input.trim();
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return { ok: false, message: SERVER_URL_ERRORS.invalid };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { ok: false, message: SERVER_URL_ERRORS.invalid };
  if (u.username || u.password) return { ok: false, message: SERVER_URL_ERRORS.credentials };
  if (!u.hostname || u.search || u.hash) return { ok: false, message: SERVER_URL_ERRORS.invalid };
  return { ok: true, url: `${u.origin}${u.pathname.replace(/\/+$/, '')}` };
}

/** The answer of GET /api/server/version read as Tulip's: `{ version: "x.y.z" }`, else null. */
export function tulipVersionOf(status: number, body: unknown): string | null {
  if (status !== 200 || !body || typeof body !== 'object') return null;
  const v = (body as { version?: unknown }).version;
  return typeof v === 'string' && /^\d+\.\d+\.\d+/.test(v) && v.length <= 40 ? v : null;
}

/**
 * The target of an `open` menu item: an absolute Windows path (`C:\…`) or a network share (`\\server\share\…`), with
 * no control characters and no quotes. Program or document; never a URL or a relative path.
 */
export function isWindowsTarget(s: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!s || s.length > 1000 || /[\u0000-\u001f\u007f"<>|?*]/.test(s)) return false;
  return /^[A-Za-z]:\\[^:]*$/.test(s) || /^\\\\[^\\/:]+\\[^\\/:]+(\\[^:]*)?$/.test(s);
}

/** The menu key of an `open` item: its id in the key, so the menu's keys stay unique beside the route names. */
export const openMenuKey = (id: number) => `apri.${id}`;

/** An `open` item of a menu by its id, with what it opens (the leaf the server sent), or null. */
export function findOpenItem(menu: readonly MenuItem[], id: number): { target: string; args: string[] } | null {
  for (const item of menu) {
    if (item.children) {
      const found = findOpenItem(item.children, id);
      if (found) return found;
    } else if (item.open && item.id === id && typeof item.target === 'string') {
      return { target: item.target, args: Array.isArray(item.args) ? item.args.filter((a) => typeof a === 'string') : [] };
    }
  }
  return null;
}
