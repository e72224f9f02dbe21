/**
 * Grant steps (issue #13): a module's manifest grants its route names to the default profiles in versioned steps,
 * applied once per database. An existing installation gets the screen a new version makes ready; what an
 * administrator removed afterwards stays removed; a database from before the steps is not granted again.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impostazioni } from '../src/platform/db/tables';
import { profili } from '../src/modules/anagrafica';
import { MODULES } from '../src/modules';
import { applyGrantSteps, seedBase } from '../src/seed';
import { makeTestApp, skipReason, type TestApp } from './harness';

describe.skipIf(skipReason())('grant steps of the module manifests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t?.close());

  const routesOf = async (codice: string) => (await t.handle.db.select({ routes: profili.routes }).from(profili).where(eq(profili.codice, codice)))[0].routes;

  it('the seeded database has every step of every module applied, once', async () => {
    const [row] = await t.handle.db.select().from(impostazioni).where(eq(impostazioni.chiave, 'grant_steps'));
    expect(JSON.parse(row.valore).sort()).toEqual(MODULES.flatMap((m) => m.grants ?? []).map((s) => s.id).sort());
    expect(await routesOf('DIPENDENTE')).toEqual(expect.arrayContaining(['timbrature.calendario', 'giustificativi.calendario', 'cartellino']));
    expect(await routesOf('PORTINERIA')).toEqual(expect.arrayContaining(['visite.registro', 'visite.autorizzazioni', 'presentiassenti']));
  });

  it('a later step reaches an existing database once; an administrator’s removal afterwards stays', async () => {
    const step = { id: 'prova.1', profiles: { DIPENDENTE: ['notaspese', 'visite.autorizzazioni'] } };
    const db = t.handle.db;
    await db.update(profili).set({ routes: sql`${profili.routes} - 'notaspese'` }).where(eq(profili.codice, 'DIPENDENTE'));
    expect(await routesOf('DIPENDENTE')).not.toContain('notaspese');
    await applyGrantSteps(db, [step], true);
    expect(await routesOf('DIPENDENTE')).toContain('notaspese');
    // the administrator takes it away again: a restart applies nothing twice
    await db.update(profili).set({ routes: sql`${profili.routes} - 'notaspese'` }).where(eq(profili.codice, 'DIPENDENTE'));
    await applyGrantSteps(db, [step], true);
    await seedBase(db);
    expect(await routesOf('DIPENDENTE')).not.toContain('notaspese');
  });

  it('a database whose profiles predate the steps records them without granting again', async () => {
    const db = t.handle.db;
    await db.delete(impostazioni).where(eq(impostazioni.chiave, 'grant_steps'));
    await db.update(profili).set({ routes: sql`${profili.routes} - 'visite.linkvisitatore'` }).where(eq(profili.codice, 'DIPENDENTE'));
    await seedBase(db);
    expect(await routesOf('DIPENDENTE')).not.toContain('visite.linkvisitatore');
    const [row] = await db.select().from(impostazioni).where(eq(impostazioni.chiave, 'grant_steps'));
    expect(JSON.parse(row.valore)).toContain('visite.1');
  });
});
