/** Playwright (playwright-core) driving Debian's Chromium, and small helpers the specs share. */
import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { TOKEN_COOKIE } from '@tulip/contract';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';
import { chromiumPath } from './chromium';
import { workerServer, type E2eServer } from './worker-server';

export { chromiumPath };

/** This worker's e2e server (worker-server.ts); skip: no Chromium, the specs are skipped. */
export function e2e(): E2eServer & { skip: boolean } {
  const server = workerServer();
  if (inject('e2eBroker').skip || !server) return { skip: true, baseUrl: '', maildir: '', clock: { at: 0, anchor: 0 }, desktopPort: 0 };
  return { ...server, skip: false };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** Now on the e2e server's clock (TULIP_NOW, running since it started), in ms. */
export function serverNow(): number {
  const { at, anchor } = e2e().clock;
  // real-clock: how long the server's clock has run since it started at TULIP_NOW
  return at + (Date.now() - anchor);
}

/** The server's today, 'YYYY-MM-DD' in the company zone. */
export const serverToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(serverNow());

/**
 * A browser context whose clock runs from the server's now (or `clock`, a phone set to another time):
 * the screens' "today" is the server's, whenever the suite runs. Motion is reduced unless `reducedMotion` says otherwise.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions & { clock?: number } = {}): Promise<BrowserContext> {
  const { clock, ...rest } = options;
  // reduced motion, as a user may ask of the system: no test waits for a dialog to zoom in or a drawer to slide
  const context = await browser.newContext({ baseURL: e2e().baseUrl, locale: 'it-IT', timezoneId: 'Europe/Rome', reducedMotion: 'reduce', ...rest });
  await context.clock.install({ time: clock ?? serverNow() });
  return context;
}

export async function newPage(
  browser: Browser,
  options: { clock?: number; viewport?: { width: number; height: number }; reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<Page> {
  const context = await newContext(browser, { viewport: { width: 1366, height: 850 }, ...options });
  const page = await context.newPage();
  // generous: CI machines are small and shared; a passing wait returns as soon as it can
  page.setDefaultTimeout(30_000);
  return page;
}

/** Passwords changed by a spec (the e2e server is shared by every spec file), kept beside the mail folder. */
const passwordsFile = () => path.join(path.dirname(e2e().maildir), 'passwords.json');
export function passwordOf(username: string): string {
  try {
    return (JSON.parse(fs.readFileSync(passwordsFile(), 'utf8')) as Record<string, string>)[username] ?? 'demo';
  } catch {
    return 'demo';
  }
}
export function rememberPassword(username: string, password: string) {
  let all: Record<string, string> = {};
  try {
    all = JSON.parse(fs.readFileSync(passwordsFile(), 'utf8'));
  } catch {
    /* first change */
  }
  fs.writeFileSync(passwordsFile(), JSON.stringify({ ...all, [username]: password }));
}

/** A token's claims, unchecked: when it expires. */
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as { exp: number };

/**
 * Signs a user in. By default through the API (the login form's own tests are in foundation.e2e.ts): a fresh pair of
 * tokens for this browser context, its refresh token in the cookie the app keeps it in, then the page at `at` (the home
 * page unless said). The app renews the access token at its start, as after a reload.
 *
 * `landing`: through the form instead, as a user does, to where the profile lands (reception, an employee: issue
 * #12); the test goes on from there.
 */
export async function loginAs(page: Page, username: string, password = passwordOf(username), opts: { landing?: boolean; at?: string } = {}) {
  if (opts.landing) return loginThroughForm(page, username, password);
  const { rtoken } = await pairOf(username, password);
  // a session cookie: the token's exp is on the server's clock, which the browser's cookie jar does not follow
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: encodeURIComponent(rtoken), url: e2e().baseUrl, sameSite: 'Strict' }]);
  await page.goto(opts.at ?? '/');
  await page.getByTestId('user-menu').waitFor();
  if (!opts.at) await page.getByTestId('home').waitFor();
}

/** Logs in through the form, and waits for the page the profile lands on. */
export async function loginThroughForm(page: Page, username: string, password = passwordOf(username)) {
  await page.goto('/');
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByTestId('user-menu').waitFor();
}

/** Waits for a mail to `to` in the test SMTP server's folder and returns its decoded text. */
export async function waitForMail(to: string, after = 0, ms = 15_000): Promise<string> {
  const dir = e2e().maildir;
  const newest = () => fs.readdirSync(dir).filter((f) => f.includes(to) && Number(f.split('-')[0]) >= after).sort().at(-1);
  await expect.poll(newest, { timeout: ms, message: `no mail to ${to}` }).toBeTruthy();
  const raw = fs.readFileSync(path.join(dir, newest()!), 'utf8');
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** A screenshot into .tmp/screenshots, once the finite animations ended (motion is reduced, but not for every test). */
export async function shot(page: Page, name: string) {
  await animationsDone(page);
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

/** A new pair of tokens of a user, signed in through the API (the password they have now), as the login form gets it. */
export async function pairOf(user: string, password = passwordOf(user)): Promise<{ atoken: string; rtoken: string }> {
  const base = e2e().baseUrl;
  const login = await fetch(`${base}/api/auth/loginUser`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user, password }) });
  if (!login.ok) throw new Error(`login of ${user} -> ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const auth = await fetch(`${base}/api/auth/authUser`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!auth.ok) throw new Error(`authUser of ${user} -> ${auth.status} ${await auth.text()}`);
  return (await auth.json()) as { atoken: string; rtoken: string };
}

/** Access tokens this worker signed in for, by user and password, until a minute before they expire. */
const tokens = new Map<string, string>();

/** A user's access token, signed in through the API (the password they have now); `fresh`: not the one kept. */
export async function tokenOf(user: string, password = passwordOf(user), fresh = false): Promise<string> {
  const key = `${user}\n${password}`;
  const kept = tokens.get(key);
  // real-clock: tokens expire on the machine's clock, whatever TULIP_NOW says (platform/clock.ts realNowMs)
  if (kept && !fresh && claimsOf(kept).exp * 1000 - 60_000 > Date.now()) return kept;
  const { atoken } = await pairOf(user, password);
  tokens.set(key, atoken);
  return atoken;
}

/** A call of the API as a user, for what a spec prepares or checks beside the screens; a 4xx or 5xx throws. */
export async function api<T>(user: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const send = async (fresh: boolean) =>
    fetch(`${e2e().baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${await tokenOf(user, undefined, fresh)}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let r = await send(false);
  // the token kept may have been revoked since (a logout of every session, a password changed): once more, signed in anew
  if (r.status === 401) r = await send(true);
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path} -> ${r.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A screenshot once the page is still: nothing loading, no motion, scrolled to the top unless asked not to. */
export async function stillShot(page: Page, name: string, top = true) {
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading').count(), { timeout: 15_000 }).toBe(0);
  if (top) await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

/**
 * Waits for the page's finite animations to end: a dialog still zooming in has neither its final colours nor its final
 * place, and a pointer aimed at it may land on the mask and close it. Spinners run forever, and a notice's countdown
 * bar runs until the notice goes: both are left alone (waiting for the bar would wait the notice away).
 */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .filter((a) => !((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest?.('.tl-notice__progress'))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The states of the screens the accessibility pass (a11y.e2e.ts) does not open by itself (a record chosen, a drawer,
 * a tab), checked with axe the same way: no serious or critical violation.
 */
export async function accessible(page: Page, what: string) {
  // colours are read mid-animation otherwise (a popover zooming in has its button half transparent)
  await animationsDone(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    const w = window as unknown as { axe: typeof axe };
    const r = await w.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
  expect(found, `axe on ${what}`).toEqual([]);
}

/**
 * Chooses an option of an antd select found by its accessible name (its label), typing to filter it.
 * On a loaded machine the click can land while the list is being filtered, on a row that moves away: the choice is
 * made again unless the select then shows the option (or, in a multiple select's open list, marks it selected).
 */
export async function choose(page: Page, scope: Locator | Page, name: string, option: string) {
  const select = scope.getByLabel(name, { exact: true });
  const root = select.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const options = () => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option });
  const chosen = async () =>
    (await root.evaluate((el) => (el as HTMLElement).innerText)).toLowerCase().includes(option.toLowerCase()) ||
    ((await options().first().getAttribute('class', { timeout: 100 }).catch(() => '')) ?? '').includes('ant-select-item-option-selected');
  for (let attempt = 1; ; attempt++) {
    await select.click();
    await select.fill(option);
    await options().first().click();
    const ok = await expect.poll(chosen, { timeout: 3000 }).toBe(true).then(() => true, () => false);
    if (ok || attempt === 3) return;
  }
}

/**
 * After pressing "Timbra entrata": an entry long before the shift it counts for is asked first (issue #29), as on the
 * e2e day when mario's shift starts in the afternoon. Confirms it, with the keyboard when `keyboard`, whichever the
 * screen shows, then waits for the punch's notification.
 */
export async function confirmEntry(page: Page, opts: { keyboard?: boolean } = {}) {
  const asked = page.locator('.ant-modal-confirm');
  const done = page.getByTestId('notification').filter({ hasText: /Entrata registrata alle \d\d:\d\d/ }).first();
  await asked.or(done).first().waitFor();
  if (await asked.isVisible()) {
    expect(await asked.textContent()).toMatch(/conterà per il turno .+ del \d\d\/\d\d\/\d{4}, che inizia alle \d\d:\d\d/);
    if (opts.keyboard) {
      // the dialog takes the focus on its confirming button
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal-confirm'))).toBe(true);
      await page.keyboard.press('Enter');
    } else await asked.getByRole('button', { name: 'Timbra entrata' }).click();
  }
  await done.waitFor();
}
