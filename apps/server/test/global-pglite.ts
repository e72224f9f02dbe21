/** Migrates and seeds one in-memory PGlite once, dumps it; every test file loads that dump (DESIGN §10). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDb, openDb } from '../src/platform/db';
import { seedAll } from '../src/bootstrap';
import { atProjectClock } from './project-clock';

export default async function setup(project: TestProject) {
  const h = await openDb({ memory: true });
  await migrateDb(h);
  await atProjectClock(project, () => seedAll(h, { demo: true, timezone: 'Europe/Rome' }));
  const pglite = (h as unknown as { pglite: { dumpDataDir: (c: 'none') => Promise<Blob> } }).pglite;
  const blob = await pglite.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-dump-')), 'seeded.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await h.close();
  project.provide('pgliteDump', file);
  project.provide('databaseUrl', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    databaseUrl: string;
  }
}
