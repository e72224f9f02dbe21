/**
 * npm run bench — each figure next to a baseline measured in the same run, printed as
 * `name  value  baseline  ratio` and written to bench/results.json.
 *  - login-js-gzip: JS the browser downloads for the login page (entry + static imports, gzip),
 *    against the budget of 200 KB (issue #2) — the only row whose baseline is a budget;
 *  - startup: `npm start` on a built checkout with an existing data folder, to the first 200,
 *    against a bare Fastify server started by the same Node to its first 200.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { freePort } from '../test/support/postgres';
import { benchPresenze } from './presenze';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
type Row = { name: string; value: number; baseline: number; unit: string; ratio: number };
const rows: Row[] = [];
const add = (name: string, value: number, baseline: number, unit: string) => rows.push({ name, value, baseline, unit, ratio: value / baseline });

function loginJsGzip(): { total: number; largestChunk: number } {
  const dist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    spawnSync('npm', ['run', 'build', '-w', '@tulip/web'], { cwd: root, stdio: 'inherit' });
  }
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)) files.add(m[1]);
  const gz = (f: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, f.replace(/^\//, '')))).length;
  const total = [...files].reduce((s, f) => s + gz(f), 0);
  const assets = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const largestChunk = Math.max(...assets.map((f) => gz(`assets/${f}`)));
  return { total, largestChunk };
}

async function timeToFirst200(cmd: string, args: string[], env: NodeJS.ProcessEnv, url: string): Promise<number> {
  const start = performance.now();
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
  try {
    for (;;) {
      try {
        if ((await fetch(url)).status === 200) return performance.now() - start;
      } catch {
        /* not yet */
      }
      if (child.exitCode !== null) throw new Error(`${cmd} exited`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function startup(): Promise<{ tulip: number; bare: number }> {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-bench-'));
  const port = await freePort();
  const env = { PORT: String(port), HOST: '127.0.0.1', TULIP_DATA_DIR: data, LOG_LEVEL: 'warn' };
  const url = `http://127.0.0.1:${port}/api/server/version`;
  await timeToFirst200(process.execPath, ['scripts/start.mjs'], env, url); // first start: migrate + seed
  const tulip: number[] = [];
  const bare: number[] = [];
  const bareScript = `const f=require('fastify')();f.get('/api/server/version',async()=>({version:'x'}));f.listen({port:${port},host:'127.0.0.1'})`;
  for (let i = 0; i < 3; i++) {
    tulip.push(await timeToFirst200(process.execPath, ['scripts/start.mjs'], env, url));
    bare.push(await timeToFirst200(process.execPath, ['-e', bareScript], { NODE_PATH: path.join(root, 'node_modules') }, url));
  }
  fs.rmSync(data, { recursive: true, force: true });
  const median = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)];
  return { tulip: median(tulip), bare: median(bare) };
}

const js = loginJsGzip();
add('login-js-gzip', js.total / 1024, 200, 'KB (baseline: budget)');
add('largest-chunk-gzip', js.largestChunk / 1024, 200, 'KB (baseline: budget)');
const s = await startup();
add('startup-to-first-200', s.tulip, s.bare, 'ms (baseline: bare Fastify)');

rows.push(...(await benchPresenze()));

const pad = (x: string, n: number) => x.padEnd(n);
console.log(`${pad('name', 32)}${pad('value', 12)}${pad('baseline', 12)}${pad('ratio', 8)}unit`);
for (const r of rows) console.log(`${pad(r.name, 32)}${pad(r.value.toFixed(1), 12)}${pad(r.baseline.toFixed(1), 12)}${pad(r.ratio.toFixed(2), 8)}${r.unit}`);
fs.writeFileSync(path.join(root, 'bench/results.json'), JSON.stringify({ date: new Date().toISOString(), rows }, null, 2));
