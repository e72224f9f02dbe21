/**
 * Two corrections (or a correction and a cancellation) of one punch at the same moment (issue #27 §5): one of them,
 * never a second corrected punch. On PostgreSQL the harness's pool runs the requests truly at once; on PGlite one after
 * the other.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow } from '../../platform/dates';

describe.skipIf(skipReason())('a punch corrected twice at once', () => {
  let t: TestApp;
  let hr: Session;
  let mario: number;
  let day: string;
  const call = (method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: hr.auth, payload: payload as never });

  beforeAll(async () => {
    t = await makeTestApp();
    hr = await login(t.app, 'personale');
    mario = (await call('GET', '/api/dipendenti?search=Rossi&size=100')).json().rows.find((e: { nome: string }) => e.nome === 'Mario').id;
    day = addDays(localNow(t.config.timezone).data, -1);
  });
  afterAll(async () => t?.close());

  const punch = async (i: number) => {
    const r = await call('PUT', '/api/timbrature', { dipendente_id: mario, ts: `${day}T05:${String(i).padStart(2, '0')}:00`, verso: 'E', motivo: 'Prova', id_richiesta: randomUUID() });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data.id as number;
  };
  const corrections = async (id: number) =>
    ((await call('GET', `/api/timbrature?dipendente_id=${mario}&dal=${day}&al=${day}`)).json().rows as { corregge_id: number | null; stato: string }[]).filter((p) => p.corregge_id === id);

  it('one of two corrections goes through, the other is refused: one corrected punch, never two', async () => {
    for (let i = 0; i < 10; i++) {
      const id = await punch(i);
      const answers = await Promise.all([
        call('POST', `/api/timbrature/${id}`, { ts: `${day}T06:${String(i).padStart(2, '0')}:00`, motivo: 'Orario errato' }),
        call('POST', `/api/timbrature/${id}`, { ts: `${day}T07:${String(i).padStart(2, '0')}:00`, motivo: 'Orario errato' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(' ')).toEqual([200, 409]);
      expect(await corrections(id)).toHaveLength(1);
    }
  });

  it('a correction and a cancellation at once: one of them', async () => {
    for (let i = 20; i < 30; i++) {
      const id = await punch(i);
      const answers = await Promise.all([call('POST', `/api/timbrature/${id}`, { motivo: 'Verso errato', verso: 'U' }), call('DELETE', `/api/timbrature/${id}?motivo=Doppia`)]);
      expect(answers.map((a) => a.statusCode).filter((s) => s < 300), answers.map((a) => a.body).join(' ')).toHaveLength(1);
      expect((await corrections(id)).length).toBe(answers[0].statusCode === 200 ? 1 : 0);
    }
  });
});
