/**
 * The server under load (issue #5 §1-3), always the real process (`node scripts/start.mjs`) on the
 * bench's own PostgreSQL, loaded by autocannon from this process:
 *  - punch ingestion: employees clocking in (PUT /api/timbrature, each with its own token and a
 *    fresh id_richiesta), against pgbench inserting single rows into the same `timbrature` table
 *    with as many clients for as long: throughput and p50/p99 latency;
 *  - platform overhead: GET /api/user/profile against a bare Fastify (separate process, same Node,
 *    same answer and response headers);
 *  - scale-out: the same punch load on the server in cluster mode, TULIP_WORKERS=2 against =1.
 * Every answer must be 2xx: a run with any other answer marks its rows FAIL.
 */
import { randomUUID } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPgBin, freePort, type PgCluster } from '../test/support/postgres';
import { abba, failed, knobs, loadProblem, loadRun, log, merge, pending, root, row, startUntil200, type BenchRow, type LoadResult, type Proc, type RawRun } from './lib';

type User = { token: string; n: number };

const PUNCH = 'PUT /api/timbrature';

async function login(base: string, username: string, password = 'demo'): Promise<string> {
  const r1 = await fetch(`${base}/api/auth/loginUser`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (r1.status !== 200) throw new Error(`login ${username}: ${r1.status} ${await r1.text()}`);
  const { token } = (await r1.json()) as { token: string };
  const r2 = await fetch(`${base}/api/auth/authUser`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (r2.status !== 200) throw new Error(`authUser ${username}: ${r2.status} ${await r2.text()}`);
  return ((await r2.json()) as { atoken: string }).atoken;
}

/** Employees with a user each (password `demo`, profile DIPENDENTE), created once in SQL. */
async function createPunchers(db: pg.Client, n: number): Promise<{ min: number; max: number; usernames: string[] }> {
  await db.query(
    `insert into dipendenti (matricola, cognome, nome, codice_fiscale, data_assunzione)
     select 'BENCH' || lpad(g::text, 5, '0'), 'Bench', 'Dipendente ' || g, 'BENCHCF' || lpad(g::text, 9, '0'), '2020-01-01'
     from generate_series(1, $1::int) g on conflict do nothing`,
    [n],
  );
  await db.query(
    `insert into utenti (username, password_hash, dipendente_id, profilo_attivo_id)
     select 'bench.' || substr(d.matricola, 6), (select password_hash from utenti where username = 'mario.rossi'), d.id, p.id
     from dipendenti d, profili p where d.matricola like 'BENCH%' and p.codice = 'DIPENDENTE' on conflict do nothing`,
  );
  await db.query(`insert into utenti_profili (utente_id, profilo_id) select id, profilo_attivo_id from utenti where username like 'bench.%' on conflict do nothing`);
  const { rows } = await db.query(`select min(id) min, max(id) max, count(*)::int n from dipendenti where matricola like 'BENCH%'`);
  if (rows[0].n !== n || rows[0].max - rows[0].min + 1 !== n) throw new Error(`bench employees: ${JSON.stringify(rows[0])}`);
  const users = await db.query(`select username from utenti where username like 'bench.%' order by username`);
  return { min: rows[0].min, max: rows[0].max, usernames: users.rows.map((r) => r.username) };
}

function punchLoad(base: string, users: User[]) {
  let i = 0;
  return {
    url: `${base}/api/timbrature`,
    method: 'PUT' as const,
    setupRequest: (req: Record<string, unknown>) => {
      const u = users[i++ % users.length];
      return {
        ...req,
        method: 'PUT',
        path: '/api/timbrature',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
        body: JSON.stringify({ verso: u.n++ % 2 ? 'U' : 'E', id_richiesta: randomUUID(), fonte: 'web' }),
      };
    },
  };
}

/** BENCH_LOAD: which load rows after the punches (always measured: they are the baseline of the others). */
const LOAD_ROWS = (process.env.BENCH_LOAD ?? '').split(',').map((x) => x.trim()).filter(Boolean);
const wantsLoad = (what: 'batched' | 'logins' | 'fasi' | 'profile' | 'cluster') => !LOAD_ROWS.length || LOAD_ROWS.includes(what);
/** Rows a statement in the batched-INSERT baseline. */
const BATCH_ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 25);

const PHASE = 'POST /api/rilevazione/fasi';
/** Employees switching phases at a shift change (issue #15). */
const PHASE_USERS = Number(process.env.BENCH_PHASE_USERS ?? 500);

/** Each request closes the user's running phase and starts the other one of the order, as a shop floor does at a shift change. */
function phaseLoad(base: string, users: User[], target: { commessa_id: number; fasi: number[] }) {
  let i = 0;
  return {
    url: `${base}/api/rilevazione/fasi`,
    method: 'POST' as const,
    setupRequest: (req: Record<string, unknown>) => {
      const u = users[i++ % users.length];
      return {
        ...req,
        method: 'POST',
        path: '/api/rilevazione/fasi',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
        body: JSON.stringify({ op: 'closePrevious', commessa_id: target.commessa_id, fase_id: target.fasi[u.n++ % 2], id_richiesta: randomUUID() }),
      };
    },
  };
}

/** Logins (one password hash each) at a steady rate from another user, until stopped. */
const LOGINS_PER_SECOND = 10;
function loginLoad(base: string, perSecond: number) {
  let ok = 0;
  let other = 0;
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const p = fetch(`${base}/api/auth/loginUser`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'portineria', password: 'demo' }) })
      .then((r) => void (r.status === 200 ? ok++ : other++))
      .catch(() => void other++)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / perSecond);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { ok, other };
    },
  };
}

const countPunches = async (db: pg.Client, min: number, max: number) =>
  Number((await db.query(`select count(*)::int n from timbrature where dipendente_id between $1 and $2 and fonte = 'web'`, [min, max])).rows[0].n);

/** One run of the punch load, checking the rows really landed in the table. */
async function punchLeg(db: pg.Client, base: string, users: User[], range: { min: number; max: number }, seconds: number, warm: boolean): Promise<RawRun & { stored: number; lost: string | null }> {
  const before = await countPunches(db, range.min, range.max);
  const r = await loadRun(punchLoad(base, users), seconds, warm);
  const stored = (await countPunches(db, range.min, range.max)) - before;
  // requests in flight when autocannon stops may be stored without being counted as answered
  const answered = r['2xx'] + r.warmupOk;
  const lost = stored < answered || stored > answered + 2 * knobs.connections ? `${answered} answered 201 but ${stored} rows stored` : null;
  return { ...r, stored, lost };
}

/** Legs merged; the first reason not to trust them, if any. */
function mergeLegs(legs: Awaited<ReturnType<typeof punchLeg>>[]) {
  const m = merge(legs);
  return { ...m, stored: legs.reduce((s, l) => s + l.stored, 0), problem: loadProblem(m) ?? legs.find((l) => l.lost)?.lost ?? null };
}

// ---- pgbench -------------------------------------------------------------------------------------

type PgbenchLeg = { transactions: number; seconds: number; latencies: number[]; failed: number };
type PgbenchResult = { tps: number; p50: number; p99: number; transactions: number; failed: number };

function runPgbench(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(findPgBin()!, 'pgbench'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (out += b));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench exited with ${code}:\n${out.slice(-2000)}`))));
  });
}

/**
 * pgbench: single-row INSERTs into timbrature, random employee among the bench ones, random time of the last 8 hours.
 * With `batch`, each transaction inserts `batch` such rows in one statement, from connections / batch clients: the
 * same punches in flight, stored the way a micro-batching server stores them (the physical limit of that design);
 * `transactions` then counts rows.
 */
/** pgbench clients for `batch` rows a transaction: as many punches in flight as the connections. */
const pgbenchClients = (batch: number) => Math.max(1, Math.round(knobs.connections / batch));

async function pgbenchLeg(url: string, range: { min: number; max: number }, seconds: number, warm: boolean, batch = 1): Promise<PgbenchLeg> {
  const u = new URL(url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-bench-pgbench-'));
  const script = path.join(dir, 'insert.sql');
  fs.writeFileSync(
    script,
    batch > 1
      ? `INSERT INTO timbrature (dipendente_id, ts, verso, fonte, id_richiesta)
SELECT ${range.min} + floor(random() * ${range.max - range.min + 1})::int, now() - random() * interval '8 hours', 'E', 'pgbench', gen_random_uuid()
FROM generate_series(1, ${batch});
`
      : `\\set dip random(${range.min}, ${range.max})
\\set ms random(0, 28800000)
INSERT INTO timbrature (dipendente_id, ts, verso, fonte, id_richiesta) VALUES (:dip, now() - :ms * interval '1 millisecond', 'E', 'pgbench', gen_random_uuid());
`,
  );
  const clients = pgbenchClients(batch);
  const conn = ['-h', u.hostname, '-p', u.port, '-U', u.username, '-n', '-M', 'extended', '-c', String(clients), '-j', String(Math.min(2, clients)), '-f', script];
  try {
    if (warm && knobs.warmup > 0) await runPgbench([...conn, '-T', String(knobs.warmup), u.pathname.slice(1)]);
    const out = await runPgbench([...conn, '-T', String(seconds), '-l', `--log-prefix=${path.join(dir, 'log')}`, u.pathname.slice(1)]);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1]);
    const failedTx = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
    // per-transaction log: client_id transaction_no time(us) script_no time_epoch time_us
    const latencies: number[] = [];
    for (const f of fs.readdirSync(dir).filter((f) => f.startsWith('log.'))) {
      for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (line && Number.isFinite(us)) latencies.push(us / 1000);
      }
    }
    if (!Number.isFinite(tps) || !latencies.length) throw new Error(`pgbench: no result\n${out.slice(-1000)}`);
    return { transactions: latencies.length * batch, seconds: latencies.length / tps, latencies, failed: failedTx };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function mergePgbench(legs: PgbenchLeg[]): PgbenchResult {
  const lat = legs.flatMap((l) => l.latencies).sort((a, b) => a - b);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((lat.length * p) / 100))];
  const transactions = legs.reduce((s, l) => s + l.transactions, 0);
  return { tps: transactions / legs.reduce((s, l) => s + l.seconds, 0), p50: pct(50), p99: pct(99), transactions, failed: legs.reduce((s, l) => s + l.failed, 0) };
}

// ---- the server ----------------------------------------------------------------------------------

async function startTulip(dbUrl: string, webDist: string, extra: Record<string, string> = {}): Promise<Proc & { base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, TULIP_DEMO: '1', LOG_LEVEL: 'warn', TULIP_WEB_DIST: webDist,
    TULIP_ATOKEN_TTL: '7200', ...extra,
  };
  // BENCH_CPU_PROF=<folder>: each server writes a CPU profile there when it stops (open it in Chrome's DevTools)
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const p = await startUntil200(process.execPath, [...prof, 'scripts/start.mjs'], env, `${base}/api/server/version`, { pollMs: 100 });
  return { ...p, base };
}

/** Server processes whose parent is `pid` (the workers of a cluster primary). */
function workersOf(pid: number): number {
  const r = spawnSync('ps', ['-o', 'args=', '--ppid', String(pid)], { encoding: 'utf8' });
  return r.stdout.split('\n').filter((l) => l.includes('scripts/start.mjs')).length;
}

const ms = 'ms';
const punchUnit = (what: string) => `${what}, ${knobs.connections} connections, ${knobs.seconds} s`;

export async function benchLoad(cluster: PgCluster | null, webDist: string): Promise<BenchRow[]> {
  const names = {
    tput: 'punch-throughput',
    p50: 'punch-latency-p50',
    p99: 'punch-latency-p99',
    profile: 'profile-throughput',
    cluster: 'cluster-2-vs-1-worker-throughput',
    logins: 'punch-latency-p99-with-logins',
  };
  const units = {
    tput: punchUnit(`req/s ${PUNCH} 201 (baseline: pgbench single-row INSERT tps into timbrature)`),
    p50: punchUnit(`${ms} ${PUNCH} p50 (baseline: pgbench p50)`),
    p99: punchUnit(`${ms} ${PUNCH} p99 (baseline: pgbench p99)`),
    profile: punchUnit('req/s GET /api/user/profile (baseline: bare Fastify route, same answer, own process)'),
    cluster: `req/s ${PUNCH}, TULIP_WORKERS=2 (baseline: TULIP_WORKERS=1), ${knobs.connections} connections`,
    logins: punchUnit(`${ms} ${PUNCH} p99 while ${LOGINS_PER_SECOND} logins/s run beside it (baseline: the punches alone)`),
  };
  if (!cluster || !findPgBin()) return Object.keys(names).map((k) => pending(names[k as keyof typeof names], units[k as keyof typeof units], 'PostgreSQL not installed'));

  const rows: BenchRow[] = [];
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('create database tulip');
  await admin.end();
  const dbUrl = cluster.url('tulip');
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  let tulip: (Proc & { base: string }) | null = null;
  try {
    log('load: first start of the server on PostgreSQL (migrate + demo seed)');
    tulip = await startTulip(dbUrl, webDist);
    const range = await createPunchers(db, Math.max(knobs.punchUsers, PHASE_USERS));
    const everyone: User[] = [];
    for (let i = 0; i < range.usernames.length; i += 4) {
      everyone.push(...(await Promise.all(range.usernames.slice(i, i + 4).map(async (u) => ({ token: await login(tulip!.base, u), n: 0 })))));
    }
    const users = everyone.slice(0, knobs.punchUsers);

    // 1. punch ingestion against pgbench, in turns
    log(`load: ${PUNCH} (${users.length} employees) and pgbench in turns A B B A, ${knobs.connections} connections, ${knobs.seconds} s each`);
    type PunchLeg = Awaited<ReturnType<typeof punchLeg>>;
    const [punchLegs, pgbLegs] = (await abba<PunchLeg | PgbenchLeg>(
      (secs, warm) => punchLeg(db, tulip!.base, users, range, secs, warm),
      (secs, warm) => pgbenchLeg(dbUrl, range, secs, warm),
    )) as [PunchLeg[], PgbenchLeg[]];
    const punch = mergeLegs(punchLegs);
    const base = mergePgbench(pgbLegs);
    log(`load: ${punch.rps.toFixed(0)} req/s, p50 ${punch.p50} ms, p99 ${punch.p99} ms, ${punch.problem ?? 'all 201'}`);
    log(`load: pgbench ${base.tps.toFixed(0)} tps, p50 ${base.p50.toFixed(2)} ms, p99 ${base.p99.toFixed(2)} ms`);
    const extra = {
      tulip: { ...strip(punch), legsRps: punchLegs.map(legRps) },
      pgbench: { ...base, legsTps: pgbLegs.map((l) => Math.round(l.transactions / l.seconds)) },
    };
    if (punch.problem || base.failed) {
      const note = punch.problem ?? `pgbench: ${base.failed} failed transactions`;
      rows.push(failed(names.tput, units.tput, note, { extra }), failed(names.p50, units.p50, note), failed(names.p99, units.p99, note));
    } else {
      rows.push(
        row(names.tput, punch.rps, base.tps, `${units.tput}, ${punch.ok} answers all 201`, { target: '>= 0.8x the database', met: punch.rps / base.tps >= 0.8, extra }),
        row(names.p50, punch.p50, base.p50, units.p50),
        row(names.p99, punch.p99, base.p99, units.p99, { target: '< 50 ms', met: punch.p99 < 50 }),
      );
    }

    // 1a. the same punches against the physical limit of a micro-batching server: batched INSERTs of the same rows
    if (wantsLoad('batched')) {
      const rowsPer = BATCH_ROWS;
      const unit = punchUnit(`req/s ${PUNCH} 201 (baseline: pgbench INSERT of ${rowsPer} rows per statement, ${pgbenchClients(rowsPer)} clients, rows/s)`);
      log(`load: ${PUNCH} and pgbench batched INSERTs (${rowsPer} rows a statement) in turns A B B A`);
      const [tl, bl] = (await abba<PunchLeg | PgbenchLeg>(
        (secs, warm) => punchLeg(db, tulip!.base, users, range, secs, warm),
        (secs, warm) => pgbenchLeg(dbUrl, range, secs, warm, rowsPer),
      )) as [PunchLeg[], PgbenchLeg[]];
      const t2 = mergeLegs(tl);
      const b2 = mergePgbench(bl);
      log(`load: ${t2.rps.toFixed(0)} req/s against ${b2.tps.toFixed(0)} rows/s batched`);
      // its million rows would make the next rows measure a table no company has (1,000,000 punches of 100 people in 8 hours)
      await db.query(`delete from timbrature where fonte = 'pgbench'`);
      await db.query('vacuum analyze timbrature');
      const extra = { tulip: { ...strip(t2), legsRps: tl.map(legRps) }, batched: { rowsPerSecond: Math.round(b2.tps), p99: b2.p99, legsRowsPerSecond: bl.map((l) => Math.round(l.transactions / l.seconds)) } };
      rows.push(
        t2.problem || b2.failed
          ? failed('punch-throughput-vs-batched-insert', unit, t2.problem ?? `pgbench: ${b2.failed} failed transactions`, { extra })
          : row('punch-throughput-vs-batched-insert', t2.rps, b2.tps, `${unit}, ${t2.ok} answers all 201`, { target: '>= 0.5x the batched INSERT', met: t2.rps / b2.tps >= 0.5, extra }),
      );
    }

    // 1b. logins beside the punches: each costs a password hash, bounded so that a burst never starves the punches
    if (wantsLoad('logins')) {
      log(`load: ${PUNCH} with and without ${LOGINS_PER_SECOND} logins/s beside it, in turns A B B A`);
      const [withLogins, alone] = await abba(
        async (secs, warm) => {
          const logins = loginLoad(tulip!.base, LOGINS_PER_SECOND);
          try {
            return await punchLeg(db, tulip!.base, users, range, secs, warm);
          } finally {
            const done = await logins.stop();
            log(`load: logins beside the punches: ${done.ok} answered 200, ${done.other} otherwise`);
          }
        },
        (secs, warm) => punchLeg(db, tulip!.base, users, range, secs, warm),
      );
      const mixed = mergeLegs(withLogins);
      const single = mergeLegs(alone);
      const mixProblem = mixed.problem ?? single.problem;
      rows.push(
        mixProblem
          ? failed(names.logins, units.logins, mixProblem)
          : row(names.logins, mixed.p99, single.p99, units.logins, {
              target: '<= 2x the punches alone', met: mixed.p99 <= 2 * single.p99,
              extra: { with: { ...strip(mixed), legsRps: withLogins.map(legRps) }, alone: { ...strip(single), legsRps: alone.map(legRps) } },
            }),
      );
    }

    // 1c. phase switches at a shift change: everyone clocked in, closing the running phase and starting the next
    if (wantsLoad('fasi') && !punch.problem && !base.failed) {
      const phaseUsers = everyone.slice(0, PHASE_USERS);
      log(`load: ${PHASE} closePrevious (${phaseUsers.length} employees clocked in), ${knobs.connections} connections, ${knobs.seconds} s`);
      const order = await db.query(`insert into commesse (codice, descrizione, data_inizio, visibile_tutti) values ('BENCH-FASI', 'Bench', '2020-01-01', true) returning id`);
      const ph = await db.query(`insert into commesse_fasi (commessa_id, codice, descrizione, ordine) values ($1, 'A', 'Fase A', 1), ($1, 'B', 'Fase B', 2) returning id`, [order.rows[0].id]);
      for (let i = 0; i < phaseUsers.length; i += 20) {
        await Promise.all(
          phaseUsers.slice(i, i + 20).map(async (u) => {
            const r = await fetch(`${tulip!.base}/api/timbrature`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` }, body: JSON.stringify({ verso: 'E', id_richiesta: randomUUID(), fonte: 'web' }) });
            if (r.status !== 201) throw new Error(`clock-in before the phase switches: ${r.status} ${await r.text()}`);
          }),
        );
      }
      const target = { commessa_id: order.rows[0].id as number, fasi: ph.rows.map((r) => r.id as number) };
      const before = Number((await db.query(`select count(*)::int n from registrazioni where commessa_id = $1`, [target.commessa_id])).rows[0].n);
      const run = await loadRun(phaseLoad(tulip.base, phaseUsers, target), knobs.seconds, true);
      const stored = Number((await db.query(`select count(*)::int n from registrazioni where commessa_id = $1`, [target.commessa_id])).rows[0].n) - before;
      const running = Number((await db.query(`select count(*)::int n from (select dipendente_id from registrazioni where commessa_id = $1 and fine is null group by dipendente_id having count(*) > 1) x`, [target.commessa_id])).rows[0].n);
      const r = merge([run]);
      const answered = run['2xx'] + run.warmupOk;
      const problem = loadProblem(r) ?? (stored < answered || stored > answered + 2 * knobs.connections ? `${answered} answered 200 but ${stored} phases stored` : null) ?? (running ? `${running} people with two phases running` : null);
      log(`load: phase switches ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${problem ?? 'all 200'}`);
      const units2 = { tput: punchUnit(`req/s ${PHASE} closePrevious 200, ${phaseUsers.length} employees (baseline: pgbench single-row INSERT tps, the punch run's)`), p99: punchUnit(`${ms} ${PHASE} closePrevious p99 (baseline: pgbench p99)`) };
      rows.push(
        ...(problem
          ? [failed('fase-switch-throughput', units2.tput, problem), failed('fase-switch-latency-p99', units2.p99, problem)]
          : [
              row('fase-switch-throughput', r.rps, base.tps, `${units2.tput}, ${r.ok} answers all 200`, { target: '>= 0.5x the database', met: r.rps / base.tps >= 0.5, extra: { tulip: strip(r), stored } }),
              row('fase-switch-latency-p99', r.p99, base.p99, units2.p99, { target: '< 50 ms', met: r.p99 < 50 }),
            ]),
      );
    }

    // 2. platform overhead: the profile against a bare Fastify answering the same, both up, in turns
    if (wantsLoad('profile')) {
      const token = await login(tulip!.base, 'mario.rossi');
      const headers = { authorization: `Bearer ${token}` };
      const sample = await fetch(`${tulip.base}/api/user/profile`, { headers });
      if (sample.status !== 200) throw new Error(`GET /api/user/profile: ${sample.status}`);
      const skip = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);
      const spec = { path: '/api/user/profile', headers: Object.fromEntries([...sample.headers].filter(([k]) => !skip.has(k))), body: await sample.json() };
      const specFile = path.join(os.tmpdir(), `tulip-bench-bare-${process.pid}.json`);
      fs.writeFileSync(specFile, JSON.stringify(spec));
      const port = await freePort();
      const bare = await startUntil200(process.execPath, ['bench/bare-server.mjs'], { PORT: String(port), HOST: '127.0.0.1', BARE_RESPONSE: specFile }, `http://127.0.0.1:${port}/api/server/version`);
      let prof: LoadResult;
      let bareRes: LoadResult;
      try {
        log('load: GET /api/user/profile and the bare Fastify in turns A B B A');
        const [a, b] = await abba(
          (secs, warm) => loadRun({ url: `${tulip!.base}/api/user/profile`, headers }, secs, warm),
          (secs, warm) => loadRun({ url: `http://127.0.0.1:${port}/api/user/profile`, headers }, secs, warm),
        );
        prof = { ...merge(a), legsRps: a.map(legRps) } as LoadResult;
        bareRes = { ...merge(b), legsRps: b.map(legRps) } as LoadResult;
      } finally {
        await bare.stop();
        fs.rmSync(specFile, { force: true });
      }
      log(`load: profile ${prof.rps.toFixed(0)} req/s (p99 ${prof.p99} ms), bare ${bareRes.rps.toFixed(0)} req/s (p99 ${bareRes.p99} ms)`);
      const profProblem = loadProblem(prof) ?? loadProblem(bareRes);
      rows.push(
        profProblem
          ? failed(names.profile, units.profile, profProblem)
          : row(names.profile, prof.rps, bareRes.rps, `${units.profile}, ${prof.ok} answers all 200`, { target: '>= 0.3x the bare route', met: prof.rps / bareRes.rps >= 0.3, extra: { tulip: prof, bare: bareRes } }),
      );
    }

    await tulip?.stop();
    tulip = null;

    // 3. scale-out on one machine: 1 2 2 1, a fresh server per leg
    if (!wantsLoad('cluster')) {
      // not asked for (BENCH_LOAD)
    } else if (!fs.readFileSync(path.join(root, 'apps/server/src/main.ts'), 'utf8').includes('TULIP_WORKERS')) {
      rows.push(pending(names.cluster, units.cluster, 'cluster mode (TULIP_WORKERS in apps/server/src/main.ts) not there yet'));
    } else {
      const leg = async (n: number, secs: number) => {
        tulip = await startTulip(dbUrl, webDist, { TULIP_WORKERS: String(n) });
        try {
          // the first worker answers while the others may still be starting: wait for the primary's word
          for (let t = 0; n > 1 && !tulip.output().includes(`con ${n} processi`); t++) {
            if (t > 600) throw new Error(`TULIP_WORKERS=${n}: the workers did not all start:\n${tulip.output()}`);
            await new Promise((r) => setTimeout(r, 100));
          }
          const workers = n > 1 ? workersOf(tulip.child.pid!) : 1;
          const r = await punchLeg(db, tulip.base, users, range, secs, true);
          const died = /terminato/.test(tulip.output()) ? `a worker died under load: ${tulip.output().slice(-300)}` : null;
          log(`load: TULIP_WORKERS=${n}: ${(r['2xx'] / r.duration).toFixed(0)} req/s, ${workers} server process(es)`);
          return { ...r, workers, lost: r.lost ?? died };
        } finally {
          await tulip.stop();
          tulip = null;
        }
      };
      log(`load: ${PUNCH} with TULIP_WORKERS=1 and =2 in turns 1 2 2 1`);
      const [oneLegs, twoLegs] = await abba((secs) => leg(1, secs), (secs) => leg(2, secs));
      const one = mergeLegs(oneLegs);
      const two = mergeLegs(twoLegs);
      const problem = one.problem ?? two.problem ?? (twoLegs.some((l) => l.workers !== 2) ? `TULIP_WORKERS=2 ran ${twoLegs.map((l) => l.workers).join('/')} worker processes` : null);
      const extra = { one: { ...strip(one), legsRps: oneLegs.map(legRps) }, two: { ...strip(two), legsRps: twoLegs.map(legRps) } };
      rows.push(
        problem
          ? failed(names.cluster, units.cluster, problem, { extra })
          : row(names.cluster, two.rps, one.rps, `${units.cluster}, ${one.ok + two.ok} answers all 201`, { extra }),
      );
    }
  } finally {
    await tulip?.stop();
    await db.end();
  }
  return rows;
}

const legRps = (r: RawRun) => Math.round(r['2xx'] / r.duration);
const strip = (r: LoadResult & { stored?: number }) => ({
  rps: Math.round(r.rps), p50: r.p50, p99: r.p99, ok: r.ok, warmupOk: r.warmupOk, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts,
  seconds: r.seconds, ...(r.stored !== undefined ? { stored: r.stored } : {}),
});
