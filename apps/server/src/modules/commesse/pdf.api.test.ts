/**
 * The job sheet is laid out (issue #29 §1): long phase names read back whole (they were cut at 44 characters), the
 * table runs over pages with its header repeated, nothing outside the page's printable box.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, login, skipReason, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow } from '../../platform/dates';
import { hasWhole, keepPdf, outsideBox, pdfLayout } from '../../../../../test/support/pdf';

describe.skipIf(skipReason())('job sheet PDF', () => {
  let t: TestApp;
  let personale: Session;
  const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
  beforeAll(async () => {
    t = await makeTestApp();
    personale = await login(t.app, 'personale');
  });
  afterAll(async () => t?.close());

  it('prints every phase whole over as many pages as they need, the header on each', async () => {
    const cliente = (await call(personale, 'GET', '/api/clienti?search=Acciai')).json().rows[0].id;
    const today = localNow(t.config.timezone).data;
    const fasi = Array.from({ length: 14 }, (_, i) => ({
      codice: `FASE${i + 1}`, descrizione: `Lavorazione ${i + 1}: taglio, piegatura e saldatura della carpenteria del basamento con verifica dimensionale finale`, minuti_previsti: 60 * (i + 1),
    }));
    const descrizione = 'Linea di verniciatura a polvere per il nuovo stabilimento di Modena, con cabina, forno di cottura e trasportatore aereo';
    const r = await call(personale, 'PUT', '/api/commesse', { codice: 'LUNGA-1', descrizione, cliente_id: cliente, stato: 'aperta', data_inizio: today, data_fine: addDays(today, 60), minuti_budget: 6000, fasi });
    expect(r.statusCode, r.body).toBe(201);
    const pdf = await call(personale, 'GET', `/api/commesse/${r.json().data.id}/scheda`);
    expect(pdf.statusCode).toBe(200);
    await keepPdf('scheda.pdf', pdf.rawPayload);
    const pages = await pdfLayout(pdf.rawPayload);
    const all = pages.map((p) => p.text).join(' ');
    expect(pages.length).toBeGreaterThan(1);
    for (const v of [descrizione, 'Acciai Padani S.r.l.', ...fasi.map((f) => `${f.codice} - ${f.descrizione}`)]) expect(hasWhole(all, v), v).toBe(true);
    for (const p of pages) expect(hasWhole(p.text, 'Ord. Fase Ore previste Codice a barre (commessa/fase)'), p.text.slice(0, 200)).toBe(true);
    pages.forEach((p, i) => expect(p.text).toContain(`Pagina ${i + 1} di ${pages.length}`));
    expect(outsideBox(pages)).toEqual([]);
  });
});
