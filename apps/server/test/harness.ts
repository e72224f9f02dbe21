/**
 * Builds the real app for one test file on a fresh copy of the seeded database: PGlite loaded from
 * the dump, or a PostgreSQL database cloned from the template. Mail goes to a real local SMTP server.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/platform/config';
import { openDb, type DbHandle } from '../src/platform/db';
import { createMailer } from '../src/platform/mail';
import { Tokens } from '../src/platform/tokens';
import { startSmtp, type TestSmtp } from '../../../test/support/smtp';
import { withDb } from './global-postgres';

export type TestApp = { app: FastifyInstance; handle: DbHandle; smtp: TestSmtp; config: Config; tokens: Tokens; close: () => Promise<void> };

export function skipReason(): string | undefined {
  return inject('databaseUrl') === 'skip' ? 'PostgreSQL not installed' : undefined;
}

export async function makeTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dump = inject('pgliteDump');
  const pgUrl = inject('databaseUrl');
  let handle: DbHandle;
  let dropDb: (() => Promise<void>) | undefined;
  if (pgUrl) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const pg = await import('pg');
    const c = new pg.default.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`create database ${name} template tulip_tpl`);
    await c.end();
    handle = await openDb({ databaseUrl: withDb(pgUrl, name), poolMax: 5 });
    dropDb = async () => {
      const c2 = new pg.default.Client({ connectionString: pgUrl });
      await c2.connect();
      await c2.query(`drop database if exists ${name} with (force)`);
      await c2.end();
    };
  } else {
    handle = await openDb({ loadDataDir: new Blob([fs.readFileSync(dump)]) });
  }
  const smtp = await startSmtp();
  const config = loadConfig({ SMTP_URL: smtp.url, TULIP_DATA_DIR: '/nonexistent-tulip', TULIP_WEB_DIST: '/nonexistent-tulip', ...env });
  const tokens = await Tokens.create(handle.db, config.jwtSecret);
  const app = await buildApp({ db: handle.db, config, tokens, mailer: createMailer(config) });
  await app.ready();
  return {
    app, handle, smtp, config, tokens,
    close: async () => {
      await app.close();
      await handle.close();
      await smtp.close();
      await dropDb?.();
    },
  };
}

export type Session = { atoken: string; rtoken: string; auth: { authorization: string } };

export { pdfText } from '../../../test/support/pdf';

/** Uploads one file to the store (POST /api/file) as a browser's form would, with the session's token. */
export function uploadFile(app: FastifyInstance, auth: Record<string, string>, name: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = `----tulip${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  return app.inject({
    method: 'POST', url: '/api/file', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

export async function login(app: FastifyInstance, username: string, password = 'demo'): Promise<Session> {
  const r1 = await app.inject({ method: 'POST', url: '/api/auth/loginUser', payload: { username, password } });
  if (r1.statusCode !== 200) throw new Error(`login ${username}: ${r1.statusCode} ${r1.body}`);
  const r2 = await app.inject({ method: 'POST', url: '/api/auth/authUser', headers: { authorization: `Bearer ${r1.json().token}` } });
  if (r2.statusCode !== 200) throw new Error(`authUser ${username}: ${r2.statusCode} ${r2.body}`);
  const { atoken, rtoken } = r2.json();
  return { atoken, rtoken, auth: { authorization: `Bearer ${atoken}` } };
}

/**
 * Tables a refused call may legitimately write: every failed login, PIN, terminal key or token guess is counted
 * there (that count is the rate limit), so it grows on refusals by design.
 */
export const UNCOUNTED_TABLES = ['tentativi_login'];

/**
 * Counts the rows every table gets written, from now on: a row trigger on each table of the app (but `skip`) bumps
 * a per-table counter in the schema `tulip_test` of this test database only. The counter is written in the same
 * transaction as the change, so rolled-back work leaves no trace and a statement that touches no row counts nothing;
 * any committed insert, update or delete does (an update counts even when it writes the same values). Reading it is
 * one cheap query, so it can be taken around every single call.
 */
export async function changeCounter(handle: DbHandle, skip: string[] = UNCOUNTED_TABLES): Promise<() => Promise<Record<string, string>>> {
  const { sql } = await import('drizzle-orm');
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const tables = rows<{ tablename: string }>(await handle.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`))
    .map((r) => r.tablename)
    .filter((name) => !skip.includes(name));
  await handle.db.execute(sql`create schema if not exists tulip_test`);
  await handle.db.execute(sql`create table if not exists tulip_test.scritture (tabella text primary key, n bigint not null)`);
  await handle.db.execute(sql.raw(`create or replace function tulip_test.conta() returns trigger language plpgsql as $$
    begin
      insert into tulip_test.scritture values (TG_TABLE_NAME, 1) on conflict (tabella) do update set n = tulip_test.scritture.n + 1;
      return null;
    end $$`));
  for (const name of tables) {
    const id = `"${name.replace(/"/g, '""')}"`;
    await handle.db.execute(sql.raw(`drop trigger if exists tulip_test_conta on ${id}`));
    await handle.db.execute(sql.raw(`create trigger tulip_test_conta after insert or update or delete on ${id} for each row execute function tulip_test.conta()`));
  }
  return async () =>
    Object.fromEntries(rows<{ tabella: string; n: string }>(await handle.db.execute(sql`select tabella, n::text as n from tulip_test.scritture`)).map((r) => [r.tabella, r.n]));
}

/** Tables written between two readings of a changeCounter, for a readable failure. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]);
}

/** The subset of JSON Schema (OpenAPI 3.0 flavour) that @fastify/swagger emits for the zod schemas. */
export type ApiSchema = {
  type?: string;
  properties?: Record<string, ApiSchema>;
  required?: string[];
  additionalProperties?: boolean | ApiSchema;
  items?: ApiSchema;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  anyOf?: ApiSchema[];
  oneOf?: ApiSchema[];
  allOf?: ApiSchema[];
};
export type ApiParam = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: ApiSchema };
/** One operation of /api/openapi.json joined with the access its route declares (app.routeTable). */
export type ApiOperation = {
  method: string;
  /** OpenAPI form, /api/x/{id} */
  path: string;
  /** Fastify form, /api/x/:id */
  url: string;
  params: ApiParam[];
  body?: ApiSchema;
  access: FastifyInstance['routeTable'][number]['access'];
};

export async function apiOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const doc = (await app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: ApiParam[]; requestBody?: { content?: Record<string, { schema?: ApiSchema }> } }>>;
  };
  const ops: ApiOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const route = app.routeTable.find((r) => r.method === method && r.url === url);
      if (!route) throw new Error(`${method} ${path} is in the OpenAPI document but not in app.routeTable`);
      ops.push({ method, path, url, params: op.parameters ?? [], body: op.requestBody?.content?.['application/json']?.schema, access: route.access });
    }
  }
  return ops;
}

/**
 * Closes a month for payroll as HR does it (issue #31): each working-time finding of the month reviewed with a note,
 * then the closing. Answers the closing's response.
 */
export async function closeMonthReviewed(app: FastifyInstance, hr: Session, mese: string) {
  const found = await app.inject({ url: `/api/conformita?mese=${mese}`, headers: hr.auth });
  if (found.statusCode !== 200) throw new Error(`conformita ${found.statusCode} ${found.body.slice(0, 200)}`);
  for (const r of found.json().rows as { dipendente_id: number; regola: string; data: string; verifica: unknown }[]) {
    if (r.verifica) continue;
    const payload = { dipendente_id: r.dipendente_id, regola: r.regola, data: r.data, nota: 'Verificato (test)' };
    let v = await app.inject({ method: 'PUT', url: '/api/conformita/verifiche', headers: hr.auth, payload });
    // a finding about the reviewer herself is a colleague's to review
    if (v.statusCode === 403) v = await app.inject({ method: 'PUT', url: '/api/conformita/verifiche', headers: (await login(app, 'admin')).auth, payload });
    if (v.statusCode !== 200) throw new Error(`verifica ${v.statusCode} ${v.body.slice(0, 200)}`);
  }
  return app.inject({ method: 'POST', url: '/api/cartellino/chiusura', headers: hr.auth, payload: { mese } });
}
