/** Open the database, migrate, seed: what the server and the CLI both do first. */
import type { Config } from './platform/config';
import { migrateDb, openDb, type DbHandle } from './platform/db';
import { seedBase, seedDemo } from './seed';
import { seedPresenzeDemo } from './seed/presenze';
import { seedVisiteDemo } from './seed/visite';
import { seedCommesseDemo } from './seed/commesse';
import { seedRapportiniDemo, seedRilevazioneDemo } from './seed/rilevazione';
import { seedSpeseDemo } from './seed/spese';
import { seedDotazioniDemo } from './seed/dotazioni';
import { seedContrattiDemo, upgradeContrattiDemo } from './seed/contratti';
import { MODULES } from './modules';

export async function seedAll(handle: DbHandle, config: Pick<Config, 'demo' | 'timezone'>, log?: (s: string) => void) {
  await seedBase(handle.db);
  // each module's base data, in the modules' order (their manifests' seed steps)
  for (const m of MODULES) await m.seed?.base?.(handle.db);
  if (config.demo && (await seedDemo(handle.db, config.timezone))) {
    await seedPresenzeDemo(handle.db, config.timezone, log);
    await seedVisiteDemo(handle.db, config.timezone);
    await seedCommesseDemo(handle.db, config.timezone);
    await seedRilevazioneDemo(handle.db, config.timezone);
    await seedRapportiniDemo(handle.db, config.timezone);
    await seedSpeseDemo(handle.db, config.timezone);
    await seedDotazioniDemo(handle.db, config.timezone);
    // last: every employee of the demo gets a contract row, the equipment demo's leaver too
    await seedContrattiDemo(handle.db, config.timezone);
  } else if (config.demo) {
    // a demo seeded by an older version: its data brought up to what the law is now (issue #28)
    await upgradeContrattiDemo(handle.db);
  }
}

export async function openAndPrepare(
  config: Config,
  opts: { seed?: boolean; log?: (s: string) => void; poolMax?: number } = {},
): Promise<DbHandle> {
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: opts.poolMax });
  try {
    await migrateDb(handle);
    if (opts.seed !== false) await seedAll(handle, config, opts.log ?? ((s) => console.log(s)));
  } catch (err) {
    await handle.close().catch(() => undefined); // PGlite: release the data folder
    throw err;
  }
  return handle;
}
