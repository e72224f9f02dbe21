/**
 * What the in-process bench groups share (presenze.ts, commesse.ts): a database of the bench's PostgreSQL (or PGlite
 * in memory) migrated and seeded with the base data, the app built on it with an HR user's token, and the timing of
 * a figure against its baseline.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { migrateDb, openDb, type DbHandle } from '../apps/server/src/platform/db';
import { loadConfig } from '../apps/server/src/platform/config';
import { createMailer } from '../apps/server/src/platform/mail';
import { Tokens } from '../apps/server/src/platform/tokens';
import { seedBase } from '../apps/server/src/seed';
import { manifest as giustificativi } from '../apps/server/src/modules/giustificativi';
import type { PgCluster } from '../test/support/postgres';
import { median } from './lib';

/** A fresh database `name` (PostgreSQL when the bench has one, else PGlite in memory), migrated, with the base data. */
export async function benchDb(cluster: PgCluster | null, name: string): Promise<DbHandle> {
  const handle = cluster
    ? await (async () => {
        const pg = await import('pg');
        const c = new pg.default.Client({ connectionString: cluster.url() });
        await c.connect();
        await c.query(`drop database if exists ${name}`);
        await c.query(`create database ${name}`);
        await c.end();
        return openDb({ databaseUrl: cluster.url(name), poolMax: 10 });
      })()
    : await openDb({ memory: true });
  await migrateDb(handle);
  await seedBase(handle.db);
  await giustificativi.seed!.base!(handle.db);
  return handle;
}

/** The app on that database, and the headers of an HR user (UFFICIO_PERSONALE, scope tutti). */
export async function benchApp(handle: DbHandle) {
  const db = handle.db;
  const config = loadConfig({ TULIP_DATA_DIR: '/nonexistent', TULIP_WEB_DIST: '/nonexistent', LOG_LEVEL: 'error' });
  const tokens = await Tokens.create(db, 'bench-secret');
  const app = await buildApp({ db, config, tokens, mailer: createMailer(config) });
  await db.execute(sql`insert into utenti (username, profilo_attivo_id) select 'bench', id from profili where codice = 'UFFICIO_PERSONALE'`);
  const userId = ((await db.execute(sql`select id from utenti where username = 'bench'`)) as unknown as { rows: { id: number }[] }).rows[0].id;
  const auth = { authorization: `Bearer ${(await tokens.sign('a', userId, 3600, { fam: randomUUID() })).token}` };
  return { app, auth };
}

const timeOnce = async (fn: () => Promise<unknown> | unknown) => {
  const s = performance.now();
  await fn();
  return performance.now() - s;
};

/**
 * Median times of a figure and of its baseline, run in turns (value, baseline, value, ...) after a warm-up of each:
 * a neighbour that loads the machine for a while weighs on both alike.
 */
export async function timePair(value: () => Promise<unknown> | unknown, baseline: () => Promise<unknown> | unknown, runs = 5): Promise<[number, number]> {
  await value();
  await baseline();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    a.push(await timeOnce(value));
    b.push(await timeOnce(baseline));
  }
  return [median(a), median(b)];
}
