/**
 * e2e: builds the web app if it is missing or older than its sources, starts a real SMTP server
 * (mails saved as files) and `npm start` on a fresh temporary data folder and a free port.
 *
 * The server runs at a fixed instant (TULIP_NOW, default E2E_NOW below; set TULIP_NOW to run the suite at another
 * one), and every browser context's clock starts at the server's (support.ts): what the screens show depends on
 * the day and the hour, and so the suite does not depend on when it runs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startSmtp } from '../../../test/support/smtp';
import { freePort } from '../../../test/support/postgres';
import { parseClockSpec } from '../../server/src/platform/clock';
import { chromiumPath } from './support';

/** A Wednesday of an ordinary working week, mid-morning: the demo's day shift and first shift are at work. */
export const E2E_NOW = '2026-11-18T10:00:00';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** E2E_WEB_DIST builds into another folder, so parallel e2e runs never serve each other's half-written build. */
const webDist = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(root, 'apps/web/dist');

function buildWebIfStale() {
  const index = path.join(webDist, 'index.html');
  const sources = Math.max(newestMtime(path.join(root, 'apps/web/src')), newestMtime(path.join(root, 'packages/contract/src')));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs > sources) return;
  const outDir = process.env.E2E_WEB_DIST ? ['--', '--outDir', webDist, '--emptyOutDir'] : [];
  const r = spawnSync('npm', ['run', 'build', '-w', '@tulip/web', ...outDir], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('web build failed');
}

export default async function setup(project: TestProject) {
  if (!chromiumPath()) {
    if (process.env.REQUIRE_E2E === '1') throw new Error('Chromium is required (REQUIRE_E2E=1) but not installed');
    console.warn('\n[WARN] Chromium non installato: i test e2e sono saltati (apt-get install chromium)\n');
    project.provide('e2e', { baseUrl: '', maildir: '', skip: true, clock: { at: 0, anchor: 0 }, desktopPort: 0 });
    return;
  }
  buildWebIfStale();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-e2e-'));
  const maildir = path.join(tmp, 'mail');
  fs.mkdirSync(maildir);
  let n = 0;
  // real-clock: mail files are named by the moment they arrive; specs wait for the ones after a moment of theirs
  const smtp = await startSmtp((m) => fs.writeFileSync(path.join(maildir, `${Date.now()}-${n++}-${m.to.join(',')}.eml`), m.raw));
  const now = process.env.TULIP_NOW || E2E_NOW;
  // real-clock: the moment the server's clock starts at `now`; the browsers' clocks follow the same timeline
  const anchor = Date.now();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // desktop.e2e.ts serves the desktop renderer from this second origin; the server admits it (and the shell's
  // app://tulip) by CORS, as TULIP_CORS_ORIGINS does for a desktop installation
  const desktopPort = await freePort();
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', TULIP_DATA_DIR: path.join(tmp, 'data'), TULIP_DEMO: '1',
      SMTP_URL: smtp.url, TULIP_PUBLIC_URLS: baseUrl, LOG_LEVEL: 'warn', TULIP_WEB_DIST: webDist,
      TULIP_NOW: now, TULIP_NOW_ANCHOR: String(anchor), TULIP_TIMEZONE: 'Europe/Rome',
      TULIP_CORS_ORIGINS: `app://tulip,http://localhost:${desktopPort}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = performance.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/server/version`)).ok) break;
    } catch {
      /* not yet listening */
    }
    if (performance.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('e2e', { baseUrl, maildir, skip: false, clock: { at: parseClockSpec(now, 'Europe/Rome'), anchor }, desktopPort });
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await smtp.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** clock: the server's TULIP_NOW (ms) and the real moment it applied from. */
    e2e: { baseUrl: string; maildir: string; skip: boolean; clock: { at: number; anchor: number }; desktopPort: number };
  }
}
