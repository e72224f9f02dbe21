/**
 * Reliability suite: one seeded PGlite dump (each test loads it into a data folder of its own) and, when
 * PostgreSQL is installed, a throwaway cluster with a seeded template database `tulip_rel_tpl`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../../../test/support/postgres';
import { migrateDb, openDb } from '../../src/platform/db';
import { seedAll } from '../../src/bootstrap';
import { withDb } from '../global-postgres';

export const PG_TEMPLATE = 'tulip_rel_tpl';

/** Two dumps: a blank database (a new PGlite costs an initdb, 5-20 s here; loading a dump 2-3 s) and the seeded demo. */
async function pgliteDumps(dir: string): Promise<{ blank: string; seeded: string }> {
  const h = await openDb({ memory: true });
  const pglite = (h as unknown as { pglite: { dumpDataDir: (c: 'none') => Promise<Blob> } }).pglite;
  const save = async (name: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  const blank = await save('blank.tar');
  await migrateDb(h);
  await seedAll(h, { demo: true, timezone: 'Europe/Rome' }, () => undefined);
  const seeded = await save('seeded.tar');
  await h.close();
  return { blank, seeded };
}

async function pgTemplate(): Promise<{ url: string; stop: () => void } | null> {
  const cluster = await startPostgres();
  if (!cluster) {
    if (process.env.REQUIRE_PG === '1') throw new Error('PostgreSQL is required (REQUIRE_PG=1) but not installed');
    console.warn('\n[WARN] PostgreSQL non installato: i test di affidabilità su PostgreSQL sono saltati (apt-get install postgresql)\n');
    return null;
  }
  const admin = cluster.url();
  const pg = await import('pg');
  const c = new pg.default.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${PG_TEMPLATE}`);
  await c.end();
  const h = await openDb({ databaseUrl: withDb(admin, PG_TEMPLATE), poolMax: 2 });
  await migrateDb(h);
  await seedAll(h, { demo: true, timezone: 'Europe/Rome' }, () => undefined);
  await h.close();
  return { url: admin, stop: cluster.stop };
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-rel-dump-'));
  const [dumps, pg] = await Promise.all([pgliteDumps(dir), pgTemplate()]);
  project.provide('relDump', dumps.seeded);
  project.provide('relBlank', dumps.blank);
  project.provide('relPgUrl', pg ? pg.url : 'skip');
  return () => {
    pg?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    relDump: string;
    relBlank: string;
    relPgUrl: string;
  }
}
