/**
 * Returns and cancellations of the same delivery at the same time (issue #27 §5). On PostgreSQL the harness's pool
 * runs the requests truly at once; on PGlite they run one after the other, and the same invariants hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';
import { localNow } from '../../platform/dates';

type Row = Record<string, unknown> & { id: number };
type Line = { id: number; in_dotazione: number };

describe.skipIf(skipReason())('equipment: concurrent returns and cancellations', () => {
  let t: TestApp;
  let personale: Session;
  let today: string;
  let mario: number;
  let elmetto: number;
  const call = (method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: personale.auth, payload: payload as never });

  beforeAll(async () => {
    t = await makeTestApp();
    personale = await login(t.app, 'personale');
    today = localNow(t.config.timezone).data;
    const tipi = (await call('GET', '/api/dotazioni/tipologie?size=100')).json().rows as Row[];
    elmetto = tipi.find((r) => r.codice === 'ELMETTO')!.id;
    const emp = (await call('GET', '/api/dipendenti?size=1000')).json().rows as Row[];
    mario = emp.find((e) => e.cognome === 'Rossi' && e.nome === 'Mario')!.id;
  });
  afterAll(async () => t?.close());

  /** A fresh article with `loaded` units in stock, and a way to deliver 2 of it to Mario. */
  async function article(loaded: number) {
    const art = (await call('PUT', '/api/dotazioni/articoli', { tipologia_id: elmetto, marca: 'Kask', modello: `Race ${Math.random()}`, marcatura_ce: true })).json().data.id as number;
    expect((await call('PUT', `/api/dotazioni/articoli/${art}/movimenti`, { quantita: loaded, causale: 'carico', riferimento: 'DDT 1' })).statusCode).toBe(201);
    const deliver = async () => {
      const c = await call('PUT', '/api/dotazioni/consegne', { dipendente_id: mario, data: today, causale: 'usura', righe: [{ articolo_id: art, quantita: 2 }] });
      expect(c.statusCode, c.body).toBe(201);
      return c.json().data as { id: number; righe: Line[] };
    };
    const stock = async () => (await call('GET', `/api/dotazioni/articoli/${art}`)).json().giacenza as number;
    return { deliver, stock };
  }

  const reso = (riga: number) => call('PUT', '/api/dotazioni/resi', { riga_id: riga, data: today, quantita: 1, esito: 'restituito' });
  const annulla = (id: number) => call('POST', `/api/dotazioni/consegne/${id}/annulla`, { motivo: 'Prova di concorrenza' });
  const held = async (id: number) => ((await call('GET', `/api/dotazioni/consegne/${id}`)).json().righe as Line[]).reduce((s, l) => s + l.in_dotazione, 0);

  it('a return and a cancellation at once: one wins, the other gets 409, and the stock is always loaded less held', async () => {
    const loaded = 200;
    const { deliver, stock } = await article(loaded);
    const statuses: number[][] = [];
    let inHands = 0; // what the trials before left with the employee: settled, nothing else touches it
    for (let i = 0; i < 50; i++) {
      const c = await deliver();
      const answers = await Promise.all([reso(c.righe[0].id), annulla(c.id)]);
      statuses.push(answers.map((a) => a.statusCode));
      for (const a of answers) if (a.statusCode >= 400) expect(a.json().message, a.body).toMatch(/^avvisi\./);
      inHands += await held(c.id);
      expect(await stock(), `trial ${i}: ${JSON.stringify(statuses.at(-1))}`).toBe(loaded - inHands);
    }
    // exactly one of the two passes each time: a return after the cancel finds nothing held, a cancel after the return finds a line returned
    expect(statuses.filter((s) => [...s].sort().join() !== [200, 409].join() && [...s].sort().join() !== [201, 409].join())).toEqual([]);
  });

  it('two returns and a cancellation at once never answer 500, and the stock still adds up', async () => {
    const loaded = 100;
    const { deliver, stock } = await article(loaded);
    const deliveries: number[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const c = await deliver();
      deliveries.push(c.id);
      const answers = await Promise.all([reso(c.righe[0].id), reso(c.righe[0].id), annulla(c.id)]);
      statuses.push(...answers.map((a) => a.statusCode));
      for (const a of answers) if (a.statusCode >= 400) expect([a.statusCode, a.json().message], a.body).toEqual([409, expect.stringMatching(/^avvisi\./)]);
    }
    let inHands = 0;
    for (const d of deliveries) inHands += await held(d);
    expect(await stock()).toBe(loaded - inHands);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });

  it('two saves of a mansione’s kit at once: one after the other, the kit is one of them whole', async () => {
    const mansioni = (await call('GET', '/api/dotazioni/mansioni')).json() as { mansione_id: number; codice: string }[];
    const sal = mansioni.find((m) => m.codice === 'SAL')!.mansione_id;
    const tipi = ((await call('GET', '/api/dotazioni/tipologie?size=100')).json().rows as Row[]).map((r) => r.id);
    const kit = (n: number) => ({ righe: tipi.slice(0, n).map((tipologia_id) => ({ tipologia_id, quantita: 1, obbligatoria: true })) });
    for (let i = 0; i < 10; i++) {
      const answers = await Promise.all([call('POST', `/api/dotazioni/mansioni/${sal}`, kit(2)), call('POST', `/api/dotazioni/mansioni/${sal}`, kit(3))]);
      expect(answers.map((a) => a.statusCode), answers.map((a) => a.body).join(' ')).toEqual([200, 200]);
      expect([2, 3]).toContain((await call('GET', `/api/dotazioni/mansioni/${sal}`)).json().righe.length);
    }
  });
});
