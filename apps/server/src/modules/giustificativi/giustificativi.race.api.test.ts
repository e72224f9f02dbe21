/**
 * A decision and a withdrawal of the same leave request at the same moment (issue #27 §5): one of them, never both.
 * On PostgreSQL the harness's pool runs the requests truly at once; on PGlite one after the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow, weekdayMon0 } from '../../platform/dates';

describe.skipIf(skipReason())('leave requests decided and withdrawn at once', () => {
  let t: TestApp;
  let mario: Session;
  let laura: Session;
  let day: string;
  const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });

  beforeAll(async () => {
    t = await makeTestApp();
    [mario, laura] = await Promise.all(['mario.rossi', 'laura.bianchi'].map((u) => login(t.app, u)));
    day = addDays(localNow(t.config.timezone).data, 40);
  });
  afterAll(async () => t?.close());

  /** An hour's leave on the next working day with a shift (a holiday has none to take it from). */
  async function request() {
    for (;;) {
      day = addDays(day, 1);
      if (weekdayMon0(day) > 4) continue;
      const r = await call(mario, 'PUT', '/api/giustificativi', { codice: 'PERMESSO', dal: day, al: day, minuti: 60 });
      if (r.statusCode === 400) continue;
      expect(r.statusCode, r.body).toBe(201);
      return r.json().data.id as number;
    }
  }
  const stato = async (id: number) => ((await call(mario, 'GET', '/api/giustificativi?size=1000')).json().rows as { id: number; stato: string }[]).find((g) => g.id === id)?.stato;

  it('one of an approval and a withdrawal goes through, the other is refused, and the request is in the winner’s state', async () => {
    for (let i = 0; i < 10; i++) {
      const id = await request();
      const [approve, cancel] = await Promise.all([call(laura, 'POST', `/api/giustificativi/${id}/approva`, {}), call(mario, 'POST', `/api/giustificativi/${id}/annulla`)]);
      expect([approve.statusCode, cancel.statusCode].sort(), `${approve.body} ${cancel.body}`).toEqual([200, 409]);
      expect(await stato(id)).toBe(approve.statusCode === 200 ? 'approvato' : 'annullato');
    }
  });

  it('one of an approval and a refusal goes through, never both', async () => {
    for (let i = 0; i < 10; i++) {
      const id = await request();
      const [approve, refuse] = await Promise.all([call(laura, 'POST', `/api/giustificativi/${id}/approva`, {}), call(laura, 'POST', `/api/giustificativi/${id}/rifiuta`, { motivo: 'Turno scoperto' })]);
      expect([approve.statusCode, refuse.statusCode].sort(), `${approve.body} ${refuse.body}`).toEqual([200, 409]);
      expect(await stato(id)).toBe(approve.statusCode === 200 ? 'approvato' : 'rifiutato');
    }
  });
});
