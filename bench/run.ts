/**
 * npm run bench — every figure next to a baseline measured in the same run (or a budget / the best
 * score, as its unit says), printed as one table `name  value  baseline  ratio  unit` and written to
 * bench/results.json. See bench/README.md for each row, its baseline and its target.
 *
 * Groups (BENCH_ONLY=load,presenze,commesse,web,startup runs some): load (load.ts), presenze (presenze.ts and conformita.ts), commesse (commesse.ts, spese.ts and dotazioni.ts),
 * web (web.ts), startup (startup.ts). The bench builds the web app into its own folder and starts its
 * own PostgreSQL (test/support/postgres.ts); it exits 1 if a row FAILs.
 */
import fs from 'node:fs';
import os from 'node:os';
import { startPostgres, type PgCluster } from '../test/support/postgres';
import { benchLoad } from './load';
import { benchPresenze } from './presenze';
import { benchConformita } from './conformita';
import { benchCommesse } from './commesse';
import { benchSpese } from './spese';
import { benchDotazioni } from './dotazioni';
import { benchStartup, prepareDataDir } from './startup';
import { benchWeb, buildWeb } from './web';
import { appendHistory, benchCommit, failed, knobs, log, printTable, wants, writeJson, type BenchRow } from './lib';

const started = performance.now();
const loadBefore = os.loadavg();
const groups: Record<'load' | 'presenze' | 'commesse' | 'web' | 'startup', BenchRow[]> = { load: [], presenze: [], commesse: [], web: [], startup: [] };
let cluster: PgCluster | null = null;
let dist: string | null = null;
let dataDir: string | null = null;

function stopPostgres() {
  cluster?.stop();
  cluster = null;
}
function cleanup() {
  stopPostgres();
  for (const d of [dist, dataDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
  dist = dataDir = null;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

/** A group that throws leaves one FAIL row with the reason, and the others still run. */
async function group(name: keyof typeof groups, fn: () => Promise<BenchRow[]>) {
  if (!wants(name)) return;
  try {
    groups[name].push(...(await fn()));
  } catch (e) {
    log(`${name}: ${(e as Error).stack ?? e}`);
    groups[name].push(failed(`${name} (error)`, '-', String((e as Error).message ?? e).split('\n')[0].slice(0, 200)));
  }
}

try {
  if (wants('load') || wants('web') || wants('startup')) dist = buildWeb();
  await group('load', async () => {
    cluster = await startPostgres();
    return benchLoad(cluster, dist!);
  });
  await group('presenze', async () => {
    cluster ??= await startPostgres();
    return [...(await benchPresenze(cluster)), ...(await benchConformita(cluster))];
  });
  await group('commesse', async () => {
    cluster ??= await startPostgres();
    // job orders, time on them, and expense notes: the modules' own in-process figures
    return [...(await benchCommesse(cluster)), ...(await benchSpese(cluster)), ...(await benchDotazioni(cluster))];
  });
  stopPostgres();
  let firstStartMs = 0;
  if (wants('startup') || wants('web')) {
    try {
      ({ dataDir, firstStartMs } = await prepareDataDir(dist!));
    } catch (e) {
      log(`startup: ${(e as Error).message}`);
    }
  }
  await group('web', () => benchWeb(dist!, dataDir));
  await group('startup', async () => {
    if (!dataDir) throw new Error('the first start on PGlite failed');
    return benchStartup(dataDir, dist!, firstStartMs);
  });
} finally {
  cleanup();
}

// in the order of the issue: ingestion, overhead, scale-out, attendance, web, start-up
const rows = [...groups.load, ...groups.presenze, ...groups.commesse, ...groups.web, ...groups.startup];
const seconds = (performance.now() - started) / 1000;
printTable(rows);
appendHistory(rows, { cpus: os.cpus().length, loadavg: loadBefore[0] });
writeJson(rows, {
  commit: benchCommit(),
  seconds: Math.round(seconds),
  node: process.version,
  cpus: os.cpus().length,
  loadavg: { before: loadBefore, after: os.loadavg() },
  knobs,
});
log(`done in ${seconds.toFixed(0)} s; load average ${loadBefore[0].toFixed(1)} -> ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
process.exit(rows.some((r) => r.status === 'fail') ? 1 : 0);
