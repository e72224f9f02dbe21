/**
 * One database handle for both engines: embedded PGlite (default, data in a folder or in memory)
 * and PostgreSQL through `pg` (DATABASE_URL). Same schema, same SQL migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import type { Config } from '../config';
import { AppError, databaseUnavailable, isDatabaseUnavailable } from '../errors';
import { claimKeysInTransactions } from '../idempotency';
import { retryTransactions } from './locks';

export { lockRows, type RowsToLock } from './locks';

/**
 * The handle knows no tables: each module's queries name its own (modules/<m>/tables.ts), and the platform imports no
 * module. drizzle-kit reads the tables from every module's folder (apps/server/drizzle.config.ts).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DbHandle = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  loadDataDir?: Blob;
  poolMax?: number;
  /** told when a new embedded database is created (seconds, at the first start) */
  log?: (s: string) => void;
  /** PGlite's shared_buffers (TULIP_PGLITE_SHARED_BUFFERS), PGLITE_SHARED_BUFFERS when not given */
  sharedBuffers?: string;
};

/**
 * The embedded database's buffer cache. PostgreSQL's 128MB cost PGlite 0.4-0.5 s at every start (its shared memory is
 * written through when the server starts, and a machine's fresh pages are slow to touch): 32MB starts in about two
 * thirds of the time and still holds a small company's working set; what misses it is read through the operating
 * system's file cache.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** Where the configuration says the database is, and how to open it: the server, its workers and the CLI alike. */
export const dbOptions = (config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgliteSharedBuffers'>): OpenOptions => ({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  sharedBuffers: config.pgliteSharedBuffers,
});

export async function openDb(opts: OpenOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    // DATE stays a 'YYYY-MM-DD' string: no time zone shift through JS Date.
    pg.default.types.setTypeParser(1082, (v: string) => v);
    // a request waits at most this long for a connection: while the database is unreachable it answers 503, not hangs
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10, connectionTimeoutMillis: 5000 });
    // No database error may end the process (issue #27 §1). The pool's own listener covers only idle clients; a client
    // checked out (in a transaction or between two queries) whose connection is cut by a restart emits 'error' with no
    // listener, which node turns into an uncaught exception. Each client gets one for its whole life: its query fails,
    // the request answers 503, and the pool drops the broken client when it is released.
    let reported = -Infinity;
    const connectionLost = (err: Error) => {
      // one line per burst: a restart cuts every connection of the pool at once
      if (performance.now() - reported < 5000) return;
      reported = performance.now();
      console.warn(`connessione al database interrotta: ${(err as { code?: string }).code ?? ''} ${err.message}`.replace(/\s+/g, ' '));
    };
    pool.on('error', connectionLost);
    pool.on('connect', (client) => client.on('error', connectionLost));
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const db = transactions(drizzle({ client: pool }) as unknown as Db);
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite, types } = await import('@electric-sql/pglite');
  const options = {
    parsers: { [types.BYTEA]: parseBytea },
    serializers: { [types.BYTEA]: serializeBytea },
    // PGlite's own start parameters (they replace its defaults), then ours
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`],
  };
  let client;
  let unlock = () => {};
  if (opts.memory || opts.loadDataDir) {
    client = await withStartTiering(() => PGlite.create({ loadDataDir: opts.loadDataDir, ...options }));
  } else {
    fs.mkdirSync(opts.dataDir!, { recursive: true });
    unlock = lockDataDir(opts.dataDir!);
    const dir = path.join(opts.dataDir!, 'pglite');
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) opts.log?.(`Creazione del database in ${path.resolve(dir)}...`);
    try {
      client = await withStartTiering(() => PGlite.create({ dataDir: dir, ...options }));
    } catch (err) {
      unlock();
      throw err;
    }
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = transactions(drizzle({ client }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
    },
    // exposed for tests that dump a migrated database once and load it per file
    ...({ pglite: client } as object),
  };
}

/** V8's own tiering budget for WebAssembly (the default of its `--wasm-tiering-budget`, node 20's V8). */
const V8_WASM_TIERING_BUDGET = 1_800_000;

/**
 * PGlite's start with a WebAssembly tiering budget a hundred times V8's, then V8's own again. V8 hands a WebAssembly
 * function to its optimising compiler once it has run for its budget, and PGlite's start runs code it seldom runs
 * again (zeroing its shared memory, reading its catalogues): at V8's budget that compiling cost some 0.5 s of CPU at
 * every start, on the second core the rest of the start needed (issue #30). V8 gives each function the flag's budget
 * when the module is compiled, and the flag's value again each time it runs out: the functions that stay hot are
 * optimised all the same, a little later. Left alone when node was started with a budget of its own.
 */
async function withStartTiering<T>(start: () => Promise<T>): Promise<T> {
  // node refuses the flag in NODE_OPTIONS: its own command line is the only place it can come from
  if (process.execArgv.some((a) => /wasm[-_]tiering[-_]budget/.test(a))) return start();
  v8.setFlagsFromString(`--wasm-tiering-budget=${V8_WASM_TIERING_BUDGET * 100}`);
  try {
    return await start();
  } finally {
    v8.setFlagsFromString(`--wasm-tiering-budget=${V8_WASM_TIERING_BUDGET}`);
  }
}

/**
 * Every transaction of a handle: run again once as a deadlock's victim (locks.ts), and claiming the idempotency key of
 * the request it runs for (idempotency.ts), so that no module has to do either.
 */
const transactions = (db: Db) => claimKeysInTransactions(retryTransactions(db));

/**
 * PGlite's own bytea codec goes byte by byte in JavaScript (an array of ten million strings for a 10 MB file): seconds
 * with the event loop blocked and the whole server stalled (issue #27 §3). Buffer's hex codec is native.
 */
function serializeBytea(v: unknown): string {
  if (!(v instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}`;
}
const parseBytea = (v: string): Buffer => Buffer.from(v.slice(2), 'hex');

const lockedDirs = new Set<string>();

/**
 * One process at a time on an embedded data folder: PGlite takes no lock of its own, and a second
 * process (a server started twice, the CLI's backup while the server runs) would corrupt it. The lock
 * file holds the owner's pid; a lock whose process is gone (killed) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, 'pglite.lock');
  if (lockedDirs.has(dir)) throw new Error(`Il database integrato in ${dir} è già aperto da questo processo`);
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner = fs.readFileSync(file, 'utf8').trim();
      if (!owner) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100); // another process is writing its pid right now
        owner = fs.readFileSync(file, 'utf8').trim();
      }
      const pid = Number(owner);
      if (pid !== process.pid && processAlive(pid)) {
        throw new Error(
          `Il database integrato in ${dir} è in uso dal processo ${pid}: fermalo prima (PGlite non può essere aperto da due processi). ` +
            `Se quel processo non è Tulip, elimina ${file}`,
        );
      }
      if (attempt > 0) throw new Error(`Impossibile bloccare ${file}`);
      fs.rmSync(file, { force: true }); // left by a process that died without closing
    }
  }
  lockedDirs.add(dir);
  return () => {
    if (!lockedDirs.delete(dir)) return;
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // the pid may have been reused by an unrelated program since (e.g. after a reboot)
    return /node|electron|tulip|tsx/i.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

/**
 * Applies the committed SQL migrations; on PostgreSQL under an advisory lock so parallel starts don't race. `log` is
 * told how many there are to apply, when there are any (a first start, an update). Answers how many the database had
 * before (0 for a new one) and how many it lacked.
 */
export async function migrateDb(handle: DbHandle, log?: (s: string) => void): Promise<{ applied: number; pending: number }> {
  const { applied, pending } = await migrationState(handle.db);
  if (pending && log) log(`Preparazione del database (${pending === 1 ? '1 migrazione' : `${pending} migrazioni`})...`);
  if (handle.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { sql } = await import('drizzle-orm');
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
      await migrate(tx as never, { migrationsFolder: MIGRATIONS_DIR });
    });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
  return { applied, pending };
}

/** The migrations the database has and the ones it lacks, by drizzle's rule: those newer than the last one applied. */
async function migrationState(db: Db): Promise<{ applied: number; pending: number }> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const [{ exists }] = await rowsOf<{ exists: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!exists) return { applied: 0, pending: journal.entries.length };
  const [{ n, last }] = await rowsOf<{ n: number; last: string | null }>(db, sql`select count(*)::int as n, max(created_at) as last from drizzle.__drizzle_migrations`);
  return { applied: Number(n), pending: journal.entries.filter((e) => last === null || e.when > Number(last)).length };
}

/**
 * Whether the database answers a trivial query within `timeoutMs`; else the 503 of an unreachable database (the
 * error handler adds Retry-After). GET /api/server/health, for load balancers.
 */
export async function databaseHealth(db: Db, timeoutMs = 2000): Promise<{ database: 'ok'; ms: number }> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(databaseUnavailable()), timeoutMs); // timer-wait: the health check's own deadline
  });
  try {
    await Promise.race([db.execute(sql`select 1`), late]);
  } catch (err) {
    throw isDatabaseUnavailable(err) || err instanceof AppError ? databaseUnavailable() : err;
  } finally {
    clearTimeout(timer);
  }
  return { database: 'ok', ms: Math.round(performance.now() - t0) };
}

/** The rows of a raw statement (`db.execute`), on either engine. */
export const rowsOf = async <T>(db: Pick<Db, 'execute'>, q: SQL): Promise<T[]> => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/**
 * A raw statement with placeholders (`sql.placeholder`), rendered once and named: the query builder does not walk it
 * again at each call, and PostgreSQL parses and plans it once per connection. For the statements a hot batch runs
 * hundreds of times a second (the clock-ins' INSERT). What is not a placeholder is fixed when it is made.
 */
export function preparedSql<R>(db: Db, name: string, q: SQL): (values: Record<string, unknown>) => Promise<R[]> {
  // drizzle's own path for db.execute, with a name and without rendering the statement again
  const inner = db as unknown as { dialect: PgDialect; session: PgSession };
  const prepared = inner.session.prepareQuery(inner.dialect.sqlToQuery(q), undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: R[] }).rows;
}

/**
 * The rows a raw statement returned from a table (`returning *`) as the query builder returns them: each column read
 * by its own mapping (timestamps as Date, bigints as numbers), keyed by its field name. A raw INSERT of hundreds of rows
 * costs a fraction of the builder's, which checks and wraps every value of every row; its rows must not look different
 * (the audit stores them).
 */
export function tableRows<T extends Table>(table: T, rows: Record<string, unknown>[]): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table)).map(([field, col]) => [field, col.name, col] as const);
  return rows.map((raw) => {
    // keys from code: the table's field names, as the query builder's rows have them
    const out: Record<string, unknown> = {};
    for (const [field, name, col] of columns) {
      const v = raw[name];
      out[field] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
    }
    return out as T['$inferSelect'];
  });
}

/**
 * The non-negative integers of a comma-separated list (a report's `string_agg` of thousands of ids and counts), read in
 * place: one text from the driver instead of a row object per line, and no string per number.
 */
export function readInts(text: string): Int32Array {
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) n++;
  const out = new Int32Array(n);
  let k = 0;
  let v = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      out[k++] = v;
      v = 0;
    } else v = v * 10 + (c - 48);
  }
  out[k] = v;
  return out;
}

/**
 * The integers of several such lists, in order, as one array. A list the database aggregates is sent in parts of a
 * few thousand numbers (a `group by` of the aggregate): a text of over ~128 KB is a large object to V8, allocated on
 * fresh pages each time, and decoding one of 300 KB took 1.3 ms here against 0.03 ms for the same text in twelve parts.
 */
export function readIntParts(parts: (string | null)[]): Int32Array {
  const read = parts.flatMap((t) => (t ? [readInts(t)] : []));
  const out = new Int32Array(read.reduce((n, r) => n + r.length, 0));
  let at = 0;
  for (const r of read) {
    out.set(r, at);
    at += r.length;
  }
  return out;
}

/** The text of an int[] parameter ('{1,2,3}'), as anyOf binds it and as anyOfPlaceholder is given it. */
export const intArray = (ids: number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

/** `col = any($1)`: one array parameter instead of thousands of `in (...)` placeholders. */
export function anyOf(col: unknown, ids: number[]) {
  return sql`${col} = any(${intArray(ids)}::int[])`;
}

/** anyOf in a query prepared once (`.prepare(name)`): the ids are given at each execution, as intArray(ids). */
export function anyOfPlaceholder(col: unknown, name: string) {
  return sql`${col} = any(${sql.placeholder(name)}::int[])`;
}
