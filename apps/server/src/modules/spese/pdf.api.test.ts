/**
 * The expense note's PDF is laid out (issue #29 §1): amounts in their currency's units ("28,50 €", never "2850 EUR"),
 * a CHF line with its rate and the rate's date, type, payment and notes whole, the lines over two pages with the
 * header repeated, nothing outside the page's printable box.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';
import { addDays, dataIt, localNow, mondayOf } from '../../platform/dates';
import { hasWhole, keepPdf, outsideBox, pdfLayout } from '../../../../../test/support/pdf';

describe.skipIf(skipReason())('expense note PDF', () => {
  let t: TestApp;
  let personale: Session;
  let mario: Session;
  const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
  beforeAll(async () => {
    t = await makeTestApp();
    [personale, mario] = await Promise.all(['personale', 'mario.rossi'].map((u) => login(t.app, u)));
  });
  afterAll(async () => t?.close());

  it('prints every line whole, money in its currency, the CHF rate and its date, over pages with the header repeated', async () => {
    const lun = addDays(mondayOf(localNow(t.config.timezone).data), -7);
    // 1 € = 0,9255 CHF that day: 20,00 CHF make 21,61 €
    expect((await call(personale, 'PUT', '/api/valute/CHF/cambi', { data: lun, cambio: '0.9255' })).statusCode).toBe(201);
    const titolo = 'Trasferta a Lugano per il collaudo della linea di verniciatura presso il cliente, con sopralluogo al cantiere di Mendrisio';
    const nota = await call(mario, 'PUT', '/api/notaspese', { descrizione: titolo, trasferta: { destinazione: 'Lugano', estero: true, dal: lun, al: addDays(lun, 4), regime: 'forfettario' } });
    expect(nota.statusCode, nota.body).toBe(201);
    const id = nota.json().data.id;
    const lunga = `Cena di lavoro con il responsabile tecnico del cliente ${Array.from({ length: 20 }, (_, i) => `argomento${i}`).join(' ')} fine.`;
    expect(lunga.length).toBeGreaterThan(200);
    const add = async (body: Record<string, unknown>) => {
      const r = await call(mario, 'PUT', `/api/notaspese/${id}/righe`, { data: lun, valuta: 'EUR', documentata: true, ...body });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().data;
    };
    await add({ tipo_spesa: 'VITTO', importo: 2850, tipo_pagamento: 'CARTA_PERSONALE', descrizione: lunga });
    const chf = await add({ tipo_spesa: 'TAXI', importo: 2000, valuta: 'CHF', tipo_pagamento: 'CONTANTI', descrizione: 'Taxi dalla stazione' });
    expect(chf).toMatchObject({ cambio: '0.925500', cambio_data: lun, importo_eur: 2161 });
    const senza = await add({ tipo_spesa: 'PARCHEGGIO', importo: 1800, tipo_pagamento: 'CONTANTI', documentata: false, estero: false });
    for (let i = 0; i < 30; i++) await add({ tipo_spesa: 'PEDAGGIO', importo: 1000 + i, tipo_pagamento: 'CARTA_PERSONALE', descrizione: `Pedaggio ${i + 1}` });
    const n = (await call(mario, 'GET', `/api/notaspese/${id}`)).json();
    const pdf = await call(mario, 'GET', `/api/notaspese/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    await keepPdf('nota-spese.pdf', pdf.rawPayload);
    const pages = await pdfLayout(pdf.rawPayload);
    const all = pages.map((p) => p.text).join(' ');
    expect(all).not.toMatch(/\b2850 EUR\b|\b2000 CHF\b/);
    const avvisi = senza.avvisi as string[];
    expect(avvisi.length).toBeGreaterThan(0);
    for (const v of [
      titolo, lunga, 'Carta di credito personale', '28,50 €', '20,00 CHF al cambio 0,9255 del', `${dataIt(lun)} = 21,61 €`, '18,00 €', 'Pedaggio 30', '10,29 €',
      'Firma del dipendente', 'Firma del responsabile', 'Visto per la liquidazione',
    ])
      expect(hasWhole(all, v), v).toBe(true);
    // the totals through the one money formatter
    const eur = (c: number) => `${String(Math.floor(c / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(c % 100).padStart(2, '0')} €`;
    expect(hasWhole(all, `Totali ${eur(n.totali.importo_eur)} ${eur(n.totali.rimborsabile)}`)).toBe(true);
    expect(pages.length).toBeGreaterThan(1);
    const tablePages = pages.filter((p) => p.text.includes('Pedaggio'));
    expect(tablePages.length).toBeGreaterThan(1);
    for (const p of tablePages) expect(hasWhole(p.text, 'Data Tipo Pagamento Importo In euro Rimborsabile Esente Imponibile Note')).toBe(true);
    expect(outsideBox(pages)).toEqual([]);
  });
});
