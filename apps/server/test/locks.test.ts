/**
 * The platform's lock discipline (platform/db/locks.ts, issue #27 §5): rows locked in one order whatever the caller's,
 * a deadlock's victim run again once, and a conflict that survives the retry answered 409, never 500. The tests make
 * their own two tables; the ones that need two sessions at once run on PostgreSQL only (PGlite runs one at a time).
 */
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { pgTable, serial } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockRows, type Db } from '../src/platform/db';
import { registerErrorHandling } from '../src/platform/errors';
import { makeTestApp, skipReason, type TestApp } from './harness';

const primi = pgTable('prova_lock_a', { id: serial('id').primaryKey() });
const secondi = pgTable('prova_lock_b', { id: serial('id').primaryKey() });

/** A promise and the function that settles it: one side of a rendezvous between two transactions. */
function signal() {
  let done!: () => void;
  const p = new Promise<void>((r) => (done = r));
  return { p, done };
}

describe.skipIf(skipReason())('one lock discipline', () => {
  let t: TestApp;
  let db: Db;
  const onPostgres = () => t.handle.kind === 'postgres';

  beforeAll(async () => {
    t = await makeTestApp();
    db = t.handle.db;
    await db.execute(sql`create table prova_lock_a (id serial primary key)`);
    await db.execute(sql`create table prova_lock_b (id serial primary key)`);
    await db.execute(sql`insert into prova_lock_a select generate_series(1, 3)`);
    await db.execute(sql`insert into prova_lock_b select generate_series(1, 3)`);
  });
  afterAll(async () => t?.close());

  it('takes the rows by table name, then id, whatever order the caller lists them in', async (ctx) => {
    if (!onPostgres()) {
      // one session: the call still locks what exists and passes over repeated, null and missing ids
      await db.transaction((tx) => lockRows(tx as unknown as Db, [{ table: secondi, ids: [3, null, 3, 99] }, { table: primi, ids: [] }]));
      return ctx.skip();
    }
    // another session holds prova_lock_b #2; a caller listing b #2 before a #1 must still take a #1 first and wait on b
    const held = signal();
    const release = signal();
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select id from prova_lock_b where id = 2 for update`);
      held.done();
      await release.p;
    });
    await held.p;
    const caller = db.transaction((tx) => lockRows(tx as unknown as Db, [{ table: secondi, ids: [2, 1] }, { table: primi, ids: [1] }]));
    // wait until the caller is blocked on a lock (what PostgreSQL reports), then look at what it already holds
    const waiting = async () => ((await db.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)) as unknown as { rows: { n: number }[] }).rows[0].n;
    await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
    const busy = async (table: string, id: number) =>
      db.transaction(async (tx) => {
        try {
          await tx.execute(sql.raw(`select id from ${table} where id = ${id} for update nowait`));
          return false;
        } catch {
          return true;
        }
      });
    expect([await busy('prova_lock_a', 1), await busy('prova_lock_b', 1), await busy('prova_lock_a', 2)]).toEqual([true, true, false]);
    release.done();
    await Promise.all([holder, caller]);
  });

  it('runs a deadlock’s victim again once, so both transactions go through', async (ctx) => {
    if (!onPostgres()) return ctx.skip();
    const firstA = signal();
    const firstB = signal();
    let runs = 0;
    // two transactions taking the same two rows in opposite orders, each waiting until the other holds its first
    const crossing = (mine: string, theirs: string, gotMine: () => void, otherHas: Promise<void>) =>
      db.transaction(async (tx) => {
        runs++;
        await tx.execute(sql.raw(`select id from ${mine} where id = 3 for update`));
        gotMine();
        await otherHas;
        await tx.execute(sql.raw(`select id from ${theirs} where id = 3 for update`));
      });
    const results = await Promise.allSettled([crossing('prova_lock_a', 'prova_lock_b', firstA.done, firstB.p), crossing('prova_lock_b', 'prova_lock_a', firstB.done, firstA.p)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs).toBe(3);
  });

  it('answers a conflict that the retry did not get past with 409, never 500', async () => {
    let runs = 0;
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/conflitto', async () =>
      db.transaction(async () => {
        runs++;
        throw Object.assign(new Error('deadlock detected'), { code: runs % 2 ? '40P01' : '40001' });
      }),
    );
    const r = await app.inject({ method: 'GET', url: '/conflitto' });
    expect([r.statusCode, r.json()]).toEqual([409, { message: 'avvisi.modifica_concorrente' }]);
    expect(runs).toBe(2);
    await app.close();
  });
});
