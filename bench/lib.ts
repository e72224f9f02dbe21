/**
 * What every bench group shares: the row type, the knobs (environment), child processes started
 * and awaited until their first 200, autocannon runs with their status counts, and the table.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * One figure. `value` and `baseline` are measured in the same run (or the baseline is a budget /
 * the best score, as the unit says); `ratio` = value / baseline. `status`: 'fail' when the figure
 * cannot be trusted (e.g. non-2xx answers under load), 'pending' when it cannot be measured yet.
 */
export type BenchRow = {
  name: string;
  value: number | null;
  baseline: number | null;
  ratio: number | null;
  unit: string;
  status?: 'ok' | 'fail' | 'pending';
  /** The target the issue sets, in words, and whether this run meets it. */
  target?: string;
  met?: boolean;
  note?: string;
  extra?: Record<string, unknown>;
};

export function row(name: string, value: number, baseline: number, unit: string, more: Partial<BenchRow> = {}): BenchRow {
  return { name, value, baseline, ratio: value / baseline, unit, status: 'ok', ...more };
}

export function pending(name: string, unit: string, note: string): BenchRow {
  return { name, value: null, baseline: null, ratio: null, unit, status: 'pending', note };
}

export function failed(name: string, unit: string, note: string, more: Partial<BenchRow> = {}): BenchRow {
  return { name, value: null, baseline: null, ratio: null, unit, status: 'fail', note, ...more };
}

// ---- knobs -------------------------------------------------------------------------------------

const num = (name: string, d: number) => {
  const v = process.env[name];
  return v && Number.isFinite(Number(v)) ? Number(v) : d;
};
export const knobs = {
  /** Seconds each measured load run lasts (autocannon and pgbench alike). */
  seconds: num('BENCH_SECONDS', 15),
  /** Seconds of unmeasured warm-up before each load run. */
  warmup: num('BENCH_WARMUP', 3),
  /** Concurrent connections / pgbench clients. */
  connections: num('BENCH_CONNECTIONS', 100),
  /** Distinct employees (users) that punch in the ingestion bench. */
  punchUsers: num('BENCH_PUNCH_USERS', 100),
  /** Lighthouse runs per page (median score). */
  lighthouseRuns: num('BENCH_LIGHTHOUSE_RUNS', 3),
  lighthousePreset: process.env.BENCH_LIGHTHOUSE_PRESET === 'desktop' ? 'desktop' : 'mobile',
  /** Demo users whose home page Lighthouse measures. */
  homeUsers: (process.env.BENCH_HOME_USERS ?? 'admin,personale,laura.bianchi,mario.rossi,portineria').split(',').filter(Boolean),
  /** Comma list of groups to run: web, startup, load, presenze, commesse (default all). */
  only: (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean),
};
export const wants = (group: string) => !knobs.only.length || knobs.only.includes(group);

// ---- small helpers -----------------------------------------------------------------------------

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const log = (msg: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);

/** A server process we started: its pid, the tail of its output, and a clean stop. */
export type Proc = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

/**
 * Spawns a process and waits until `url` answers 200; `ms` is the time from spawn to that answer.
 * `group`: the child leads its own process group (npm start spawns node), stopped as a whole.
 */
export async function startUntil200(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
  opts: { timeoutMs?: number; group?: boolean; pollMs?: number } = {},
): Promise<Proc & { ms: number }> {
  const start = performance.now();
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: !!opts.group });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      if (opts.group) process.kill(-child.pid!, 'SIGTERM');
      else child.kill('SIGTERM');
    } catch {
      /* already gone */
    }
    const t = setTimeout(() => {
      try {
        if (opts.group) process.kill(-child.pid!, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        /* gone */
      }
    }, 10_000);
    await exited;
    clearTimeout(t);
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  for (;;) {
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.status === 200) return { child, ms: performance.now() - start, output: () => out, stop };
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`${cmd} ${args.join(' ')} exited with ${child.exitCode}:\n${out}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${cmd} ${args.join(' ')}: no 200 from ${url} in time:\n${out}`);
    }
    await sleep(opts.pollMs ?? 20);
  }
}

// ---- load --------------------------------------------------------------------------------------

export type LoadResult = {
  /** 2xx answers per second over the measured run(s). */
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  statusCodes: Record<string, number>;
  /** 2xx answers of the warm-up (not in the figures; they did reach the server). */
  warmupOk: number;
};

export type LoadSpec = {
  url: string;
  method?: 'GET' | 'PUT' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request (fresh body / token); autocannon calls it once per request. */
  setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
};

/** One autocannon run, its result not aggregated (the latency histogram stays mergeable). */
export type RawRun = Record<string, any> & { warmupOk: number };

function cannon(spec: LoadSpec, seconds: number, connections: number): Promise<Record<string, any>> {
  return new Promise((resolve, reject) => {
    const requests = spec.setupRequest ? [{ method: spec.method ?? 'GET', setupRequest: spec.setupRequest }] : undefined;
    autocannon(
      {
        url: spec.url, method: spec.method ?? 'GET', headers: spec.headers, body: spec.body, requests,
        connections, duration: seconds, timeout: 10, skipAggregateResult: true,
      },
      (err: Error | null, r: Record<string, any>) => (err ? reject(err) : resolve(r)),
    );
  });
}

/** Runs merged into one result: answers over total time, latency percentiles of every request. */
export function merge(runs: RawRun[]): LoadResult {
  const sum = (k: string) => runs.reduce((s, r) => s + (r[k] ?? 0), 0);
  const statusCodes: Record<string, number> = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.statusCodeStats ?? {})) statusCodes[k] = (statusCodes[k] ?? 0) + (v as { count: number }).count;
  // aggregateResult adds into the first run's objects: give it copies
  const agg = autocannon.aggregateResult(structuredClone(runs.map(({ warmupOk: _, ...r }) => r)), { url: 'http://127.0.0.1/' });
  const ok = sum('2xx');
  const seconds = sum('duration');
  return {
    rps: ok / seconds, p50: agg.latency.p50, p99: agg.latency.p99, ok, non2xx: sum('non2xx'), errors: sum('errors'), timeouts: sum('timeouts'),
    seconds, statusCodes, warmupOk: sum('warmupOk'),
  };
}

/** A warm-up run (not measured, but its answers are checked too) unless `warm` is false, then the measured run. */
export async function loadRun(spec: LoadSpec, seconds = knobs.seconds, warm = true, connections = knobs.connections): Promise<RawRun> {
  let warmupOk = 0;
  if (warm && knobs.warmup > 0) {
    const w = merge([{ ...(await cannon(spec, knobs.warmup, connections)), warmupOk: 0 }]);
    warmupOk = w.ok;
    if (w.non2xx || w.errors) throw new Error(`warm-up of ${spec.method ?? 'GET'} ${spec.url}: ${w.non2xx} non-2xx ${JSON.stringify(w.statusCodes)}, ${w.errors} errors`);
  }
  return { ...(await cannon(spec, seconds, connections)), warmupOk };
}

/**
 * A figure and its baseline measured in turns, A B B A, each leg half the time (the warm-up only
 * before the first leg of each): a neighbour that loads the machine for a while weighs on both alike.
 */
export async function abba<T>(a: (seconds: number, warm: boolean) => Promise<T>, b: (seconds: number, warm: boolean) => Promise<T>, seconds = knobs.seconds): Promise<[T[], T[]]> {
  const half = Math.max(3, Math.round(seconds / 2));
  const a1 = await a(half, true);
  const b1 = await b(half, true);
  const b2 = await b(seconds - half > 0 ? seconds - half : half, false);
  const a2 = await a(seconds - half > 0 ? seconds - half : half, false);
  return [[a1, a2], [b1, b2]];
}

/** Why a load run cannot be trusted, or null. A bench of 4xx answers measures nothing. */
export function loadProblem(r: LoadResult): string | null {
  if (r.non2xx || r.errors || r.timeouts || !r.ok)
    return `${r.ok} 2xx, ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodes)}, ${r.errors} errors, ${r.timeouts} timeouts`;
  return null;
}

// ---- output ------------------------------------------------------------------------------------

const fmt = (x: number | null) => {
  if (x === null || !Number.isFinite(x)) return '-';
  const a = Math.abs(x);
  if (Number.isInteger(x)) return String(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(2);
};

/** One header and one line per figure: `name  value  baseline  ratio  unit`. */
export function printTable(rows: BenchRow[]) {
  const cells = rows.map((r) => [
    r.name,
    r.status === 'pending' ? 'pending' : r.status === 'fail' && r.value === null ? 'FAIL' : fmt(r.value),
    fmt(r.baseline),
    r.status === 'fail' ? 'FAIL' : r.ratio === null ? '-' : r.ratio.toFixed(2),
    [r.unit, r.target ? `target ${r.target}: ${r.met ? 'met' : 'NOT met'}` : '', r.status !== 'ok' && r.note ? r.note : '']
      .filter(Boolean)
      .join('; '),
  ]);
  const head = ['name', 'value', 'baseline', 'ratio', 'unit'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)) + 2);
  const line = (c: string[]) => c.map((x, i) => (i < 4 ? x.padEnd(widths[i]) : x)).join('').trimEnd();
  console.log(line(head));
  for (const c of cells) console.log(line(c));
}

export function writeJson(rows: BenchRow[], meta: Record<string, unknown>) {
  fs.writeFileSync(path.join(root, 'bench/results.json'), JSON.stringify({ date: new Date().toISOString(), ...meta, rows }, null, 2) + '\n');
}

/** The commit the bench ran on, `-dirty` when the work tree had changes (their figures are not that commit's). */
export function benchCommit(): string {
  const head = spawnSync('git', ['rev-parse', '--short=9', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim() || 'unknown';
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  return dirty ? `${head}-dirty` : head;
}

export const HISTORY = path.join(root, 'bench/history.tsv');
const HISTORY_HEADER = 'date\tcommit\tcpus\tloadavg\trow\tvalue\tbaseline\tratio\tstatus\n';

/**
 * Appends the run to bench/history.tsv, one line per row: kept in the repository, so that a row that moved more than
 * its run-to-run spread shows the week it moved (`npm run bench:compare`).
 */
export function appendHistory(rows: BenchRow[], meta: { cpus: number; loadavg: number }) {
  const date = new Date().toISOString().slice(0, 16);
  const commit = benchCommit();
  const fmt = (x: number | null) => (x === null ? '' : String(Math.round(x * 1000) / 1000));
  const lines = rows.map((r) => [date, commit, meta.cpus, meta.loadavg.toFixed(1), r.name, fmt(r.value), fmt(r.baseline), fmt(r.ratio), r.status ?? 'ok'].join('\t'));
  if (!fs.existsSync(HISTORY)) fs.writeFileSync(HISTORY, HISTORY_HEADER);
  fs.appendFileSync(HISTORY, lines.join('\n') + '\n');
}
