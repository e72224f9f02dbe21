/**
 * Money that the beneficiary sets (issue #27 §7): the cost per km is HR's (the ACI table), a review gives back at most
 * what the employee claimed, and four eyes on a settlement when the company asks for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCounter, changedTables, login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow, mondayOf } from '../../platform/dates';

describe.skipIf(skipReason())('money the beneficiary sets', () => {
  let t: TestApp;
  let personale: Session;
  let laura: Session;
  let mario: Session;
  const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
  let lun: string;
  let anno: number;
  let marioId = 0;

  beforeAll(async () => {
    t = await makeTestApp();
    [personale, laura, mario] = await Promise.all(['personale', 'laura.bianchi', 'mario.rossi'].map((u) => login(t.app, u)));
    lun = addDays(mondayOf(localNow(t.config.timezone).data), -7);
    anno = Number(lun.slice(0, 4));
    marioId = (await call(mario, 'GET', '/api/notaspese/riferimenti')).json().veicoli[0]?.dipendente_id;
  });
  afterAll(async () => t?.close());

  /** A note of Mario's with a trip over last week, and its id. */
  const trip = async (descrizione: string) => {
    const r = await call(mario, 'PUT', '/api/notaspese', { descrizione, trasferta: { destinazione: 'Modena', dal: lun, al: addDays(lun, 4), regime: 'misto' } });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data.id as number;
  };

  it('refuses a cost per km from the car’s owner (403) and takes HR’s; a km line waits for it and the note is not approved until then', async () => {
    const car = { targa: 'GH123JK', marca: 'Fiat', modello: 'Panda 1.2', alimentazione: 'benzina' };
    const before = await changeCounter(t.handle);
    const greedy = await call(mario, 'PUT', '/api/veicoli', { ...car, costo_km: [{ anno, euro_km: '99999.9999' }] });
    expect(greedy.statusCode, greedy.body).toBe(403);
    expect(greedy.json().message).toBe('avvisi.costo_km_riservato');
    expect(changedTables(await before(), await (await changeCounter(t.handle))())).toEqual([]);

    // the employee registers the car and its model, never its rate
    const own = await call(mario, 'PUT', '/api/veicoli', car);
    expect(own.statusCode, own.body).toBe(201);
    const carId = own.json().data.id as number;
    expect(own.json().data.costo_km).toEqual([]);

    // a km line on it waits for HR's rate: nothing to pay yet, warned, never priced at a guessed rate
    const nota = await trip('Trasferta Modena');
    const km = await call(mario, 'PUT', `/api/notaspese/${nota}/righe`, { data: lun, tipo_spesa: 'CHILOMETRICO', km: 100, veicolo_id: carId });
    expect(km.statusCode, km.body).toBe(201);
    expect(km.json().data).toMatchObject({ euro_km: null, importo_eur: 0, rimborsabile: 0, avvisi: expect.arrayContaining(['costo_km_da_definire']) });
    expect((await call(mario, 'POST', `/api/notaspese/${nota}/invia`)).statusCode).toBe(200);
    const waiting = await call(laura, 'POST', `/api/notaspese/${nota}/approva`);
    expect(waiting.statusCode, waiting.body).toBe(409);
    expect(waiting.json().message).toBe('avvisi.costo_km_in_attesa');

    // the owner cannot change HR's rate either, but may send the form back as it was read
    const hr = await call(personale, 'POST', `/api/veicoli/${carId}`, { ...car, dipendente_id: marioId, costo_km: [{ anno, euro_km: '0.5123' }] });
    expect(hr.statusCode, hr.body).toBe(200);
    const read = (await call(mario, 'GET', `/api/veicoli/${carId}`)).json();
    expect(read.costo_km).toMatchObject([{ anno, euro_km: '0.5123' }]);
    expect((await call(mario, 'POST', `/api/veicoli/${carId}`, { ...car, costo_km: [{ anno, euro_km: '0.9000' }] })).json().message).toBe('avvisi.costo_km_riservato');
    // nor by the update with the id in the body
    expect((await call(mario, 'POST', '/api/veicoli', { id: carId, ...car, costo_km: [{ anno, euro_km: '0.9000' }] })).json().message).toBe('avvisi.costo_km_riservato');
    expect((await call(mario, 'POST', `/api/veicoli/${carId}`, { ...car, modello: 'Panda 1.2 Easy', costo_km: read.costo_km })).statusCode).toBe(200);
    expect((await call(mario, 'POST', `/api/veicoli/${carId}`, { ...car, modello: 'Panda 1.2 Easy' })).statusCode).toBe(200);

    // HR's rate prices the waiting line: 100 km x 0,5123 = 51,23 €
    const g = (await call(laura, 'GET', `/api/notaspese/${nota}`)).json();
    expect(g.righe[0]).toMatchObject({ euro_km: '0.5123', importo_eur: 5123, rimborsabile: 5123 });
    expect(g.righe[0].avvisi).not.toContain('costo_km_da_definire');
    expect((await call(laura, 'POST', `/api/notaspese/${nota}/approva`)).statusCode).toBe(200);
  });

  it('keeps an ACI table that HR imports from CSV, and fills a car’s cost per km from one of its rows', async () => {
    const righe = [
      { anno: String(anno), descrizione: 'ALFA ROMEO Giulia 2.2 JTD 160cv', alimentazione: 'gasolio', euro_km: '0,6281' },
      { anno: String(anno), descrizione: 'VOLKSWAGEN Golf 1.5 eTSI 150cv', alimentazione: 'benzina', euro_km: '0.6012' },
    ];
    expect((await call(mario, 'POST', '/api/tariffeaci/import', { righe, conferma: true })).statusCode).toBe(403);
    const bad = await call(personale, 'POST', '/api/tariffeaci/import', { righe: [...righe, { ...righe[0], euro_km: '0,12345' }] });
    expect(bad.json()).toMatchObject({ righe: 3, valide: 2, errori: [{ riga: 3 }] });
    const ok = await call(personale, 'POST', '/api/tariffeaci/import', { righe, conferma: true });
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = (await call(personale, 'GET', `/api/tariffeaci?anno=${anno}&search=eTSI`)).json().rows;
    expect(rows).toMatchObject([{ anno, descrizione: 'VOLKSWAGEN Golf 1.5 eTSI 150cv', alimentazione: 'benzina', euro_km: '0.6012' }]);
    // an employee reads the table, never writes it
    expect((await call(mario, 'PUT', '/api/tariffeaci', { anno, descrizione: 'X', alimentazione: 'benzina', euro_km: '9.9' })).statusCode).toBe(403);

    const car = (await call(mario, 'PUT', '/api/veicoli', { targa: 'GL555MN', marca: 'Volkswagen', modello: 'Golf 1.5 TSI', alimentazione: 'benzina' })).json().data.id;
    const nota = await trip('Trasferta ACI');
    await call(mario, 'PUT', `/api/notaspese/${nota}/righe`, { data: lun, tipo_spesa: 'CHILOMETRICO', km: 50, veicolo_id: car });
    expect((await call(mario, 'POST', `/api/veicoli/${car}/costo-aci`, { tariffa_id: rows[0].id })).statusCode).toBe(403);
    const fill = await call(personale, 'POST', `/api/veicoli/${car}/costo-aci`, { tariffa_id: rows[0].id });
    expect(fill.statusCode, fill.body).toBe(200);
    expect(fill.json()).toMatchObject({ message: 'avvisi.costo_aci_ok', params: { anno }, data: { costo_km: [{ anno, euro_km: '0.6012' }] } });
    // 50 km x 0,6012 = 30,06 €
    expect((await call(mario, 'GET', `/api/notaspese/${nota}`)).json().righe[0]).toMatchObject({ euro_km: '0.6012', importo_eur: 3006 });
    expect((await call(personale, 'POST', `/api/veicoli/${car}/costo-aci`, { tariffa_id: 999999 })).statusCode).toBe(400);
  });

  it('lets a review lower an amount or give it back up to the claim, never above; an approved note raised waits for approval again', async () => {
    const nota = await trip('Trasferta revisione');
    const line = (await call(mario, 'PUT', `/api/notaspese/${nota}/righe`, { data: lun, tipo_spesa: 'VIAGGIO', importo: 10000, valuta: 'EUR', tipo_pagamento: 'CARTA_PERSONALE', documentata: true })).json().data;
    expect(line.importo_dichiarato).toBe(10000);
    await call(mario, 'POST', `/api/notaspese/${nota}/invia`);
    const review = (b: Record<string, unknown>) => call(laura, 'POST', `/api/notaspese/${nota}/righe/${line.id}/revisione`, { motivo: 'correzione', ...b });

    const before = await changeCounter(t.handle);
    const huge = await review({ importo: 2_000_000_000 });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json()).toMatchObject({ message: 'avvisi.revisione_oltre_dichiarato', params: { dichiarato: '100,00 EUR' } });
    expect((await review({ importo: 10001 })).statusCode).toBe(400);
    expect(changedTables(await before(), await (await changeCounter(t.handle))())).toEqual([]);

    expect((await review({ importo: 6000 })).json().data).toMatchObject({ importo: 6000, importo_dichiarato: 10000, rimborsabile: 6000 });
    expect((await review({ importo: 10000 })).json().data).toMatchObject({ importo: 10000, rimborsabile: 10000 });
    expect((await review({ importo: 7000 })).statusCode).toBe(200);
    expect((await call(laura, 'POST', `/api/notaspese/${nota}/approva`)).statusCode).toBe(200);

    // lowered after approval: still approved, with less to settle
    const lower = await review({ importo: 6500 });
    expect(lower.json().message).toBe('avvisi.riga_rivista_ok');
    expect((await call(laura, 'GET', `/api/notaspese/${nota}`)).json()).toMatchObject({ stato: 'approvata', totali: { da_liquidare: 6500 } });
    // raised after approval (within the claim): the note waits for approval again, HR cannot settle it as it is
    const raise = await review({ importo: 9000 });
    expect(raise.statusCode, raise.body).toBe(200);
    expect(raise.json().message).toBe('avvisi.nota_riportata_in_approvazione');
    expect((await call(laura, 'GET', `/api/notaspese/${nota}`)).json()).toMatchObject({ stato: 'inviata', totali: { da_liquidare: 9000 } });
    expect((await call(personale, 'POST', `/api/notaspese/${nota}/liquida`, { data: addDays(lun, 10) })).statusCode).toBe(409);
  });

  it('with four eyes on, refuses a settlement by who created or approved the note (403); off, as in the demo, HR settles', async () => {
    expect((await call(personale, 'GET', '/api/notaspese/parametri')).json()).toEqual({ quattro_occhi: false });
    expect((await call(mario, 'PUT', '/api/notaspese/parametri', { quattro_occhi: true })).statusCode).toBe(403);
    expect((await call(laura, 'PUT', '/api/notaspese/parametri', { quattro_occhi: true })).statusCode).toBe(403);

    // HR writes a note for Mario and approves it itself; a manager approves one of Mario's own
    const byHr = (await call(personale, 'PUT', '/api/notaspese', { dipendente_id: marioId, descrizione: 'Cancelleria' })).json().data.id;
    await call(personale, 'PUT', `/api/notaspese/${byHr}/righe`, { data: lun, tipo_spesa: 'ALTRO', importo: 1500, valuta: 'EUR', tipo_pagamento: 'CONTANTI', documentata: true });
    await call(personale, 'POST', `/api/notaspese/${byHr}/invia`);
    expect((await call(personale, 'POST', `/api/notaspese/${byHr}/approva`)).statusCode).toBe(200);
    const byMario = (await call(mario, 'PUT', '/api/notaspese', { descrizione: 'Chiavetta USB' })).json().data.id;
    await call(mario, 'PUT', `/api/notaspese/${byMario}/righe`, { data: lun, tipo_spesa: 'ALTRO', importo: 1200, valuta: 'EUR', tipo_pagamento: 'CONTANTI', documentata: true });
    await call(mario, 'POST', `/api/notaspese/${byMario}/invia`);
    expect((await call(laura, 'POST', `/api/notaspese/${byMario}/approva`)).statusCode).toBe(200);

    const on = await call(personale, 'PUT', '/api/notaspese/parametri', { quattro_occhi: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ quattro_occhi: true });
    const refused = await call(personale, 'POST', `/api/notaspese/${byHr}/liquida`, { data: addDays(lun, 10) });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe('avvisi.liquidazione_quattro_occhi');
    // all or none: the batch with that note settles nothing
    expect((await call(personale, 'POST', '/api/notaspese/liquida', { ids: [byMario, byHr], data: addDays(lun, 10) })).statusCode).toBe(403);
    expect((await call(personale, 'GET', `/api/notaspese/${byMario}`)).json().stato).toBe('approvata');
    // a note HR neither wrote nor approved is settled
    expect((await call(personale, 'POST', `/api/notaspese/${byMario}/liquida`, { data: addDays(lun, 10) })).statusCode).toBe(200);

    await call(personale, 'PUT', '/api/notaspese/parametri', { quattro_occhi: false });
    expect((await call(personale, 'POST', `/api/notaspese/${byHr}/liquida`, { data: addDays(lun, 10) })).statusCode).toBe(200);
  });
});
