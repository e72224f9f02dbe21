/**
 * The verbale di consegna is laid out (issue #29 §1): a long PPE type, model, lot and note read back whole (the type
 * was cut at 24 characters), "Q.tà" with its accent, the due date inside the page, both signatures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, login, skipReason, uploadFile, type Session, type TestApp } from '../../../test/harness';
import { addDays, dataIt, localNow } from '../../platform/dates';
import { hasWhole, keepPdf, outsideBox, pdfLayout } from '../../../../../test/support/pdf';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe.skipIf(skipReason())('verbale di consegna PDF', () => {
  let t: TestApp;
  let personale: Session;
  const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
  beforeAll(async () => {
    t = await makeTestApp();
    personale = await login(t.app, 'personale');
  });
  afterAll(async () => t?.close());

  it('prints a long type, model, lot and note whole, the due date inside the page', async () => {
    const today = localNow(t.config.timezone).data;
    const descrizione = 'Imbracatura anticaduta (EN 361) con cordino doppio, assorbitore di energia e connettori';
    const tipo = await call(personale, 'PUT', '/api/dotazioni/tipologie', {
      codice: 'IMBR_LUNGA', descrizione, dpi: true, categoria: 'III', protezione: 'anticaduta', durata_mesi: 36, taglie: false, restituibile: true, numero_serie: false, formazione: false,
    });
    expect(tipo.statusCode, tipo.body).toBe(201);
    const modello = 'Ventura Evolution Speed Plus con cosciali regolabili e anello dorsale';
    const art = await call(personale, 'PUT', '/api/dotazioni/articoli', { tipologia_id: tipo.json().data.id, marca: 'Kong Italia', modello, marcatura_ce: true, organismo_notificato: '0426' });
    expect(art.statusCode, art.body).toBe(201);
    const lotto = 'LOTTO-2026-ANTICADUTA-000123';
    const load = await call(personale, 'PUT', `/api/dotazioni/articoli/${art.json().data.id}/movimenti`, { quantita: 4, causale: 'carico', lotto, data_fabbricazione: addDays(today, -30) });
    expect(load.statusCode, load.body).toBe(201);
    const mario = (await call(personale, 'GET', '/api/dipendenti?size=1000')).json().rows.find((e: { cognome: string; nome: string }) => e.cognome === 'Rossi' && e.nome === 'Mario').id;
    // fall protection is category III: the worker is trained first (D.Lgs 81/2008 art. 77 c. 5)
    expect((await call(personale, 'PUT', '/api/dotazioni/formazione', { dipendente_id: mario, tipologia_id: tipo.json().data.id, data: today, docente: 'Studio RSPP Bonetti' })).statusCode).toBe(201);
    const note = `Consegnata in cantiere alla presenza del preposto; ${Array.from({ length: 20 }, (_, i) => `verifica${i}`).join(' ')} e istruzioni.`;
    expect(note.length).toBeGreaterThan(200);
    const sign = async () => (await uploadFile(t.app, personale.auth, 'firma.png', PNG, 'image/png')).json().data.id as string;
    const c = await call(personale, 'PUT', '/api/dotazioni/consegne', {
      dipendente_id: mario, data: today, causale: 'prima_consegna', note, righe: [{ articolo_id: art.json().data.id, quantita: 2, lotto }], firma: await sign(), firma_incaricato: await sign(),
    });
    expect(c.statusCode, c.body).toBe(201);
    const riga = c.json().data.righe[0];
    const pdf = await call(personale, 'GET', `/api/dotazioni/consegne/${c.json().data.id}/verbale`);
    expect(pdf.statusCode).toBe(200);
    await keepPdf('verbale.pdf', pdf.rawPayload);
    const pages = await pdfLayout(pdf.rawPayload);
    const all = pages.map((p) => p.text).join(' ');
    expect(riga.scadenza).toBeTruthy();
    for (const v of [descrizione, `Kong Italia ${modello}`, lotto, `Note: ${note}`, 'Q.tà', dataIt(riga.scadenza), 'Firma del lavoratore', "Firma dell'incaricato della consegna (personale)"])
      expect(hasWhole(all, v), v).toBe(true);
    expect(outsideBox(pages)).toEqual([]);
  });
});
