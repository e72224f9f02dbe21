/**
 * The accessibility pass's tools (issue #5), shared by the a11y*.e2e.ts specs: axe-core (WCAG 2.0/2.1 A and AA) on a
 * screen once it is still, its drawers, modals and popovers opened, the row actions of a laptop screen in view, the
 * focus visible; and the walk of a demo user's whole menu. Each spec writes its findings to .tmp/a11y-<who>.json;
 * A11Y_VERBOSE=1 prints the time of every audit.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { MenuItem } from '@tulip/contract';
import { animationsDone, api, e2e, launch, loginAs, newPage } from './support';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules switched off for one selector, each because the markup is antd's own and cannot be fixed from
 * our side. Keep this list short and explain every entry.
 */
const ALLOWED: { rule: string; selector: string; why: string }[] = [];

export type Found = { rule: string; impact: string; help: string; screen: string; targets: string[]; html: string[] };

/**
 * Issue #12, laptop screens: at 1366×768 the first row's action (the buttons and links of a table's last cell, or of
 * its column fixed on the right) is in view without scrolling the table sideways, and no header cell is cut unless
 * the table pins its key column on the left. Returns
 * what is out of view, on the screen as it is now.
 */
async function unreachable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const name = (el: Element) => (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30);
    for (const table of document.querySelectorAll('.tl-content .ant-table-wrapper')) {
      if (!(table as HTMLElement).offsetParent) continue; // a hidden tab
      const view = table.querySelector('.ant-table-content, .ant-table-body') ?? table;
      const box = view.getBoundingClientRect();
      const right = Math.min(window.innerWidth, box.right);
      const row = table.querySelector('.ant-table-tbody tr.ant-table-row');
      const cells = row ? [...row.querySelectorAll(':scope > td')] : [];
      const cell = cells.find((td) => td.classList.contains('ant-table-cell-fix-end') || td.classList.contains('ant-table-cell-fix-right')) ?? cells[cells.length - 1];
      for (const action of cell ? [...cell.querySelectorAll('button, a')] : []) {
        const r = action.getBoundingClientRect();
        if (r.width && (r.right > right + 1 || r.left < box.left - 1)) out.push(`"${name(action)}" at ${Math.round(r.left)}–${Math.round(r.right)} px, in view up to ${Math.round(right)} px`);
      }
      // a grid whose key column is pinned on the left (a timecard, a month of shifts) is meant to scroll sideways
      // — unless it says every column must be in view (the timecard: HR reads leave and anomalies first, issue #29)
      const pinned = !!table.querySelector('.ant-table-thead th.ant-table-cell-fix-start, .ant-table-thead th.ant-table-cell-fix-left') && !table.closest('[data-columns-in-view]');
      for (const th of pinned ? [] : table.querySelectorAll('.ant-table-thead th')) {
        const r = th.getBoundingClientRect();
        const text = th.textContent?.trim();
        if (text && r.width && r.left < right && r.right > right + 1 && !th.classList.contains('ant-table-selection-column')) out.push(`header "${text.slice(0, 30)}" cut at ${Math.round(right)} px`);
      }
    }
    return out;
  });
}

/** In-flight requests of a page, so "settled" means the network is quiet too. */
const inflight = new WeakMap<Page, { n: number }>();
export function track(page: Page) {
  const c = { n: 0 };
  inflight.set(page, c);
  page.on('request', () => c.n++);
  page.on('requestfinished', () => (c.n = Math.max(0, c.n - 1)));
  page.on('requestfailed', () => (c.n = Math.max(0, c.n - 1)));
  return page;
}

const BUSY = [
  '[data-testid="loading-overlay"]',
  '.tl-page-loading',
  '.ant-spin-spinning',
  '.ant-skeleton-active',
  '.ant-btn-loading',
  '.ant-drawer-body .ant-skeleton',
].join(',');

/** Nothing loading on the page: no request in flight, no spinner, skeleton or loading button. */
async function quiet(page: Page): Promise<boolean> {
  return (inflight.get(page)?.n ?? 0) === 0 && (await page.locator(BUSY).count()) === 0;
}

/** The page draws two more frames: whatever a finished request was going to start, it has started. */
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * Waits until the page is still: nothing loading, and still nothing loading two frames later (a request answered often
 * starts the next one: a list, then its lookups), then the finite animations ended. Motion is reduced in these
 * contexts, so those are few; endless ones (spinners) and the click "wave" of buttons are not waited for.
 */
export async function settle(page: Page, ms = 10_000) {
  const end = performance.now() + ms;
  for (;;) {
    await expect.poll(() => quiet(page), { timeout: Math.max(1, end - performance.now()) }).toBe(true).catch(() => undefined);
    await frames(page);
    if ((await quiet(page)) || performance.now() > end) break;
  }
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => {
          if (a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity) return true;
          const target = (a.effect as KeyframeEffect | null)?.target;
          return !!target?.closest?.('.ant-wave, .tl-notice__progress');
        }),
      null,
      { timeout: 2000 },
    )
    .catch(() => undefined);
}

export async function audit(page: Page, screen: string, found: Found[]) {
  const t0 = performance.now();
  await settle(page);
  const t1 = performance.now();
  // evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an inline script tag
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const w = window as unknown as { axe: typeof axe };
    const r = await w.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')}  — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`),
      html: v.nodes.map((n) => n.html.slice(0, 300)),
    }));
  }, TAGS);
  // Not an axe rule: a control whose only name is the English label antd gives its icon ("delete",
  // "reload"...) passes axe's button-name but says nothing useful in an Italian interface.
  const iconNamed = await page.evaluate(() =>
    [...document.querySelectorAll('button, a[href], [role="button"], [role="menuitem"], [role="tab"]')]
      .filter((el) => {
        const h = el as HTMLElement;
        // only what a keyboard user reaches: rendered, visible, in the tab order
        if (el.closest('[aria-hidden="true"], [inert]') || !h.offsetParent || h.tabIndex < 0 || getComputedStyle(h).visibility === 'hidden') return false;
        if (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.getAttribute('title')) return false;
        const text = [...el.childNodes].map((n) => (n instanceof Element && n.matches('.anticon') ? '' : n.textContent)).join('');
        return !text.trim() && !!el.querySelector('.anticon[role="img"][aria-label]');
      })
      .map((el) => el.outerHTML.slice(0, 300)),
  );
  if (iconNamed.length)
    violations.push({ rule: 'icon-only-name', impact: 'serious', help: 'Icon-only control named only by the icon (English)', targets: iconNamed, html: iconNamed });
  if (process.env.A11Y_VERBOSE) console.log(`axe ${screen}: settle ${t1 - t0} ms, axe ${performance.now() - t1} ms`);
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const keep = v.targets.map((tg) => !ALLOWED.some((a) => a.rule === v.rule && tg.includes(a.selector)));
    const targets = v.targets.filter((_, i) => keep[i]);
    if (targets.length) found.push({ ...v, screen, targets, html: v.html.filter((_, i) => keep[i]) });
  }
}

/** Readable summary: one block per rule, the screens and the first targets under it. */
function summary(found: Found[]): string {
  const byRule = new Map<string, Found[]>();
  for (const f of found) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  const out: string[] = [];
  for (const [rule, list] of byRule) {
    out.push(`\n✗ ${rule} (${list[0].impact}) — ${list[0].help}`);
    for (const f of list) {
      out.push(`    on ${f.screen}:`);
      for (const tg of f.targets.slice(0, 6)) out.push(`      ${tg}`);
      if (f.targets.length > 6) out.push(`      … and ${f.targets.length - 6} more`);
    }
  }
  return out.join('\n');
}

export function report(what: string, found: Found[]) {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `a11y-${what.replace(/\W+/g, '_')}.json`), JSON.stringify(found, null, 1));
  const text = summary(found);
  if (text) console.log(`\naxe: serious/critical violations (${what}):${text}\n`);
  expect(text, `serious/critical axe violations (${what})`).toBe('');
}

function leaves(menu: MenuItem[]): MenuItem[] {
  return menu.flatMap((m) => (m.children ? leaves(m.children) : m.path ? [m] : []));
}

/** Buttons that open the main form of a screen ("Nuovo", "Nuova richiesta", "Nuovo turno"...). */
const NEW_BUTTON = /(^|\s)Nuov[oa]\b/; // the name may start with the icon's label ("plus Nuovo")

/** What opens the drawers, modals and popovers of a screen, where present: found on the page, not per path. */
const OPENERS: { what: string; find: (page: Page) => Locator }[] = [
  { what: 'nuovo', find: (page) => page.locator('.tl-content').getByRole('button', { name: NEW_BUTTON }).first() },
  { what: 'rotazione', find: (page) => page.locator('.tl-content').getByRole('button', { name: /Rotazione$/ }).first() },
  { what: 'giorno', find: (page) => page.locator('[data-testid="timbrature-calendario"] .ant-picker-cell-today .ant-picker-calendar-date').first() },
  { what: 'cella', find: (page) => page.locator('button.tl-cal-cell').first() },
  // an article's stock (/dotazioni/anagrafica): its drawer with the loads, the movements and the units
  { what: 'magazzino', find: (page) => page.locator('[data-testid^="magazzino-"]').first() },
];

/** Issue #17: the equipment screens, in the menu of HR and of the administrator (so every pass below audits them). */
const DOTAZIONI = ['/dotazioni/tipologie', '/dotazioni/anagrafica', '/dotazioni/consegne', '/dotazioni/mansione'];
/** Issue #18: the pay tables, the hiring documents and the dossier, in the same two menus. */
const CONTRATTI = ['/contratti/retribuzione', '/contratti/stipulazione', '/contratti/fascicolo'];

const OVERLAY = '.ant-drawer-open .ant-drawer-section, .ant-modal-wrap:not([style*="display: none"]) .ant-modal, .ant-popover:not(.ant-popover-hidden)';

/** Opens each drawer, modal or popover the screen has (once per path over the whole file), audits it, closes it. */
const opened = new Set<string>();
async function auditOverlays(page: Page, path: string, screen: string, found: Found[]) {
  for (const { what, find } of OPENERS) {
    if (opened.has(`${path} ${what}`)) continue;
    const trigger = find(page);
    if (!(await trigger.count()) || !(await trigger.isVisible()) || (await trigger.isDisabled().catch(() => false))) continue;
    const name = ((await trigger.getAttribute('aria-label')) ?? (await trigger.textContent()) ?? '').trim().slice(0, 40);
    await trigger.click();
    const overlay = page.locator(OVERLAY).first();
    try {
      await overlay.waitFor({ timeout: 5000 });
    } catch {
      continue; // it did something else (e.g. a new row inline): the page audit covers it
    }
    opened.add(`${path} ${what}`);
    await audit(page, `${screen} › ${name}`, found);
    await page.keyboard.press('Escape');
    if (!(await overlay.isHidden())) await page.mouse.click(5, 5); // a popover closes on a click outside
    await overlay.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
  }
}

/** How an element looks (outline, shadow, border, background), with its ancestors up to a focusable one: antd rings an input's wrapper. */
function look(el: Element): string {
  const out: string[] = [];
  for (let e: Element | null = el, k = 0; e && k < 4; e = e.parentElement, k++) {
    if (k > 0 && (e as HTMLElement).tabIndex >= 0) break; // a focusable ancestor shows its own focus
    const s = getComputedStyle(e);
    out.push([s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join(' '));
  }
  return out.join(' / ');
}

function describeEl(el: Element): string {
  const name = el.getAttribute('aria-label') ?? el.getAttribute('href') ?? el.textContent ?? '';
  return `<${el.tagName.toLowerCase()} class="${String((el as HTMLElement).className).slice(0, 60)}"> ${name.trim().slice(0, 40)}`;
}

/**
 * Checks that the focused element shows its focus (WCAG 2.4.7): it must look different focused and
 * not focused (Shift+Tab away, then Tab back). Records it in `unseen` otherwise.
 */
export async function checkFocus(page: Page, unseen: string[]) {
  const el = await page.evaluateHandle(() => document.activeElement ?? document.body);
  // a focus style that still fades in (a transition the reduced motion left) is read once it ended
  await animationsDone(page);
  const focused = await el.evaluate(look);
  await page.keyboard.press('Shift+Tab');
  await animationsDone(page);
  const blurred = await el.evaluate(look);
  await page.keyboard.press('Tab');
  expect(await el.evaluate((e) => e === document.activeElement), `Shift+Tab then Tab returns to ${await el.evaluate(describeEl)}`).toBe(true);
  if (focused === blurred) unseen.push(await el.evaluate(describeEl));
}

/** Presses Tab until the focused element satisfies `test` (in the page), checking at every stop that the focus is visible. */
export async function tabTo(page: Page, test: string, unseen: string[], max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    await checkFocus(page, unseen);
    if (await page.evaluate(test)) return;
  }
  throw new Error(`Tab never reached: ${test}`);
}

/** The demo users whose menus the pass walks, in this order; each with the data scope of what its screens show. */
export const MENU_USERS = ['admin', 'personale', 'laura.bianchi', 'mario.rossi', 'portineria'] as const;
const SCOPE: Record<(typeof MENU_USERS)[number], string> = { admin: 'tutti', personale: 'tutti', 'laura.bianchi': 'reparto', 'mario.rossi': 'proprio', portineria: 'tutti' };

/** The paths of a user's menu, as the server gives it. */
async function menuOf(user: string): Promise<string[]> {
  return leaves((await api<{ menu: MenuItem[] }>(user, 'GET', '/api/auth/userdefs')).menu).map((m) => m.path!);
}

/**
 * What the users before this one in MENU_USERS cover, whichever spec file walks them and when: a screen shows the same to
 * two users of the same data scope, so axe runs on it for the first of them only (the others still open it, so its
 * calls and its row actions are checked for their profile too); a screen's drawers and modals are audited once.
 */
async function coveredBefore(user: (typeof MENU_USERS)[number]): Promise<{ audited: Set<string>; opened: Set<string> }> {
  const audited = new Set<string>();
  const opened = new Set<string>();
  for (const other of MENU_USERS.slice(0, MENU_USERS.indexOf(user))) {
    for (const path of await menuOf(other)) {
      opened.add(path);
      if (SCOPE[other] === SCOPE[user]) audited.add(path);
    }
  }
  return { audited, opened };
}

/**
 * Every screen of a user's menu at 1366×768: the home page, then each leaf of the menu the server answers after login
 * (not a hand-written list), reached through the menu as a user does, audited with its overlays; no call that fails,
 * no row action out of view. mario.rossi adds the user menu, the change-password modal, a 404 and the phone page.
 */
export async function auditMenu(browser: Browser, user: (typeof MENU_USERS)[number]) {
  const found: Found[] = [];
  // a laptop screen (issue #12): the row actions must be in view at 1366×768
  const page = track(await newPage(browser, { viewport: { width: 1366, height: 768 } }));
  const { audited, opened: overlaysSeen } = await coveredBefore(user);
  const outOfView: string[] = [];
  // a screen makes no call it knows will fail (issue #12): opening screens and forms gets no 4xx or 5xx
  const failing: string[] = [];
  let where = `${user}: login`;
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failing.push(`${where}: ${r.request().method()} ${new URL(r.url()).pathname}${new URL(r.url()).search} -> ${r.status()}`);
  });
  const defs = page.waitForResponse((r) => r.url().includes('/api/auth/userdefs') && r.ok());
  await loginAs(page, user);
  const { menu } = (await (await defs).json()) as { menu: MenuItem[] };
  await audit(page, `${user}: / (home)`, found);
  const screens = leaves(menu);
  if (user === 'admin' || user === 'personale') expect(screens.map((s) => s.path), `${user} reaches the equipment and pay-table screens`).toEqual(expect.arrayContaining([...DOTAZIONI, ...CONTRATTI]));
  expect(screens.length, `${user} has a menu`).toBeGreaterThan(user === 'mario.rossi' || user === 'portineria' ? 0 : 3);
  for (const item of screens) {
    const path = item.path!;
    // through the menu, as a user does (no reload, so the boot overlay is not paid again)
    await page.locator(`nav a[href="${path}"]`).first().click();
    await page.waitForURL((u) => u.pathname === path);
    const screen = `${user}: ${path}`;
    where = screen;
    if (audited.has(path)) await settle(page);
    else await audit(page, screen, found);
    for (const what of await unreachable(page)) outOfView.push(`${screen}: ${what}`);
    if (!overlaysSeen.has(path)) await auditOverlays(page, path, screen, found);
  }
  if (user === 'mario.rossi') {
    // the header's user menu and the change-password modal, over the home page
    await page.locator('nav a[href="/"]').first().click();
    await page.getByTestId('home').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Cambia password' }).waitFor();
    await audit(page, `${user}: menu utente`, found);
    await page.getByRole('menuitem', { name: 'Cambia password' }).click();
    await page.locator('.ant-modal').first().waitFor();
    await audit(page, `${user}: cambia password`, found);
    await page.keyboard.press('Escape');
    // a page that does not exist
    await page.goto('/pagina/inesistente');
    await page.getByTestId('not-found').waitFor();
    where = `${user}: 404`;
    await audit(page, `${user}: 404`, found);
    // the phone page, logged in
    await page.goto('/mobile');
    await page.getByTestId('mobile').waitFor();
    await audit(page, `${user}: /mobile`, found);
  }
  await page.context().close();
  report(user, found);
  expect(failing, 'calls the screens made that failed').toEqual([]);
  expect(outOfView, 'row actions or headers out of view at 1366×768').toEqual([]);
}

/**
 * A spec file's walk of these users' menus, one test each, in one browser. The menus are walked in spec files of their
 * own (a11y-menu-*.e2e.ts) so that two workers share them.
 */
export function menuSpec(users: (typeof MENU_USERS)[number][]) {
  describe.skipIf(e2e().skip)('accessibility of every screen (axe-core, WCAG 2.1 AA)', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launch();
    });
    afterAll(async () => browser?.close());
    for (const user of users) it(`every screen of ${user}'s menu`, { timeout: 300_000 }, () => auditMenu(browser, user));
  });
}
