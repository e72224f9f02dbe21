/**
 * Helpers of the reliability suite: real server processes (node --import tsx main.ts), a plain HTTP
 * client without connection reuse, fresh databases of both engines, and an engine-neutral fingerprint
 * of a whole database to compare before and after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { freePort } from '../../../../test/support/postgres';
import { openDb, type Db, type DbHandle } from '../../src/platform/db';
import { withDb as pgUrlFor } from '../global-postgres';
import { PG_TEMPLATE } from './global-setup';
import { nowMs } from '../../src/platform/clock';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
export const CLI = path.join(ROOT, 'apps/server/src/cli.ts');

export const pgSkip = () => (inject('relPgUrl') === 'skip' ? 'PostgreSQL not installed' : undefined);
// The load generators pace their clients and the kills land mid-stream at random moments; what the tests check
// waits for states (a server answering, a process gone), not for this.
// timer-wait: a pace, not a wait for a state
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where a server keeps its data: a PGlite folder or a PostgreSQL database. */
export type Target = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; name: string };

const cleanups: (() => Promise<void> | void)[] = [];
export async function cleanup() {
  while (cleanups.length) await cleanups.pop()!();
}

/** A PGlite data folder holding the seeded demo database. */
export async function pgliteTarget(): Promise<Target & { kind: 'pglite' }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-rel-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create({ dataDir: path.join(dir, 'pglite'), loadDataDir: new Blob([fs.readFileSync(inject('relDump'))]) });
  await pg.close();
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { kind: 'pglite', dir };
}

async function adminQuery(q: string) {
  const pg = await import('pg');
  const c = new pg.default.Client({ connectionString: inject('relPgUrl') });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/** A PostgreSQL database: a copy of the seeded template, or empty (`seeded: false`). */
export async function pgTarget(seeded = true): Promise<Target & { kind: 'postgres' }> {
  const name = `rel_${randomBytes(5).toString('hex')}`;
  await adminQuery(seeded ? `create database ${name} template ${PG_TEMPLATE}` : `create database ${name}`);
  cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`));
  return { kind: 'postgres', url: pgUrlFor(inject('relPgUrl'), name), name };
}

/** A new empty PGlite database in memory (from the blank dump: no initdb). */
export function blankPglite(): Promise<DbHandle> {
  return openDb({ loadDataDir: new Blob([fs.readFileSync(inject('relBlank'))]) });
}

/** The seeded demo database in memory. */
export function seededPglite(): Promise<DbHandle> {
  return openDb({ loadDataDir: new Blob([fs.readFileSync(inject('relDump'))]) });
}

export function openTarget(t: Target): Promise<DbHandle> {
  return t.kind === 'pglite' ? openDb({ dataDir: t.dir }) : openDb({ databaseUrl: t.url, poolMax: 2 });
}

export async function withTarget<T>(t: Target, fn: (db: Db) => Promise<T>): Promise<T> {
  const h = await openTarget(t);
  try {
    return await fn(h.db);
  } finally {
    await h.close();
  }
}

export const rowsOf = async <T>(db: Db, q: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** The environment of a child process: this one's, without anything that configures Tulip or vitest. */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(TULIP_|VITEST|DATABASE_URL$|PORT$|HOST$|SMTP_URL$|LOG_LEVEL$|NODE_OPTIONS$)/.test(k)),
  );
  return { ...base, TULIP_WEB_DIST: '/nonexistent-tulip', TULIP_DEMO: '1', LOG_LEVEL: 'info', ...env };
}

export function targetEnv(t: Target): Record<string, string> {
  return t.kind === 'pglite' ? { TULIP_DATA_DIR: t.dir } : { DATABASE_URL: t.url, TULIP_DATA_DIR: path.join(os.tmpdir(), 'tulip-rel-unused') };
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };
export type Server = {
  url: string;
  port: number;
  proc: ChildProcess;
  output: () => string;
  exited: Promise<Exit>;
  /** pino's JSON lines of the process (and of its cluster workers) */
  logs: () => Record<string, unknown>[];
};

/** Starts `node --import tsx main.ts` and waits until it answers. */
export async function startServer(env: Record<string, string>, opts: { port?: number; readyLog?: RegExp } = {}): Promise<Server> {
  const port = opts.port ?? (await freePort());
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: childEnv({ PORT: String(port), HOST: '127.0.0.1', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<Exit>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  cleanups.push(() => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  });
  const url = `http://127.0.0.1:${port}`;
  const srv: Server = {
    url, port, proc, exited,
    output: () => out,
    logs: () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => {
          try {
            return JSON.parse(l);
          } catch {
            return {};
          }
        }),
  };
  let dead = false;
  void exited.then(() => (dead = true));
  const deadline = performance.now() + 120_000;
  for (;;) {
    if (dead) throw new Error(`server exited during start-up:\n${out}`);
    if (performance.now() > deadline) throw new Error(`server not ready after 120 s:\n${out}`);
    try {
      const r = await request(url, 'GET', '/api/server/version');
      if (r.status === 200 && (!opts.readyLog || opts.readyLog.test(out))) return srv;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
}

export type Reply = { status: number; text: string; json: () => any; headers: http.IncomingHttpHeaders };

/** One request on a connection of its own (no keep-alive): a reply is complete or an error. */
export function request(
  base: string,
  method: string,
  url: string,
  opts: {
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    /** with stall/hold: called once the headers and half the body are out */
    onSent?: () => void;
    /** send the headers and half the body, never the rest */
    stall?: boolean;
    /** send the headers and half the body, the rest when this settles */
    hold?: Promise<unknown>;
    /** a keep-alive connection (kept open by the agent after the reply) */
    agent?: http.Agent;
    /** give up (error) after this many ms without a complete reply; default 120 s */
    timeoutMs?: number;
  } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    const headers: Record<string, string> = { ...(opts.agent ? {} : { connection: 'close' }), ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const req = http.request(`${base}${url}`, { method, headers, agent: opts.agent ?? false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('response aborted')));
      res.on('end', () => {
        if (!res.complete) return reject(new Error('incomplete response'));
        resolve({ status: res.statusCode!, text, json: () => JSON.parse(text), headers: res.headers });
      });
    });
    req.on('error', reject);
    const timer = setTimeout(() => req.destroy(new Error(`no reply in ${opts.timeoutMs ?? 120_000} ms`)), opts.timeoutMs ?? 120_000);
    req.on('close', () => clearTimeout(timer));
    if (!payload) return req.end();
    if (opts.stall || opts.hold) {
      req.write(payload.subarray(0, payload.length >> 1));
      opts.onSent?.();
      void opts.hold?.then(() => !req.destroyed && req.end(payload.subarray(payload.length >> 1)));
      return;
    }
    req.end(payload);
  });
}

export async function login(base: string, username: string): Promise<string> {
  const r1 = await request(base, 'POST', '/api/auth/loginUser', { body: { username, password: 'demo' } });
  if (r1.status !== 200) throw new Error(`login ${username}: ${r1.status} ${r1.text}`);
  const r2 = await request(base, 'POST', '/api/auth/authUser', { token: r1.json().token });
  if (r2.status !== 200) throw new Error(`authUser ${username}: ${r2.status} ${r2.text}`);
  return r2.json().atoken;
}

/** Polls `cond` until true; after `ms` fails with `what` and the server's output. */
export async function waitFor(cond: () => boolean, what: string, srv?: Server, ms = 60_000) {
  const t0 = performance.now();
  while (!cond()) {
    if (performance.now() - t0 > ms) throw new Error(`${what}: not after ${ms} ms${srv ? `\n${srv.output().slice(-5000)}` : ''}`);
    await sleep(20);
  }
}

/** Sends `signal` and waits for the exit (at most `ms`). */
export async function stopServer(srv: Server, signal: NodeJS.Signals = 'SIGTERM', ms = 30_000): Promise<Exit> {
  srv.proc.kill(signal);
  const timeout = sleep(ms).then(() => null);
  const r = await Promise.race([srv.exited, timeout]);
  if (!r) throw new Error(`server still running ${ms} ms after ${signal}:\n${srv.output()}`);
  return r;
}

/** Wall-clock time in the company zone, 'YYYY-MM-DDTHH:mm:ss', `secondsAgo` before now. */
export function romeTime(secondsAgo = 0): string {
  const d = new Date(nowMs() - secondsAgo * 1000);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'medium' }).format(d).replace(' ', 'T');
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every table of every schema (the migrations record included): row count and a hash of its rows in
 * their text form, sorted byte-wise; every sequence's state. Computed the same way on both engines.
 */
export async function fingerprint(db: Db) {
  return db.transaction(async (tx) => {
    for (const s of ["timezone = 'UTC'", "datestyle = 'ISO, YMD'", 'extra_float_digits = 3']) await tx.execute(sql.raw(`set local ${s}`));
    const tables = await rowsOf<{ s: string; t: string }>(
      tx,
      sql`select schemaname as s, tablename as t from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
    );
    const out: Record<string, string> = {};
    for (const { s, t } of tables) {
      const [r] = await rowsOf<{ n: number; h: string }>(
        tx,
        sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, E'\n' order by x::text collate "C"), '')) as h
            from ${sql.identifier(s)}.${sql.identifier(t)} x`,
      );
      out[`${s}.${t}`] = `${r.n} rows ${r.h}`;
    }
    const seqs = await rowsOf<{ s: string; n: string; v: string | null }>(
      tx,
      sql`select schemaname as s, sequencename as n, last_value::text as v from pg_sequences order by 1, 2`,
    );
    // drizzle's own counter of its migrations table is not data (its rows are compared above)
    for (const q of seqs) if (q.s !== 'drizzle') out[`sequence ${q.s}.${q.n}`] = q.v ?? 'unused';
    return out;
  });
}
