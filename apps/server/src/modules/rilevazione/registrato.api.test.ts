/**
 * The labour cost in SQL is the contract's costoLavoro (half up to the cent, per booking): the same answers over a
 * table of minutes and hourly costs, on the database itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { costoLavoro, costoLavoroCoefficiente } from '@tulip/contract';
import { makeTestApp, skipReason, type TestApp } from '../../../test/harness';
import { costoLavoroCoefficienteSql, costoLavoroSql } from './registrato';

describe.skipIf(skipReason())('labour cost in SQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t?.close());

  it('rounds each booking as costoLavoro does', async () => {
    const cases: [number, number][] = [];
    for (const m of [0, 1, 7, 29, 30, 31, 59, 60, 61, 89, 90, 450, 479, 1440]) for (const c of [0, 1, 2849, 2850, 3100, 3333, 4199, 99999]) cases.push([m, c]);
    const values = sql.join(cases.map(([m, c]) => sql`(${m}::int, ${c}::int)`), sql`, `);
    const res = (await t.handle.db.execute(sql`select m, c, ${costoLavoroSql(sql`m`, sql`c`)}::bigint as costo from (values ${values}) v(m, c)`)) as unknown as { rows: { m: number; c: number; costo: string | number }[] };
    expect(res.rows).toHaveLength(cases.length);
    for (const r of res.rows) expect(Number(r.costo), `${r.m} min at ${r.c} c/h`).toBe(costoLavoro(Number(r.m), Number(r.c)));
  });

  it('rounds each booking at an hourly pay × a coefficient as costoLavoroCoefficiente does', async () => {
    const cases: [number, number, number][] = [];
    for (const m of [0, 1, 7, 29, 30, 59, 60, 450, 479, 1440]) for (const c of [0, 1, 1007, 1191, 1231, 2850, 99999]) for (const k of [100, 101, 145, 237, 500]) cases.push([m, c, k]);
    const values = sql.join(cases.map(([m, c, k]) => sql`(${m}::int, ${c}::int, ${k}::int)`), sql`, `);
    const res = (await t.handle.db.execute(sql`select m, c, k, ${costoLavoroCoefficienteSql(sql`m`, sql`c`, sql`k`)}::bigint as costo from (values ${values}) v(m, c, k)`)) as unknown as {
      rows: { m: number; c: number; k: number; costo: string | number }[];
    };
    expect(res.rows).toHaveLength(cases.length);
    for (const r of res.rows) expect(Number(r.costo), `${r.m} min at ${r.c} c/h × ${r.k}%`).toBe(costoLavoroCoefficiente(Number(r.m), Number(r.c), Number(r.k)));
  });
});
