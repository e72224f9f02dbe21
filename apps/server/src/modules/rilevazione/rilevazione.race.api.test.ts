/**
 * Two changes of the same booking at the same moment (issue #27 §5): each sees what the other wrote. On PostgreSQL the
 * harness's pool runs the requests truly at once; on PGlite one after the other.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow, mondayOf } from '../../platform/dates';

describe.skipIf(skipReason())('bookings changed twice at once', () => {
  let t: TestApp;
  let mario: Session;
  let booking: () => Promise<number>;
  let data: string;
  const call = (method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: mario.auth, payload: payload as never });

  beforeAll(async () => {
    t = await makeTestApp();
    mario = await login(t.app, 'mario.rossi');
    const personale = await login(t.app, 'personale');
    const orders = (await t.app.inject({ method: 'GET', url: '/api/commesse?size=100', headers: personale.auth })).json().rows as { id: number; codice: string; fasi: { id: number; codice: string }[] }[];
    const c015 = orders.find((o) => o.codice === 'C26-015')!;
    const me = (await call('GET', '/api/user/profile')).json().dipendente.id as number;
    // the demo's bookings and weeks of mario's: this test makes its own
    await t.handle.db.execute(sql`delete from registrazioni where dipendente_id = ${me}`);
    await t.handle.db.execute(sql`delete from registrazioni_settimane where dipendente_id = ${me}`);
    data = addDays(mondayOf(localNow(t.config.timezone).data), -7);
    booking = async () => {
      const r = await call('PUT', '/api/rilevazione/ore', { data, commessa_id: c015.id, fase_id: c015.fasi.find((f) => f.codice === 'PROG')!.id, minuti: 30, id_richiesta: randomUUID() });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().data.id as number;
    };
  });
  afterAll(async () => t?.close());

  it('two corrections of different fields both stay: neither writes back what it read before the other', async () => {
    for (let i = 0; i < 15; i++) {
      const id = await booking();
      const answers = await Promise.all([call('POST', `/api/rilevazione/ore/${id}`, { minuti: 45 }), call('POST', `/api/rilevazione/ore/${id}`, { note: `Prova ${i}` })]);
      expect(answers.map((a) => a.statusCode), answers.map((a) => a.body).join(' ')).toEqual([200, 200]);
      const rows = (await call('GET', `/api/rilevazione/ore?dal=${data}&al=${data}`)).json().rows as { id: number; minuti: number; note: string | null }[];
      expect(rows.find((r) => r.id === id)).toMatchObject({ minuti: 45, note: `Prova ${i}` });
      // the day holds 13 hours at most (D.Lgs 66/2003 art. 7): each round leaves room for the next
      expect((await call('POST', `/api/rilevazione/ore/${id}/elimina`, {})).statusCode).toBe(200);
    }
  });

  it('a correction and a deletion at once: one after the other, never a 500', async () => {
    for (let i = 0; i < 10; i++) {
      const id = await booking();
      const answers = await Promise.all([call('POST', `/api/rilevazione/ore/${id}`, { minuti: 40 }), call('POST', `/api/rilevazione/ore/${id}/elimina`, {})]);
      expect(answers.map((a) => a.statusCode).filter((s) => s >= 500), answers.map((a) => a.body).join(' ')).toEqual([]);
      // the deletion happened, before or after the correction (a correction after it finds nothing: 404)
      expect(answers[1].statusCode, answers[1].body).toBe(200);
      expect([200, 404]).toContain(answers[0].statusCode);
    }
  });
});
