/** Open the database, migrate, seed: what the server and the CLI both do first. */
import type { Config } from './platform/config';
import { dbOptions, migrateDb, openDb, type DbHandle } from './platform/db';
import { readMark, writeMark } from './platform/settings';
import { seedBase, seedDemo } from './seed';
import { seedPresenzeDemo } from './seed/presenze';
import { seedVisiteDemo } from './seed/visite';
import { seedCommesseDemo } from './seed/commesse';
import { seedRapportiniDemo, seedRilevazioneDemo } from './seed/rilevazione';
import { seedSpeseDemo } from './seed/spese';
import { seedDotazioniDemo } from './seed/dotazioni';
import { seedContrattiDemo, upgradeContrattiDemo } from './seed/contratti';
import { seedConformitaDemo } from './seed/conformita';
import { MODULES } from './modules';

/**
 * Base data at every start, the demo company into an empty database. `log` hears what a first start does, a step a
 * line (in Italian, as the server's other start-up messages): it takes seconds, and the console should not look stuck.
 */
export async function seedAll(
  handle: DbHandle,
  config: Pick<Config, 'demo' | 'timezone'>,
  log: (s: string) => void = () => undefined,
  opts: { fresh?: boolean } = {},
) {
  if (opts.fresh) log('Caricamento dei dati di base (lingue, testi, profili, modelli dei documenti)...');
  await seedBase(handle.db);
  // each module's base data, in the modules' order (their manifests' seed steps)
  for (const m of MODULES) await m.seed?.base?.(handle.db);
  if (config.demo && (await seedDemo(handle.db, config.timezone, () => log('Caricamento dei dati dimostrativi (Officine Rossi S.r.l.): anagrafica e utenti...')))) {
    const steps: [string, () => Promise<unknown>][] = [
      ['turni, timbrature e presenze', () => seedPresenzeDemo(handle.db, config.timezone, log)],
      ['visite', () => seedVisiteDemo(handle.db, config.timezone)],
      ['commesse', () => seedCommesseDemo(handle.db, config.timezone)],
      ['rilevazione dei tempi', () => seedRilevazioneDemo(handle.db, config.timezone)],
      ['rapportini', () => seedRapportiniDemo(handle.db, config.timezone)],
      ['note spese', () => seedSpeseDemo(handle.db, config.timezone)],
      ['dotazioni', () => seedDotazioniDemo(handle.db, config.timezone)],
      // last: every employee of the demo gets a contract row, the equipment demo's leaver too
      ['contratti', () => seedContrattiDemo(handle.db, config.timezone)],
      // after the punches and the contracts (the CCNL's limits): one person per working-time rule who breaks it
      ['conformità dell’orario di lavoro', () => seedConformitaDemo(handle.db, config.timezone)],
    ];
    for (const [what, step] of steps) {
      log(`Caricamento dei dati dimostrativi: ${what}...`);
      await step();
    }
  } else if (config.demo) {
    // a demo seeded by an older version: its data brought up to what the law is now (issue #28)
    await upgradeContrattiDemo(handle.db);
  }
}

/** impostazioni: the server build whose start-up seeding last ran to its end on this database (`build`, below). */
const SEEDED_BY_KEY = 'seed_avvio';

/**
 * `build` names the server's code (the precompiled bundle's inputs, scripts/server-bundle.mjs): a restart of the build
 * that already seeded this database, with no migration pending, skips the seeding. It would add nothing the code has
 * not added already, and its first queries on a cold embedded database cost a quarter of a second at every start
 * (issue #30); a row an administrator removed since (a default profile, a reason) stays removed until the next update.
 */
export async function openAndPrepare(
  config: Config,
  opts: { seed?: boolean; log?: (s: string) => void; poolMax?: number; build?: string } = {},
): Promise<DbHandle> {
  const log = opts.log ?? ((s) => console.log(s));
  const handle = await openDb({ ...dbOptions(config), poolMax: opts.poolMax, log });
  try {
    const { applied, pending } = await migrateDb(handle, log);
    const mark = opts.build ? JSON.stringify({ build: opts.build, demo: config.demo }) : null;
    if (opts.seed !== false && !(mark && !pending && (await readMark(handle.db, SEEDED_BY_KEY)) === mark)) {
      await seedAll(handle, config, log, { fresh: applied === 0 });
      if (mark) await writeMark(handle.db, SEEDED_BY_KEY, mark);
    }
  } catch (err) {
    await handle.close().catch(() => undefined); // PGlite: release the data folder
    throw err;
  }
  return handle;
}
