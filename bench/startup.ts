/**
 * Start-up (issue #5 §6): `npm start` on a built checkout with an existing PGlite data folder, to
 * the first 200 of /api/server/version, against a bare Fastify started by the same Node to its
 * first 200. The first start (migrate + demo seed) is not measured; the median of 5 restarts is (each
 * followed by a bare start, so both see the same neighbours).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/postgres';
import { log, median, row, startUntil200, type BenchRow } from './lib';

export async function prepareDataDir(webDist: string): Promise<{ dataDir: string; firstStartMs: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-bench-pglite-'));
  const port = await freePort();
  log('startup: first start on PGlite (migrate + demo seed)');
  const s = await startUntil200('npm', ['start'], env(port, dataDir, webDist), `http://127.0.0.1:${port}/api/server/version`, { group: true });
  await s.stop();
  return { dataDir, firstStartMs: s.ms };
}

/** Restarts measured (each followed by a bare Fastify start): the median is the figure. */
const STARTS = 5;

const env = (port: number, dataDir: string, webDist: string) => ({
  PORT: String(port), HOST: '127.0.0.1', TULIP_DATA_DIR: dataDir, TULIP_WEB_DIST: webDist, TULIP_DEMO: '1', LOG_LEVEL: 'warn',
});

export async function benchStartup(dataDir: string, webDist: string, firstStartMs: number): Promise<BenchRow[]> {
  const tulip: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/api/server/version`;
    const t = await startUntil200('npm', ['start'], env(port, dataDir, webDist), url, { group: true, pollMs: 10 });
    await t.stop();
    tulip.push(t.ms);
    const b = await startUntil200(process.execPath, ['bench/bare-server.mjs'], { PORT: String(port), HOST: '127.0.0.1' }, url, { pollMs: 10 });
    await b.stop();
    bare.push(b.ms);
  }
  log(`startup: npm start ${tulip.map((x) => x.toFixed(0)).join('/')} ms, bare ${bare.map((x) => x.toFixed(0)).join('/')} ms`);
  return [
    row('startup-to-first-200 (pglite)', median(tulip), median(bare), 'ms, `npm start` on a built checkout (baseline: bare Fastify, same Node)', {
      extra: { runs: tulip, bareRuns: bare, firstStartWithSeedMs: firstStartMs },
    }),
  ];
}
