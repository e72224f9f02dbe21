/** Playwright (playwright-core) driving Debian's Chromium, and small helpers the specs share. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export function chromiumPath(): string | undefined {
  return [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
}

export const e2e = () => inject('e2e');

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
 * the screens' "today" is the server's, whenever the suite runs.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions & { clock?: number } = {}): Promise<BrowserContext> {
  const { clock, ...rest } = options;
  const context = await browser.newContext({ baseURL: e2e().baseUrl, locale: 'it-IT', timezoneId: 'Europe/Rome', ...rest });
  await context.clock.install({ time: clock ?? serverNow() });
  return context;
}

export async function newPage(browser: Browser, options: { clock?: number; viewport?: { width: number; height: number } } = {}): Promise<Page> {
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

/**
 * Logs in through the form. A profile with a landing page (reception, an employee: issue #12) arrives there; the
 * tests then go on from the home page, reached through the menu, unless `landing` keeps them where they arrived.
 */
export async function loginAs(page: Page, username: string, password = passwordOf(username), opts: { landing?: boolean } = {}) {
  await page.goto('/');
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByTestId('user-menu').waitFor();
  if (opts.landing) return;
  if (new URL(page.url()).pathname !== '/') await page.locator('nav a[href="/"]').first().click();
  await page.getByTestId('home').waitFor();
}

/** Waits for a mail to `to` in the test SMTP server's folder and returns its decoded text. */
export async function waitForMail(to: string, after = 0, ms = 15_000): Promise<string> {
  const dir = e2e().maildir;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const files = fs.readdirSync(dir).filter((f) => f.includes(to) && Number(f.split('-')[0]) >= after).sort();
    if (files.length) {
      const raw = fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8');
      return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

export async function shot(page: Page, name: string) {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
