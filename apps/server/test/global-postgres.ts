/** Starts a real PostgreSQL, migrates and seeds a template database; each test file clones it. */
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../../test/support/postgres';
import { migrateDb, openDb } from '../src/platform/db';
import { seedAll } from '../src/bootstrap';
import { atProjectClock } from './project-clock';

export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  const cluster = external ? null : await startPostgres();
  if (!external && !cluster) {
    if (process.env.REQUIRE_PG === '1') throw new Error('PostgreSQL is required (REQUIRE_PG=1) but not installed');
    console.warn('\n[WARN] PostgreSQL non installato: i test API su PostgreSQL sono saltati (apt-get install postgresql)\n');
    project.provide('databaseUrl', 'skip');
    project.provide('pgliteDump', '');
    return;
  }
  const admin = external ?? cluster!.url();
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: admin });
  await client.connect();
  await client.query('drop database if exists tulip_tpl');
  await client.query('create database tulip_tpl');
  await client.end();
  const tplUrl = withDb(admin, 'tulip_tpl');
  const h = await openDb({ databaseUrl: tplUrl, poolMax: 2 });
  await migrateDb(h);
  await atProjectClock(project, () => seedAll(h, { demo: true, timezone: 'Europe/Rome' }));
  await h.close();
  project.provide('databaseUrl', admin);
  project.provide('pgliteDump', '');
  return () => cluster?.stop();
}

export function withDb(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
