/**
 * Default-deny grants (issue #27 §6). What each seeded profile may open is compared with a committed, reviewed
 * snapshot (grants.snapshot.json beside this file): a new grant is a visible diff in review, never a side effect of
 * adding a screen. Update it with `npx vitest run --project api-pglite apps/server/test/grants.test.ts -u` and
 * read the diff.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impostazioni } from '../src/platform/db/tables';
import { profili } from '../src/modules/anagrafica';
import { seedBase } from '../src/seed';
import { makeTestApp, skipReason, type TestApp } from './harness';

describe.skipIf(skipReason())('default-deny grants', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t?.close());

  const profiles = async () =>
    Object.fromEntries(
      (await t.handle.db.select({ codice: profili.codice, scope: profili.scope, routes: profili.routes }).from(profili).orderBy(profili.codice)).map(
        (p) => [p.codice, { scope: p.scope, routes: [...(p.routes as string[])].sort() }],
      ),
    );
  const routesOf = async (codice: string) => (await profiles())[codice].routes;

  it('each seeded profile holds exactly the reviewed routes', async () => {
    await expect(`${JSON.stringify(await profiles(), null, 2)}\n`).toMatchFileSnapshot('./grants.snapshot.json');
  });

  it('a screen added by an upgrade reaches the administrator and no one else until a grant names it', async () => {
    const db = t.handle.db;
    // as if this database last started before the desktop menu screen existed
    await db.update(profili).set({ routes: sql`${profili.routes} - 'anagrafica.vocimenu'` });
    const [row] = await db.select().from(impostazioni).where(eq(impostazioni.chiave, 'route_note'));
    const known = (JSON.parse(row.valore) as string[]).filter((r) => r !== 'anagrafica.vocimenu');
    await db.update(impostazioni).set({ valore: JSON.stringify(known) }).where(eq(impostazioni.chiave, 'route_note'));
    await seedBase(db);
    const all = await profiles();
    expect(Object.entries(all).filter(([, p]) => p.routes.includes('anagrafica.vocimenu')).map(([c]) => c)).toEqual(['AMMINISTRATORE']);
  });

  it('a revoke step takes a route away from a database of any age, once', async () => {
    const db = t.handle.db;
    // an installation from before the revoke: HR had the desktop menu screen
    await db.update(profili).set({ routes: sql`${profili.routes} || '["anagrafica.vocimenu"]'::jsonb` }).where(eq(profili.codice, 'UFFICIO_PERSONALE'));
    const [row] = await db.select().from(impostazioni).where(eq(impostazioni.chiave, 'grant_steps'));
    const steps = (JSON.parse(row.valore) as string[]).filter((s) => s !== 'anagrafica.2');
    await db.update(impostazioni).set({ valore: JSON.stringify(steps) }).where(eq(impostazioni.chiave, 'grant_steps'));
    expect(await routesOf('UFFICIO_PERSONALE')).toContain('anagrafica.vocimenu');
    await seedBase(db);
    expect(await routesOf('UFFICIO_PERSONALE')).not.toContain('anagrafica.vocimenu');
    expect(await routesOf('UFFICIO_PERSONALE')).toContain('anagrafica.utenti');
    // an administrator who then gives it back on purpose is not overruled at the next start
    await db.update(profili).set({ routes: sql`${profili.routes} || '["anagrafica.vocimenu"]'::jsonb` }).where(eq(profili.codice, 'UFFICIO_PERSONALE'));
    await seedBase(db);
    expect(await routesOf('UFFICIO_PERSONALE')).toContain('anagrafica.vocimenu');
  });
});
