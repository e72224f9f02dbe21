import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { changeCounter, changedTables, login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';
import { codiceFiscale } from '../../seed/demo-data';
import { seedAll } from '../../bootstrap';
import { localNow } from '../../platform/dates';

type Row = Record<string, unknown> & { id: number };

describe.skipIf(skipReason())('contracts: CCNL pay tables and the employee’s contract history', () => {
  let t: TestApp;
  let personale: Session;
  let mario: Session;
  let read: () => Promise<Record<string, string>>;
  const call = (s: Session | null, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s?.auth ?? {}, payload: payload as never });
  const ids = { ccnl: 0, prod: 0, amm: 0, nuovo: 0, amministrativa: 0, personale: 0 };
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.handle.db.execute(q)) as unknown as { rows: T[] }).rows;
  /** The request answers `status` and `message`, and writes nothing. */
  const refused = async (status: number, message: string, req: () => Promise<{ statusCode: number; json: () => { message: string; params?: Record<string, unknown> } }>) => {
    const before = await read();
    const r = await req();
    expect([r.statusCode, r.json().message]).toEqual([status, message]);
    expect(changedTables(before, await read())).toEqual([]);
    return r.json();
  };
  const newEmployee = async (matricola: string, cognome: string, nome: string, reparto: number, hire: string) => {
    const r = await call(personale, 'PUT', '/api/dipendenti', {
      matricola, cognome, nome, codice_fiscale: codiceFiscale({ cognome, nome, sesso: 'M', data_nascita: '1991-03-04', comune: 'A944' }), reparto_id: reparto, data_assunzione: hire,
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data.id as number;
  };
  const C3_CONTRACT = { dal: '2024-01-15', livello: 'C3', qualifica: 'operaio', tipo_contratto: 'indeterminato', superminimo: 5000 };

  beforeAll(async () => {
    t = await makeTestApp();
    [personale, mario] = await Promise.all(['personale', 'mario.rossi'].map((u) => login(t.app, u)));
    const list = (await call(personale, 'GET', '/api/contratti/ccnl')).json().rows as Row[];
    ids.ccnl = list.find((c) => c.codice === 'C011')!.id;
    const reparti = (await call(personale, 'GET', '/api/reparti?size=100')).json().rows as Row[];
    ids.prod = reparti.find((r) => r.codice === 'PROD')!.id;
    ids.amm = reparti.find((r) => r.codice === 'AMM')!.id;
    ids.nuovo = await newEmployee('990101', 'Fontana', 'Luca', ids.prod, '2024-01-15');
    ids.amministrativa = await newEmployee('990102', 'Serra', 'Marco', ids.amm, '2024-01-15');
    const emp = (await call(personale, 'GET', '/api/dipendenti?size=1000')).json().rows as Row[];
    ids.personale = emp.find((e) => e.cognome === 'Vitali' && e.nome === 'Francesca')!.id;
    read = await changeCounter(t.handle);
  });
  afterAll(async () => t?.close());

  it('seeds the CCNL Metalmeccanici Industria with its levels, 13 payments, 40 hours, divisor 173, and a contract row for every employee', async () => {
    const c = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}`)).json();
    expect(c).toMatchObject({ codice: 'C011', mensilita: 13, ore_settimanali: 40, divisore_orario: 173 });
    expect(c.livelli.map((l: Row) => l.codice)).toEqual(['D1', 'D2', 'C1', 'C2', 'C3', 'B1', 'B2', 'B3', 'A1']);
    // the table, euro to cents
    const june2024 = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/tabella?data=2024-06-01`)).json();
    expect(june2024.livelli.map((l: Row) => [l.livello, l.totale_mensile])).toEqual([
      ['D1', 171967], ['D2', 190699], ['C1', 194818], ['C2', 198938], ['C3', 213056], ['B1', 228365], ['B2', 244999], ['B3', 273518], ['A1', 280071],
    ]);
    expect(june2024.voci).toEqual(['Minimo tabellare']);
    const june2025 = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/tabella?data=2025-06-30`)).json();
    expect(june2025.livelli.map((l: Row) => [l.livello, l.decorrenza, l.totale_mensile, l.paga_oraria])).toEqual([
      ['D1', '2025-06-01', 174203, 1007], ['D2', '2025-06-01', 193178, 1117], ['C1', '2025-06-01', 197351, 1141], ['C2', '2025-06-01', 201524, 1165],
      ['C3', '2025-06-01', 215826, 1248], ['B1', '2025-06-01', 231334, 1337], ['B2', '2025-06-01', 248184, 1435], ['B3', '2025-06-01', 277074, 1602],
      ['A1', '2025-06-01', 283712, 1640],
    ]);
    // the renewal of 22/11/2025 (issue #28): today, 28/11/2026, the table of 1/6/2026 is in force — C3 2.211,43 €, 12,78 €/h
    const today = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/tabella?data=2026-11-28`)).json();
    expect(today.livelli.map((l: Row) => [l.livello, l.decorrenza, l.totale_mensile, l.paga_oraria])).toEqual([
      ['D1', '2026-06-01', 178494, 1032], ['D2', '2026-06-01', 197937, 1144], ['C1', '2026-06-01', 202212, 1169], ['C2', '2026-06-01', 206488, 1194],
      ['C3', '2026-06-01', 221143, 1278], ['B1', '2026-06-01', 237033, 1370], ['B2', '2026-06-01', 254298, 1470], ['B3', '2026-06-01', 283899, 1641],
      ['A1', '2026-06-01', 290701, 1680],
    ]);
    expect(today).toMatchObject({ ultima_decorrenza: '2028-06-01', tabella_scaduta: false });
    // HR plans with the raises ahead: June 2027, and June 2028
    const june2027 = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/tabella?data=2027-06-15`)).json();
    expect(june2027.livelli.map((l: Row) => [l.livello, l.decorrenza, l.totale_mensile, l.paga_oraria])).toEqual([
      ['D1', '2027-06-01', 183302, 1060], ['D2', '2027-06-01', 203270, 1175], ['C1', '2027-06-01', 207659, 1200], ['C2', '2027-06-01', 212052, 1226],
      ['C3', '2027-06-01', 227101, 1313], ['B1', '2027-06-01', 243419, 1407], ['B2', '2027-06-01', 261149, 1510], ['B3', '2027-06-01', 291548, 1685],
      ['A1', '2027-06-01', 298533, 1726],
    ]);
    const june2028 = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/tabella?data=2028-06-01`)).json();
    expect(june2028.livelli.map((l: Row) => [l.livello, l.totale_mensile])).toEqual([
      ['D1', 188537], ['D2', 209076], ['C1', 213589], ['C2', 218109], ['C3', 233588], ['B1', 250372], ['B2', 268608], ['B3', 299876], ['A1', 307061],
    ]);
    // in force to 30/6/2028, with its signatories; the levels as the 2021 classification maps the old categories
    expect(c).toMatchObject({ valido_al: '2028-06-30', parti_firmatarie: expect.stringMatching(/Federmeccanica, Assistal e Fim-Cisl, Fiom-Cgil, Uilm-Uil/) });
    expect(c.livelli.map((l: Row) => [l.codice, String(l.descrizione).split(':')[0]])).toEqual([
      ['D1', 'ex 1ª e 2ª categoria'], ['D2', 'ex 3ª categoria'], ['C1', 'ex 3ª categoria super'], ['C2', 'ex 4ª categoria'], ['C3', 'ex 5ª categoria'],
      ['B1', 'ex 5ª categoria super'], ['B2', 'ex 6ª categoria'], ['B3', 'ex 7ª categoria'], ['A1', 'ex 8ª categoria (quadri)'],
    ]);
    // every employee has a level; some part-time, one fixed-term with its end date and reason
    const [demo] = await rows<{ senza: number; part_time: number; determinati: number; livelli: number }>(sql`
      select (select count(*)::int from dipendenti d where not exists (select 1 from contratti_dipendenti c where c.dipendente_id = d.id)) as senza,
        (select count(*)::int from contratti_dipendenti where part_time) as part_time,
        (select count(*)::int from contratti_dipendenti where tipo_contratto = 'determinato' and data_fine is not null and causale is not null) as determinati,
        (select count(distinct livello_id)::int from contratti_dipendenti) as livelli`);
    expect(demo.senza).toBe(2); // the two hired by this test
    expect(demo.part_time).toBe(2);
    // the fixed-term warehouse worker: a renewal and an extension past 12 months, each with its reason (issue #28)
    expect(demo.determinati).toBe(2);
    expect(demo.livelli).toBeGreaterThanOrEqual(7);
  });

  it('the June 2026 raise of the renewal (C3 +53.17 €): the comparison with June 2025 shows it on every level, and a C3 employee earns more per hour in July than in May', async () => {
    const cmp = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/confronto?dal=2025-06-01&al=2026-06-01`)).json();
    const c3 = cmp.livelli.find((l: Row) => l.livello === 'C3');
    expect(c3).toEqual({ livello: 'C3', descrizione: expect.any(String), totale_dal: 215826, totale_al: 221143, differenza: 5317, percentuale: 2.46 });
    expect(cmp.livelli.filter((l: Row) => !((l.differenza as number) > 0)).map((l: Row) => l.livello)).toEqual([]);
    const year = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/confronto?dal=2024-06-01&al=2025-06-01`)).json();
    expect(year.livelli.find((l: Row) => l.livello === 'C3')).toMatchObject({ differenza: 2770, percentuale: 1.3 });

    // the level's pay on a date, as the contract names it
    const may = (await call(personale, 'GET', `/api/contratti/retribuzione?ccnl=${ids.ccnl}&livello=C3&data=2026-05-31`)).json();
    expect(may).toMatchObject({ decorrenza: '2025-06-01', voci: [{ voce: 'Minimo tabellare', importo: 215826 }], totale_mensile: 215826, paga_oraria: 1248 });
    const july = (await call(personale, 'GET', `/api/contratti/retribuzione?ccnl=${ids.ccnl}&livello=C3&data=2026-07-01`)).json();
    expect(july).toMatchObject({ decorrenza: '2026-06-01', voci: [{ voce: 'Minimo tabellare', importo: 221143 }], totale_mensile: 221143, paga_oraria: 1278 }); // 2,211.43 / 173 = 12.7828
    // past months keep what applied then
    expect((await call(personale, 'GET', `/api/contratti/retribuzione?ccnl=${ids.ccnl}&livello=C3&data=2025-01-31`)).json()).toMatchObject({ decorrenza: '2024-06-01', totale_mensile: 213056, paga_oraria: 1232 });

    // a C3 employee with a superminimo of 50.00 €: (2,158.26 + 50.00) / 173 = 12.7645 in May, (2,211.43 + 50.00) / 173 = 13.0719 in July
    const row = await call(personale, 'PUT', `/api/contratti/dipendenti/${ids.nuovo}/contratti`, { ...C3_CONTRACT, ccnl_id: ids.ccnl });
    expect(row.statusCode, row.body).toBe(201);
    expect(row.json()).toMatchObject({ message: 'avvisi.created', params: { context: 'contratto' }, data: { livello: 'C3', al: null, superminimo: 5000, part_time: false } });
    const pMay = (await call(personale, 'GET', `/api/contratti/dipendenti/${ids.nuovo}/retribuzione?data=2026-05-15`)).json();
    const pJuly = (await call(personale, 'GET', `/api/contratti/dipendenti/${ids.nuovo}/retribuzione?data=2026-07-15`)).json();
    expect(pMay).toMatchObject({ decorrenza: '2025-06-01', totale_mensile: 220826, paga_oraria: 1276, superminimo: 5000, percentuale: 100, livello: 'C3' });
    expect(pJuly).toMatchObject({ decorrenza: '2026-06-01', totale_mensile: 226143, paga_oraria: 1307, superminimo: 5000, percentuale: 100 });
    expect(pJuly.paga_oraria).toBeGreaterThan(pMay.paga_oraria);

    // the level's timeline
    const hist = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/livelli/C3/storico`)).json();
    expect(hist.versioni.map((v: Row) => [v.decorrenza, v.totale_mensile, v.paga_oraria])).toEqual([
      ['2024-06-01', 213056, 1232], ['2025-06-01', 215826, 1248], ['2026-06-01', 221143, 1278], ['2027-06-01', 227101, 1313], ['2028-06-01', 233588, 1350],
    ]);
    // every version is still there
    const list = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/voci?livello=C3`)).json();
    expect(list.rows.map((v: Row) => [v.decorrenza, v.importo])).toEqual([['2024-06-01', 213056], ['2025-06-01', 215826], ['2026-06-01', 221143], ['2027-06-01', 227101], ['2028-06-01', 233588]]);
  });

  it('refuses a repeated decorrenza, a negative amount, an unknown level and a date with no table, storing nothing', async () => {
    const again = await refused(409, 'avvisi.decorrenza_esistente', () =>
      call(personale, 'PUT', `/api/contratti/ccnl/${ids.ccnl}/voci`, { livello: 'C3', voce: 'Minimo tabellare', decorrenza: '2025-06-01', importo: 999999 }));
    expect(again.params).toMatchObject({ livello: 'C3', voce: 'Minimo tabellare', decorrenza: '2025-06-01' });
    expect((await call(personale, 'GET', `/api/contratti/retribuzione?ccnl=${ids.ccnl}&livello=C3&data=2025-07-01`)).json().totale_mensile).toBe(215826);
    const neg = await refused(400, 'avvisi.validation', () =>
      call(personale, 'PUT', `/api/contratti/ccnl/${ids.ccnl}/voci`, { livello: 'C2', voce: 'EDR', decorrenza: '2026-01-01', importo: -1 }));
    expect(neg.params?.fields).toEqual({ importo: 'avvisi.importo_negativo' });
    await refused(400, 'avvisi.livello_sconosciuto', () => call(personale, 'PUT', `/api/contratti/ccnl/${ids.ccnl}/voci`, { livello: 'Z9', voce: 'EDR', decorrenza: '2026-01-01', importo: 1000 }));
    await refused(404, 'avvisi.not_found', () => call(personale, 'PUT', '/api/contratti/ccnl/999999/voci', { livello: 'C3', voce: 'EDR', decorrenza: '2026-01-01', importo: 1000 }));
    const none = await call(personale, 'GET', `/api/contratti/retribuzione?ccnl=${ids.ccnl}&livello=C3&data=2024-05-31`);
    expect([none.statusCode, none.json().message, none.json().params]).toEqual([404, 'avvisi.tabella_non_in_vigore', { livello: 'C3', data: '2024-05-31' }]);
    expect((await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/tabella?data=2020-01-01`)).json()).toEqual({ message: 'avvisi.tabella_ccnl_non_in_vigore', params: { data: '2020-01-01' } });
    expect((await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/confronto?dal=2020-01-01&al=2021-01-01`)).statusCode).toBe(404);
    expect((await call(personale, 'GET', `/api/contratti/retribuzione?ccnl=${ids.ccnl}&livello=C3&data=2026-02-30`)).statusCode).toBe(400);
    expect((await call(personale, 'GET', `/api/contratti/dipendenti/${ids.nuovo}/retribuzione?data=2024-03-01`)).json()).toMatchObject({ message: 'avvisi.tabella_non_in_vigore', params: { livello: 'C3' } });
    expect((await call(personale, 'GET', `/api/contratti/dipendenti/${ids.amministrativa}/retribuzione?data=2026-03-01`)).json().message).toBe('avvisi.contratto_non_in_vigore');
  });

  it('adds components from another decorrenza beside the minimum, and sums them per level', async () => {
    const edr = await call(personale, 'PUT', `/api/contratti/ccnl/${ids.ccnl}/voci`, { livello: 'C3', voce: 'EDR', decorrenza: '2026-09-01', importo: 1033 });
    expect(edr.statusCode, edr.body).toBe(201);
    const sep = (await call(personale, 'GET', `/api/contratti/retribuzione?ccnl=${ids.ccnl}&livello=C3&data=2026-09-01`)).json();
    expect(sep).toMatchObject({ decorrenza: '2026-09-01', voci: [{ voce: 'Minimo tabellare', importo: 221143 }, { voce: 'EDR', importo: 1033 }], totale_mensile: 222176, paga_oraria: 1284 });
    // the same component typed in another case is the same component: a new version, or a repeated decorrenza
    await refused(409, 'avvisi.decorrenza_esistente', () => call(personale, 'PUT', `/api/contratti/ccnl/${ids.ccnl}/voci`, { livello: 'C3', voce: ' edr ', decorrenza: '2026-09-01', importo: 2000 }));
    const later = await call(personale, 'PUT', `/api/contratti/ccnl/${ids.ccnl}/voci`, { livello: 'c3', voce: 'edr', decorrenza: '2027-01-01', importo: 1100 });
    expect(later.json().data).toMatchObject({ livello: 'C3', voce: 'EDR', importo: 1100 });
    expect((await call(personale, 'GET', `/api/contratti/retribuzione?ccnl=${ids.ccnl}&livello=C3&data=2027-01-01`)).json().totale_mensile).toBe(221143 + 1100);
    const table = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/tabella?data=2026-09-01`)).json();
    expect(table.voci).toEqual(['Minimo tabellare', 'EDR']);
    expect(table.livelli.find((l: Row) => l.livello === 'C2')).toMatchObject({ totale_mensile: 206488, voci: [{ voce: 'Minimo tabellare', importo: 206488 }] });
  });

  it('exports the table on a date to Excel', async () => {
    const r = await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/tabella/excel?data=2026-07-01`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as never);
    const ws = wb.worksheets[0];
    const c3 = ws.getRows(2, 9)!.find((row) => row.getCell(1).value === 'C3')!;
    expect([c3.getCell(3).value, c3.getCell(4).value, c3.getCell(5).value, c3.getCell(6).value]).toEqual(['2026-06-01', 2211.43, 2211.43, 12.78]);
  });

  it('creates a CCNL with its levels and imports its table from a file: preview with the errors per row, then all rows or none', async () => {
    const created = await call(personale, 'PUT', '/api/contratti/ccnl', {
      codice: 'H011', descrizione: 'CCNL Commercio, terziario, distribuzione e servizi', mensilita: 14, ore_settimanali: 40, divisore_orario: 168,
      livelli: [{ codice: 'Q', descrizione: 'Quadri' }, { codice: '1', descrizione: 'Primo livello' }, { codice: '2', descrizione: 'Secondo livello' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ message: 'avvisi.created', params: { context: 'ccnl' }, data: { codice: 'H011', mensilita: 14, divisore_orario: 168 } });
    const id = created.json().data.id;
    expect(created.json().data.livelli.map((l: Row) => [l.codice, l.ordine])).toEqual([['Q', 1], ['1', 2], ['2', 3]]);
    expect((await call(personale, 'PUT', '/api/contratti/ccnl', { codice: 'X1', descrizione: 'X', mensilita: 15, ore_settimanali: 40, divisore_orario: 168, livelli: [] })).json().params.fields.mensilita).toBe('avvisi.valore_non_valido');

    const righe = [
      { livello: 'Q', voce: 'Minimo tabellare', decorrenza: '2025-04-01', importo: '254125' },
      { livello: '1', voce: 'Minimo tabellare', decorrenza: '2025-04-01', importo: 229208 },
      { livello: '7', voce: 'Minimo tabellare', decorrenza: '2025-04-01', importo: 150000 },
      { livello: '2', voce: 'Minimo tabellare', decorrenza: '2025-04-01', importo: -5 },
      { livello: '1', voce: 'Minimo tabellare', decorrenza: '2025-04-01', importo: 229208 },
    ];
    const before = await read();
    const preview = await call(personale, 'POST', `/api/contratti/ccnl/${id}/voci/import`, { righe });
    expect(preview.json()).toEqual({
      righe: 5, valide: 2,
      errori: [{ riga: 3, campi: { livello: 'avvisi.livello_sconosciuto' } }, { riga: 4, campi: { importo: 'avvisi.importo_negativo' } }, { riga: 5, campi: { decorrenza: 'avvisi.voce_ripetuta_file' } }],
    });
    const bad = await call(personale, 'POST', `/api/contratti/ccnl/${id}/voci/import`, { righe, conferma: true });
    expect([bad.statusCode, bad.json().message, bad.json().params.count]).toEqual([400, 'avvisi.import_errori', 3]);
    expect(changedTables(before, await read())).toEqual([]);

    const ok = await call(personale, 'POST', `/api/contratti/ccnl/${id}/voci/import`, { righe: righe.slice(0, 2).concat([{ livello: '2', voce: 'Minimo tabellare', decorrenza: '2025-04-01', importo: 200614 }]), conferma: true });
    expect(ok.json()).toMatchObject({ message: 'avvisi.import_completato', data: { righe: 3 } });
    const table = (await call(personale, 'GET', `/api/contratti/ccnl/${id}/tabella?data=2025-05-01`)).json();
    expect(table.livelli.map((l: Row) => [l.livello, l.totale_mensile, l.paga_oraria])).toEqual([['Q', 254125, 1513], ['1', 229208, 1364], ['2', 200614, 1194]]);
    // the same file again: every row already has its decorrenza
    const twice = await call(personale, 'POST', `/api/contratti/ccnl/${id}/voci/import`, { righe: righe.slice(0, 1) });
    expect(twice.json().errori).toEqual([{ riga: 1, campi: { decorrenza: 'avvisi.decorrenza_esistente' } }]);
    // a level in use is not removed from the CCNL
    const drop = await call(personale, 'POST', `/api/contratti/ccnl/${id}`, { codice: 'H011', descrizione: 'CCNL Commercio', mensilita: 14, ore_settimanali: 40, divisore_orario: 168, livelli: [] });
    expect(drop.statusCode).toBe(409);
  });

  it('keeps the employee’s contract history: a new row from a date never overwrites the older one; a correction is audited with its reason', async () => {
    const promo = await call(personale, 'PUT', `/api/contratti/dipendenti/${ids.nuovo}/contratti`, { ...C3_CONTRACT, ccnl_id: ids.ccnl, dal: '2026-10-01', livello: 'B1', qualifica: 'impiegato', superminimo: 0 });
    expect(promo.statusCode, promo.body).toBe(201);
    const hist = (await call(personale, 'GET', `/api/contratti/dipendenti/${ids.nuovo}/contratti`)).json() as Row[];
    expect(hist.map((r) => [r.dal, r.al, r.livello, r.qualifica, r.superminimo])).toEqual([['2024-01-15', '2026-09-30', 'C3', 'operaio', 5000], ['2026-10-01', null, 'B1', 'impiegato', 0]]);
    expect((await call(personale, 'GET', `/api/contratti/dipendenti/${ids.nuovo}/retribuzione?data=2026-09-30`)).json()).toMatchObject({ livello: 'C3', totale_mensile: 222176 + 5000 });
    expect((await call(personale, 'GET', `/api/contratti/dipendenti/${ids.nuovo}/retribuzione?data=2026-10-01`)).json()).toMatchObject({ livello: 'B1', totale_mensile: 237033, paga_oraria: 1370 });
    // the same date again is a 409: a mistake is corrected, not overwritten by a new row
    await refused(409, 'avvisi.contratto_data_esistente', () => call(personale, 'PUT', `/api/contratti/dipendenti/${ids.nuovo}/contratti`, { ...C3_CONTRACT, ccnl_id: ids.ccnl, dal: '2026-10-01' }));
    const promoId = promo.json().data.id;
    expect((await call(personale, 'POST', `/api/contratti/dipendenti/${ids.nuovo}/contratti/${promoId}`, { ...C3_CONTRACT, ccnl_id: ids.ccnl, dal: '2026-10-01', livello: 'B2' })).statusCode).toBe(400); // no reason
    const fix = await call(personale, 'POST', `/api/contratti/dipendenti/${ids.nuovo}/contratti/${promoId}`, {
      ...C3_CONTRACT, ccnl_id: ids.ccnl, dal: '2026-10-01', livello: 'B1', qualifica: 'impiegato', superminimo: 2500, motivo: 'Superminimo concordato nella lettera di promozione',
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(fix.json()).toMatchObject({ message: 'avvisi.updated', data: { id: promoId, superminimo: 2500 } });
    const [log] = await rows<{ azione: string; motivo: string; prima: { superminimo: number }; dopo: { superminimo: number } }>(
      sql`select azione, motivo, prima, dopo from audit_log where entita = 'contratti_dipendenti' and entita_id = ${String(promoId)} and azione = 'correzione'`,
    );
    expect(log).toMatchObject({ azione: 'correzione', motivo: 'Superminimo concordato nella lettera di promozione', prima: { superminimo: 0 }, dopo: { superminimo: 2500 } });
    expect((await call(personale, 'GET', `/api/contratti/dipendenti/${ids.nuovo}/contratti`)).json()).toHaveLength(2);
    // a row of another employee is not corrected through this one
    expect((await call(personale, 'POST', `/api/contratti/dipendenti/${ids.amministrativa}/contratti/${promoId}`, { ...C3_CONTRACT, ccnl_id: ids.ccnl, motivo: 'x' })).statusCode).toBe(404);
  });

  it('applies part-time to the monthly pay and not to the hourly rate', async () => {
    const pt = await call(personale, 'PUT', `/api/contratti/dipendenti/${ids.nuovo}/contratti`, {
      ...C3_CONTRACT, ccnl_id: ids.ccnl, dal: '2026-11-01', livello: 'B1', qualifica: 'impiegato', superminimo: 2500, part_time: true, percentuale_part_time: 75, distribuzione_part_time: 'orizzontale',
    });
    expect(pt.statusCode, pt.body).toBe(201);
    const pay = (await call(personale, 'GET', `/api/contratti/dipendenti/${ids.nuovo}/retribuzione?data=2026-11-15`)).json();
    // (2,370.33 + 25.00) × 0.75 = 1,796.4975 -> 1,796.50; hourly (2,370.33 + 25.00) / 173 = 13.8458 -> 13.85
    expect(pay).toMatchObject({ totale_mensile: 179650, paga_oraria: 1385, mensile_tempo_pieno: 239533, percentuale: 75, superminimo: 2500 });
  });

  it('refuses a fixed-term contract without its end date or beyond 12 months without a reason, and part-time without a valid percentage, storing nothing', async () => {
    const put = (b: Record<string, unknown>) => () => call(personale, 'PUT', `/api/contratti/dipendenti/${ids.amministrativa}/contratti`, { ...C3_CONTRACT, ccnl_id: ids.ccnl, qualifica: 'impiegato', ...b });
    expect((await refused(400, 'avvisi.determinato_senza_fine', put({ tipo_contratto: 'determinato' }))).params?.fields).toEqual({ data_fine: 'avvisi.determinato_senza_fine' });
    expect((await refused(400, 'avvisi.determinato_senza_causale', put({ tipo_contratto: 'determinato', data_fine: '2025-01-15' }))).params?.fields).toEqual({ causale: 'avvisi.determinato_senza_causale' });
    await refused(400, 'avvisi.determinato_oltre_24_mesi', put({ tipo_contratto: 'determinato', data_fine: '2026-01-15', causale: 'Sostituzione' }));
    await refused(400, 'avvisi.data_fine_non_prevista', put({ data_fine: '2025-01-14' }));
    await refused(400, 'avvisi.part_time_senza_percentuale', put({ part_time: true }));
    await refused(400, 'avvisi.part_time_percentuale', put({ part_time: true, percentuale_part_time: 100 }));
    await refused(400, 'avvisi.part_time_percentuale', put({ part_time: true, percentuale_part_time: 0 }));
    await refused(400, 'avvisi.validation', put({ qualifica: 'stagista' }));
    await refused(400, 'avvisi.validation', put({ tipo_contratto: 'part_time' }));
    await refused(400, 'avvisi.contratto_prima_assunzione', put({ dal: '2023-12-31' }));
    const [leaver] = await rows<{ id: number; dopo: string }>(sql`select id, (data_cessazione + 1)::text as dopo from dipendenti where data_cessazione is not null order by id limit 1`);
    await refused(400, 'avvisi.contratto_dopo_cessazione', () =>
      call(personale, 'PUT', `/api/contratti/dipendenti/${leaver.id}/contratti`, { ...C3_CONTRACT, ccnl_id: ids.ccnl, dal: leaver.dopo }));
    await refused(400, 'avvisi.livello_sconosciuto', put({ livello: 'Z9' }));
    expect((await refused(400, 'avvisi.validation', put({ sede_id: 999999 }))).params?.fields).toEqual({ sede_id: 'avvisi.valore_non_valido' });
    // within 12 months no reason is needed; the same with a reason beyond
    const fixed = await call(personale, 'PUT', `/api/contratti/dipendenti/${ids.amministrativa}/contratti`, { ...C3_CONTRACT, ccnl_id: ids.ccnl, qualifica: 'impiegato', tipo_contratto: 'determinato', data_fine: '2025-01-14' });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json().data).toMatchObject({ tipo_contratto: 'determinato', data_fine: '2025-01-14', causale: null });
    // after its end date, no contract is in force
    expect((await call(personale, 'GET', `/api/contratti/dipendenti/${ids.amministrativa}/retribuzione?data=2025-01-15`)).json().message).toBe('avvisi.contratto_non_in_vigore');
    expect((await call(personale, 'GET', `/api/contratti/dipendenti/${ids.amministrativa}/retribuzione?data=2025-01-14`)).json()).toMatchObject({ livello: 'C3', tipo_contratto: 'determinato' });
  });

  it('refuses a trial period beyond the law’s maximum (D.Lgs 104/2022 art. 7; L. 203/2024 art. 13), naming the field and the maximum, and stores a valid one with the part-time schedule', async () => {
    const put = (b: Record<string, unknown>) => () => call(personale, 'PUT', `/api/contratti/dipendenti/${ids.amministrativa}/contratti`, { ...C3_CONTRACT, ccnl_id: ids.ccnl, qualifica: 'impiegato', dal: '2026-12-01', ...b });
    // 60 days on a 6-month fixed term: one day per 15 calendar days, 12 at most
    const sei = await refused(400, 'avvisi.periodo_prova_oltre_massimo', put({ tipo_contratto: 'determinato', data_fine: '2027-05-31', periodo_prova_giorni: 60 }));
    expect(sei.params).toEqual({ massimo: 12, campo: 'periodo_prova_giorni', fields: { periodo_prova_giorni: 'avvisi.periodo_prova_oltre_massimo' } });
    // 200 days on an open-ended contract: six months at most, 182 days from 1 December
    expect((await refused(400, 'avvisi.periodo_prova_oltre_massimo', put({ periodo_prova_giorni: 200 }))).params).toMatchObject({ massimo: 182, campo: 'periodo_prova_giorni' });
    // a correction is checked the same way
    const [first] = (await call(personale, 'GET', `/api/contratti/dipendenti/${ids.amministrativa}/contratti`)).json() as Row[];
    await refused(400, 'avvisi.periodo_prova_oltre_massimo', () =>
      call(personale, 'POST', `/api/contratti/dipendenti/${ids.amministrativa}/contratti/${first.id}`, { ...C3_CONTRACT, ccnl_id: ids.ccnl, qualifica: 'impiegato', periodo_prova_giorni: 200, motivo: 'x' }));
    // a part-time schedule that overlaps on Monday
    const orario = { giorni: [1, 2, 3, 4, 5].map((giorno) => ({ giorno, dalle: '08:30', alle: '12:30' })), elastiche: { condizioni: 'spostamento entro la fascia 8–18', preavviso_giorni: 2, maggiorazione: 15 } };
    await refused(400, 'avvisi.orario_part_time_sovrapposto', put({ part_time: true, percentuale_part_time: 50, distribuzione_part_time: 'orizzontale', orario_part_time: { giorni: [...orario.giorni, { giorno: 1, dalle: '12:00', alle: '13:00' }] } }));
    await refused(400, 'avvisi.clausole_elastiche_preavviso', put({ part_time: true, percentuale_part_time: 50, orario_part_time: { ...orario, elastiche: { ...orario.elastiche, preavviso_giorni: 1 } } }));
    // within the maximum: stored, with the schedule, and the row says what it changes (art. 3) until a notice is made
    const ok = await call(personale, 'PUT', `/api/contratti/dipendenti/${ids.amministrativa}/contratti`, {
      ...C3_CONTRACT, ccnl_id: ids.ccnl, qualifica: 'impiegato', dal: '2026-12-01', tipo_contratto: 'determinato', data_fine: '2027-05-31', periodo_prova_giorni: 12,
      // another level: not a renewal of her 2024 fixed term for the same duties (D.Lgs 81/2015 art. 19 c.2), so a trial may be agreed
      livello: 'B1',
      part_time: true, percentuale_part_time: 50, distribuzione_part_time: 'orizzontale', orario_part_time: orario,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ periodo_prova_giorni: 12, orario_part_time: orario, da_comunicare: true });
    expect(ok.json().data.modifiche_art1).toEqual(expect.arrayContaining(['data_fine', 'orario']));
    const open = await call(personale, 'POST', `/api/contratti/dipendenti/${ids.amministrativa}/contratti/${ok.json().data.id}`, {
      ...C3_CONTRACT, ccnl_id: ids.ccnl, qualifica: 'impiegato', dal: '2026-12-01', periodo_prova_giorni: 182, motivo: 'Contratto a tempo indeterminato, non determinato',
    });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data).toMatchObject({ periodo_prova_giorni: 182, orario_part_time: null });
  });

  it('keeps employees’ contracts to HR and within the scope: nobody writes their own', async () => {
    // an employee has no access to the tables or to anyone's pay
    for (const url of [`/api/contratti/ccnl`, `/api/contratti/retribuzione?ccnl=${ids.ccnl}&livello=C3&data=2026-01-01`, `/api/contratti/dipendenti/${ids.nuovo}/retribuzione?data=2026-01-01`]) {
      expect((await call(mario, 'GET', url)).statusCode).toBe(403);
    }
    expect((await call(mario, 'PUT', `/api/contratti/ccnl/${ids.ccnl}/voci`, { livello: 'C3', voce: 'EDR', decorrenza: '2030-01-01', importo: 1 })).statusCode).toBe(403);
    // HR does not set its own pay
    await refused(403, 'avvisi.forbidden', () => call(personale, 'PUT', `/api/contratti/dipendenti/${ids.personale}/contratti`, { ...C3_CONTRACT, dal: '2027-01-01', ccnl_id: ids.ccnl, qualifica: 'impiegato' }));
    // a department manager granted the screen sees the employees of her department only
    await t.handle.db.execute(sql`update profili set routes = routes || '["contratti.retribuzione"]'::jsonb where codice = 'RESPONSABILE'`);
    const laura = await login(t.app, 'laura.bianchi');
    expect((await call(laura, 'GET', `/api/contratti/dipendenti/${ids.nuovo}/contratti`)).statusCode).toBe(200);
    expect((await call(laura, 'GET', `/api/contratti/dipendenti/${ids.amministrativa}/contratti`)).statusCode).toBe(404);
    expect((await call(laura, 'GET', `/api/contratti/dipendenti/${ids.amministrativa}/retribuzione?data=2025-01-01`)).statusCode).toBe(404);
    expect((await call(laura, 'PUT', `/api/contratti/dipendenti/${ids.amministrativa}/contratti`, { ...C3_CONTRACT, ccnl_id: ids.ccnl, dal: '2027-01-01', qualifica: 'impiegato' })).statusCode).toBe(404);
    // and the tables themselves, which only the whole company's HR changes
    expect((await call(laura, 'PUT', `/api/contratti/ccnl/${ids.ccnl}/voci`, { livello: 'C3', voce: 'EDR', decorrenza: '2030-01-01', importo: 1 })).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/contratti/ccnl')).statusCode).toBe(401);
  });

  it('filters the components by level in any case, and imports amounts in euros ("1.742,03", "1742.03") to the exact cent, with an error per bad row', async () => {
    const upper = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/voci?livello=C3`)).json();
    const lower = await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/voci?livello=c3`);
    expect(lower.statusCode, lower.body).toBe(200);
    expect(upper.total).toBeGreaterThan(0);
    expect(lower.json()).toEqual(upper);
    expect(lower.json().rows.every((r: Row) => r.livello === 'C3')).toBe(true);

    const created = await call(personale, 'PUT', '/api/contratti/ccnl', {
      codice: 'EUR18', descrizione: 'CCNL di prova per gli importi in euro', mensilita: 13, ore_settimanali: 40, divisore_orario: 173,
      livelli: [{ codice: 'E1', descrizione: 'Primo' }, { codice: 'E2', descrizione: 'Secondo' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const righe = [
      { livello: 'e1', voce: 'Minimo tabellare', decorrenza: '2025-06-01', importo_euro: '1.742,03' },
      { livello: 'E2', voce: 'Minimo tabellare', decorrenza: '2025-06-01', importo_euro: '1931.78' },
      { livello: 'E1', voce: 'EDR', decorrenza: '2025-06-01', importo_euro: 10.33 },
      { livello: 'E2', voce: 'EDR', decorrenza: '2025-06-01', importo_euro: '10,335' },
      { livello: 'E2', voce: 'Elemento perequativo', decorrenza: '2025-06-01', importo_euro: 'dieci' },
      { livello: 'E2', voce: 'Premio', decorrenza: '2025-06-01', importo: 100, importo_euro: '1,00' },
      { livello: 'E2', voce: 'Premio', decorrenza: '2025-06-01', importo_euro: '-1,00' },
    ];
    const preview = await call(personale, 'POST', `/api/contratti/ccnl/${id}/voci/import`, { righe });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      righe: 7, valide: 3,
      errori: [4, 5, 6, 7].map((riga) => ({ riga, campi: { importo_euro: 'avvisi.valore_non_valido' } })),
    });
    const before = await read();
    const bad = await call(personale, 'POST', `/api/contratti/ccnl/${id}/voci/import`, { righe, conferma: true });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'avvisi.import_errori']);
    expect(changedTables(before, await read())).toEqual([]);
    const ok = await call(personale, 'POST', `/api/contratti/ccnl/${id}/voci/import`, { righe: righe.slice(0, 3), conferma: true });
    expect(ok.json()).toMatchObject({ message: 'avvisi.import_completato', data: { righe: 3 } });
    const stored = (await call(personale, 'GET', `/api/contratti/ccnl/${id}/voci?livello=e1`)).json();
    expect(stored.rows.map((r: Row) => [r.livello, r.voce, r.importo])).toEqual([['E1', 'EDR', 1033], ['E1', 'Minimo tabellare', 174203]]);
    const table = (await call(personale, 'GET', `/api/contratti/ccnl/${id}/tabella?data=2025-07-01`)).json();
    expect(table.livelli.map((l: Row) => [l.livello, l.totale_mensile])).toEqual([['E1', 175236], ['E2', 193178]]);
  });
  it('warns HR that a CCNL table is stale today when its latest decorrenza is more than 12 months old, on the pay table and on the home page (issue #28)', async () => {
    const today = localNow(t.config.timezone).data;
    const home = async (s: Session) => (await call(s, 'GET', '/api/home')).json();
    // the demo's Metalmeccanici runs to its 1/6/2028 raise: current, whatever date is shown
    expect((await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/tabella?data=2025-01-01`)).json()).toMatchObject({ ultima_decorrenza: '2028-06-01', tabella_scaduta: false });
    const before = (await home(personale)).ccnl_tabelle_scadute ?? 0;

    // an agreement whose table stopped at 1/6/2025: stale on the table of today and of any other date
    const created = await call(personale, 'PUT', '/api/contratti/ccnl', {
      codice: 'S011', descrizione: 'CCNL fermo al 2025', mensilita: 13, ore_settimanali: 40, divisore_orario: 173, livelli: [{ codice: 'L1', descrizione: 'Primo livello' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect((await call(personale, 'PUT', `/api/contratti/ccnl/${id}/voci`, { livello: 'L1', voce: 'Minimo tabellare', decorrenza: '2025-06-01', importo: 200000 })).statusCode).toBe(201);
    for (const data of [today, '2025-06-01']) {
      expect((await call(personale, 'GET', `/api/contratti/ccnl/${id}/tabella?data=${data}`)).json()).toMatchObject({ ultima_decorrenza: '2025-06-01', tabella_scaduta: true });
    }
    expect((await home(personale)).ccnl_tabelle_scadute).toBe(before + 1);
    // the employee's home does not carry it
    expect(await home(mario)).not.toHaveProperty('ccnl_tabelle_scadute');

    // its renewal entered from today: current again, and gone from the home page
    expect((await call(personale, 'PUT', `/api/contratti/ccnl/${id}/voci`, { livello: 'L1', voce: 'Minimo tabellare', decorrenza: today, importo: 205000 })).statusCode).toBe(201);
    expect((await call(personale, 'GET', `/api/contratti/ccnl/${id}/tabella?data=${today}`)).json()).toMatchObject({ ultima_decorrenza: today, tabella_scaduta: false });
    expect((await home(personale)).ccnl_tabelle_scadute ?? 0).toBe(before);
  });

  it('brings a demo database seeded with the 2025 tables up to the renewal at its next start, keeping what HR entered or edited (issue #28)', async () => {
    // the database as the previous version seeded it: the 2024 and 2025 minima only, no end of validity, the old texts
    const keep = 'Descrizione scritta dall’amministratore';
    await t.handle.db.execute(sql`delete from contratti_voci where ccnl_id = ${ids.ccnl} and voce = 'Minimo tabellare' and decorrenza >= '2026-06-01' and livello_id <> (select id from contratti_livelli where ccnl_id = ${ids.ccnl} and codice = 'A1')`);
    // HR had typed the A1 raise of June 2026 himself, with another amount: it stays
    await t.handle.db.execute(sql`delete from contratti_voci where ccnl_id = ${ids.ccnl} and voce = 'Minimo tabellare' and decorrenza > '2026-06-01'`);
    await t.handle.db.execute(sql`update contratti_voci set importo = 290000 where ccnl_id = ${ids.ccnl} and decorrenza = '2026-06-01'`);
    await t.handle.db.execute(sql`update contratti_ccnl set valido_al = null, parti_firmatarie = 'Federmeccanica, Assistal; FIM-CISL, FIOM-CGIL, UILM-UIL' where id = ${ids.ccnl}`);
    await t.handle.db.execute(sql`update contratti_livelli set descrizione = 'Attività tecniche complesse con autonomia operativa (ex 5ª categoria)' where ccnl_id = ${ids.ccnl} and codice = 'C3'`);
    await t.handle.db.execute(sql`update contratti_livelli set descrizione = ${keep} where ccnl_id = ${ids.ccnl} and codice = 'B3'`);
    // the minimum of each level on a date (an EDR entered above sits beside it)
    const minimi = async (data: string) =>
      ((await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}/tabella?data=${data}`)).json().livelli as { livello: string; voci: { voce: string; importo: number }[] }[])
        .map((l) => [l.livello, l.voci.find((v) => v.voce === 'Minimo tabellare')?.importo]);
    expect(await minimi('2026-11-28')).toContainEqual(['C3', 215826]);

    // the next start (twice: nothing doubles)
    await seedAll(t.handle, { demo: true, timezone: t.config.timezone });
    await seedAll(t.handle, { demo: true, timezone: t.config.timezone });
    expect(await minimi('2026-11-28')).toEqual([
      ['D1', 178494], ['D2', 197937], ['C1', 202212], ['C2', 206488], ['C3', 221143], ['B1', 237033], ['B2', 254298], ['B3', 283899], ['A1', 290000],
    ]);
    expect(await minimi('2027-06-15')).toEqual([
      ['D1', 183302], ['D2', 203270], ['C1', 207659], ['C2', 212052], ['C3', 227101], ['B1', 243419], ['B2', 261149], ['B3', 291548], ['A1', 298533],
    ]);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from contratti_voci where ccnl_id = ${ids.ccnl} and voce = 'Minimo tabellare'`);
    expect(n.n).toBe(9 * 5);
    const c = (await call(personale, 'GET', `/api/contratti/ccnl/${ids.ccnl}`)).json();
    expect(c).toMatchObject({ valido_al: '2028-06-30', parti_firmatarie: expect.stringMatching(/^Federmeccanica, Assistal e Fim-Cisl/) });
    expect(c.livelli.find((l: Row) => l.codice === 'C3').descrizione).toMatch(/^ex 5ª categoria: ruoli tecnico-specifici/);
    expect(c.livelli.find((l: Row) => l.codice === 'B3').descrizione).toBe(keep);
  });
});
