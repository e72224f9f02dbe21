/**
 * Child rows edited with their parent on the generic layer (issue #13): an order and its phases, the way job orders
 * (commesse) will use it. The test makes its own two tables in the test database and a resource over them, served by
 * the platform's real guard, validation, error handling and audit: a child with its id is updated (its id, which
 * other records point at, stays), one without is added, one left out is deleted, one still in use is refused with
 * 409 and nothing of the write is kept, and another parent's child cannot be taken by naming its id.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResourceOps, zCode, zRequiredText } from '@tulip/contract';
import { registerErrorHandling } from '../src/platform/errors';
import { registerGuard } from '../src/platform/guard';
import { defineResource } from '../src/platform/resource';
import { loadUser } from '../src/modules/anagrafica';
import { login, makeTestApp, skipReason, type Session, type TestApp } from './harness';

const ordini = pgTable('prova_ordini', { id: serial('id').primaryKey(), codice: varchar('codice', { length: 20 }).notNull(), descrizione: text('descrizione').notNull() });
const fasi = pgTable('prova_fasi', {
  id: serial('id').primaryKey(), ordine_id: integer('ordine_id').notNull(), codice: varchar('codice', { length: 20 }).notNull(), minuti: integer('minuti').notNull(),
  sequenza: integer('sequenza').notNull(),
});

const ZFase = z.strictObject({ id: z.number().int().positive().optional(), codice: zCode(20), minuti: z.number().int().min(0), sequenza: z.number().int().min(0) });
const RES_PROVA = defineResourceOps({
  name: 'prova_ordini', label: ['Ordine', 'Ordini'], path: '/api/prova-ordini', tag: 'prova',
  row: z.object({
    id: z.number(), codice: z.string(), descrizione: z.string(),
    fasi: z.array(z.object({ id: z.number(), codice: z.string(), minuti: z.number(), sequenza: z.number() })),
  }),
  input: z.strictObject({ codice: zCode(20), descrizione: zRequiredText(120), fasi: z.array(ZFase).max(50).optional() }),
  read: ['anagrafica.reparti'], write: ['anagrafica.reparti'],
});

describe.skipIf(skipReason())('child rows on the generic layer', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: Session;
  const call = (method: string, url: string, payload?: unknown) => app.inject({ method: method as never, url, headers: admin.auth, payload: payload as never });

  beforeAll(async () => {
    t = await makeTestApp();
    admin = await login(t.app, 'admin');
    const db = t.handle.db;
    await db.execute(sql`create table prova_ordini (id serial primary key, codice varchar(20) not null unique, descrizione text not null)`);
    await db.execute(sql`create table prova_fasi (id serial primary key, ordine_id int not null references prova_ordini(id) on delete cascade,
      codice varchar(20) not null, minuti int not null, sequenza int not null, unique (ordine_id, codice))`);
    // a record that points at a phase, as a booking will
    await db.execute(sql`create table prova_usi (id serial primary key, fase_id int not null references prova_fasi(id))`);
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    registerGuard(app, { db, tokens: t.tokens, loadUser });
    defineResource(app, db, {
      resource: RES_PROVA, table: ordini, idColumn: ordini.id,
      columns: { id: ordini.id, codice: ordini.codice, descrizione: ordini.descrizione },
      search: [ordini.codice], lookup: { value: ordini.id, label: ordini.codice }, model: () => ({ codice: '', descrizione: '', fasi: [] }),
      children: { fasi: { table: fasi, idColumn: fasi.id, parentColumn: fasi.ordine_id, orderBy: fasi.sequenza, columns: { id: fasi.id, codice: fasi.codice, minuti: fasi.minuti, sequenza: fasi.sequenza } } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('stores an order with its phases, updates, adds and removes them in one write, and keeps the ids others use', async () => {
    const created = await call('PUT', '/api/prova-ordini', {
      codice: 'C-001', descrizione: 'Impianto', fasi: [{ codice: 'MONT', minuti: 600, sequenza: 2 }, { codice: 'PROG', minuti: 240, sequenza: 1 }],
    });
    expect(created.statusCode).toBe(201);
    const order = created.json().data;
    expect(order.fasi.map((f: { codice: string }) => f.codice)).toEqual(['PROG', 'MONT']);
    const [prog, mont] = order.fasi as { id: number; codice: string }[];

    const changed = await call('POST', `/api/prova-ordini/${order.id}`, {
      codice: 'C-001', descrizione: 'Impianto', fasi: [{ id: prog.id, codice: 'PROG', minuti: 300, sequenza: 1 }, { codice: 'COLL', minuti: 120, sequenza: 3 }],
    });
    expect(changed.statusCode).toBe(200);
    const after = changed.json().data.fasi as { id: number; codice: string; minuti: number }[];
    expect(after.map((f) => [f.codice, f.minuti])).toEqual([['PROG', 300], ['COLL', 120]]);
    expect(after[0].id).toBe(prog.id);
    expect(after.some((f) => f.id === mont.id)).toBe(false);
    // the list and the record read the same children; an update without the field keeps them
    expect((await call('GET', '/api/prova-ordini')).json().rows[0].fasi).toEqual(after);
    expect((await call('POST', `/api/prova-ordini/${order.id}`, { codice: 'C-001', descrizione: 'Impianto elettrico' })).json().data.fasi).toEqual(after);
    // audited with the phases before and after
    const log = (await t.app.inject({ url: '/api/audit?entita=prova_ordini', headers: admin.auth })).json().rows;
    expect(log.find((r: { azione: string }) => r.azione === 'update').prima.fasi).toHaveLength(2);
  });

  it('refuses to drop a phase in use, or to take another order’s phase, and keeps the whole write out', async () => {
    const a = (await call('PUT', '/api/prova-ordini', { codice: 'C-002', descrizione: 'A', fasi: [{ codice: 'F1', minuti: 60, sequenza: 1 }] })).json().data;
    const b = (await call('PUT', '/api/prova-ordini', { codice: 'C-003', descrizione: 'B', fasi: [{ codice: 'F1', minuti: 60, sequenza: 1 }] })).json().data;
    await t.handle.db.execute(sql`insert into prova_usi (fase_id) values (${a.fasi[0].id})`);
    const inUse = await call('POST', `/api/prova-ordini/${a.id}`, { codice: 'C-002', descrizione: 'A cambiato', fasi: [] });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ message: 'avvisi.in_use' });
    const still = (await call('GET', `/api/prova-ordini/${a.id}`)).json();
    expect(still).toMatchObject({ descrizione: 'A', fasi: [{ id: a.fasi[0].id, codice: 'F1' }] });
    const stolen = await call('POST', `/api/prova-ordini/${b.id}`, { codice: 'C-003', descrizione: 'B', fasi: [{ id: a.fasi[0].id, codice: 'F1', minuti: 1, sequenza: 1 }] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().params.fields).toEqual({ fasi: 'avvisi.valore_non_valido' });
    expect((await call('GET', `/api/prova-ordini/${a.id}`)).json().fasi[0].minuti).toBe(60);
    // a wrong child is refused by the contract's schema, with its field
    const bad = await call('PUT', '/api/prova-ordini', { codice: 'C-004', descrizione: 'C', fasi: [{ codice: 'X', minuti: -5, sequenza: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/prova-ordini?search=C-004')).json().total).toBe(0);
  });

  it('two writes of the same order at once: the second sees the first, and its audit entry says what it changed (issue #27 §5)', async () => {
    const o = (await call('PUT', '/api/prova-ordini', { codice: 'C-010', descrizione: 'Gara', fasi: [{ codice: 'F0', minuti: 10, sequenza: 1 }] })).json().data;
    type Entry = { id: number; entita_id: string; azione: string; prima: { descrizione: string }; dopo: { descrizione: string } };
    for (let i = 0; i < 10; i++) {
      const write = (codice: string) => call('POST', `/api/prova-ordini/${o.id}`, { codice: 'C-010', descrizione: codice, fasi: [{ codice, minuti: i, sequenza: 1 }] });
      const answers = await Promise.all([write(`A${i}`), write(`B${i}`)]);
      expect(answers.map((a) => a.statusCode), answers.map((a) => a.body).join(' ')).toEqual([200, 200]);
      const log = ((await t.app.inject({ url: '/api/audit?entita=prova_ordini&size=200', headers: admin.auth })).json().rows as Entry[])
        .filter((e) => e.entita_id === String(o.id) && e.azione === 'update')
        .sort((a, b) => b.id - a.id);
      const [second, first] = log;
      expect(second.prima.descrizione, `round ${i}`).toBe(first.dopo.descrizione);
      expect((await call('GET', `/api/prova-ordini/${o.id}`)).json().descrizione).toBe(second.dopo.descrizione);
    }
  });
});
