import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggiungiMesi, ZMancanteRow } from '@tulip/contract';
import { z } from 'zod';
import { PDFDocument, PDFName, PDFDict } from 'pdf-lib';
import { changeCounter, changedTables, login, makeTestApp, pdfText, skipReason, uploadFile, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow } from '../../platform/dates';
import { codiceFiscale } from '../../seed/demo-data';
import { rowsOf } from '../../platform/db';
import { missingReportJson } from './service';

// a 1×1 PNG: a real image, as the signature pad uploads one
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Row = Record<string, unknown> & { id: number };
type TConsegna = { id: number; righe: { id: number }[] };

/** How many images a PDF's pages draw (the signatures on the verbale). */
async function imagesIn(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf);
  let n = 0;
  for (const p of doc.getPages()) {
    const xobjects = p.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    n += xobjects ? xobjects.keys().length : 0;
  }
  return n;
}

describe.skipIf(skipReason())('equipment and PPE', () => {
  let t: TestApp;
  let personale: Session;
  let mario: Session;
  let laura: Session;
  let today: string;
  const call = (s: Session | null, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s?.auth ?? {}, payload: payload as never });
  const ids = { tipo: {} as Record<string, number>, art: {} as Record<string, number>, sal: 0, prod: 0, nuovo: 0, mario: 0 };
  const sign = async (s: Session) => (await uploadFile(t.app, s.auth, 'firma.png', PNG, 'image/png')).json().data.id as string;

  beforeAll(async () => {
    t = await makeTestApp();
    [personale, mario, laura] = await Promise.all(['personale', 'mario.rossi', 'laura.bianchi'].map((u) => login(t.app, u)));
    today = localNow(t.config.timezone).data;
    const tipi = (await call(personale, 'GET', '/api/dotazioni/tipologie?size=100')).json().rows as Row[];
    for (const r of tipi) ids.tipo[String(r.codice)] = r.id;
    const arts = (await call(personale, 'GET', '/api/dotazioni/articoli?size=100')).json().rows as Row[];
    for (const r of arts) ids.art[String(r.tipologia_codice)] = r.id;
    const mans = (await call(personale, 'GET', '/api/dotazioni/mansioni')).json() as { mansione_id: number; codice: string }[];
    ids.sal = mans.find((m) => m.codice === 'SAL')!.mansione_id;
    const reparti = (await call(personale, 'GET', '/api/reparti?size=100')).json().rows as Row[];
    ids.prod = reparti.find((r) => r.codice === 'PROD')!.id;
    const emp = (await call(personale, 'GET', '/api/dipendenti?size=1000')).json().rows as Row[];
    ids.mario = emp.find((e) => e.cognome === 'Rossi' && e.nome === 'Mario')!.id;
  });
  afterAll(async () => t?.close());

  it('keeps the training the law requires on a type, and a category III article carries its notified body', async () => {
    const bad = await call(personale, 'PUT', '/api/dotazioni/tipologie', { codice: 'RESP_FFP3', descrizione: 'Facciale filtrante FFP3', dpi: true, taglie: false, restituibile: false, numero_serie: false, formazione: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().params.fields.categoria).toBe('avvisi.campo_richiesto');
    const ok = await call(personale, 'PUT', '/api/dotazioni/tipologie', {
      codice: 'RESP_FFP3', descrizione: 'Facciale filtrante FFP3', dpi: true, categoria: 'III', protezione: 'vie_respiratorie', norma: 'EN 149', durata_mesi: 1, taglie: false, restituibile: false, numero_serie: false, formazione: false,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.formazione).toBe(true); // D.Lgs 81/2008 art. 77 c. 5
    const tipo = ok.json().data.id;
    const noBody = await call(personale, 'PUT', '/api/dotazioni/articoli', { tipologia_id: tipo, marca: '3M', modello: 'Aura 9332+', marcatura_ce: true });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe('avvisi.dpi_senza_organismo');
    const art = await call(personale, 'PUT', '/api/dotazioni/articoli', { tipologia_id: tipo, marca: '3M', modello: 'Aura 9332+', marcatura_ce: true, organismo_notificato: '0086', costo: 420, scorta_minima: 20 });
    expect(art.statusCode, art.body).toBe(201);
    expect(art.json().data).toMatchObject({ giacenze: [], giacenza: 0, sotto_scorta: true });
    const id = art.json().data.id;
    // the manufacturer's note, a PDF, read back by anyone who reads the articles (not only by its uploader)
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const nota = (await uploadFile(t.app, personale.auth, 'nota.pdf', pdf, 'application/pdf')).json().data.id;
    expect((await call(personale, 'POST', `/api/dotazioni/articoli/${id}`, { tipologia_id: tipo, marca: '3M', modello: 'Aura 9332+', marcatura_ce: true, organismo_notificato: '0086', nota_file_id: nota })).statusCode).toBe(200);
    const admin = await login(t.app, 'admin');
    const read = await call(admin, 'GET', `/api/dotazioni/note/${nota}`);
    expect([read.statusCode, read.rawPayload.subarray(0, 4).toString()]).toEqual([200, '%PDF']);
    expect((await call(admin, 'GET', '/api/dotazioni/note/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(mario, 'GET', `/api/dotazioni/note/${nota}`)).statusCode).toBe(403);
    // the list's yes/no filter
    const onlyDpi = (await call(personale, 'GET', '/api/dotazioni/tipologie?dpi=false&size=100')).json().rows as Row[];
    expect(onlyDpi.map((r) => r.codice).sort()).toEqual(['NOTEBOOK', 'TELEFONO']);
    expect((await call(personale, 'GET', '/api/dotazioni/tipologie?dpi=forse')).statusCode).toBe(400);
    // the mansioni with their kits' sizes
    const sal = ((await call(personale, 'GET', '/api/dotazioni/mansioni')).json() as Row[]).find((m) => m.codice === 'SAL')!;
    expect(sal).toMatchObject({ tipologie: 5, obbligatorie: 4 });
    expect(sal.dipendenti).toBeGreaterThan(2);
    const load = await call(personale, 'PUT', `/api/dotazioni/articoli/${id}/movimenti`, { quantita: 50, causale: 'carico', riferimento: 'DDT 55/2026' });
    expect(load.statusCode, load.body).toBe(201);
    expect(load.json().data.giacenze).toEqual([{ taglia: null, quantita: 50 }]);
    // an adjustment needs its reason and never takes the stock below zero
    expect((await call(personale, 'PUT', `/api/dotazioni/articoli/${id}/movimenti`, { quantita: -5, causale: 'rettifica' })).json().params.fields.motivo).toBe('avvisi.campo_richiesto');
    const neg = await call(personale, 'PUT', `/api/dotazioni/articoli/${id}/movimenti`, { quantita: -51, causale: 'rettifica', motivo: 'Inventario' });
    expect([neg.statusCode, neg.json().message]).toEqual([409, 'avvisi.giacenza_negativa']);
    expect((await call(personale, 'PUT', `/api/dotazioni/articoli/${id}/movimenti`, { quantita: -2, causale: 'rettifica', motivo: 'Inventario: due confezioni rotte' })).json().data.giacenza).toBe(48);
    const got = (await call(personale, 'GET', `/api/dotazioni/articoli/${id}`)).json();
    expect(got.giacenze).toEqual([{ taglia: null, quantita: 48 }]);
    expect((await call(personale, 'GET', `/api/dotazioni/articoli/${id}/movimenti`)).json().rows.map((m: Row) => [m.causale, m.quantita])).toEqual([['rettifica', -2], ['carico', 50]]);
    // a size where the type has none
    const sized = await call(personale, 'PUT', `/api/dotazioni/articoli/${id}/movimenti`, { quantita: 5, causale: 'carico', taglia: 'M' });
    expect([sized.statusCode, sized.json().message]).toEqual([400, 'avvisi.taglia_non_prevista']);
  });

  it('makes hearing, fall and respiratory protection category III whatever the form says (Reg. UE 2016/425 Annex I), the seeded ear defenders and existing rows too', async () => {
    const tipi = (await call(personale, 'GET', '/api/dotazioni/tipologie?size=100')).json().rows as Row[];
    expect(tipi.find((r) => r.codice === 'CUFFIE')).toMatchObject({ categoria: 'III', protezione: 'udito', formazione: true });
    expect(tipi.find((r) => r.codice === 'IMBRACATURA')).toMatchObject({ categoria: 'III', vita_utile_mesi: 120 });
    const base = { dpi: true, taglie: false, restituibile: false, numero_serie: false, formazione: false };
    // a harness sent as category II is stored as III, with the training art. 77 c. 5 then requires
    const harness = await call(personale, 'PUT', '/api/dotazioni/tipologie', { ...base, codice: 'IMBR_II', descrizione: 'Imbracatura dichiarata II', categoria: 'II', protezione: 'anticaduta' });
    expect(harness.statusCode, harness.body).toBe(201);
    expect(harness.json().data).toMatchObject({ categoria: 'III', formazione: true });
    // ear plugs with no category sent: III; an update back to I: still III
    const plugs = await call(personale, 'PUT', '/api/dotazioni/tipologie', { ...base, codice: 'TAPPI', descrizione: 'Inserti auricolari', protezione: 'udito' });
    expect(plugs.statusCode, plugs.body).toBe(201);
    expect(plugs.json().data.categoria).toBe('III');
    const down = await call(personale, 'POST', `/api/dotazioni/tipologie/${plugs.json().data.id}`, { ...base, codice: 'TAPPI', descrizione: 'Inserti auricolari', categoria: 'I', protezione: 'udito' });
    expect([down.statusCode, down.json().data.categoria]).toEqual([200, 'III']);
    // a respirator declared II: III; safety shoes keep the category declared
    const resp = await call(personale, 'PUT', '/api/dotazioni/tipologie', { ...base, codice: 'SEMIMASCHERA', descrizione: 'Semimaschera', categoria: 'II', protezione: 'vie_respiratorie' });
    expect(resp.json().data.categoria).toBe('III');
    const shoes = await call(personale, 'PUT', '/api/dotazioni/tipologie', { ...base, codice: 'SCARPE_I', descrizione: 'Scarpe da lavoro', categoria: 'I', protezione: 'piedi' });
    expect(shoes.json().data.categoria).toBe('I');
    // the data migration corrects a database written before: a category II ear defender becomes III with its training
    const file = fs.readdirSync(path.join(__dirname, '../../../migrations')).find((f) => f.endsWith('_dpi_categoria_iii.sql'))!;
    await t.handle.db.execute(sql`update dotazioni_tipologie set categoria = 'II', formazione = false where codice in ('CUFFIE', 'IMBR_II')`);
    await t.handle.db.execute(sql.raw(fs.readFileSync(path.join(__dirname, '../../../migrations', file), 'utf8')));
    const after = (await call(personale, 'GET', '/api/dotazioni/tipologie?size=100')).json().rows as Row[];
    expect(after.filter((r) => ['CUFFIE', 'IMBR_II', 'SCARPE_I'].includes(String(r.codice))).map((r) => [r.codice, r.categoria, r.formazione]).sort()).toEqual([
      ['CUFFIE', 'III', true], ['IMBR_II', 'III', true], ['SCARPE_I', 'I', false],
    ]);
  });

  it('dates an item from its manufacture: the due date is the earlier of the end of life and the replacement interval, and an item past its end of life is refused (D.Lgs 81/2008 art. 77 c. 4 lett. a)', async () => {
    const base = { dpi: true, taglie: false, restituibile: false, formazione: false };
    // a harness: replaced every 5 years from delivery, 10 years of life from manufacture
    const tipo = (await call(personale, 'PUT', '/api/dotazioni/tipologie', { ...base, codice: 'IMBR_VITA', descrizione: 'Imbracatura con vita utile', protezione: 'anticaduta', durata_mesi: 60, vita_utile_mesi: 120, numero_serie: true })).json().data.id;
    const art = (await call(personale, 'PUT', '/api/dotazioni/articoli', { tipologia_id: tipo, marca: 'Kong', modello: 'Ventura Vita', marcatura_ce: true, organismo_notificato: '0426' })).json().data.id;
    // a load without its lot or date of manufacture: refused, the field named
    const noLot = await call(personale, 'PUT', `/api/dotazioni/articoli/${art}/movimenti`, { quantita: 1, causale: 'carico', numeri_serie: ['VV-1'] });
    expect([noLot.statusCode, noLot.json().message, noLot.json().params.fields]).toEqual([400, 'avvisi.lotto_fabbricazione_richiesti', { lotto: 'avvisi.campo_richiesto' }]);
    const future = await call(personale, 'PUT', `/api/dotazioni/articoli/${art}/movimenti`, { quantita: 1, causale: 'carico', numeri_serie: ['VV-1'], lotto: 'L1', data_fabbricazione: addDays(today, 1) });
    expect(future.json().params.fields).toEqual({ data_fabbricazione: 'avvisi.data_futura' });
    const old = aggiungiMesi(today, -118); // two months of life left: the end of life comes first
    const recent = aggiungiMesi(today, -3); // the 5-year interval comes first
    const dead = aggiungiMesi(addDays(today, -1), -120); // its life ended yesterday
    for (const [n, lotto, data_fabbricazione] of [['VV-OLD', 'L-OLD', old], ['VV-NEW', 'L-NEW', recent], ['VV-DEAD', 'L-DEAD', dead]])
      expect((await call(personale, 'PUT', `/api/dotazioni/articoli/${art}/movimenti`, { quantita: 1, causale: 'carico', numeri_serie: [n], lotto, data_fabbricazione })).statusCode).toBe(201);
    const units = (await call(personale, 'GET', `/api/dotazioni/articoli/${art}/unita`)).json() as Row[];
    expect(units.find((u) => u.numero_serie === 'VV-OLD')).toMatchObject({ lotto: 'L-OLD', data_fabbricazione: old, fine_vita: aggiungiMesi(old, 120) });
    expect((await call(personale, 'PUT', '/api/dotazioni/formazione', { dipendente_id: ids.mario, tipologia_id: tipo, data: today, docente: 'Studio RSPP Bonetti' })).statusCode).toBe(201);
    const deliver = (numero: string) => call(personale, 'PUT', '/api/dotazioni/consegne', { dipendente_id: ids.mario, data: today, causale: 'usura', righe: [{ articolo_id: art, quantita: 1, numero_serie: numero }] });
    // past its end of life: 400 naming the line, nothing stored, the unit still available
    const before = await changeCounter(t.handle);
    const refused = await deliver('VV-DEAD');
    expect([refused.statusCode, refused.json().message, refused.json().params.lotto, refused.json().params.fields]).toEqual([400, 'avvisi.dpi_fine_vita', 'L-DEAD', { 'righe.0.numero_serie': 'avvisi.dpi_fine_vita' }]);
    expect(changedTables(await before(), await (await changeCounter(t.handle))())).toEqual([]);
    const a = await deliver('VV-OLD');
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().data.righe[0]).toMatchObject({ lotto: 'L-OLD', data_fabbricazione: old, scadenza: aggiungiMesi(old, 120) });
    const b = await deliver('VV-NEW');
    expect(b.json().data.righe[0]).toMatchObject({ lotto: 'L-NEW', data_fabbricazione: recent, scadenza: aggiungiMesi(today, 60) });

    // helmets without serial numbers: the lot is named on the line, among those loaded
    const elmo = (await call(personale, 'PUT', '/api/dotazioni/tipologie', { ...base, codice: 'ELMO_VITA', descrizione: 'Elmetto con vita utile', categoria: 'II', protezione: 'testa', durata_mesi: 24, vita_utile_mesi: 60, numero_serie: false })).json().data.id;
    const e = (await call(personale, 'PUT', '/api/dotazioni/articoli', { tipologia_id: elmo, marca: 'JSP', modello: 'EVO Vita', marcatura_ce: true })).json().data.id;
    const soon = aggiungiMesi(today, -59);
    const load = await call(personale, 'PUT', `/api/dotazioni/articoli/${e}/movimenti`, { quantita: 3, causale: 'carico', lotto: 'E-59', data_fabbricazione: soon });
    expect(load.json().data.lotti).toEqual([{ lotto: 'E-59', taglia: null, data_fabbricazione: soon }]);
    await call(personale, 'PUT', `/api/dotazioni/articoli/${e}/movimenti`, { quantita: 1, causale: 'carico', lotto: 'E-OLD', data_fabbricazione: aggiungiMesi(today, -61) });
    expect((await call(personale, 'GET', `/api/dotazioni/articoli/${e}/movimenti`)).json().rows.map((m: Row) => m.lotto)).toEqual(['E-OLD', 'E-59']);
    const helmet = (lotto?: string) => call(personale, 'PUT', '/api/dotazioni/consegne', { dipendente_id: ids.mario, data: today, causale: 'usura', righe: [{ articolo_id: e, quantita: 1, lotto }] });
    const none = await helmet();
    expect([none.statusCode, none.json().message, none.json().params.fields]).toEqual([400, 'avvisi.lotto_richiesto', { 'righe.0.lotto': 'avvisi.campo_richiesto' }]);
    expect((await helmet('E-X')).json().message).toBe('avvisi.lotto_sconosciuto');
    const expired = await helmet('E-OLD');
    expect([expired.statusCode, expired.json().message, expired.json().params.fields]).toEqual([400, 'avvisi.dpi_fine_vita', { 'righe.0.lotto': 'avvisi.dpi_fine_vita' }]);
    const ok = await helmet('E-59');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.righe[0]).toMatchObject({ lotto: 'E-59', data_fabbricazione: soon, scadenza: aggiungiMesi(soon, 60) });
    // the employee's card and the due list read the same date
    const card = (await call(personale, 'GET', `/api/dotazioni/dipendenti/${ids.mario}?giorni=90`)).json();
    expect(card.in_scadenza.find((r: Row) => r.lotto === 'E-59')).toMatchObject({ scadenza: aggiungiMesi(soon, 60) });
  });

  it('gives a new welder his kit in his sizes, signed, with the verbale; the stock goes down; the harness waits for his training', async () => {
    // the new hire in Produzione, a Saldatore
    const nuovo = await call(personale, 'PUT', '/api/dipendenti', {
      matricola: '990001', cognome: 'Testa', nome: 'Davide', codice_fiscale: codiceFiscale({ cognome: 'Testa', nome: 'Davide', sesso: 'M', data_nascita: '1990-01-01', comune: 'A944' }), reparto_id: ids.prod, mansione_id: ids.sal, data_assunzione: today,
    });
    expect(nuovo.statusCode, nuovo.body).toBe(201);
    ids.nuovo = nuovo.json().data.id;
    expect((await call(personale, 'POST', `/api/dotazioni/dipendenti/${ids.nuovo}/taglie`, { scarpe: '43', abbigliamento: 'L', guanti: '9' })).statusCode).toBe(200);
    // he is in the "who lacks what" report at once
    const lacking = (await call(personale, 'GET', `/api/dotazioni/mancanti?dipendente_id=${ids.nuovo}`)).json() as Row[];
    expect(lacking.map((r) => r.tipologia_descrizione).sort()).toEqual(['Guanti antitaglio', 'Maschera per saldatura', 'Occhiali di sicurezza', 'Scarpe antinfortunistiche S3']);
    const card = (await call(personale, 'GET', `/api/dotazioni/dipendenti/${ids.nuovo}`)).json();
    expect(card.in_dotazione).toEqual([]);
    expect(card.mancanti.find((m: Row) => m.tipologia_id === ids.tipo.GUANTI_TAGLIO).quantita).toBe(2);

    const prop = (await call(personale, 'GET', `/api/dotazioni/dipendenti/${ids.nuovo}/proposta`)).json();
    expect(prop.causale).toBe('prima_consegna');
    const shoes = prop.righe.find((r: Row) => r.tipologia_id === ids.tipo.SCARPE_S3);
    expect(shoes).toMatchObject({ taglia: '43', quantita: 1, articolo_id: ids.art.SCARPE_S3, formazione_mancante: false });
    expect(prop.righe.find((r: Row) => r.tipologia_id === ids.tipo.GUANTI_TAGLIO)).toMatchObject({ taglia: '9', quantita: 2 });
    const stockBefore = (await call(personale, 'GET', `/api/dotazioni/articoli/${ids.art.SCARPE_S3}`)).json().giacenze.find((g: Row) => g.taglia === '43').quantita;

    const righe = prop.righe.map((r: Row) => ({ articolo_id: r.articolo_id, taglia: r.taglia, quantita: r.quantita, numero_serie: r.numero_serie }));
    const firma = await sign(personale);
    const firmaHr = await sign(personale);
    const c = await call(personale, 'PUT', '/api/dotazioni/consegne', { dipendente_id: ids.nuovo, data: today, causale: prop.causale, righe, firma, firma_incaricato: firmaHr });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json().message).toBe('avvisi.created');
    const consegna = c.json().data;
    expect(consegna).toMatchObject({ dipendente_id: ids.nuovo, firmata: true, stato: 'valida' });
    expect(consegna.righe.find((r: Row) => r.tipologia_id === ids.tipo.SCARPE_S3).scadenza).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(consegna.righe.find((r: Row) => r.tipologia_id === ids.tipo.OCCHIALI).scadenza > today).toBe(true);
    // the verbale: both signatures, every item
    const pdf = await call(personale, 'GET', `/api/dotazioni/consegne/${consegna.id}/verbale`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(pdf.rawPayload);
    for (const m of ['Red Lion S3', 'HyFlex 11-518', 'Speedglas 9100', '5X7', 'Testa Davide']) expect(text).toContain(m);
    expect(await imagesIn(pdf.rawPayload)).toBe(2);
    // the stock went down by one pair of 43
    const stockAfter = (await call(personale, 'GET', `/api/dotazioni/articoli/${ids.art.SCARPE_S3}`)).json().giacenze.find((g: Row) => g.taglia === '43').quantita;
    expect(stockAfter).toBe(stockBefore - 1);
    // nothing lacking any more
    expect((await call(personale, 'GET', `/api/dotazioni/mancanti?dipendente_id=${ids.nuovo}`)).json()).toEqual([]);

    // a harness: refused without training (D.Lgs 81/2008 art. 77 c. 5), stored nothing
    const units = (await call(personale, 'GET', `/api/dotazioni/articoli/${ids.art.IMBRACATURA}/unita`)).json() as Row[];
    const free = units.find((u) => u.stato === 'disponibile')!;
    const harness = { dipendente_id: ids.nuovo, data: today, causale: 'nuova_mansione', righe: [{ articolo_id: ids.art.IMBRACATURA, quantita: 1, numero_serie: free.numero_serie }] };
    const b2 = await changeCounter(t.handle);
    const refused = await call(personale, 'PUT', '/api/dotazioni/consegne', harness);
    expect([refused.statusCode, refused.json().message, refused.json().params.tipologia]).toEqual([409, 'avvisi.formazione_mancante', 'Imbracatura anticaduta']);
    expect(changedTables(await b2(), await (await changeCounter(t.handle))())).toEqual([]);
    const tr = await call(personale, 'PUT', '/api/dotazioni/formazione', { dipendente_id: ids.nuovo, tipologia_id: ids.tipo.IMBRACATURA, data: today, docente: 'Studio RSPP Bonetti' });
    expect(tr.statusCode, tr.body).toBe(201);
    const ok = await call(personale, 'PUT', '/api/dotazioni/consegne', harness);
    expect(ok.statusCode, ok.body).toBe(201);
    const line = ok.json().data.righe[0];
    expect(line).toMatchObject({ numero_serie: free.numero_serie, ispezione: expect.stringMatching(/^\d{4}-/) });
    // the same unit again: already assigned
    const again = await call(personale, 'PUT', '/api/dotazioni/consegne', harness);
    expect([again.statusCode, again.json().message]).toEqual([409, 'avvisi.numero_serie_assegnato']);
    // inspected and fit: the next inspection is a year after this one (EN 365)
    const insp = await call(personale, 'POST', `/api/dotazioni/righe/${line.id}/ispezione`, { data: today, esito: 'idonea' });
    expect(insp.statusCode, insp.body).toBe(200);
    expect(insp.json().data.ispezione).toBe(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28'));
    expect((await call(personale, 'POST', `/api/dotazioni/righe/${line.id}/ispezione`, { data: today, esito: 'non_idonea' })).json().params.fields.note).toBe('avvisi.campo_richiesto');
    // returned: the unit is available again
    const reso = await call(personale, 'PUT', '/api/dotazioni/resi', { riga_id: line.id, data: today, quantita: 1, esito: 'restituito' });
    expect(reso.statusCode, reso.body).toBe(201);
    expect(((await call(personale, 'GET', `/api/dotazioni/articoli/${ids.art.IMBRACATURA}/unita`)).json() as Row[]).find((u) => u.id === free.id)!.stato).toBe('disponibile');
    const twice = await call(personale, 'PUT', '/api/dotazioni/resi', { riga_id: line.id, data: today, quantita: 1, esito: 'restituito' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'avvisi.reso_non_consegnato']);
  });

  it('answers bad deliveries with a clear 4xx and stores nothing', async () => {
    const base = { dipendente_id: ids.mario, data: today, causale: 'usura' };
    const stock = (await call(personale, 'GET', `/api/dotazioni/articoli/${ids.art.GUANTI_TAGLIO}`)).json().giacenze as { taglia: string; quantita: number }[];
    const before = await changeCounter(t.handle);
    const cases: [unknown, number, string][] = [
      [{ ...base, righe: [{ articolo_id: ids.art.GUANTI_TAGLIO, taglia: '9', quantita: 0 }] }, 400, 'avvisi.validation'],
      [{ ...base, righe: [{ articolo_id: ids.art.GUANTI_TAGLIO, taglia: '9', quantita: stock.find((g) => g.taglia === '9')!.quantita + 1 }] }, 409, 'avvisi.giacenza_insufficiente'],
      [{ ...base, righe: [{ articolo_id: ids.art.GUANTI_TAGLIO, quantita: 1 }] }, 400, 'avvisi.taglia_richiesta'],
      [{ ...base, righe: [{ articolo_id: ids.art.ELMETTO, taglia: 'L', quantita: 1 }] }, 400, 'avvisi.taglia_non_prevista'],
      [{ ...base, righe: [{ articolo_id: ids.art.NOTEBOOK, quantita: 1, numero_serie: 'NON-ESISTE' }] }, 409, 'avvisi.numero_serie_sconosciuto'],
      [{ ...base, righe: [{ articolo_id: ids.art.NOTEBOOK, quantita: 1 }] }, 400, 'avvisi.numero_serie_richiesto'],
      [{ ...base, data: addDays(today, 1), righe: [{ articolo_id: ids.art.ELMETTO, quantita: 1 }] }, 400, 'avvisi.validation'],
      [{ ...base, righe: [] }, 400, 'avvisi.validation'],
      [{ ...base, righe: [{ articolo_id: ids.art.ELMETTO, quantita: 1 }], firma: '00000000-0000-4000-8000-000000000000' }, 400, 'avvisi.validation'],
    ];
    for (const [body, status, message] of cases) {
      const r = await call(personale, 'PUT', '/api/dotazioni/consegne', body);
      expect([r.statusCode, r.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    // a signature that is not a PNG
    const jpeg = (await uploadFile(t.app, personale.auth, 'firma.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf')).json().data.id;
    const notPng = await call(personale, 'PUT', '/api/dotazioni/consegne', { ...base, righe: [{ articolo_id: ids.art.ELMETTO, quantita: 1 }], firma: jpeg });
    expect([notPng.statusCode, notPng.json().message]).toEqual([415, 'avvisi.firma_non_png']);
    // to an employee who has left (the demo's office worker who left last month)
    const left = ((await call(personale, 'GET', '/api/dipendenti?size=1000')).json().rows as Row[]).find((e) => e.cognome === 'Neri' && e.nome === 'Tommaso')!;
    const gone = await call(personale, 'PUT', '/api/dotazioni/consegne', { ...base, dipendente_id: left.id, righe: [{ articolo_id: ids.art.ELMETTO, quantita: 1 }] });
    expect([gone.statusCode, gone.json().message]).toEqual([409, 'avvisi.dipendente_cessato']);
    // nobody delivers to themselves (personale is Francesca Vitali's account), nor cancels or returns their own
    const self = ((await call(personale, 'GET', '/api/dipendenti?search=Vitali')).json().rows as Row[])[0];
    const own = await call(personale, 'PUT', '/api/dotazioni/consegne', { ...base, dipendente_id: self.id, righe: [{ articolo_id: ids.art.ELMETTO, quantita: 1 }] });
    expect([own.statusCode, own.json().message]).toEqual([403, 'avvisi.dotazione_propria']);
    const hers = (await call(personale, 'GET', `/api/dotazioni/consegne?dipendente_id=${self.id}`)).json().rows as TConsegna[];
    expect(hers.length).toBeGreaterThan(0);
    expect((await call(personale, 'POST', `/api/dotazioni/consegne/${hers[0].id}/annulla`, { motivo: 'Prova' })).json().message).toBe('avvisi.dotazione_propria');
    expect((await call(personale, 'PUT', '/api/dotazioni/resi', { riga_id: hers[0].righe[0].id, data: today, quantita: 1, esito: 'restituito' })).json().message).toBe('avvisi.dotazione_propria');
    // a return of something never delivered
    const never = await call(personale, 'PUT', '/api/dotazioni/resi', { riga_id: 999999, data: today, quantita: 1, esito: 'restituito' });
    expect([never.statusCode, never.json().message]).toEqual([409, 'avvisi.reso_non_consegnato']);
    expect(changedTables(await before(), await (await changeCounter(t.handle))()).filter((x) => x !== 'file')).toEqual([]);
    // ...and he still has his laptop to give back
    const card = (await call(personale, 'GET', `/api/dotazioni/dipendenti/${left.id}`)).json();
    expect(card.da_restituire.map((r: Row) => r.tipologia_descrizione)).toContain('Computer portatile');
  });

  it('lets one of two deliveries racing for the last unit win; the other gets 409 and the stock never goes negative', async () => {
    const art = (await call(personale, 'PUT', '/api/dotazioni/articoli', { tipologia_id: ids.tipo.ELMETTO, marca: 'Kask', modello: 'Plasma', marcatura_ce: true })).json().data.id;
    await call(personale, 'PUT', `/api/dotazioni/articoli/${art}/movimenti`, { quantita: 1, causale: 'carico', riferimento: 'DDT 9' });
    const body = { dipendente_id: ids.mario, data: today, causale: 'usura', righe: [{ articolo_id: art, quantita: 1 }] };
    const [a, b] = await Promise.all([call(personale, 'PUT', '/api/dotazioni/consegne', body), call(personale, 'PUT', '/api/dotazioni/consegne', body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe('avvisi.giacenza_insufficiente');
    expect((await call(personale, 'GET', `/api/dotazioni/articoli/${art}`)).json().giacenza).toBe(0);
    // cancelled with its reason: the helmet is back in stock, the delivery stays
    const won = [a, b].find((r) => r.statusCode === 201)!.json().data.id;
    const x = await call(personale, 'POST', `/api/dotazioni/consegne/${won}/annulla`, { motivo: 'Consegnato per errore' });
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json().data.stato).toBe('annullata');
    expect((await call(personale, 'GET', `/api/dotazioni/articoli/${art}`)).json().giacenza).toBe(1);
    expect((await call(personale, 'POST', `/api/dotazioni/consegne/${won}/annulla`, { motivo: 'Di nuovo' })).statusCode).toBe(409);
  });

  it('lists what falls due this month and replaces one item from the list', async () => {
    const monthEnd = addDays(`${today.slice(0, 7)}-28`, 4).slice(0, 7) === today.slice(0, 7) ? addDays(`${today.slice(0, 7)}-28`, 3) : addDays(`${today.slice(0, 7)}-01`, 0);
    const al = monthEnd > today ? monthEnd : addDays(today, 31);
    const due = (await call(personale, 'GET', `/api/dotazioni/scadenze?dal=${today.slice(0, 7)}-01&al=${al}&size=500`)).json();
    expect(due.total).toBeGreaterThan(0);
    const r = due.rows.find((x: Row) => !x.numero_serie) ?? due.rows[0];
    expect(r.data_scadenza >= `${today.slice(0, 7)}-01`).toBe(true);
    const body = { dipendente_id: r.dipendente_id, data: today, causale: 'sostituzione_scadenza', righe: [{ articolo_id: r.articolo_id, taglia: r.taglia, quantita: r.in_dotazione, sostituisce_riga_id: r.id }] };
    const c = await call(personale, 'PUT', '/api/dotazioni/consegne', body);
    expect(c.statusCode, c.body).toBe(201);
    const after = (await call(personale, 'GET', `/api/dotazioni/scadenze?dal=${today.slice(0, 7)}-01&al=${al}&size=500`)).json();
    expect(after.rows.some((x: Row) => x.id === r.id)).toBe(false);
    // the replaced line cannot be replaced twice
    const twice = await call(personale, 'PUT', '/api/dotazioni/consegne', body);
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'avvisi.sostituzione_non_valida']);
  });

  it('shows HR and managers what to act on, and an employee their own equipment only', async () => {
    const home = (await call(personale, 'GET', '/api/home')).json();
    expect(home.dpi_in_scadenza).toBeGreaterThan(0);
    expect(home.dpi_mancanti).toBeGreaterThan(0);
    const lh = (await call(laura, 'GET', '/api/home')).json();
    expect(lh.dpi_mancanti).toBeLessThanOrEqual(home.dpi_mancanti);
    const mine = (await call(mario, 'GET', '/api/dotazioni/mie')).json();
    expect(mine.dipendente.id).toBe(ids.mario);
    expect(mine.in_dotazione.length).toBeGreaterThan(0);
    expect((await call(mario, 'GET', '/api/home')).json()).not.toHaveProperty('dpi_mancanti');
    // his own verbale, never another's; no management screens
    const own = mine.in_dotazione[0].consegna_id;
    const v = await call(mario, 'GET', `/api/dotazioni/consegne/${own}/verbale`);
    expect(v.statusCode).toBe(200);
    expect(v.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const others = (await call(personale, 'GET', `/api/dotazioni/consegne?dipendente_id=${ids.nuovo}`)).json().rows as Row[];
    expect((await call(mario, 'GET', `/api/dotazioni/consegne/${others[0].id}/verbale`)).statusCode).toBe(404);
    for (const [m, u] of [['GET', '/api/dotazioni/consegne'], ['GET', `/api/dotazioni/dipendenti/${ids.mario}`], ['PUT', '/api/dotazioni/formazione'], ['GET', '/api/dotazioni/mancanti']] as const)
      expect((await call(mario, m, u, m === 'PUT' ? {} : undefined)).statusCode, u).toBe(403);
    // a kit is replaced whole, audited
    const kit = (await call(personale, 'GET', `/api/dotazioni/mansioni/${ids.sal}`)).json();
    const righe = kit.righe.map((r: Row) => ({ tipologia_id: r.tipologia_id, quantita: r.quantita, obbligatoria: r.obbligatoria }));
    const dup = await call(personale, 'POST', `/api/dotazioni/mansioni/${ids.sal}`, { righe: [...righe, righe[0]] });
    expect(dup.json().params.fields.righe).toBe('avvisi.tipologia_ripetuta');
    const saved = await call(personale, 'POST', `/api/dotazioni/mansioni/${ids.sal}`, { righe: [...righe, { tipologia_id: ids.tipo.ELMETTO, quantita: 1, obbligatoria: true }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.righe).toHaveLength(righe.length + 1);
    // the new welder lacks the helmet at once
    expect(((await call(personale, 'GET', `/api/dotazioni/mancanti?dipendente_id=${ids.nuovo}`)).json() as Row[]).map((r) => r.tipologia_descrizione)).toEqual(['Elmetto di protezione']);
    const xlsx = await call(personale, 'GET', `/api/dotazioni/mancanti/excel?reparto_id=${ids.prod}`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('reports who lacks what exactly as each card counts it: an expired item lacks, another type does not count, nobody who left, a manager sees their department', async () => {
    const db = t.handle.db;
    // the new welder (lacking only the helmet now) gets a helmet that expired yesterday and ear defenders his kit does not ask for
    const yesterday = addDays(today, -1);
    await db.execute(sql`insert into dotazioni_consegne (dipendente_id, data, causale) values (${ids.nuovo}, ${addDays(today, -400)}, 'nuova_mansione')`);
    const [{ id: consegna }] = await rowsOf<{ id: number }>(db, sql`select max(id)::int as id from dotazioni_consegne where dipendente_id = ${ids.nuovo}`);
    await db.execute(sql`insert into dotazioni_consegne_righe (consegna_id, articolo_id, tipologia_id, quantita, scadenza, in_dotazione)
      select ${consegna}::int, a.id, a.tipologia_id, 1, ${yesterday}::date, 1 from dotazioni_articoli a where a.id = ${ids.art.ELMETTO}
      union all select ${consegna}::int, a.id, a.tipologia_id, 1, null, 1 from dotazioni_articoli a where a.id = ${ids.art.CUFFIE}`);
    // a welder who left yesterday, holding nothing: not in the report
    const left = await call(personale, 'PUT', '/api/dipendenti', {
      matricola: '990002', cognome: 'Andato', nome: 'Via', codice_fiscale: codiceFiscale({ cognome: 'Andato', nome: 'Via', sesso: 'M', data_nascita: '1980-01-01', comune: 'A944' }), reparto_id: ids.prod, mansione_id: ids.sal,
      data_assunzione: addDays(today, -100), data_cessazione: yesterday,
    });
    expect(left.statusCode, left.body).toBe(201);

    const res = await call(personale, 'GET', '/api/dotazioni/mancanti');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // the very text the answer's schema writes: its fields only, in its order
    const rows = res.json() as Row[];
    expect(res.body).toBe(JSON.stringify(z.array(ZMancanteRow).parse(rows)));
    const [names] = await rowsOf<{ reparto: string; mansione: string }>(db, sql`select r.descrizione as reparto, m.descrizione as mansione from reparti r, mansioni m where r.id = ${ids.prod} and m.id = ${ids.sal}`);
    expect(rows.filter((r) => r.dipendente_id === ids.nuovo)).toEqual([
      {
        dipendente_id: ids.nuovo, matricola: '990001', dipendente_nome: 'Testa Davide', reparto_descrizione: names.reparto, mansione_descrizione: names.mansione,
        tipologia_id: ids.tipo.ELMETTO, tipologia_descrizione: 'Elmetto di protezione', richiesti: 1, validi: 0, scaduti: 1, mancanti: 1,
      },
    ]);
    expect(rows.some((r) => r.dipendente_id === left.json().data.id)).toBe(false);
    // each employee's lines together, in the order of department, name, type; the same numbers as each one's card
    const who = [...new Set(rows.map((r) => r.dipendente_id))];
    expect(who.length).toBeGreaterThan(1);
    expect(rows.map((r) => r.dipendente_id)).toEqual(who.flatMap((id) => rows.filter((r) => r.dipendente_id === id).map(() => id)));
    const emps = (await call(personale, 'GET', '/api/dipendenti?size=1000')).json().rows as Row[];
    for (const e of emps) {
      const card = (await call(personale, 'GET', `/api/dotazioni/dipendenti/${e.id}`)).json();
      const active = String(e.data_assunzione) <= today && (!e.data_cessazione || String(e.data_cessazione) >= today);
      const expected = active ? (card.mancanti as Row[]).filter((m) => m.obbligatoria).map((m) => [m.tipologia_id, m.quantita, m.scaduti]) : [];
      const got = rows.filter((r) => r.dipendente_id === e.id).map((r) => [r.tipologia_id, r.mancanti, r.scaduti]);
      expect(got.sort(), `${e.cognome} ${e.nome}`).toEqual(expected.sort());
    }
    // Laura, who manages Produzione (her profile has no such screen: her scope, as the guard gives it): her department's lines and her own, in the same order
    const lauraId = emps.find((e) => e.cognome === 'Bianchi' && e.nome === 'Laura')!.id;
    const manager = { id: 0, username: 'laura', dipendente_id: lauraId, famiglia: undefined, profilo: { id: 0, codice: 'X', descrizione: 'X', scope: 'reparto' as const, routes: [] }, reparti: [ids.prod] };
    const hers = JSON.parse((await missingReportJson(db, t.config.timezone, manager, {})).toString('utf8')) as Row[];
    const inProd = new Set(emps.filter((e) => e.reparto_id === ids.prod || e.id === lauraId).map((e) => e.id));
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.length).toBeLessThan(rows.length);
    expect(hers).toEqual(rows.filter((r) => inProd.has(r.dipendente_id as number)));
  });
});
