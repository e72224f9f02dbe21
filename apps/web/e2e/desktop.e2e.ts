/**
 * The desktop build's renderer in Chromium, end to end against the real e2e server (issue #19).
 *
 * What runs here, honestly labelled: Electron's binary cannot be downloaded on these machines, so the renderer (the web
 * build made with `vite build --mode desktop`) is not loaded by Electron from app://tulip. Plain Chromium cannot
 * navigate to a custom scheme, so it is served from a second local HTTP origin (http://localhost:<port>, another origin
 * than the server's: every API call is cross-origin and passes only because the server lists that origin in
 * TULIP_CORS_ORIGINS, global-setup.ts). That origin answers through the shell's own protocol module
 * (apps/desktop/src/protocol.ts: only the renderer's files, with the shell's CSP, whose connect-src names the configured
 * server). The bridge the page sees has the preload's exact interface (`DesktopBridge`); its two calls go to the main
 * process's own modules run here in Node (exposeFunction): the server check (apps/desktop/src/server.ts, sending
 * Origin: app://tulip to the real server) and the open-item policy (apps/desktop/src/openItem.ts, reading the user's
 * menu from the real server), with the platform chosen per test and the opening recorded instead of done. Company
 * sign-in (issue #32 §1): the shell's own rule decides what it opens in the system browser (apps/desktop/src/sso.ts,
 * recorded instead of opened); this process then plays the system browser against the real server and the in-process
 * OpenID provider, reads the `tulip://sso` link the server answers as the main process does, and hands it to the page
 * as the preload does (a ping, then the page takes the link).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  CODICE_APP_RE, DESKTOP_BRIDGE_GLOBAL, DESKTOP_BRIDGE_KEYS, DESKTOP_ORIGIN, IDB_NAME, IDB_STORE, TOKEN_COOKIE, type DesktopBridge, type SsoLink,
} from '@tulip/contract';
import { serveAppRequest } from '../../desktop/src/protocol';
import { checkServer, settingsStore } from '../../desktop/src/server';
import { openMenuItem } from '../../desktop/src/openItem';
import { openSso, ssoInbox, ssoLinkOf } from '../../desktop/src/sso';
import type { FetchLike } from '../../desktop/src/electron';
import { signInAtProvider, startOidcProvider, type TestOidc } from '../../../test/support/oidc';
import { api, e2e, launch, loginAs, newContext, stillShot } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const rendererDir = path.join(root, '.tmp', 'desktop-renderer');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** The desktop renderer, built again only when the web's or the contract's sources are newer (a few seconds). */
function buildRendererIfStale() {
  const index = path.join(rendererDir, 'index.html');
  const sources = Math.max(newestMtime(path.join(root, 'apps/web/src')), newestMtime(path.join(root, 'packages/contract/src')));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs > sources) return;
  const r = spawnSync('npm', ['run', 'build', '-w', '@tulip/web', '--', '--mode', 'desktop', '--outDir', rendererDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('desktop renderer build failed');
}

const listen = (server: http.Server, host = '127.0.0.1', port = 0) =>
  new Promise<number>((resolve) => server.listen(port, host, () => resolve((server.address() as { port: number }).port)));

/** Runs in the page before its scripts: the bridge, with the preload's members, calling the Node side. */
function installBridge({ platform, global }: { platform: string; global: string }) {
  const w = window as unknown as Record<string, (...args: unknown[]) => Promise<never>>;
  const bridge: DesktopBridge = Object.freeze({
    platform,
    versions: Object.freeze({ app: '1.1.31', electron: '45.5.0', chrome: 'e2e' }),
    setServerUrl: (url: string) => w.__tulipSetServerUrl(url),
    openMenuItem: (id: number, accessToken: string) => w.__tulipOpenMenuItem(id, accessToken),
    openSso: (url: string) => w.__tulipOpenSso(url),
    // as the preload: on each ping of the main process (and once at once) the page takes the link it holds
    onSsoLink: (listener: (link: SsoLink) => void) => {
      const take = () => void w.__tulipTakeSsoLink().then((l: unknown) => l && listener(l as SsoLink));
      pings.add(take);
      take();
      return () => void pings.delete(take);
    },
  });
  const pings = new Set<() => void>();
  (window as unknown as Record<string, unknown>).__tulipSsoPing = () => pings.forEach((p) => p());
  (window as unknown as Record<string, unknown>)[global] = bridge;
}

describe.skipIf(e2e().skip)('the desktop renderer in Chromium against the real server', () => {
  let browser: Browser;
  let renderer: http.Server;
  let notTulip: http.Server;
  let tulipWithoutCors: http.Server;
  let rendererOrigin = '';
  let notTulipUrl = '';
  let noCorsUrl = '';
  // the shell's settings file (userData/settings.json), one installation for the whole file
  let saved: string | null = null;
  const shell = settingsStore({ read: () => saved, write: (t) => void (saved = t) });
  const nodeFetch = fetch as unknown as FetchLike;

  beforeAll(async () => {
    buildRendererIfStale();
    renderer = http.createServer((req, res) => {
      void serveAppRequest(
        { root: rendererDir, readFile: (f) => fs.promises.readFile(f), serverUrl: () => shell.get().serverUrl },
        { url: `${DESKTOP_ORIGIN}${req.url ?? '/'}`, method: req.method ?? 'GET' },
      ).then((a) => {
        res.writeHead(a.status, a.headers);
        res.end(a.body);
      });
    });
    await listen(renderer, '127.0.0.1', e2e().desktopPort);
    rendererOrigin = `http://localhost:${e2e().desktopPort}`;
    // answers, but not as Tulip (a web server's page)
    notTulip = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' });
      res.end('<html><body>Benvenuto</body></html>');
    });
    notTulipUrl = `http://127.0.0.1:${await listen(notTulip)}`;
    // answers as Tulip but admits no other origin (TULIP_CORS_ORIGINS not set)
    tulipWithoutCors = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ version: '1.1.31' }));
    });
    noCorsUrl = `http://127.0.0.1:${await listen(tulipWithoutCors)}`;
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    for (const s of [renderer, notTulip, tulipWithoutCors]) await new Promise((r) => (s ? s.close(r) : r(null)));
  });

  async function desktop(platform: 'win32' | 'linux', opts: { baseUrl?: string } = {}) {
    const opened: { target: string; args: string[] }[] = [];
    // the system browser: what the shell opened there; the links the main process received and the page took
    const external: string[] = [];
    const inbox = ssoInbox();
    const taken: SsoLink[] = [];
    const asked: string[] = [];
    const approved = new Set<string>();
    const context: BrowserContext = await newContext(browser, { baseURL: rendererOrigin, viewport: { width: 1366, height: 850 } });
    await context.exposeFunction('__tulipSetServerUrl', async (url: unknown) => {
      const check = await checkServer(nodeFetch, url);
      if (check.ok) shell.setServerUrl(check.url);
      return check;
    });
    await context.exposeFunction('__tulipOpenMenuItem', (id: unknown, token: unknown) =>
      openMenuItem(
        {
          platform, serverUrl: () => shell.get().serverUrl, fetch: nodeFetch, log: { info: () => {}, warn: () => {} },
          openPath: async (target) => {
            opened.push({ target, args: [] });
            return '';
          },
          spawn: (target, args) => void opened.push({ target, args }),
          // the shell's dialog, answered yes; counted, so the test sees that only a first opening asks
          confirm: async (item) => {
            asked.push(item.target);
            return true;
          },
          approved,
        },
        id, token,
      ),
    );
    await context.exposeFunction('__tulipOpenSso', (url: unknown) =>
      openSso({ serverUrl: () => shell.get().serverUrl, log: { info: () => {}, warn: () => {} }, openExternal: async (u) => void external.push(u) }, url),
    );
    await context.exposeFunction('__tulipTakeSsoLink', () => {
      const l = inbox.take();
      if (l) taken.push(l);
      return l;
    });
    await context.addInitScript(installBridge, { platform, global: DESKTOP_BRIDGE_GLOBAL });
    if (opts.baseUrl) {
      await context.addInitScript((url) => {
        if (!localStorage.getItem('tulip.baseUrl')) localStorage.setItem('tulip.baseUrl', url);
      }, opts.baseUrl);
    }
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    /** A `tulip://` link the operating system hands the shell: read by the main process's rule, then the page pinged. */
    const receiveLink = async (url: string) => {
      const link = ssoLinkOf(['tulip', url]);
      if (!link) return;
      inbox.put(link);
      const before = taken.length;
      await page.evaluate(() => (window as unknown as { __tulipSsoPing: () => void }).__tulipSsoPing());
      await expect.poll(() => taken.length).toBe(before + 1);
    };
    return { context, page, opened, asked, external, receiveLink };
  }

  const rtokenOf = (page: Page) => page.evaluate((k) => localStorage.getItem(k), TOKEN_COOKIE);

  let linux: Awaited<ReturnType<typeof desktop>>;

  it('the bridge the page sees has exactly the preload’s members', async () => {
    linux = await desktop('linux');
    await linux.page.goto('/');
    const keys = await linux.page.evaluate((g) => Object.keys((window as unknown as Record<string, object>)[g]), DESKTOP_BRIDGE_GLOBAL);
    expect(keys.sort()).toEqual([...DESKTOP_BRIDGE_KEYS].sort());
  });

  it('at first start asks for the server; refuses a bad URL, credentials, a server that is not Tulip or refuses the origin; saves a Tulip server', async () => {
    const { page } = linux;
    // no server yet: the login sends to the settings
    await page.getByLabel('Indirizzo del server').waitFor();
    expect(new URL(page.url()).hash).toBe('#/impostazioni');
    const field = page.getByLabel('Indirizzo del server');
    const button = page.getByRole('button', { name: 'Verifica e salva' });
    const error = page.locator('#tl-base-url-err');
    const refused: [string, string][] = [
      ['ftp://tulip.example.it', "L'indirizzo deve iniziare con http:// o https://"],
      [`http://mario:segreta@127.0.0.1:1`, "L'indirizzo non deve contenere nome utente o password"],
      [notTulipUrl, "L'indirizzo risponde, ma non è un server Tulip"],
      [noCorsUrl, 'Il server non risponde, oppure non ammette questa applicazione'],
      ['http://127.0.0.1:9', 'Il server non risponde'],
    ];
    for (const [url, message] of refused) {
      await field.fill(url);
      await button.click();
      await expect.poll(() => error.textContent()).toContain(message);
    }
    // nothing saved, neither by the page nor by the shell
    expect(await page.evaluate(() => localStorage.getItem('tulip.baseUrl'))).toBeNull();
    expect(shell.get().serverUrl).toBeNull();

    await field.fill(`${e2e().baseUrl}/`);
    await button.click();
    await page.getByRole('status').getByText('Collegato al server Tulip 1.1.31').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tulip.baseUrl'))).toBe(e2e().baseUrl);
    expect(shell.get().serverUrl).toBe(e2e().baseUrl);
    // the page reloads on the login, now served with a CSP that connects to that server only
    await page.getByLabel('Nome utente').waitFor();
    const csp = (await page.request.get('/')).headers()['content-security-policy'];
    expect(csp).toContain(`connect-src 'self' ${e2e().baseUrl};`);
    await page.getByTestId('version-badge').hover();
    await page.getByText('Versione desktop').waitFor();
  });

  it('logs in with the refresh token in localStorage and no cookie; renews, retries a 401 once, logs out', async () => {
    const { page, context } = linux;
    await loginAs(page, 'mario.rossi', undefined, { landing: true });
    const first = await rtokenOf(page);
    expect(first).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await context.cookies()).filter((c) => c.name === TOKEN_COOKIE)).toEqual([]);

    // renewal: no access token at the next start -> GET /api/auth/rtoken across origins, a new refresh token kept
    const setAtoken = (token: string | null) =>
      page.evaluate(
        ([db, store, value]) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open(db as string);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const tx = open.result.transaction(store as string, 'readwrite');
              if (value) tx.objectStore(store as string).put(value, 'atoken');
              else tx.objectStore(store as string).delete('atoken');
              tx.oncomplete = () => resolve();
            };
          }),
        [IDB_NAME, IDB_STORE, token],
      );
    await setAtoken(null);
    const renewed = page.waitForResponse((r) => r.url().endsWith('/api/auth/rtoken') && r.status() === 200);
    await page.reload();
    await renewed;
    await page.getByTestId('user-menu').waitFor();
    const second = await rtokenOf(page);
    expect(second).not.toBe(first);

    // 401 retry: an access token the server refuses (unexpired, badly signed) -> 401, renewal, the same call again
    const forged = await page.evaluate(() => {
      const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      // real-clock: the page's own clock decides whether it thinks the token expired; it must look valid to it
      return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', k: 'a', exp: Math.floor(Date.now() / 1000) + 3600 })}.AAAA`;
    });
    await setAtoken(forged);
    const seen: string[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(e2e().baseUrl)) seen.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    await expect.poll(() => seen.some((s) => s.startsWith('401 '))).toBe(true);
    const firstRefused = seen.find((s) => s.startsWith('401 '))!.slice(4);
    expect(seen).toContain('200 /api/auth/rtoken');
    await expect.poll(() => seen.filter((s) => s === `200 ${firstRefused}`).length).toBeGreaterThan(0);
    expect(seen.indexOf('200 /api/auth/rtoken')).toBeGreaterThan(seen.indexOf(`401 ${firstRefused}`));
    const third = await rtokenOf(page);
    expect(third).not.toBe(second);

    // logout: the tokens leave localStorage and the server forgets the family
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await page.getByLabel('Nome utente').waitFor();
    expect(await rtokenOf(page)).toBeNull();
    const after = await fetch(`${e2e().baseUrl}/api/auth/rtoken`, { headers: { authorization: `Bearer ${third}` } });
    expect(after.status).toBe(401);
  });

  it('shows the open items on win32 and opens them through the main process by id; not on linux', async () => {
    const profili = await api<{ rows: { id: number; codice: string }[] }>('admin', 'GET', '/api/profili?size=100');
    const dip = profili.rows.find((p) => p.codice === 'DIPENDENTE')!.id;
    await api('admin', 'POST', '/api/vocimenu/cartelle', { cartelle: ['C:\\Documenti\\', 'C:\\Paghe\\'] });
    const doc = await api<{ data: { id: number } }>('admin', 'PUT', '/api/vocimenu', {
      etichetta: 'Regolamento aziendale', destinazione: 'C:\\Documenti\\regolamento.pdf', profili: [dip],
    });
    await api('admin', 'PUT', '/api/vocimenu', { etichetta: 'Paghe', destinazione: 'C:\\Paghe\\paghe.exe', argomenti: ['/utente', 'mario.rossi'], profili: [dip] });

    // linux: the same user's menu has no such group
    await loginAs(linux.page, 'mario.rossi', undefined, { landing: true });
    await linux.page.locator('nav').getByText('Timbrature').first().waitFor();
    expect(await linux.page.getByText('Programmi e documenti').count()).toBe(0);
    expect(await linux.page.getByText('Regolamento aziendale').count()).toBe(0);
    await linux.context.close();

    const win = await desktop('win32', { baseUrl: e2e().baseUrl });
    await loginAs(win.page, 'mario.rossi', undefined, { landing: true });
    await win.page.getByText('Programmi e documenti').waitFor();
    await win.page.getByTestId(`apri-${doc.data.id}`).click();
    await expect.poll(() => win.opened).toEqual([{ target: 'C:\\Documenti\\regolamento.pdf', args: [] }]);
    // the shell asked before the first opening on this PC, and does not ask again for the same item
    expect(win.asked).toEqual(['C:\\Documenti\\regolamento.pdf']);
    await win.page.getByTestId(`apri-${doc.data.id}`).click();
    await expect.poll(() => win.opened.length).toBe(2);
    expect(win.asked).toHaveLength(1);
    await win.page.getByText('Paghe', { exact: true }).click();
    await expect.poll(() => win.opened.length).toBe(3);
    expect(win.opened[2]).toEqual({ target: 'C:\\Paghe\\paghe.exe', args: ['/utente', 'mario.rossi'] });
    // an id not in this user's menu is refused by the main process, whatever the page asks
    const refused = await win.page.evaluate((g) => (window as unknown as Record<string, DesktopBridge>)[g].openMenuItem(999999, 'x'), DESKTOP_BRIDGE_GLOBAL);
    expect(refused).toEqual({ ok: false, message: 'avvisi.apertura_non_consentita' });
    expect(win.opened).toHaveLength(3);
    await win.context.close();
  });

  describe('company sign-in through the system browser (issue #32 §1)', () => {
    let op: TestOidc;
    let providerId: number | undefined;
    const callbackUrl = () => `${e2e().baseUrl}/api/accesso/callback`;
    /** The system browser from a start URL: the server's avvio, the provider's pages as `login`, the server's callback; the link it answers. */
    async function systemBrowser(startUrl: string, login: string) {
      const start = await fetch(startUrl, { redirect: 'manual' });
      expect(start.status).toBe(302);
      const back = await signInAtProvider(start.headers.get('location')!, login, callbackUrl());
      const end = await fetch(back, { redirect: 'manual' });
      expect(end.status).toBe(302);
      return end.headers.get('location')!;
    }
    afterAll(async () => {
      // the e2e server is shared with the next spec files
      if (providerId) await api('admin', 'DELETE', `/api/provider-sso/${providerId}`);
      await op?.close();
    });

    it('opens the provider in the system browser through the bridge, and the tulip://sso link of that attempt signs in; a link of another attempt does not', async () => {
      const { rows } = await api<{ rows: { username: string; email: string }[] }>('admin', 'GET', '/api/utenti?size=1000');
      const email = (u: string) => rows.find((r) => r.username === u)!.email;
      op = await startOidcProvider(
        [
          { login: 'mario.aziendale', email: email('mario.rossi') },
          { login: 'admin.aziendale', email: email('admin') },
        ],
        { client_id: 'tulip-desktop-e2e', client_secret: 'segreto-desktop-e2e', redirect_uris: [callbackUrl()] },
      );
      providerId = (
        await api<{ data: { id: number } }>('admin', 'PUT', '/api/provider-sso', {
          nome: 'Officine Rossi', issuer: op.issuer, client_id: 'tulip-desktop-e2e', client_secret: 'segreto-desktop-e2e', claim: 'email', domini: [], crea_utenti: false, attivo: true,
        })
      ).data.id;
      if (!shell.get().serverUrl) shell.setServerUrl(e2e().baseUrl);

      const d = await desktop('win32', { baseUrl: e2e().baseUrl });
      await d.page.goto('/');
      await d.page.getByRole('button', { name: 'Accedi con Officine Rossi' }).click();
      await d.page.getByRole('status').getByText('Completa l’accesso nel browser che si è aperto').waitFor();
      await stillShot(d.page, 'desktop-accesso-login');
      // the shell opened the server's avvio of the app's variant in the system browser; the window stayed in the app
      expect(d.external).toHaveLength(1);
      const start = new URL(d.external[0]);
      expect(`${start.origin}${start.pathname}`).toBe(`${e2e().baseUrl}/api/accesso/${providerId}/avvio`);
      expect(start.searchParams.get('app')).toBe('desktop');
      expect(start.searchParams.get('codice_app')).toMatch(CODICE_APP_RE);
      expect(d.page.url().startsWith(rendererOrigin)).toBe(true);

      // another attempt's link (someone's own sign-in as admin, mailed to this user): the page takes it and ignores it
      const foreign = await systemBrowser(`${e2e().baseUrl}/api/accesso/${providerId}/avvio?app=desktop&codice_app=${'A'.repeat(43)}`, 'admin.aziendale');
      expect(foreign.startsWith('tulip://sso#')).toBe(true);
      await d.receiveLink(foreign);

      // this attempt's link: signed in as mario, in the app
      const own = await systemBrowser(d.external[0], 'mario.aziendale');
      expect(ssoLinkOf(['tulip', own])?.codice_app).toBe(start.searchParams.get('codice_app'));
      await d.receiveLink(own);
      await d.page.getByTestId('user-menu').waitFor();
      expect(await d.page.getByTestId('user-menu').getAttribute('aria-label')).toBe('mario.rossi');
      expect(d.page.url().startsWith(rendererOrigin)).toBe(true);
      // the other link's token was never used by the page: it is still good for whoever holds it
      const foreignToken = ssoLinkOf(['tulip', foreign])!.token;
      const exchange = await fetch(`${e2e().baseUrl}/api/auth/authUser`, { method: 'POST', headers: { authorization: `Bearer ${foreignToken}` } });
      expect(exchange.status).toBe(200);
      await d.context.close();
    });
  });
});
