/** Open the database, migrate, seed: what the server and the CLI both do first. */
import type { Config } from './platform/config';
import { migrateDb, openDb, type DbHandle } from './platform/db';
import { seedBase, seedDemo } from './seed';

export async function openAndPrepare(config: Config, opts: { seed?: boolean } = {}): Promise<DbHandle> {
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDb(handle);
  if (opts.seed !== false) {
    await seedBase(handle.db);
    if (config.demo) await seedDemo(handle.db);
  }
  return handle;
}
