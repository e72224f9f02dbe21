/**
 * Web (issue #5 §5):
 *  - login-js-gzip: the JS the browser downloads for the login page (the scripts Chromium fetched
 *    during the Lighthouse run of the login page; without Chromium, the build manifest's closure of
 *    the entry and the lazy LoginPage), gzip -9, against the 200 KB budget (issue #2);
 *  - largest-chunk-gzip: the largest JS chunk of the build, gzip, against the same budget;
 *  - Lighthouse performance and accessibility scores of the login page and of the home page
 *    (logged in), against 100 (the best score). Chromium is Debian's (CHROME_PATH or `chromium`).
 * The web app is built by the bench into its own folder (never the shared apps/web/dist, which
 * other runs may be rewriting).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from '../test/support/postgres';
import { log, median, pending, root, row, startUntil200, failed, knobs, type BenchRow } from './lib';

const BUDGET_KB = 200;
const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

type Manifest = Record<string, { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

export function buildWeb(): string {
  const outDir = path.join(os.tmpdir(), `tulip-bench-web-${process.pid}`);
  log('web: vite build');
  const r = spawnSync('npm', ['run', 'build', '-w', '@tulip/web', '--', '--outDir', outDir, '--emptyOutDir', '--manifest'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`web build failed:\n${r.stdout}\n${r.stderr}`);
  return outDir;
}

const gzipKB = (dist: string, file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file.replace(/^\//, ''))), { level: 9 }).length / 1024;

/** Static imports of a manifest chunk, transitively (what loading it downloads). */
function closure(m: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !m[key]) return seen;
  seen.add(key);
  for (const k of m[key].imports ?? []) closure(m, k, seen);
  return seen;
}

export function sizes(dist: string) {
  const m = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const js = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const all = js.map((f) => ({ file: f, kb: gzipKB(dist, `assets/${f}`) })).sort((a, b) => b.kb - a.kb);
  // static estimate of the login page: the entry and the lazy LoginPage with their static imports
  const loginKeys = new Set([...closure(m, 'index.html'), ...closure(m, 'src/modules/auth/LoginPage.tsx')]);
  const staticLoginKB = [...loginKeys].map((k) => m[k].file).filter((f) => f.endsWith('.js')).reduce((s, f) => s + gzipKB(dist, f), 0);
  // each lazy route page with everything it imports: what opening it with a cold cache downloads
  const routes = Object.entries(m)
    .filter(([k, v]) => v.isDynamicEntry && k.startsWith('src/'))
    .map(([k]) => ({ page: k, kb: [...closure(m, k)].map((c) => m[c].file).filter((f) => f.endsWith('.js')).reduce((s, f) => s + gzipKB(dist, f), 0) }))
    .sort((a, b) => b.kb - a.kb);
  return { largest: all[0], staticLoginKB, largestRoute: routes[0], pages: routes.length };
}

// ---- Lighthouse ----------------------------------------------------------------------------------

/** Short row names of the demo users whose home page is measured. */
const HOME_ROW: Record<string, string> = { 'laura.bianchi': 'laura', 'mario.rossi': 'mario' };

type Lhr = { categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>; audits: Record<string, any>; finalDisplayedUrl: string; runtimeError?: { message: string } };

function chromiumPath(): string | null {
  if (process.env.CHROME_PATH && fs.existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  const w = spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' });
  return w.status === 0 ? w.stdout.trim() : null;
}

async function lighthouseRuns(base: string, dist: string) {
  const chrome = chromiumPath()!;
  process.env.CHROME_PATH = chrome;
  const { default: puppeteer } = await import('puppeteer-core');
  const { default: lighthouse } = await import('lighthouse');
  const config = knobs.lighthousePreset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const browser = await puppeteer.launch({ executablePath: chrome, headless: true, args: CHROME_FLAGS, defaultViewport: null });
  const flags = { output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance', 'accessibility'] };
  // a trace now and then comes back without its navigation (NO_NAVSTART): start from a blank page, retry once
  const audit = async (url: string, f: typeof flags & { disableStorageReset?: boolean }, page: import('puppeteer-core').Page, what: string) => {
    for (let attempt = 1; ; attempt++) {
      await page.goto('about:blank');
      const lhr = (await lighthouse(url, f, config, page))!.lhr as unknown as Lhr;
      if (!lhr.runtimeError) return lhr;
      if (attempt === 2) throw new Error(`lighthouse (${what}): ${lhr.runtimeError.message}`);
      log(`web: lighthouse (${what}) ${lhr.runtimeError.message.slice(0, 80)}; again`);
    }
  };
  const score = (l: Lhr, c: string) => Math.round((l.categories[c]?.score ?? NaN) * 100);
  try {
    const pages: Record<string, Lhr[]> = { login: [] };
    let loginScripts: string[] = [];
    /**
     * A logged-in page: log in through the form (tokens land in IndexedDB and the cookie; a profile with a landing
     * page arrives there), drop the HTTP cache so the page loads cold, then let Lighthouse load `path` keeping the
     * storage, and check the page is what was measured.
     */
    const loggedIn = async (user: string, path: string, expect: string, what: string) => {
      const ctx = await browser.createBrowserContext();
      const page = await ctx.newPage();
      await page.goto(`${base}/`, { waitUntil: 'load' });
      await page.waitForSelector('#tl-username', { timeout: 30_000 });
      await page.type('#tl-username', user);
      await page.type('#tl-password', 'demo');
      await page.click('button[type=submit]');
      await page.waitForSelector('[data-testid=user-menu]', { timeout: 30_000 });
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      const lhr = await audit(`${base}${path}`, { ...flags, disableStorageReset: true }, page, what);
      if (!(await page.$(expect))) throw new Error(`lighthouse (${what}): ${expect} was not shown (session lost?)`);
      (pages[what] ??= []).push(lhr);
      await ctx.close();
    };
    for (let i = 0; i < knobs.lighthouseRuns; i++) {
      // the login page, as a first visit: Lighthouse clears cache and storage of the origin
      {
        const ctx = await browser.createBrowserContext();
        const page = await ctx.newPage();
        const lhr = await audit(`${base}/`, flags, page, 'login');
        if (!(await page.$('#tl-username'))) throw new Error('lighthouse (login): the login form was not shown');
        pages.login.push(lhr);
        const items = (lhr.audits['network-requests']?.details?.items ?? []) as { url: string; resourceType?: string }[];
        loginScripts = items.filter((it) => it.resourceType === 'Script' && it.url.startsWith(base)).map((it) => new URL(it.url).pathname);
        await ctx.close();
      }
      // the home page of each demo profile (issue #12), and the phone's clock-in of an employee
      for (const user of knobs.homeUsers) await loggedIn(user, '/', '[data-testid=home]', `home-${HOME_ROW[user] ?? user}`);
      await loggedIn('mario.rossi', '/mobile', '[data-testid=mobile-ora]', 'mobile');
    }
    const loginJsKB = loginScripts.reduce((s, p) => s + (fs.existsSync(path.join(dist, p)) ? gzipKB(dist, p) : 0), 0);
    const pick = (ls: Lhr[], c: string) => median(ls.map((l) => score(l, c)));
    const medianRun = (ls: Lhr[]) => [...ls].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(ls.length / 2)];
    // the audits of a category that score under 0.9: where the points go
    const failing = (l: Lhr, c: string) =>
      l.categories[c].auditRefs
        .map((ref) => ({ id: ref.id, a: l.audits[ref.id] }))
        .filter(({ a }) => a && typeof a.score === 'number' && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
        .map(({ id, a }) => `${id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    // what moved, and what was the largest paint: where CLS and LCP come from
    const shifted = (l: Lhr) => ((l.audits['layout-shifts']?.details?.items ?? []) as { score?: number; node?: { snippet?: string } }[]).map((it) => `${it.score?.toFixed(3)} ${it.node?.snippet?.slice(0, 120) ?? ''}`);
    const lcpElement = (l: Lhr) => (l.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet as string | undefined)?.slice(0, 160);
    const details = (l: Lhr) => ({
      performance: { metrics: metrics(l), under90: failing(l, 'performance'), layoutShifts: shifted(l), lcpElement: lcpElement(l) },
      accessibility: { under90: failing(l, 'accessibility') },
    });
    const each = <T,>(f: (ls: Lhr[]) => T) => Object.fromEntries(Object.entries(pages).map(([k, ls]) => [k, f(ls)])) as Record<string, T>;
    return {
      loginJsKB,
      loginScripts,
      pages: Object.keys(pages),
      runs: each((ls) => ({ performance: ls.map((l) => score(l, 'performance')), accessibility: ls.map((l) => score(l, 'accessibility')) })),
      scores: each((ls) => ({ performance: pick(ls, 'performance'), accessibility: pick(ls, 'accessibility') })),
      // details of the run whose performance score is the median one
      details: each((ls) => details(medianRun(ls))),
    };
  } finally {
    await browser.close();
  }
}

function metrics(l: Lhr) {
  const v = (id: string) => l.audits[id]?.numericValue as number | undefined;
  return { fcpMs: v('first-contentful-paint'), lcpMs: v('largest-contentful-paint'), tbtMs: v('total-blocking-time'), cls: v('cumulative-layout-shift'), siMs: v('speed-index') };
}

export async function benchWeb(dist: string, dataDir: string | null): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const s = sizes(dist);
  const budget = `KB gzip (baseline: ${BUDGET_KB} KB budget)`;
  const chrome = chromiumPath();
  let lh: Awaited<ReturnType<typeof lighthouseRuns>> | null = null;
  let lhError: string | null = null;
  if (chrome && dataDir) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startUntil200(
      process.execPath,
      ['scripts/start.mjs'],
      { PORT: String(port), HOST: '127.0.0.1', TULIP_DATA_DIR: dataDir, TULIP_WEB_DIST: dist, TULIP_DEMO: '1', LOG_LEVEL: 'warn' },
      `${base}/api/server/version`,
    );
    try {
      log(`web: lighthouse (${knobs.lighthousePreset}) on the login and the home page, ${knobs.lighthouseRuns} run(s) each`);
      lh = await lighthouseRuns(base, dist);
    } catch (e) {
      lhError = (e as Error).message.split('\n')[0];
      log(`web: ${lhError}`);
    } finally {
      await server.stop();
    }
  }
  const target = `<= ${BUDGET_KB} KB`;
  if (lh) {
    rows.push(row('login-js-gzip', lh.loginJsKB, BUDGET_KB, `${budget}, ${lh.loginScripts.length} scripts fetched by Chromium`, {
      target, met: lh.loginJsKB <= BUDGET_KB, extra: { scripts: lh.loginScripts, staticEstimateKB: s.staticLoginKB },
    }));
  } else {
    rows.push(row('login-js-gzip', s.staticLoginKB, BUDGET_KB, `${budget}, from the build manifest`, { target, met: s.staticLoginKB <= BUDGET_KB }));
  }
  rows.push(row('largest-chunk-gzip', s.largest.kb, BUDGET_KB, `${budget}, ${s.largest.file.replace(/-[\w-]{8}\.js$/, '.js')}`, {
    target, met: s.largest.kb <= BUDGET_KB, extra: { file: s.largest.file, largestRoute: s.largestRoute, routePages: s.pages },
  }));
  const unit = `Lighthouse score, ${knobs.lighthousePreset} preset, median of ${knobs.lighthouseRuns}, server on PGlite (baseline: 100 = best)`;
  // targets (issue #12): the home page of every profile loads like the login does, the phone's clock-in better still
  const targetOf = (page: string, category: string) => (category !== 'performance' ? null : page.startsWith('home-') ? 85 : page === 'mobile' ? 90 : null);
  const names = lh?.pages ?? ['login', ...knobs.homeUsers.map((u) => `home-${HOME_ROW[u] ?? u}`), 'mobile'];
  for (const page of names) {
    for (const category of ['performance', 'accessibility'] as const) {
      const name = `lighthouse-${page}-${category}`;
      const min = targetOf(page, category);
      const goal = min ? { target: `>= ${min}`, met: (lh?.scores[page]?.[category] ?? 0) >= min } : {};
      if (lh) rows.push(row(name, lh.scores[page][category], 100, unit, { ...goal, extra: { runs: lh.runs[page][category], ...lh.details[page][category] } }));
      else if (lhError) rows.push(failed(name, unit, lhError));
      else rows.push(pending(name, unit, chrome ? 'no data folder' : 'Chromium not installed (apt-get install chromium)'));
    }
  }
  return rows;
}
