/**
 * read config -> open db -> migrate -> seed -> buildApp() -> listen. SIGTERM/SIGINT stop gracefully: no new
 * connections, in-flight requests finish, the database is closed, exit 0; a request still running after
 * TULIP_STOP_TIMEOUT seconds (default 15) is cut and the process exits 1 (database closed all the same).
 *
 * TULIP_WORKERS=N (default 1 = one process, no cluster): the primary migrates and seeds once, then forks N
 * node:cluster workers sharing the port; the daily visitor-retention job runs in the primary only; SIGTERM
 * on the primary stops every worker gracefully. PostgreSQL only: PGlite is opened by one process, so N > 1
 * without DATABASE_URL is refused at start-up. See docs/operations.md.
 */
import cluster, { type Worker } from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openAndPrepare } from './bootstrap';
import { ClockSpecError, startClock } from './platform/clock';
import { loadConfig } from './platform/config';
import { removeUnreferencedFiles } from './platform/files';
import { forgetOldKeys } from './platform/idempotency';
import { dbOptions, openDb, type Db, type DbHandle } from './platform/db';
import { createMailer } from './platform/mail';
import { Tokens } from './platform/tokens';
import { MODULES } from './modules';

const started = performance.now();
/** Whether the start-up said what it was doing (migrations, the first seed): then it says when it is ready too. */
let announced = false;
const config = loadConfig();
const stopTimeoutMs = positiveInt('TULIP_STOP_TIMEOUT', 15) * 1000;
const isClusterWorker = cluster.isWorker && process.env.TULIP_CLUSTER_WORKER === '1';
/**
 * Whenever node's event loop runs out of work it first waits for every job V8 has running in the background (node's
 * SpinEventLoop drains the platform's tasks), and while PGlite starts those jobs are the optimising compiler working
 * through its WebAssembly, a second of CPU. A start-up that went idle for an instant, between two awaits, sat there
 * 0.25-0.3 s each time (issue #30); this timer keeps the loop from running dry until the server listens.
 */
const holdLoop = setInterval(() => undefined, 60_000);
startClockOrExit();

if (isClusterWorker) {
  await serve();
} else {
  const workers = positiveInt('TULIP_WORKERS', 1);
  if (workers > 1 && !config.databaseUrl) {
    fatal(
      `TULIP_WORKERS=${workers} richiede PostgreSQL (DATABASE_URL): il database integrato PGlite si apre da un solo processo. ` +
        'Togli TULIP_WORKERS (o metti 1) oppure configura DATABASE_URL.',
    );
  }
  if (workers > 1) await primary(workers);
  else await serve();
}

/** TULIP_NOW: the company's clock starts at that instant (tests, demos, reproducing a customer's problem). */
function startClockOrExit() {
  try {
    const at = startClock();
    if (at && !isClusterWorker) console.warn(`Orologio: TULIP_NOW=${at} (${config.timezone}), poi in tempo reale`);
  } catch (err) {
    fatal(err instanceof ClockSpecError ? err.message : String(err));
  }
}

function positiveInt(name: string, def: number): number {
  const v = process.env[name];
  if (v === undefined || v === '') return def;
  if (!/^\d+$/.test(v) || Number(v) < 1) fatal(`${name}=${v} non valido: serve un numero intero ≥ 1`);
  return Number(v);
}

/** The precompiled build `npm start` runs, named by scripts/start.mjs; none under tsx, where every start seeds. */
function serverBuild(): string | undefined {
  return (globalThis as { tulipServerBuild?: string }).tulipServerBuild;
}

function announce(line: string) {
  announced = true;
  console.log(line);
}

function fatal(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The modules' scheduled jobs (e.g. the GDPR retention of visitors' data, daily): in one process only. */
function scheduleJobs(db: Db, timezone: string, onError: (job: string, err: unknown) => void) {
  const timers: NodeJS.Timeout[] = [];
  // the platform's own: idempotency keys are remembered a few days
  const platformJobs = [
    { name: 'platform.idempotenza', firstAfterMs: 120_000, everyMs: 24 * 3600_000, run: (d: Db) => forgetOldKeys(d) },
    // uploads no record points at, a day after they were stored
    { name: 'platform.file_orfani', firstAfterMs: 150_000, everyMs: 24 * 3600_000, run: (d: Db) => removeUnreferencedFiles(d, MODULES.flatMap((m) => (m.fileRefs ? [m.fileRefs] : []))) },
  ];
  for (const job of [...platformJobs, ...MODULES.flatMap((m) => m.jobs ?? [])]) {
    const run = () => job.run(db, { timezone }).catch((err) => onError(job.name, err));
    timers.push(setTimeout(run, job.firstAfterMs), setInterval(run, job.everyMs));
  }
  for (const t of timers) t.unref();
  return () => {
    for (const t of timers) clearTimeout(t);
  };
}

/** One server process: the only one (TULIP_WORKERS=1) or a cluster worker (no migration, no retention job). */
async function serve() {
  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;
  let stopJobs = () => {};
  let stopping = false;
  let ready!: () => void;
  const startedUp = new Promise<void>((resolve) => (ready = resolve));

  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    await startedUp; // a signal during start-up (migrations, seed) stops right after it
    app!.log.info(`${why}: chiusura in corso`);
    const force = setTimeout(() => {
      app!.log.error(`chiusura forzata: richieste ancora in corso dopo ${stopTimeoutMs / 1000} s`);
      app!.server.closeAllConnections();
      const closed = handle!.close().catch(() => undefined);
      const limit = new Promise((resolve) => setTimeout(resolve, 2000));
      void Promise.race([closed, limit]).then(() => process.exit(1));
    }, stopTimeoutMs);
    stopJobs();
    await app!.close(); // stops accepting, waits for the in-flight requests
    await handle!.close(); // PGlite: clean shutdown of the data folder; pg: pool ended
    clearTimeout(force);
    app!.log.info('chiusura completata');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal));
  // a worker whose primary is gone (killed) stops too rather than linger
  if (isClusterWorker) process.on('disconnect', () => void stop('processo principale terminato'));

  try {
    handle = isClusterWorker
      ? await openDb({ ...dbOptions(config), poolMax: config.dbPoolMax })
      : await openAndPrepare(config, { poolMax: config.dbPoolMax, log: announce, build: serverBuild() });
    const tokens = await Tokens.create(handle.db, config.jwtSecret);
    app = await buildApp({ db: handle.db, config, tokens, mailer: createMailer(config) }, { logger: true });
    await app.listen({ port: config.port, host: config.host });
    clearInterval(holdLoop);
  } catch (err) {
    console.error(err);
    await app?.close().catch(() => undefined);
    await handle?.close().catch(() => undefined);
    process.exit(1);
  }
  const who = isClusterWorker ? `, processo ${cluster.worker!.id}` : '';
  app.log.info(
    `Tulip in ascolto su http://localhost:${config.port} (${handle.kind}${config.demo ? ', demo' : ''}${who}) in ${Math.round(performance.now() - started)} ms`,
  );
  // a start that said what it was doing (the first, an update) says when it is done, on the same console
  if (announced) console.log(`Pronto su http://localhost:${config.port}`);
  const log = app.log;
  if (!isClusterWorker) stopJobs = scheduleJobs(handle.db, config.timezone, (job, err) => log.error({ err }, `${job} failed`));
  ready();
}

/** TULIP_WORKERS > 1: migrate and seed once, fork the workers, keep them running, stop them on SIGTERM. */
async function primary(n: number) {
  const log = (s: string) => console.log(`[tulip ${process.pid}] ${s}`);
  let handle: DbHandle;
  try {
    handle = await openAndPrepare(config, { poolMax: 2, log: announce, build: serverBuild() });
    await Tokens.create(handle.db, config.jwtSecret); // the shared JWT secret exists before any worker reads it
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
  const stopJobs = scheduleJobs(handle.db, config.timezone, (job, err) => console.error(`${job} failed`, err));
  let stopping = false;
  let listening = 0;

  const fork = () => {
    const w = cluster.fork({ TULIP_CLUSTER_WORKER: '1' });
    let served = false;
    w.once('listening', () => {
      served = true;
      if (++listening !== n) return;
      log(`Tulip in ascolto su http://localhost:${config.port} con ${n} processi (postgres) in ${Math.round(performance.now() - started)} ms`);
      if (announced) console.log(`Pronto su http://localhost:${config.port}`);
    });
    w.once('exit', (code, signal) => {
      if (stopping) return;
      if (!served) {
        console.error(`processo ${w.id} terminato durante l'avvio (${signal ?? code}): arresto`);
        void stopAll('avvio fallito', 1);
        return;
      }
      console.error(`processo ${w.id} (pid ${w.process.pid}) terminato (${signal ?? code}): riavvio`);
      setTimeout(() => stopping || fork(), 500);
    });
  };

  const stopAll = async (why: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    log(`${why}: chiusura di ${alive.length} processi`);
    const exits = alive.map(
      (w) => new Promise<number>((resolve) => w.once('exit', (code, signal) => resolve(signal ? 1 : (code ?? 0)))),
    );
    for (const w of alive) w.process.kill('SIGTERM');
    const force = setTimeout(() => {
      log('chiusura forzata dei processi ancora attivi');
      for (const w of alive) if (!w.isDead()) w.process.kill('SIGKILL');
    }, stopTimeoutMs + 5000);
    const codes = await Promise.all(exits);
    clearTimeout(force);
    stopJobs();
    await handle.close().catch(() => undefined);
    log('chiusura completata');
    process.exit(codes.every((c) => c === 0) ? exitCode : 1);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stopAll(signal));

  for (let i = 0; i < n; i++) fork();
  clearInterval(holdLoop); // the workers' channels keep the loop running from here
}
