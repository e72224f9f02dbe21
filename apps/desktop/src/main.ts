/**
 * The Electron main process: wiring only. Every rule lives in a module of its own with Electron passed in, unit-tested
 * without Electron (protocol.ts, navigation.ts, permissions.ts, openItem.ts, server.ts, bridge.ts, sso.ts). Bundled to
 * dist/main.cjs by build.mjs; needs Electron's binary to run (`npm run desktop`).
 *
 * Company sign-in (issue #32 §1) runs in the system browser and comes back by a `tulip://sso` link (sso.ts).
 *
 * Hardening (Electron's security checklist): contextIsolation, no nodeIntegration, sandbox; the renderer is served from
 * app://tulip with its CSP (never file://); navigation stays there; permissions denied but the clipboard; webSecurity
 * left on; IPC answered only for the bundled renderer.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CONFERMA_APERTURA, DESKTOP_HOST, DESKTOP_LINK_SCHEME, DESKTOP_ORIGIN, DESKTOP_SCHEME, type SsoLink } from '../../../packages/contract/src/desktop';
import { IPC, VERSION_ARG } from './bridge';
import type { FetchLike, Log, SessionLike, WebContentsLike } from './electron';
import { installNavigationGuards } from './navigation';
import { approvalStore, openMenuItem } from './openItem';
import { installPermissionPolicy } from './permissions';
import { serveAppRequest } from './protocol';
import { checkServer, settingsStore } from './server';
import { openSso, ssoInbox, ssoLinkOf } from './sso';

type IpcEvent = { senderFrame: { url: string } | null };
type Electron = {
  app: {
    getVersion(): string;
    getPath(name: 'userData'): string;
    getLocale(): string;
    isPackaged: boolean;
    setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
    requestSingleInstanceLock(): boolean;
    enableSandbox(): void;
    quit(): void;
    whenReady(): Promise<void>;
    on(event: 'window-all-closed', listener: () => void): unknown;
    on(event: 'second-instance', listener: (e: unknown, argv: string[]) => void): unknown;
    on(event: 'open-url', listener: (e: { preventDefault(): void }, url: string) => void): unknown;
    on(event: 'web-contents-created', listener: (e: unknown, contents: WebContentsLike) => void): unknown;
  };
  BrowserWindow: new (options: Record<string, unknown>) => {
    loadURL(url: string): Promise<void>;
    isMinimized(): boolean;
    restore(): void;
    focus(): void;
    once(event: 'ready-to-show', listener: () => void): unknown;
    show(): void;
    removeMenu(): void;
    webContents: { send(channel: string): void };
  };
  protocol: {
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]): void;
    handle(scheme: string, handler: (request: { url: string; method: string }) => Promise<Response>): void;
  };
  session: { defaultSession: SessionLike };
  ipcMain: { handle(channel: string, listener: (event: IpcEvent, ...args: unknown[]) => unknown): void };
  shell: { openExternal(url: string): Promise<void>; openPath(target: string): Promise<string> };
  dialog: {
    showMessageBox(options: {
      type: 'warning'; title: string; message: string; detail: string; buttons: string[]; defaultId: number; cancelId: number; noLink: boolean;
    }): Promise<{ response: number }>;
  };
};

const electron = require('electron') as Electron;
const { app, BrowserWindow, protocol, session, ipcMain, shell, dialog } = electron;

const log: Log = { info: (m) => console.log(`[tulip] ${m}`), warn: (m) => console.warn(`[tulip] ${m}`) };
const RENDERER = path.join(__dirname, '..', 'renderer');
/** A file of the user's profile, read (null when absent) and written only by its owner. */
const userFile = (name: string) => ({
  read: () => {
    try {
      return fs.readFileSync(path.join(app.getPath('userData'), name), 'utf8');
    } catch {
      return null;
    }
  },
  write: (text: string) => fs.writeFileSync(path.join(app.getPath('userData'), name), text, { mode: 0o600 }),
});
const settings = settingsStore(userFile('settings.json'));
const approvals = approvalStore(userFile('aperture-approvate.json'));

/** The shell's question before an item opens for the first time on this PC: "Annulla" is the default. */
async function confirmOpen(item: { target: string; args: string[] }): Promise<boolean> {
  const t = app.getLocale().toLowerCase().startsWith('it') ? CONFERMA_APERTURA.it : CONFERMA_APERTURA.en;
  const { response } = await dialog.showMessageBox({
    type: 'warning', title: 'Tulip', message: t.domanda,
    detail: t.dettaglio.replace('{{destinazione}}', [item.target, ...item.args].join(' ')),
    buttons: [t.apri, t.annulla], defaultId: 1, cancelId: 1, noLink: true,
  });
  return response === 0;
}

const fetchLike = globalThis.fetch as unknown as FetchLike;

// before ready: app:// is a standard, secure origin (localStorage, fetch, CORS) — as https would be
protocol.registerSchemesAsPrivileged([{ scheme: DESKTOP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
app.enableSandbox();

if (!app.requestSingleInstanceLock()) app.quit();
// tulip:// links open this app (the way back from a company sign-in in the system browser); in development Electron
// is the program, so the app's entry is passed too
if ((process as { defaultApp?: boolean }).defaultApp && process.argv.length >= 2) app.setAsDefaultProtocolClient(DESKTOP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1])]);
else app.setAsDefaultProtocolClient(DESKTOP_LINK_SCHEME);

/** Only the bundled renderer's main frame may call the bridge. */
const fromRenderer = (e: IpcEvent) => !!e.senderFrame && e.senderFrame.url.startsWith(`${DESKTOP_ORIGIN}/`);

let win: InstanceType<Electron['BrowserWindow']> | null = null;

function createWindow() {
  win = new BrowserWindow({
    width: 1366, height: 850, show: false, title: 'Tulip — Rilevazione presenze', backgroundColor: '#ffffff',
    icon: path.join(__dirname, '..', 'build', 'icon.png'),
    webPreferences: {
      preload: path.join(__dirname, 'preload.cjs'),
      contextIsolation: true, nodeIntegration: false, sandbox: true, webSecurity: true, webviewTag: false,
      additionalArguments: [`${VERSION_ARG}${app.getVersion()}`],
    },
  });
  win.removeMenu();
  win.once('ready-to-show', () => win?.show());
  void win.loadURL(`${DESKTOP_ORIGIN}/index.html`);
}

app.on('web-contents-created', (_e, contents) => installNavigationGuards(contents, (url) => shell.openExternal(url), log));
/** A `tulip://sso` link from the system: kept for the renderer, which is told to take it (and checks its code). */
const ssoLinks = ssoInbox();
function receiveSsoLink(link: SsoLink | null) {
  if (!link) return;
  ssoLinks.put(link);
  win?.webContents.send(IPC.ssoLink);
}
// Windows and Linux: the link starts a second instance, which hands its command line to this one and quits
app.on('second-instance', (_e, argv) => {
  receiveSsoLink(ssoLinkOf(argv));
  if (!win) return;
  if (win.isMinimized()) win.restore();
  win.focus();
});
// macOS
app.on('open-url', (e, url) => {
  e.preventDefault();
  receiveSsoLink(ssoLinkOf([url]));
});
// a link that started the app finds no sign-in under way (the renderer's code lives with its page): not taken
if (ssoLinkOf(process.argv)) log.warn('collegamento tulip:// all’avvio ignorato: nessun accesso aziendale in corso');
app.on('window-all-closed', () => app.quit());

void app.whenReady().then(() => {
  installPermissionPolicy(session.defaultSession, log);
  protocol.handle(DESKTOP_SCHEME, async (request) => {
    if (new URL(request.url).host !== DESKTOP_HOST) return new Response('Not found', { status: 404 });
    const a = await serveAppRequest({ root: RENDERER, readFile: (f) => fs.promises.readFile(f), serverUrl: () => settings.get().serverUrl }, request);
    return new Response(a.body as ConstructorParameters<typeof Response>[0], { status: a.status, headers: a.headers });
  });
  ipcMain.handle(IPC.setServerUrl, async (e, url) => {
    if (!fromRenderer(e)) return { ok: false, message: 'avvisi.apertura_non_consentita' };
    const check = await checkServer(fetchLike, url);
    if (check.ok) settings.setServerUrl(check.url);
    else log.warn(`server rifiutato: ${String(url).slice(0, 200)} (${check.message})`);
    return check;
  });
  ipcMain.handle(IPC.openMenuItem, async (e, id, token) => {
    if (!fromRenderer(e)) return { ok: false, message: 'avvisi.apertura_non_consentita' };
    return openMenuItem(
      {
        platform: process.platform, serverUrl: () => settings.get().serverUrl, fetch: fetchLike, log,
        openPath: (target) => shell.openPath(target),
        confirm: confirmOpen,
        approved: approvals,
        spawn: (target, args) => {
          const child = spawn(target, args, { detached: true, stdio: 'ignore', shell: false, windowsHide: false });
          child.on('error', (err) => log.warn(`avvio non riuscito: ${target}: ${err.message}`));
          child.unref();
        },
      },
      id, token,
    );
  });
  ipcMain.handle(IPC.openSso, async (e, url) => {
    if (!fromRenderer(e)) return { ok: false, message: 'avvisi.apertura_non_consentita' };
    return openSso({ serverUrl: () => settings.get().serverUrl, openExternal: (u) => shell.openExternal(u), log }, url);
  });
  ipcMain.handle(IPC.takeSsoLink, (e) => (fromRenderer(e) ? ssoLinks.take() : null));
  createWindow();
});
