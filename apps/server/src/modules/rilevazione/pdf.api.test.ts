/**
 * The signed rapportino's PDF is laid out (issue #29 §1): long activities, site, materials and note read back whole
 * (they were cut at 55, 60, 90 and 100 characters), nothing outside the page's printable box.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeTestApp, login, skipReason, uploadFile, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow } from '../../platform/dates';
import { hasWhole, keepPdf, outsideBox, pdfLayout } from '../../../../../test/support/pdf';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const words = (seed: string, n: number) => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

describe.skipIf(skipReason())('rapportino PDF', () => {
  let t: TestApp;
  let mario: Session;
  const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
  beforeAll(async () => {
    t = await makeTestApp();
    mario = await login(t.app, 'mario.rossi');
    const mid = (await call(mario, 'GET', '/api/user/profile')).json().dipendente.id;
    await t.handle.db.execute(sql`delete from registrazioni_settimane where dipendente_id = ${mid}`);
  });
  afterAll(async () => t?.close());

  it('prints every line, the materials and a long note whole, inside the page', async () => {
    const personale = await login(t.app, 'personale');
    const order = (await call(personale, 'GET', '/api/commesse?search=C26-015')).json().rows[0];
    const cliente = (await call(personale, 'GET', '/api/clienti?search=Meccanica')).json().rows[0].id;
    const fase = (c: string) => order.fasi.find((f: { codice: string }) => f.codice === c).id;
    const attivita = `Montaggio basamento ${words('attività', 30)}`;
    const sito = `Stabilimento di Reggio Emilia, ${words('capannone', 13)}`;
    const materiale = `Cavo schermato ${words('bobina', 18)}`;
    const note = `Il cliente chiede ${words('nota', 45)}`;
    const body = {
      data: addDays(localNow(t.config.timezone).data, -2), cliente_id: cliente, sito, commessa_id: order.id, km: 84, minuti_viaggio: 95, note,
      righe: [
        { commessa_id: order.id, fase_id: fase('MONT'), inizio: '08:30', fine: '12:00', descrizione: attivita },
        { commessa_id: order.id, fase_id: fase('COLL'), inizio: '13:00', fine: '15:15', descrizione: 'Collaudo con il cliente' },
      ],
      materiali: [{ descrizione: materiale, quantita: 12.5, unita: 'm' }, { descrizione: 'Viti M8', quantita: 24, unita: 'pz' }],
    };
    expect(note.length).toBeGreaterThan(200);
    const created = await call(mario, 'PUT', '/api/rilevazione/rapportini', body);
    expect(created.statusCode, created.body).toBe(201);
    const r = created.json().data;
    const png = (await uploadFile(t.app, mario.auth, 'firma.png', PNG, 'image/png')).json().data.id;
    const signed = await call(mario, 'POST', `/api/rilevazione/rapportini/${r.id}/firma`, { firma_file_id: png, firmatario: 'Giulia Fontana', versione: r.versione });
    expect(signed.statusCode, signed.body).toBe(200);
    const pdf = await call(mario, 'GET', `/api/rilevazione/rapportini/${r.id}/pdf`);
    await keepPdf('rapportino.pdf', pdf.rawPayload);
    const pages = await pdfLayout(pdf.rawPayload);
    const all = pages.map((p) => p.text).join(' ');
    for (const v of [attivita, sito, materiale, note, 'Collaudo con il cliente', 'Meccanica Emiliana S.p.A.', r.dipendente_nome, '12,5', 'Viaggio: 84 km, 1:35', 'Firma del cliente: Giulia Fontana', 'Attività'])
      expect(hasWhole(all, v), v).toBe(true);
    expect(outsideBox(pages)).toEqual([]);
  });
});
