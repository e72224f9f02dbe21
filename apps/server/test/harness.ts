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

export async function login(app: FastifyInstance, username: string, password = 'demo'): Promise<Session> {
  const r1 = await app.inject({ method: 'POST', url: '/api/auth/loginUser', payload: { username, password } });
  if (r1.statusCode !== 200) throw new Error(`login ${username}: ${r1.statusCode} ${r1.body}`);
  const r2 = await app.inject({ method: 'POST', url: '/api/auth/authUser', headers: { authorization: `Bearer ${r1.json().token}` } });
  if (r2.statusCode !== 200) throw new Error(`authUser ${username}: ${r2.statusCode} ${r2.body}`);
  const { atoken, rtoken } = r2.json();
  return { atoken, rtoken, auth: { authorization: `Bearer ${atoken}` } };
}
