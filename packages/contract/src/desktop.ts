/**
 * The desktop build (issue #19, DESIGN §9): what the Electron shell's preload gives the renderer, and the rules both
 * sides apply to what goes between them. The shell (apps/desktop) exposes exactly `DesktopBridge` as
 * `window[DESKTOP_BRIDGE_GLOBAL]`; the web's desktop adapter (apps/web/src/platform/desktop.ts) reads only this type.
 * Pure: no I/O, no Electron.
 */
import type { MenuItem } from './routes';

/**
 * Where single sign-on's callback sends the browser back (issue #32 §1): the login page ("/" while signed out), or the
 * desktop app's `tulip://sso`, with this fragment (`#sso=<token>` or `#sso_errore=<key>`). Here, with no zod, so that
 * the login page's script stays small.
 */
export const SSO_FRAGMENT_TOKEN = 'sso';
export const SSO_FRAGMENT_ERRORE = 'sso_errore';

/** The renderer's origin: the bundled web build served by the shell's own protocol, never file://. */
export const DESKTOP_SCHEME = 'app';
export const DESKTOP_HOST = 'tulip';
export const DESKTOP_ORIGIN = `${DESKTOP_SCHEME}://${DESKTOP_HOST}`;

/**
 * The shell's own link scheme, registered with the operating system (issue #32 §1): the way back from the system
 * browser after a company sign-in (RFC 8252), `tulip://sso#sso=<one-time token>&codice_app=<code>` or
 * `#sso_errore=<key>&codice_app=<code>`. A fixed target: the server never takes it from a request.
 */
export const DESKTOP_LINK_SCHEME = 'tulip';
export const DESKTOP_SSO_LINK = `${DESKTOP_LINK_SCHEME}://sso`;
/** The fragment's parameter carrying the app's code of the sign-in attempt. */
export const SSO_FRAGMENT_CODICE_APP = 'codice_app';
/**
 * The code the renderer makes for one company sign-in (32 random bytes, base64url): sent at the start, kept by the
 * server in the sign-in's row and given back only in the link, which the renderer accepts only with the code it made.
 */
export const CODICE_APP_RE = /^[A-Za-z0-9_-]{32,128}$/;

/** A `tulip://sso` link as the shell hands it to the renderer: the one-time user token or the text key, and the code. */
export type SsoLink = { codice_app: string; token: string | null; errore: string | null };

/** The link the server's callback sends the system browser to, for a sign-in the desktop app started. */
export function desktopSsoLink(codiceApp: string, key: 'sso' | 'sso_errore', value: string): string {
  const f = new URLSearchParams({ [key]: value, [SSO_FRAGMENT_CODICE_APP]: codiceApp });
  return `${DESKTOP_SSO_LINK}#${f.toString()}`;
}

/**
 * A `tulip://` link read strictly: `tulip://sso` with no user, path or query, and a fragment with the code and exactly
 * one of a token (a JWT's three parts) or an `avvisi.sso_*` key. Anything else is null.
 */
export function parseSsoLink(input: unknown): SsoLink | null {
  if (typeof input !== 'string' || input.length > 8192) return null;
  let u: URL;
  try {
    u = new URL(input);
  } catch {
    return null;
  }
  if (u.protocol !== `${DESKTOP_LINK_SCHEME}:` || u.host !== 'sso' || u.username || u.password || (u.pathname && u.pathname !== '/') || u.search) return null;
  const f = new URLSearchParams(u.hash.slice(1));
  return checkSsoLink({ codice_app: f.get(SSO_FRAGMENT_CODICE_APP), token: f.get(SSO_FRAGMENT_TOKEN), errore: f.get(SSO_FRAGMENT_ERRORE) });
}

/** A link's values as they crossed a boundary (IPC, the bridge), checked again: a fresh plain SsoLink, or null. */
export function checkSsoLink(value: unknown): SsoLink | null {
  if (!value || typeof value !== 'object') return null;
  const { codice_app: codice, token, errore } = value as Record<string, unknown>;
  if (typeof codice !== 'string' || !CODICE_APP_RE.test(codice)) return null;
  const t = typeof token === 'string' && token ? token : null;
  const e = typeof errore === 'string' && errore ? errore : null;
  if (!t === !e) return null;
  if (t && (t.length > 4096 || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(t))) return null;
  if (e && !/^avvisi\.sso_[a-z_]{1,60}$/.test(e)) return null;
  return { codice_app: codice, token: t, errore: e };
}

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
  /**
   * Opens a company sign-in's start in the system browser (`shell.openExternal`), never in the app's window: only
   * `<configured server>/api/accesso/<id>/avvio?app=desktop&codice_app=…` is opened, anything else refused.
   */
  openSso(url: string): Promise<OpenResult>;
  /**
   * Listens to the `tulip://sso` links the operating system hands the shell (a link that came before is given at
   * once); answers the way to stop listening. The renderer accepts one only with the code of its own attempt.
   */
  onSsoLink(listener: (link: SsoLink) => void): () => void;
}

/** The bridge's members, in one list: the preload's test checks its object has exactly these. */
export const DESKTOP_BRIDGE_KEYS = ['platform', 'versions', 'setServerUrl', 'openMenuItem', 'openSso', 'onSsoLink'] as const satisfies readonly (keyof DesktopBridge)[];
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
 * The target of an `open` menu item: an absolute path on a local drive (`C:\…`), with no control characters, no
 * quotes and no `.` or `..` segment. Never a network share (`\\server\…`: whoever controls the share controls what
 * every PC runs), a URL or a relative path (issue #27 §6).
 */
export function isWindowsTarget(s: string): boolean {
  // '/' too: Windows reads it as a separator, and a name check must see every segment
  // eslint-disable-next-line no-control-regex
  if (!s || s.length > 1000 || /[\u0000-\u001f\u007f"<>|?*/]/.test(s)) return false;
  if (!/^[A-Za-z]:\\[^:]*$/.test(s)) return false;
  return !s.split('\\').some((seg) => seg === '.' || seg === '..');
}

/**
 * Programs that run whatever they are given (shells, script hosts, loaders) and files that are programs in disguise
 * (scripts, shortcuts): a menu item never opens one, whatever its folder, so that no one with the menu screen can
 * make every PC run a command line.
 */
export const PROGRAMMI_VIETATI = [
  'cmd.exe', 'powershell.exe', 'powershell_ise.exe', 'pwsh.exe', 'wscript.exe', 'cscript.exe', 'mshta.exe', 'rundll32.exe',
  'regsvr32.exe', 'msiexec.exe', 'wmic.exe', 'certutil.exe', 'bitsadmin.exe', 'schtasks.exe', 'reg.exe', 'regedit.exe',
  'bash.exe', 'wsl.exe', 'conhost.exe', 'forfiles.exe', 'msbuild.exe', 'installutil.exe', 'regasm.exe', 'regsvcs.exe',
  'cmstp.exe', 'control.exe', 'explorer.exe', 'hh.exe', 'at.exe', 'sc.exe', 'runas.exe', 'net.exe', 'netsh.exe',
] as const;
export const ESTENSIONI_VIETATE = [
  '.bat', '.cmd', '.ps1', '.psm1', '.psd1', '.vbs', '.vbe', '.js', '.jse', '.wsf', '.wsh', '.hta', '.scr', '.pif', '.lnk',
  '.url', '.reg', '.msc', '.com', '.cpl', '.inf', '.scf', '.msi', '.msp', '.jar', '.appref-ms', '.settingcontent-ms',
] as const;

/** Whether a target is a forbidden program or script (by its file name, whatever the case). */
export function isForbiddenTarget(target: string): boolean {
  const name = target.split('\\').pop()!.toLowerCase().replace(/[. ]+$/, '');
  return (PROGRAMMI_VIETATI as readonly string[]).includes(name) || ESTENSIONI_VIETATE.some((e) => name.endsWith(e));
}

/** A folder of the administrator's allow-list: an absolute local path, written with a closing backslash. */
export function normalizeFolder(s: string): string | null {
  const t = s.trim();
  if (!isWindowsTarget(t.replace(/\\+$/, '\\x'))) return null;
  return t.endsWith('\\') ? t : `${t}\\`;
}

/**
 * Whether a menu item may open `target` on a PC: a local path, not a forbidden program or script, inside one of the
 * folders the administrator allows (compared without regard to case, as Windows does).
 */
export function targetAllowed(target: string, folders: readonly string[]): boolean {
  if (!isWindowsTarget(target) || isForbiddenTarget(target)) return false;
  const t = target.toLowerCase();
  return folders.some((f) => {
    const folder = normalizeFolder(f);
    return !!folder && t.startsWith(folder.toLowerCase()) && t.length > folder.length;
  });
}

/** The folders allowed until an administrator says otherwise: the programs installed for every user. */
export const CARTELLE_VOCI_MENU_PREDEFINITE = ['C:\\Program Files\\', 'C:\\Program Files (x86)\\'];

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

/**
 * The shell's own question before it opens a menu item for the first time on a PC (issue #27 §6). The main process
 * has no translations of its own: these are its texts, by the language of the operating system.
 */
export const CONFERMA_APERTURA = {
  it: {
    domanda: 'Aprire questo programma o documento?',
    dettaglio: 'È la prima volta che questa voce del menu lo apre su questo PC:\n\n{{destinazione}}\n\nAprilo solo se te lo aspetti; in caso di dubbio chiedi all’amministratore.',
    apri: 'Apri',
    annulla: 'Annulla',
  },
  en: {
    domanda: 'Open this program or document?',
    dettaglio: 'This is the first time this menu item opens it on this PC:\n\n{{destinazione}}\n\nOpen it only if you expect it; if in doubt, ask your administrator.',
    apri: 'Open',
    annulla: 'Cancel',
  },
} as const;
