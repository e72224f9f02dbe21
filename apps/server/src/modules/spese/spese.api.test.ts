import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { changeCounter, changedTables, login, makeTestApp, pdfText, skipReason, uploadFile, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow, mondayOf } from '../../platform/dates';
import { decodeQp } from '../../../../../test/support/smtp';
import { manifest } from './index';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe.skipIf(skipReason())('expense notes', () => {
  let t: TestApp;
  let admin: Session;
  let personale: Session;
  let laura: Session;
  let mario: Session;
  const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
  let lun: string; // the Monday of last week: the trip's first day
  const ids = { mario: 0, laura: 0, carMario: 0, carCompany: 0, matricola: '' };

  beforeAll(async () => {
    t = await makeTestApp();
    [admin, personale, laura, mario] = await Promise.all(['admin', 'personale', 'laura.bianchi', 'mario.rossi'].map((u) => login(t.app, u)));
    lun = addDays(mondayOf(localNow(t.config.timezone).data), -7);
    const emp = (await call(admin, 'GET', '/api/dipendenti?size=1000')).json().rows as { id: number; cognome: string; nome: string; matricola: string }[];
    ids.mario = emp.find((e) => e.cognome === 'Rossi' && e.nome === 'Mario')!.id;
    ids.matricola = emp.find((e) => e.id === ids.mario)!.matricola;
    ids.laura = emp.find((e) => e.cognome === 'Bianchi' && e.nome === 'Laura')!.id;
  });
  afterAll(async () => t?.close());

  it('imports ECB rates with a preview, refuses a broken file whole, and stores rates exactly', async () => {
    const d = (n: number) => addDays(lun, n);
    const broken = `Date,USD,JPY,CHF,XYZ,\n${d(0)},1.0842,162.45,0.9371,1,\n${d(1)},1.08x,N/A,0.9380,1,\n2026-02-30,1.08,160,0.93,1,\n`;
    const before = await changeCounter(t.handle);
    const p = await call(personale, 'POST', '/api/valute/cambi/import', { testo: broken });
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ importati: false, valute: ['USD', 'JPY', 'CHF'], ignorate: ['XYZ'] });
    expect(p.json().errori.map((e: { riga: number }) => e.riga)).toEqual([3, 4]);
    expect(p.json().errori[0].campi).toEqual({ USD: 'avvisi.decimale_non_valido' });
    const refused = await call(personale, 'POST', '/api/valute/cambi/import', { testo: broken, conferma: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'avvisi.import_errori', params: { count: 2 } });
    // a decimal comma shifts the cells: the line is refused, not read askew
    const comma = (await call(personale, 'POST', '/api/valute/cambi/import', { testo: `Date,USD,GBP\n${d(0)},1,07,0.83\n` })).json();
    expect(comma.errori).toEqual([{ riga: 2, campi: { Date: 'avvisi.colonne_bce' } }]);
    expect((await call(personale, 'GET', '/api/valute/XYZ/cambi')).statusCode).toBe(404);
    expect(changedTables(await before(), await (await changeCounter(t.handle))())).toEqual([]);

    const good = `Date, USD, JPY, CHF, GBP,\n${d(0)},1.0842,162.45,0.9371,0.8312,\n${d(1)},1.0850,N/A,0.9380,0.8320,\n`;
    const preview = (await call(personale, 'POST', '/api/valute/cambi/import', { testo: good })).json();
    expect(preview).toMatchObject({ importati: false, cambi: 7, errori: [] });
    const ok = (await call(personale, 'POST', '/api/valute/cambi/import', { testo: good, conferma: true })).json();
    expect(ok).toMatchObject({ importati: true, cambi: 7 });
    // a rate typed by hand, as a JSON number or as text, is stored exactly
    // (the demo has no yen rates: JPY shows only what this test stores)
    const put = await call(personale, 'PUT', '/api/valute/JPY/cambi', { data: d(2), cambio: 163.1 });
    expect(put.statusCode, put.body).toBe(201);
    expect(put.json().data).toEqual({ valuta: 'JPY', data: d(2), cambio: '163.100000' });
    expect((await call(personale, 'PUT', '/api/valute/JPY/cambi', { data: d(2), cambio: '0,1234567' })).json().params.fields.cambio).toBe('avvisi.decimale_non_valido');
    const list = (await call(personale, 'GET', '/api/valute/JPY/cambi')).json();
    expect(list.rows.map((r: { cambio: string }) => r.cambio)).toEqual(['163.100000', '162.450000']);
    expect((await call(personale, 'GET', '/api/valute/JPY')).json()).toMatchObject({ codice: 'JPY', decimali: 0, ultimo_cambio: '163.100000', ultima_data: d(2) });
  });

  it('fetches the ECB file from TULIP_FX_URL daily (a local HTTP server here), and stores nothing of a broken one', async () => {
    const http = await import('node:http');
    let body = `Date,USD,GBP,\n${addDays(lun, 3)},1.0901,0.8333,\n`;
    const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(body));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/eurofxref.csv`;
    const job = manifest.jobs!.find((j) => j.name === 'spese.cambi')!;
    const was = process.env.TULIP_FX_URL;
    process.env.TULIP_FX_URL = url;
    try {
      await job.run(t.handle.db, { timezone: t.config.timezone });
      const usd = (await call(personale, 'GET', `/api/valute/USD/cambi?dal=${addDays(lun, 3)}&al=${addDays(lun, 3)}`)).json().rows;
      expect(usd).toEqual([{ valuta: 'USD', data: addDays(lun, 3), cambio: '1.090100' }]);
      body = `Date,USD,\n${addDays(lun, 4)},1.09,\nnot-a-date,1.1,\n`;
      await expect(job.run(t.handle.db, { timezone: t.config.timezone })).rejects.toThrow(/non valide/);
      expect((await call(personale, 'GET', `/api/valute/USD/cambi?dal=${addDays(lun, 4)}&al=${addDays(lun, 4)}`)).json().rows.filter((r: { cambio: string }) => r.cambio === '1.090000')).toEqual([]);
    } finally {
      process.env.TULIP_FX_URL = was;
      server.close();
    }
  });

  it('lets an employee register only their own car, and HR set its ACI cost per km per year', async () => {
    const anno = Number(lun.slice(0, 4));
    const car = { targa: 'fb123xy', marca: 'Fiat', modello: 'Panda', alimentazione: 'benzina' };
    expect((await call(mario, 'PUT', '/api/veicoli', { ...car, dipendente_id: ids.laura })).statusCode).toBe(404);
    const r = await call(mario, 'PUT', '/api/veicoli', car);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({ targa: 'FB123XY', dipendente_id: ids.mario, costo_km: [] });
    ids.carMario = r.json().data.id;
    const hr = await call(personale, 'POST', `/api/veicoli/${ids.carMario}`, { ...car, dipendente_id: ids.mario, costo_km: [{ anno, euro_km: '0.5012' }] });
    expect(hr.statusCode, hr.body).toBe(200);
    expect(hr.json().data.costo_km).toMatchObject([{ anno, euro_km: '0.5012' }]);
    const c = await call(admin, 'PUT', '/api/veicoli', { targa: 'GA000AA', marca: 'Volkswagen', modello: 'Golf', alimentazione: 'gasolio', costo_km: [{ anno, euro_km: 0.6 }] });
    expect(c.statusCode, c.body).toBe(201);
    ids.carCompany = c.json().data.id;
    // the employee sees their own car only
    const own = (await call(mario, 'GET', '/api/veicoli')).json().rows as { targa: string; dipendente_id: number }[];
    expect(own.map((v) => v.targa)).toContain('FB123XY');
    expect(own.every((v) => v.dipendente_id === ids.mario)).toBe(true);
    expect((await call(mario, 'GET', `/api/veicoli/${ids.carCompany}`)).statusCode).toBe(404);
    expect((await call(mario, 'PUT', '/api/veicoli', { targa: 'XX1', marca: 'a', modello: 'b', alimentazione: 'benzina' })).statusCode).toBe(400);
  });

  let milano = 0;
  const line = (body: Record<string, unknown>) => call(mario, 'PUT', `/api/notaspese/${milano}/righe`, body);

  it('splits each line of a trip to Milan into exempt and taxable, and recomputes the day (TUIR art. 51 c. 5)', async () => {
    const n = await call(mario, 'PUT', '/api/notaspese', {
      descrizione: 'Trasferta Milano cliente', trasferta: { destinazione: 'Milano', estero: false, comune_sede: false, dal: lun, al: addDays(lun, 1), regime: 'misto' },
    });
    expect(n.statusCode, n.body).toBe(201);
    expect(n.json().data).toMatchObject({ stato: 'bozza', dipendente_id: ids.mario, trasferta: { destinazione: 'Milano', regime: 'misto' } });
    milano = n.json().data.id;

    // a diaria alone on the day: 46,48 € exempt
    // (paid with the salary: no payment type of its own)
    const diaria = await line({ data: lun, tipo_spesa: 'DIARIA', importo: 4648, valuta: 'EUR' });
    expect(diaria.statusCode, diaria.body).toBe(201);
    expect(diaria.json().data).toMatchObject({ importo_eur: 4648, rimborsabile: 4648, esente: 4648, imponibile: 0 });
    // a dinner paid in cash: taxable (L. 207/2024 c. 81), and the day's diaria limit drops to 30,99 €
    const cena = await line({ data: lun, tipo_spesa: 'VITTO', importo: 3200, valuta: 'EUR', tipo_pagamento: 'CONTANTI', documentata: true, descrizione: 'Cena' });
    expect(cena.json().data).toMatchObject({ rimborsabile: 3200, esente: 0, imponibile: 3200 });
    expect(cena.json().data.avvisi).toContain('non_tracciabile');
    const treno = await line({ data: lun, tipo_spesa: 'VIAGGIO', importo: 4590, valuta: 'EUR', tipo_pagamento: 'CARTA_PERSONALE', documentata: true, da: 'Bologna', a: 'Milano' });
    expect(treno.json().data).toMatchObject({ esente: 4590, imponibile: 0 });
    const km = await line({ data: addDays(lun, 1), tipo_spesa: 'CHILOMETRICO', km: 137, veicolo_id: ids.carMario });
    expect(km.statusCode, km.body).toBe(201);
    // 137 km x 0,5012 €/km = 68,6644 € -> 68,66 €
    expect(km.json().data).toMatchObject({ importo: null, valuta: 'EUR', km: '137.00', euro_km: '0.5012', importo_eur: 6866, esente: 6866, imponibile: 0 });
    // lodging paid by the company card: not reimbursed
    const hotel = await line({ data: lun, tipo_spesa: 'ALLOGGIO', importo: 11000, valuta: 'EUR', tipo_pagamento: 'CARTA_AZIENDALE', documentata: true });
    expect(hotel.json().data).toMatchObject({ rimborsabile: 0, esente: 0, imponibile: 0, avvisi: expect.arrayContaining(['pagata_azienda']) });

    const g = (await call(mario, 'GET', `/api/notaspese/${milano}`)).json();
    const dia = g.righe.find((r: { tipo_spesa: string }) => r.tipo_spesa === 'DIARIA');
    // meals and lodging that day: 15,49 € exempt, the rest taxable
    expect(dia).toMatchObject({ esente: 1549, imponibile: 3099 });
    expect(g.totali).toEqual({ importo_eur: 4648 + 3200 + 4590 + 6866 + 11000, rimborsabile: 4648 + 3200 + 4590 + 6866, esente: 1549 + 4590 + 6866, imponibile: 3099 + 3200, anticipi: 0, da_liquidare: 4648 + 3200 + 4590 + 6866 });
    expect(g.azioni).toEqual(expect.arrayContaining(['modifica', 'invia']));
    // removing the dinner gives the diaria back its 30,99 €
    await call(mario, 'DELETE', `/api/notaspese/${milano}/righe/${cena.json().data.id}`);
    expect((await call(mario, 'GET', `/api/notaspese/${milano}`)).json().righe.find((r: { tipo_spesa: string }) => r.tipo_spesa === 'DIARIA')).toMatchObject({ esente: 3099 });
    await line({ data: lun, tipo_spesa: 'VITTO', importo: 3200, valuta: 'EUR', tipo_pagamento: 'CONTANTI', documentata: true, descrizione: 'Cena' });
  });

  it('refuses bad lines with a clear 4xx and stores nothing', async () => {
    const receiptCsv = (await uploadFile(t.app, mario.auth, 'ricevuta.csv', Buffer.from('a;b\n1;2\n'), 'text/csv')).json().data.id;
    const base = { data: lun, tipo_spesa: 'VITTO', importo: 1000, valuta: 'EUR', tipo_pagamento: 'CARTA_PERSONALE', documentata: true };
    expect((await call(admin, 'PUT', '/api/valute', { codice: 'SEK', nome: 'Corona svedese', simbolo: 'kr', decimali: 2 })).statusCode).toBe(201);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, importo: 0 }, 400, 'avvisi.importo_non_positivo'],
      [{ ...base, importo: -5 }, 400, 'avvisi.importo_non_positivo'],
      [{ ...base, valuta: 'XYZ' }, 400, 'avvisi.valuta_sconosciuta'],
      [{ ...base, valuta: 'SEK' }, 400, 'avvisi.cambio_mancante'],
      [{ ...base, tipo_spesa: 'CHILOMETRICO', importo: undefined, km: 10 }, 400, 'avvisi.km_richiesti'],
      [{ ...base, tipo_spesa: 'CHILOMETRICO', importo: undefined, km: 10, veicolo_id: ids.carCompany }, 400, 'avvisi.veicolo_non_proprio'],
      [{ ...base, data: addDays(lun, 5) }, 400, 'avvisi.data_fuori_trasferta'],
      [{ ...base, tipo_spesa: 'DIARIA' }, 409, 'avvisi.diaria_doppia'],
      [{ ...base, file_id: receiptCsv }, 400, 'avvisi.ricevuta_non_valida'],
    ];
    const before = await changeCounter(t.handle);
    for (const [body, status, message] of cases) {
      const r = await line(body);
      expect(r.statusCode, `${JSON.stringify(body)} ${r.body}`).toBe(status);
      const j = r.json();
      expect([j.message, ...Object.values(j.params?.fields ?? {})], r.body).toContain(message);
    }
    expect(changedTables(await before(), await (await changeCounter(t.handle))())).toEqual([]);
    // the analytic regime has no diaria; a note without a trip takes no meal
    const an = (await call(mario, 'PUT', '/api/notaspese', { descrizione: 'Analitico', trasferta: { destinazione: 'Parma', dal: lun, al: lun, regime: 'analitico' } })).json().data.id;
    expect((await call(mario, 'PUT', `/api/notaspese/${an}/righe`, { ...base, tipo_spesa: 'DIARIA' })).json().message).toBe('avvisi.diaria_analitico');
    const acq = (await call(mario, 'PUT', '/api/notaspese', { descrizione: 'Cancelleria' })).json().data.id;
    expect((await call(mario, 'PUT', `/api/notaspese/${acq}/righe`, base)).json().message).toBe('avvisi.spesa_solo_trasferta');
    expect((await call(mario, 'PUT', '/api/notaspese', { descrizione: 'x', trasferta: { destinazione: 'Zurigo', estero: true, comune_sede: true, dal: lun, al: lun } })).json().params.fields).toEqual({ 'trasferta.comune_sede': 'avvisi.comune_sede_estero' });
    await call(mario, 'DELETE', `/api/notaspese/${an}`);
    await call(mario, 'DELETE', `/api/notaspese/${acq}`);
  });

  it('keeps the receipt photo by its content and serves it to who may read the note', async () => {
    const up = (await uploadFile(t.app, mario.auth, 'scontrino.png', PNG, 'image/png')).json().data;
    const r = await line({ data: addDays(lun, 1), tipo_spesa: 'PARCHEGGIO', importo: 800, valuta: 'EUR', tipo_pagamento: 'CONTANTI', file_id: up.id });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({ documentata: true, esente: 800, file_id: up.id });
    const f = await call(mario, 'GET', `/api/notaspese/${milano}/righe/${r.json().data.id}/ricevuta`);
    expect(f.statusCode).toBe(200);
    expect(f.headers['content-type']).toContain('image/png');
    // the stored PNG is the one written again from its pixels when taken in (issue #27 §2)
    expect(createHash('sha256').update(f.rawPayload).digest('hex')).toBe(up.sha256);
    // someone else's upload cannot be attached to one's note
    const other = (await uploadFile(t.app, laura.auth, 'altro.png', PNG, 'image/png')).json().data;
    expect((await line({ data: lun, tipo_spesa: 'PARCHEGGIO', importo: 500, valuta: 'EUR', tipo_pagamento: 'CONTANTI', file_id: other.id })).statusCode).toBe(400);
  });

  it('sends, approves (never one’s own), caps and settles, telling the employee, and locks what is settled', async () => {
    expect((await call(mario, 'POST', `/api/notaspese/${milano}/invia`)).json().data.stato).toBe('inviata');
    // a sent note is not the owner's to change
    expect((await line({ data: lun, tipo_spesa: 'PARCHEGGIO', importo: 100, valuta: 'EUR', tipo_pagamento: 'CONTANTI' })).statusCode).toBe(409);
    // the employee cannot decide, and a manager does not approve her own note
    expect((await call(mario, 'POST', `/api/notaspese/${milano}/approva`)).statusCode).toBe(403);
    const own = (await call(laura, 'PUT', '/api/notaspese', { descrizione: 'Mia' })).json().data.id;
    await call(laura, 'PUT', `/api/notaspese/${own}/righe`, { data: lun, tipo_spesa: 'ALTRO', importo: 990, valuta: 'EUR', tipo_pagamento: 'CONTANTI', documentata: true });
    await call(laura, 'POST', `/api/notaspese/${own}/invia`);
    expect((await call(laura, 'POST', `/api/notaspese/${own}/approva`)).json().message).toBe('avvisi.approvazione_nota_propria');
    // settling a note that is not approved
    expect((await call(personale, 'POST', `/api/notaspese/${milano}/liquida`, { data: addDays(lun, 10) })).statusCode).toBe(409);

    const a = await call(laura, 'POST', `/api/notaspese/${milano}/approva`);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().data.stato).toBe('approvata');
    const mail = await t.smtp.waitFor((m) => decodeQp(m.raw).includes('Trasferta Milano cliente') && decodeQp(m.raw).includes('stata approvata.'));
    expect(decodeQp(mail.raw)).toContain('Ciao Mario');

    // HR caps the cash dinner at 25,00 € with a reason, before paying
    const g = (await call(personale, 'GET', `/api/notaspese/${milano}`)).json();
    const cena = g.righe.find((r: { descrizione: string | null }) => r.descrizione === 'Cena');
    expect((await call(personale, 'POST', `/api/notaspese/${milano}/righe/${cena.id}/revisione`, { tetto: 2500 })).statusCode).toBe(400);
    const cap = await call(personale, 'POST', `/api/notaspese/${milano}/righe/${cena.id}/revisione`, { tetto: 2500, motivo: 'Oltre la politica aziendale' });
    expect(cap.statusCode, cap.body).toBe(200);
    expect(cap.json().data).toMatchObject({ rimborsabile: 2500, imponibile: 2500, tetto: 2500, avvisi: expect.arrayContaining(['limitata']) });
    // an advance of 50 €, subtracted at settlement
    expect((await call(mario, 'PUT', `/api/notaspese/${milano}/anticipi`, { data: lun, importo: 5000 })).statusCode).toBe(403);
    expect((await call(personale, 'PUT', `/api/notaspese/${milano}/anticipi`, { data: lun, importo: 5000 })).statusCode).toBe(201);
    const s = await call(personale, 'POST', `/api/notaspese/${milano}/liquida`, { data: addDays(lun, 10), mese_paghe: lun.slice(0, 7) });
    expect(s.statusCode, s.body).toBe(200);
    const tot = s.json().data.totali;
    expect(s.json().data).toMatchObject({ stato: 'liquidata', mese_paghe: lun.slice(0, 7) });
    expect(tot.da_liquidare).toBe(tot.rimborsabile - 5000);
    expect(s.json().data.storia.map((e: { azione: string }) => e.azione)).toEqual(expect.arrayContaining(['create', 'invia', 'approva', 'revisione', 'anticipo', 'liquida']));
    // settled is locked
    expect((await call(personale, 'POST', `/api/notaspese/${milano}/righe/${cena.id}/revisione`, { esclusa: true, motivo: 'x' })).statusCode).toBe(409);
    expect((await call(mario, 'DELETE', `/api/notaspese/${milano}`)).statusCode).toBe(409);

    // payroll: exempt and taxable under the expense types' codes, the advance recovered
    const csv = await call(personale, 'GET', `/api/notaspese/paghe?mese=${lun.slice(0, 7)}&formato=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.trim().split('\r\n').slice(1).map((l) => l.split(';'));
    const byVoce = Object.fromEntries(rows.filter((r) => r[1] === ids.matricola && r[3] === addDays(lun, 10)).map((r) => [r[2], Number(r[6])]));
    expect(byVoce).toMatchObject({ RS_VIAGGIO: 4590, RS_CHILOMET: 6866, RI_VITTO: 2500, RS_DIARIA: 1549, RI_DIARIA: 3099, RS_PARCHEGG: 800, ANTSPE: -5000 });
    const xml = await call(personale, 'GET', `/api/notaspese/paghe?mese=${lun.slice(0, 7)}&formato=xml`);
    expect(xml.body).toContain('codice_voce="RI_VITTO"');

    const pdf = await call(mario, 'GET', `/api/notaspese/${milano}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThan(0);
    expect(pdfText(pdf.rawPayload)).toContain('Milano');
  });

  it('converts a trip abroad in CHF at the day’s rate, and flags an expense after the last rate', async () => {
    const z = (await call(mario, 'PUT', '/api/notaspese', { descrizione: 'Zurigo', trasferta: { destinazione: 'Zurigo', estero: true, dal: lun, al: addDays(lun, 4), regime: 'forfettario' } })).json().data.id;
    const r = await call(mario, 'PUT', `/api/notaspese/${z}/righe`, { data: lun, tipo_spesa: 'VITTO', importo: 5000, valuta: 'CHF', tipo_pagamento: 'CONTANTI', documentata: true });
    // 50,00 CHF at 0,9371 = 53,356 € -> 53,36 €; abroad, a documented meal is exempt even in cash
    expect(r.json().data).toMatchObject({ cambio: '0.937100', cambio_data: lun, importo_eur: 5336, esente: 5336, imponibile: 0 });
    // 3,000 yen (no minor units) at the last known rate, 163,10: 18,39 €, flagged
    const late = await call(mario, 'PUT', `/api/notaspese/${z}/righe`, { data: addDays(lun, 4), tipo_spesa: 'TAXI', importo: 3000, valuta: 'JPY', tipo_pagamento: 'CONTANTI', documentata: true });
    expect(late.json().data).toMatchObject({ cambio: '163.100000', cambio_data: addDays(lun, 2), importo_eur: 1839, avvisi: expect.arrayContaining(['cambio_non_aggiornato']) });
  });

  it('places each line where it is paid: estero from the trip unless said, the Bologna airport taxi taxable, the Munich one exempt (L. 207/2024 c. 81; D.L. 84/2025)', async () => {
    const trip = { destinazione: 'Monaco di Baviera', estero: true, dal: lun, al: addDays(lun, 1), regime: 'misto' };
    const m = (await call(mario, 'PUT', '/api/notaspese', { descrizione: 'Fiera a Monaco', trasferta: trip })).json().data.id;
    const taxi = { tipo_spesa: 'TAXI', importo: 3500, valuta: 'EUR', tipo_pagamento: 'CONTANTI', documentata: true };
    // not sent: the trip's (abroad); the cash taxi in Munich is exempt
    const monaco = await call(mario, 'PUT', `/api/notaspese/${m}/righe`, { ...taxi, data: addDays(lun, 1), importo: 2800, descrizione: 'Taxi a Monaco' });
    expect(monaco.statusCode, monaco.body).toBe(201);
    expect(monaco.json().data).toMatchObject({ estero: true, esente: 2800, imponibile: 0, regola: 'estero_non_tracciabile' });
    expect(monaco.json().data.avvisi).not.toContain('non_tracciabile');
    // said: paid in Italy, the cash taxi to Bologna airport is taxable
    const aeroporto = { ...taxi, data: lun, descrizione: 'Taxi per l’aeroporto di Bologna' };
    const bologna = await call(mario, 'PUT', `/api/notaspese/${m}/righe`, { ...aeroporto, estero: false });
    expect(bologna.statusCode, bologna.body).toBe(201);
    expect(bologna.json().data).toMatchObject({ estero: false, esente: 0, imponibile: 3500, avvisi: expect.arrayContaining(['non_tracciabile']), regola: 'italia_non_tracciabile' });
    // the line's place is changed on its own, and read back
    const cambiata = await call(mario, 'POST', `/api/notaspese/${m}/righe/${bologna.json().data.id}`, { ...aeroporto, estero: true });
    expect(cambiata.json().data).toMatchObject({ estero: true, esente: 3500, regola: 'estero_non_tracciabile' });
    await call(mario, 'POST', `/api/notaspese/${m}/righe/${bologna.json().data.id}`, { ...aeroporto, estero: false });
    // a line on a trip in Italy may say it was paid abroad
    const it = (await call(mario, 'PUT', '/api/notaspese', { descrizione: 'Como', trasferta: { ...trip, destinazione: 'Como', estero: false } })).json().data.id;
    const lugano = await call(mario, 'PUT', `/api/notaspese/${it}/righe`, { data: lun, tipo_spesa: 'ALLOGGIO', importo: 9000, valuta: 'EUR', tipo_pagamento: 'CONTANTI', documentata: true, estero: true });
    expect(lugano.json().data).toMatchObject({ estero: true, esente: 9000 });
    expect((await call(mario, 'PUT', `/api/notaspese/${it}/righe`, { data: lun, tipo_spesa: 'ALLOGGIO', importo: 9000, valuta: 'EUR', tipo_pagamento: 'CONTANTI', documentata: true })).json().data).toMatchObject({ estero: false, imponibile: 9000 });
    // the trip moved to Italy takes its Munich line along; the line said to be paid in Italy stays
    const moved = await call(mario, 'POST', `/api/notaspese/${m}`, { descrizione: 'Fiera a Monaco', trasferta: { ...trip, estero: false } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.righe.map((r: { descrizione: string; estero: boolean; imponibile: number }) => [r.descrizione, r.estero, r.imponibile])).toEqual([
      ['Taxi per l’aeroporto di Bologna', false, 3500],
      ['Taxi a Monaco', false, 2800],
    ]);
    await call(mario, 'POST', `/api/notaspese/${m}`, { descrizione: 'Fiera a Monaco', trasferta: trip });
    const back = (await call(mario, 'GET', `/api/notaspese/${m}`)).json();
    expect(back.righe.map((r: { estero: boolean }) => r.estero)).toEqual([true, true]);
    // the note's PDF says which rule applied
    const pdf = pdfText((await call(mario, 'GET', `/api/notaspese/${m}/pdf`)).rawPayload);
    expect(pdf).toContain('D.L. 84/2025');
    await call(mario, 'DELETE', `/api/notaspese/${m}`);
    await call(mario, 'DELETE', `/api/notaspese/${it}`);
  });

  it('exempts documented transport within the municipality: km with vehicle, km and purpose, parking, tolls; meals stay taxable (D.Lgs 192/2024; circ. 15/E 2025)', async () => {
    const b = (await call(mario, 'PUT', '/api/notaspese', { descrizione: 'Cliente in città', trasferta: { destinazione: 'Bologna', comune_sede: true, dal: lun, al: lun, regime: 'analitico' } })).json().data.id;
    const add = (body: Record<string, unknown>) => call(mario, 'PUT', `/api/notaspese/${b}/righe`, { data: lun, valuta: 'EUR', ...body });
    const km = await add({ tipo_spesa: 'CHILOMETRICO', km: 24, veicolo_id: ids.carMario, da: 'Sede', a: 'Cliente Rossi', descrizione: 'Collaudo presso il cliente Rossi' });
    expect(km.statusCode, km.body).toBe(201);
    // 24 km × 0,5012 €/km = 12,03 €
    expect(km.json().data).toMatchObject({ documentata: true, estero: false, importo_eur: 1203, esente: 1203, imponibile: 0, regola: 'comune_chilometrico' });
    const senzaMotivo = await add({ tipo_spesa: 'CHILOMETRICO', km: 24, veicolo_id: ids.carMario, documentata: true });
    expect(senzaMotivo.json().data).toMatchObject({ documentata: false, esente: 0, imponibile: 1203, avvisi: expect.arrayContaining(['non_documentata']), regola: 'comune_non_documentata' });
    const parcheggio = await add({ tipo_spesa: 'PARCHEGGIO', importo: 600, tipo_pagamento: 'CONTANTI', documentata: true });
    expect(parcheggio.json().data).toMatchObject({ esente: 600, imponibile: 0, regola: 'comune_trasporto' });
    const pedaggio = await add({ tipo_spesa: 'PEDAGGIO', importo: 340, tipo_pagamento: 'CONTANTI' });
    expect(pedaggio.json().data).toMatchObject({ esente: 0, imponibile: 340, regola: 'comune_non_documentata' });
    const pranzo = await add({ tipo_spesa: 'VITTO', importo: 1500, tipo_pagamento: 'CARTA_PERSONALE', documentata: true });
    expect(pranzo.json().data).toMatchObject({ esente: 0, imponibile: 1500, avvisi: expect.arrayContaining(['comune_sede']), regola: 'comune_imponibile' });
    // within the municipality nothing is paid abroad
    const estero = await add({ tipo_spesa: 'PARCHEGGIO', importo: 600, tipo_pagamento: 'CONTANTI', documentata: true, estero: true });
    expect(estero.statusCode).toBe(400);
    expect(estero.json().params.fields).toEqual({ estero: 'avvisi.spesa_estero_comune_sede' });
    await call(mario, 'DELETE', `/api/notaspese/${b}`);
  });

  it('the demo shows both: km and parking within Bologna exempt (D.Lgs 192/2024), the Bologna airport taxi taxable and the Munich one exempt (D.L. 84/2025)', async () => {
    const mine = (await call(mario, 'GET', '/api/notaspese?mie=si&size=100')).json().rows as { id: number; descrizione: string }[];
    const read = async (d: string) => (await call(mario, 'GET', `/api/notaspese/${mine.find((n) => n.descrizione.startsWith(d))!.id}`)).json();
    const bologna = await read('Visita al cliente Ceramiche');
    expect(bologna.trasferta).toMatchObject({ comune_sede: true });
    expect(bologna.righe.map((r: { tipo_spesa: string; imponibile: number; esente: number; regola: string }) => [r.tipo_spesa, r.imponibile, r.esente > 0, r.regola])).toEqual([
      ['CHILOMETRICO', 0, true, 'comune_chilometrico'],
      ['PARCHEGGIO', 0, true, 'comune_trasporto'],
    ]);
    const monaco = await read('Trasferta Monaco');
    const taxi = monaco.righe.filter((r: { tipo_spesa: string }) => r.tipo_spesa === 'TAXI');
    expect(taxi.map((r: { estero: boolean; esente: number; imponibile: number; regola: string }) => [r.estero, r.esente, r.imponibile, r.regola])).toEqual([
      [false, 0, 2800, 'italia_non_tracciabile'],
      [true, 6500, 0, 'estero_non_tracciabile'],
    ]);
  });

  it('lists notes and lines within scope, with totals and filters', async () => {
    const mine = (await call(mario, 'GET', '/api/notaspese?mie=si&size=100')).json();
    expect(mine.rows.every((r: { dipendente_id: number }) => r.dipendente_id === ids.mario)).toBe(true);
    expect(mine.totali.rimborsabile).toBe(mine.rows.reduce((s: number, r: { totali: { rimborsabile: number } }) => s + r.totali.rimborsabile, 0));
    // the employee cannot widen the list, nor read another's note
    expect((await call(mario, 'GET', `/api/notaspese?dipendente_id=${ids.laura}`)).json().total).toBe(0);
    // what is searched is taken literally
    expect((await call(mario, 'GET', '/api/notaspese?mie=si&search=%25')).json().total).toBe(0);
    expect((await call(mario, 'GET', '/api/notaspese?mie=si&search=Milano')).json().total).toBeGreaterThan(0);
    const lauras = (await call(laura, 'GET', '/api/notaspese?mie=si')).json().rows[0].id;
    expect((await call(mario, 'GET', `/api/notaspese/${lauras}`)).statusCode).toBe(404);
    // the manager sees her department's notes; the lines' list filters cash-paid taxable ones
    expect((await call(laura, 'GET', `/api/notaspese?dipendente_id=${ids.mario}`)).json().total).toBeGreaterThan(0);
    const cash = (await call(personale, 'GET', '/api/notaspese/righe?contanti_imponibili=si')).json();
    expect(cash.total).toBeGreaterThan(0);
    expect(cash.rows.every((r: { avvisi: string[] }) => r.avvisi.includes('non_tracciabile'))).toBe(true);
    expect((await call(mario, 'GET', '/api/notaspese/righe')).statusCode).toBe(403);
    const xlsx = await call(personale, 'GET', '/api/notaspese/excel');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('keeps a draft its author’s until it is sent: neither the manager nor HR lists or opens it; HR sees one it wrote (issue #29)', async () => {
    const bozza = (await call(mario, 'PUT', '/api/notaspese', { descrizione: 'Bozza di prova, non ancora inviata' })).json().data.id;
    const listed = async (s: Session) => ((await call(s, 'GET', '/api/notaspese?stato=bozza&size=100')).json().rows as { id: number }[]).map((r) => r.id);
    expect(await listed(mario)).toContain(bozza);
    expect(await listed(laura)).not.toContain(bozza);
    expect(await listed(personale)).not.toContain(bozza);
    expect((await call(laura, 'GET', `/api/notaspese/${bozza}`)).statusCode).toBe(404);
    expect((await call(personale, 'GET', `/api/notaspese/${bozza}`)).statusCode).toBe(404);
    // one HR writes for mario stays visible to HR, who wrote it
    const perMario = await call(personale, 'PUT', '/api/notaspese', { dipendente_id: ids.mario, descrizione: 'Nota compilata dall’ufficio' });
    expect(perMario.statusCode, perMario.body).toBe(201);
    expect(await listed(personale)).toContain(perMario.json().data.id);
    expect(await listed(laura)).not.toContain(perMario.json().data.id);
  });
});
