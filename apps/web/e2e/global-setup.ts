/**
 * e2e: builds the web app if it is missing or older than its sources, then serves the e2e workers their servers.
 *
 * Each e2e worker (VITEST_POOL_ID) has its own `npm start` on a fresh temporary data folder and a free port, with a
 * real SMTP server beside it (mails saved as files), started when that worker's first spec file asks for it and
 * reused by its next ones. The workers ask through a small HTTP endpoint of this process (the broker), which owns the
 * servers and stops them at the end of the run: a worker process ends with each file, a server must outlive it.
 *
 * Each server runs at a fixed instant (TULIP_NOW, default E2E_NOW below; set TULIP_NOW to run the suite at another
 * one) from the moment it starts, and every browser context's clock starts at the server's (support.ts): what the
 * screens show depends on the day and the hour, and so the suite does not depend on when it runs. Starting a server
 * when its worker first needs it, not when the run starts, keeps its clock near TULIP_NOW however long the other
 * projects took before the e2e files.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startSmtp, type TestSmtp } from '../../../test/support/smtp';
import { freePort } from '../../../test/support/postgres';
import { parseClockSpec } from '../../server/src/platform/clock';
import { chromiumPath } from './chromium';
import type { E2eServer } from './worker-server';

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

type Running = { info: E2eServer; server: ChildProcess; smtp: TestSmtp; tmp: string };

/** Starts one worker's SMTP server and `npm start`, and waits until the server answers. */
async function startServer(slot: string): Promise<Running> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `tulip-e2e-${slot}-`));
  const maildir = path.join(tmp, 'mail');
  fs.mkdirSync(maildir);
  let n = 0;
  // real-clock: mail files are named by the moment they arrive; specs wait for the ones after a moment of theirs
  const smtp = await startSmtp((m) => fs.writeFileSync(path.join(maildir, `${Date.now()}-${n++}-${m.to.join(',')}.eml`), m.raw));
  const now = process.env.TULIP_NOW || E2E_NOW;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // desktop.e2e.ts serves the desktop renderer from this second origin; the server admits it (and the shell's
  // app://tulip) by CORS, as TULIP_CORS_ORIGINS does for a desktop installation
  const desktopPort = await freePort();
  // real-clock: the moment the server's clock starts at `now`; the browsers' clocks follow the same timeline
  const anchor = Date.now();
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', TULIP_DATA_DIR: path.join(tmp, 'data'), TULIP_DEMO: '1',
      SMTP_URL: smtp.url, TULIP_PUBLIC_URLS: baseUrl, LOG_LEVEL: 'warn', TULIP_WEB_DIST: webDist,
      TULIP_NOW: now, TULIP_NOW_ANCHOR: String(anchor), TULIP_TIMEZONE: 'Europe/Rome',
      TULIP_CORS_ORIGINS: `app://tulip,http://localhost:${desktopPort}`,
      // the in-process OpenID provider of accesso.e2e.ts, over http
      TULIP_SSO_INSECURE_HOSTS: '127.0.0.1',
      // the local receiver of webhook.e2e.ts, over http on loopback
      TULIP_WEBHOOK_HOSTS: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => server.once('exit', (code) => reject(new Error(`e2e server ${slot} exited with ${code}`))));
  exited.catch(() => undefined);
  const up = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}/api/server/version`)).ok) return;
      } catch {
        /* not yet listening */
      }
      // timer-wait: the interval between two tries of a server that is starting; the loop ends when it answers
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  // timer-wait: a limit, not a wait: a server that never answers fails the run instead of hanging it
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`e2e server ${slot} did not start`)), 180_000)));
  try {
    await Promise.race([up, exited, limit]);
  } finally {
    clearTimeout(timer);
  }
  const info: E2eServer = { baseUrl, maildir, clock: { at: parseClockSpec(now, 'Europe/Rome'), anchor }, desktopPort };
  return { info, server, smtp, tmp };
}

export default async function setup(project: TestProject) {
  if (!chromiumPath()) {
    if (process.env.REQUIRE_E2E === '1') throw new Error('Chromium is required (REQUIRE_E2E=1) but not installed');
    console.warn('\n[WARN] Chromium non installato: i test e2e sono saltati (apt-get install chromium)\n');
    project.provide('e2eBroker', { url: '', skip: true });
    return;
  }
  buildWebIfStale();
  const servers = new Map<string, Promise<Running>>();
  const broker = http.createServer((req, res) => {
    const slot = new URL(req.url ?? '/', 'http://broker').searchParams.get('slot') ?? '';
    if (!/^\d{1,3}$/.test(slot)) {
      res.writeHead(400).end();
      return;
    }
    if (!servers.has(slot)) servers.set(slot, startServer(slot));
    servers.get(slot)!.then(
      (s) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(s.info)),
      (e: Error) => res.writeHead(500).end(e.message),
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  project.provide('e2eBroker', { url: `http://127.0.0.1:${(broker.address() as { port: number }).port}`, skip: false });
  return async () => {
    await new Promise((resolve) => broker.close(resolve));
    await Promise.all(
      [...servers.values()].map(async (p) => {
        const s = await p.catch(() => null);
        if (!s) return;
        if (s.server.exitCode === null) {
          const gone = new Promise((r) => s.server.once('exit', r));
          s.server.kill('SIGTERM');
          await gone;
        }
        await s.smtp.close();
        fs.rmSync(s.tmp, { recursive: true, force: true });
      }),
    );
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where an e2e worker asks for its server (worker-server.ts); skip: no Chromium, the e2e specs are skipped. */
    e2eBroker: { url: string; skip: boolean };
  }
}
