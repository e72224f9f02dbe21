/**
 * One idempotency discipline (issue #27 §4): any create or action sent with an Idempotency-Key (or the body's
 * id_richiesta) is carried out once; a repeat, concurrent or later, gets the first answer; the same key with other
 * content is 409; without a key nothing changes. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localNow } from '../src/platform/dates';
import { login, makeTestApp, skipReason, type Session, type TestApp } from './harness';

describe.skipIf(skipReason())('idempotency keys', () => {
  let t: TestApp;
  let mario: Session;
  let laura: Session;
  let admin: Session;
  const call = (s: Session, method: string, url: string, payload?: unknown, key?: string) =>
    t.app.inject({ method: method as never, url, headers: { ...s.auth, ...(key ? { 'idempotency-key': key } : {}) }, payload: payload as never });
  const count = async (q: ReturnType<typeof sql>) => Number(((await t.handle.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0].n);

  beforeAll(async () => {
    t = await makeTestApp();
    [mario, laura, admin] = await Promise.all(['mario.rossi', 'laura.bianchi', 'admin'].map((u) => login(t.app, u)));
  });
  afterAll(async () => t?.close());

  it('a double click on "new expense note" makes one note; both clicks get its answer', async () => {
    const key = randomUUID();
    const body = { descrizione: `Doppio clic ${key.slice(0, 8)}` };
    const [a, b] = await Promise.all([call(mario, 'PUT', '/api/notaspese', body, key), call(mario, 'PUT', '/api/notaspese', body, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().data.id).toBe(a.json().data.id);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await count(sql`select count(*)::int as n from spese_note where descrizione = ${body.descrizione}`)).toBe(1);
    // later, the same: the first answer again
    const later = await call(mario, 'PUT', '/api/notaspese', body, key);
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual(a.json());
    // the same key with other content: refused, nothing written
    const other = await call(mario, 'PUT', '/api/notaspese', { descrizione: 'Altro' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('avvisi.chiave_riusata');
    expect(await count(sql`select count(*)::int as n from spese_note where descrizione = 'Altro'`)).toBe(0);

    // a line added twice at once: one line
    const lineKey = randomUUID();
    const line = { data: localNow(t.config.timezone).data, tipo_spesa: 'PEDAGGIO', importo: 730, valuta: 'EUR', tipo_pagamento: 'CARTA_PERSONALE', documentata: true, descrizione: 'Casello' };
    const url = `/api/notaspese/${a.json().data.id}/righe`;
    const lines = await Promise.all([1, 2, 3].map(() => call(mario, 'PUT', url, line, lineKey)));
    expect(lines.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(lines.map((r) => r.json().data.id)).size).toBe(1);
    expect(await count(sql`select count(*)::int as n from spese_righe where nota_id = ${a.json().data.id}`)).toBe(1);
  });

  it('without a key nothing changes: two requests, two notes', async () => {
    const body = { descrizione: `Senza chiave ${randomUUID().slice(0, 8)}` };
    const [a, b] = await Promise.all([call(mario, 'PUT', '/api/notaspese', body), call(mario, 'PUT', '/api/notaspese', body)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.id).not.toBe(b.json().data.id);
  });

  it('a key is the user’s own: the same key from another user is another request', async () => {
    const key = randomUUID();
    const a = await call(mario, 'PUT', '/api/notaspese', { descrizione: 'Di Mario' }, key);
    const b = await call(laura, 'PUT', '/api/notaspese', { descrizione: 'Di Laura' }, key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().data.id).not.toBe(a.json().data.id);
    expect(b.json().data.descrizione).toBe('Di Laura');
  });

  it('covers the generic layer’s creates too, and refuses a malformed key', async () => {
    const key = randomUUID();
    const body = { codice: `ID${key.slice(0, 6)}`.toUpperCase(), descrizione: 'Reparto idempotente' };
    const [a, b] = await Promise.all([call(admin, 'PUT', '/api/reparti', body, key), call(admin, 'PUT', '/api/reparti', body, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().data.id).toBe(a.json().data.id);
    const bad = await call(admin, 'PUT', '/api/reparti', { ...body, codice: 'X1' }, 'corta');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('avvisi.chiave_idempotenza_non_valida');
  });

  it('a phase action resent 5 ms later (a tablet’s retry) gets the first answer, not fase_in_corso', async () => {
    // mario in service, no phase running
    const last = (await call(mario, 'GET', '/api/timbrature/oggi')).json().timbrature.at(-1);
    if (last?.verso !== 'E') expect((await call(mario, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: randomUUID() })).statusCode).toBe(201);
    const running = await call(mario, 'GET', '/api/rilevazione/fasi/aperta');
    if (running.statusCode === 200 && running.body !== 'null' && running.body) expect((await call(mario, 'POST', '/api/rilevazione/fasi', { op: 'cf', id_richiesta: randomUUID() })).statusCode).toBe(200);
    const id_richiesta = randomUUID();
    const body = { op: 'inf', codice: 'C26-015/SALD', id_richiesta };
    const first = call(mario, 'POST', '/api/rilevazione/fasi', body);
    // timer-wait: the resend follows the first by a few milliseconds, as the probe's did
    await new Promise((r) => setTimeout(r, 5));
    const [a, b] = await Promise.all([first, call(mario, 'POST', '/api/rilevazione/fasi', body)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().data.aperta.id).toBe(a.json().data.aperta.id);
  });

  it('one request has one instant: a switch closes the running phase when the next one starts, to the millisecond', async () => {
    // mario has a phase running (the test before started one)
    const sw = await call(mario, 'POST', '/api/rilevazione/fasi', { op: 'closePrevious', codice: 'C26-015/MONT', id_richiesta: randomUUID() });
    expect(sw.statusCode, sw.body).toBe(200);
    const { aperta, chiusa } = sw.json().data;
    expect(chiusa).not.toBeNull();
    const rows = (await t.handle.db.execute(sql`select id, inizio, fine from registrazioni where id in (${aperta.id}, ${chiusa.id})`)) as unknown as {
      rows: { id: number; inizio: string | Date; fine: string | Date | null }[];
    };
    const ms = (v: string | Date | null) => new Date(v as string).getTime();
    const closed = rows.rows.find((r) => Number(r.id) === chiusa.id)!;
    const opened = rows.rows.find((r) => Number(r.id) === aperta.id)!;
    expect(ms(closed.fine)).toBe(ms(opened.inizio));
  });
});
