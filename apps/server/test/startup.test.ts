/**
 * The start-up on a new data folder says what it does, a step a line, and is ready; a later start on the same folder
 * says nothing and changes nothing of what the first one wrote (issue #30: the seed's checks that run at every start).
 * On the embedded database, the default: the PostgreSQL project skips it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { messagesIt } from '@tulip/contract';
import { openAndPrepare } from '../src/bootstrap';
import { loadConfig } from '../src/platform/config';
import { MIGRATIONS_DIR, PGLITE_SHARED_BUFFERS, rowsOf, type DbHandle } from '../src/platform/db';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-startup-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const config = loadConfig({ TULIP_DATA_DIR: dataDir, TULIP_DEMO: '1', TULIP_TIMEZONE: 'Europe/Rome' });

async function start(build?: string): Promise<{ lines: string[]; handle: DbHandle }> {
  const lines: string[] = [];
  const handle = await openAndPrepare(config, { log: (s) => lines.push(s), build });
  return { lines, handle };
}

/** What the seed writes at a start, counted. */
async function written(handle: DbHandle) {
  const [row] = await rowsOf<Record<string, number>>(handle.db, sql`
    select (select count(*)::int from traduzioni) as traduzioni, (select max(id)::int from traduzioni) as ultima_traduzione,
      (select count(*)::int from contratti_modelli) as modelli, (select count(*)::int from file) as file,
      (select count(*)::int from dipendenti) as dipendenti, (select count(*)::int from timbrature) as timbrature`);
  return row;
}

describe.skipIf(inject('databaseUrl'))('start-up', () => {
  it('on a new data folder says each step in Italian; a second start says nothing and writes nothing', { timeout: 180_000 }, async () => {
    const first = await start();
    const before = await written(first.handle);
    await first.handle.close();
    const migrations = (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
    const demo = (what: string) => `Caricamento dei dati dimostrativi: ${what}...`;
    expect(first.lines.filter((l) => !l.startsWith('Terminale demo'))).toEqual([
      `Creazione del database in ${path.join(dataDir, 'pglite')}...`,
      `Preparazione del database (${migrations} migrazioni)...`,
      'Caricamento dei dati di base (lingue, testi, profili, modelli dei documenti)...',
      'Caricamento dei dati dimostrativi (Officine Rossi S.r.l.): anagrafica e utenti...',
      demo('turni, timbrature e presenze'),
      demo('visite'),
      demo('commesse'),
      demo('rilevazione dei tempi'),
      demo('rapportini'),
      demo('note spese'),
      demo('dotazioni'),
      demo('contratti'),
      demo('conformità dell’orario di lavoro'),
    ]);
    expect(before).toMatchObject({ modelli: expect.any(Number), dipendenti: expect.any(Number) });
    expect(before.timbrature).toBeGreaterThan(0);

    const second = await start();
    const after = await written(second.handle);
    await second.handle.close();
    expect(second.lines).toEqual([]);
    expect(after).toEqual(before);
  });

  it('a restart of the build that seeded the database skips the seeding; another build seeds again', { timeout: 60_000 }, async () => {
    const [group, tags] = Object.entries(messagesIt)[0];
    const tag = Object.keys(tags)[0];
    const which = sql`translate_group = ${group} and translate_tag = ${tag}`;
    const count = async (h: DbHandle) => (await rowsOf<{ n: number }>(h.db, sql`select count(*)::int as n from traduzioni where ${which}`))[0].n;
    const seeded = await start('build-a');
    const shipped = await count(seeded.handle);
    expect(shipped).toBe(2); // Italian and English
    // a row the seeding adds when it lacks it: gone, it shows whether the seeding ran
    await seeded.handle.db.execute(sql`delete from traduzioni where ${which}`);
    await seeded.handle.close();

    const same = await start('build-a');
    expect(await count(same.handle)).toBe(0);
    await same.handle.close();

    const updated = await start('build-b');
    expect(await count(updated.handle)).toBe(shipped);
    const [mark] = await rowsOf<{ valore: string }>(updated.handle.db, sql`select valore from impostazioni where chiave = 'seed_avvio'`);
    expect(JSON.parse(mark.valore)).toEqual({ build: 'build-b', demo: true });
    await updated.handle.close();
  });

  it('the embedded database starts with a small buffer cache, which TULIP_PGLITE_SHARED_BUFFERS changes; a malformed size keeps the default', { timeout: 60_000 }, async () => {
    const setting = async (h: DbHandle) => (await rowsOf<{ v: string }>(h.db, sql`select current_setting('shared_buffers') as v`))[0].v;
    const byDefault = await openAndPrepare(config, { seed: false });
    expect(await setting(byDefault)).toBe(PGLITE_SHARED_BUFFERS);
    await byDefault.close();
    const larger = await openAndPrepare(loadConfig({ TULIP_DATA_DIR: dataDir, TULIP_PGLITE_SHARED_BUFFERS: '64MB' }), { seed: false });
    expect(await setting(larger)).toBe('64MB');
    await larger.close();
    for (const bad of ['64', '64 MB', '64MB; drop', '-1MB']) expect(loadConfig({ TULIP_PGLITE_SHARED_BUFFERS: bad }).pgliteSharedBuffers).toBeUndefined();
  });
});
