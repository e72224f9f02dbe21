/**
 * The fixed-term chain on the API (issue #28 §3, D.Lgs 81/2015 art. 19, 21, 23, 24 as amended by D.L. 48/2023): the
 * contract rows' PUT (unchanged) and the fixed-term letter refuse what breaks the chain, naming the field and the
 * limit; GET .../catena shows it; the reasons' catalogue per CCNL; HR's home warns of terms within 30 days and of the
 * 20 % quota.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCounter, changedTables, login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow } from '../../platform/dates';
import { codiceFiscale } from '../../seed/demo-data';

type Row = Record<string, unknown> & { id: number };
type Answer = { statusCode: number; body: string; json: () => { message: string; params?: Record<string, unknown>; data?: Row } & Record<string, unknown> };

describe.skipIf(skipReason())('contracts: the fixed-term chain', () => {
  let t: TestApp;
  let personale: Session;
  let mario: Session;
  let read: () => Promise<Record<string, string>>;
  const call = (s: Session, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never }) as unknown as Promise<Answer>;
  const ids = { ccnl: 0, prod: 0, mansione: 0, altra: 0, emp: 0, vicino: 0, determinato: 0 };
  const refused = async (status: number, message: string, req: () => Promise<Answer>) => {
    const before = await read();
    const r = await req();
    expect([r.statusCode, r.json().message], r.body).toEqual([status, message]);
    expect(changedTables(before, await read())).toEqual([]);
    return r.json();
  };
  const newEmployee = async (matricola: string, cognome: string, hire: string) => {
    const r = await call(personale, 'PUT', '/api/dipendenti', {
      matricola, cognome, nome: 'Test', codice_fiscale: codiceFiscale({ cognome, nome: 'Test', sesso: 'M', data_nascita: '1995-05-05', comune: 'A944' }), reparto_id: ids.prod,
      data_assunzione: hire,
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data!.id;
  };
  const row = (dal: string, data_fine: string, more: Record<string, unknown> = {}) => ({
    dal, data_fine, ccnl_id: ids.ccnl, livello: 'C3', qualifica: 'operaio', tipo_contratto: 'determinato', mansione_id: ids.mansione, ...more,
  });
  const put = (dipendente: number, body: Record<string, unknown>) => () => call(personale, 'PUT', `/api/contratti/dipendenti/${dipendente}/contratti`, body);
  const stored = async (dipendente: number, body: Record<string, unknown>) => {
    const r = await put(dipendente, body)();
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data!;
  };

  beforeAll(async () => {
    t = await makeTestApp();
    [personale, mario] = await Promise.all(['personale', 'mario.rossi'].map((u) => login(t.app, u)));
    ids.ccnl = ((await call(personale, 'GET', '/api/contratti/ccnl')).json().rows as Row[]).find((c) => c.codice === 'C011')!.id;
    ids.prod = ((await call(personale, 'GET', '/api/reparti?size=100')).json().rows as Row[]).find((r) => r.codice === 'PROD')!.id;
    const mansioni = (await call(personale, 'GET', '/api/mansioni?size=100')).json().rows as Row[];
    [ids.mansione, ids.altra] = [mansioni[0].id, mansioni[1].id];
    ids.determinato = ((await call(personale, 'GET', '/api/contratti/modelli?size=100')).json().rows as Row[]).find((m) => m.descrizione === 'Lettera di assunzione a tempo determinato')!.id;
    ids.emp = await newEmployee('992801', 'Catena', '2023-01-02');
    read = await changeCounter(t.handle);
  });
  afterAll(async () => t?.close());

  it('refuses each limit of the chain with 400 naming the field and the limit, storing nothing (art. 19 c. 1–2, art. 21 c. 01, 1, 2; D.Lgs 104/2022 art. 7 c. 2)', async () => {
    // A: 6 months less a day, with a 10-day trial
    await stored(ids.emp, row('2023-01-02', '2023-06-30', { periodo_prova_giorni: 10 }));
    // stop and go (art. 21 c. 2): after a contract of up to 6 months, 10 days; the first day allowed is named
    const gap = await refused(400, 'avvisi.determinato_intervallo_rinnovo', put(ids.emp, row('2023-07-10', '2023-12-31')));
    expect(gap.params).toMatchObject({ campo: 'dal', data: '2023-07-11', giorni: 10, fine_precedente: '2023-06-30', fields: { dal: 'avvisi.determinato_intervallo_rinnovo' } });
    // no new trial on a renewal for the same duties; for other duties it may have one
    const prova = await refused(400, 'avvisi.determinato_prova_ripetuta', put(ids.emp, row('2023-07-11', '2023-12-31', { periodo_prova_giorni: 5 })));
    expect(prova.params?.fields).toEqual({ periodo_prova_giorni: 'avvisi.determinato_prova_ripetuta' });
    // B: the renewal on the 11th day, no trial: 11 months 20 days in all
    const b = await stored(ids.emp, row('2023-07-11', '2023-12-31'));
    // an extension of 3 months takes the total past 12: it needs its reason, however short the row (D.L. 48/2023)
    const causale = await refused(400, 'avvisi.determinato_catena_senza_causale', put(ids.emp, row('2024-01-01', '2024-03-31')));
    expect(causale.params).toMatchObject({ campo: 'causale', mesi_totali: 14, giorni_totali: 20, massimo: 12, fields: { causale: 'avvisi.determinato_catena_senza_causale' } });
    const why = 'Punte di attività legate all’acquisizione di commesse o ordini straordinari non programmabili';
    await stored(ids.emp, row('2024-01-01', '2024-03-31', { causale: why }));
    // 10 more months would make 24 months 20 days in the chain (art. 19 c. 2)
    const oltre = await refused(400, 'avvisi.determinato_catena_oltre_24_mesi', put(ids.emp, row('2024-04-01', '2025-01-31', { causale: why })));
    expect(oltre.params).toMatchObject({ campo: 'data_fine', mesi_totali: 24, giorni_totali: 20, massimo: 24, fields: { data_fine: 'avvisi.determinato_catena_oltre_24_mesi' } });
    // extensions 2, 3, 4; the 5th is refused (art. 21 c. 1: the contract would become open-ended)
    for (const [dal, fine] of [['2024-04-01', '2024-04-30'], ['2024-05-01', '2024-05-31'], ['2024-06-01', '2024-06-30']]) await stored(ids.emp, row(dal, fine, { causale: why }));
    const quinta = await refused(400, 'avvisi.determinato_troppe_proroghe', put(ids.emp, row('2024-07-01', '2024-07-31', { causale: why })));
    expect(quinta.params).toMatchObject({ campo: 'tipo_contratto', proroghe: 5, massimo: 4 });
    // a correction is checked too: a trial added to the renewal afterwards
    await refused(400, 'avvisi.determinato_prova_ripetuta', () =>
      call(personale, 'POST', `/api/contratti/dipendenti/${ids.emp}/contratti/${b.id}`, { ...row('2023-07-11', '2023-12-31', { periodo_prova_giorni: 5 }), motivo: 'Patto di prova' }),
    );
    // the open-ended contract that follows is allowed: it is not part of the chain
    await stored(ids.emp, { ...row('2024-07-01', '2024-07-31'), tipo_contratto: 'indeterminato', data_fine: null });
  });

  it('GET .../catena: each contract and extension with its months, the running total and what is still possible', async () => {
    const r = await call(personale, 'GET', `/api/contratti/dipendenti/${ids.emp}/catena`);
    expect(r.statusCode, r.body).toBe(200);
    const c = r.json() as unknown as { voci: Row[] } & Record<string, unknown>;
    expect(c.voci.map((v) => [v.tipo, v.dal, v.durata, v.totale, v.proroghe])).toEqual([
      ['contratto', '2023-01-02', { mesi: 5, giorni: 29 }, { mesi: 5, giorni: 29 }, 0],
      ['rinnovo', '2023-07-11', { mesi: 5, giorni: 21 }, { mesi: 11, giorni: 20 }, 0],
      ['proroga', '2024-01-01', { mesi: 3, giorni: 0 }, { mesi: 14, giorni: 20 }, 1],
      ['proroga', '2024-04-01', { mesi: 1, giorni: 0 }, { mesi: 15, giorni: 20 }, 2],
      ['proroga', '2024-05-01', { mesi: 1, giorni: 0 }, { mesi: 16, giorni: 20 }, 3],
      ['proroga', '2024-06-01', { mesi: 1, giorni: 0 }, { mesi: 17, giorni: 20 }, 4],
    ]);
    expect(c).toMatchObject({
      dipendente_id: ids.emp, livello: 'C3', qualifica: 'operaio', totale: { mesi: 17, giorni: 20 }, proroghe_usate: 4, proroghe_residue: 0, residuo: { mesi: 6, giorni: 10 },
      // converted to open-ended: no running term
      in_corso: false, termine: null, proroga_possibile: false, rinnovo_dal: '2024-07-21', massimo_mesi: 24, massimo_proroghe: 4,
    });
    // an employee reads no one's chain, his own neither
    expect((await call(mario, 'GET', `/api/contratti/dipendenti/${ids.emp}/catena`)).statusCode).toBe(403);
    expect((await call(personale, 'GET', '/api/contratti/dipendenti/999999/catena')).statusCode).toBe(404);
  });

  it('the demo’s fixed-term warehouse worker is near the 24 months: 12 months, a renewal with its reason, an extension ending in December', async () => {
    const kevin = ((await call(personale, 'GET', '/api/dipendenti?size=1000')).json().rows as Row[]).find((e) => e.cognome === 'Bolognesi')!;
    const c = (await call(personale, 'GET', `/api/contratti/dipendenti/${kevin.id}/catena`)).json() as unknown as { voci: Row[] } & Record<string, unknown>;
    expect(c.voci.map((v) => [v.tipo, v.durata, !!v.causale, v.errore])).toEqual([
      ['contratto', { mesi: 12, giorni: 0 }, false, null], ['rinnovo', { mesi: 6, giorni: 9 }, true, null], ['proroga', { mesi: 3, giorni: 20 }, true, null],
    ]);
    expect(c).toMatchObject({ totale: { mesi: 21, giorni: 29 }, residuo: { mesi: 2, giorni: 1 }, proroghe_residue: 3, in_corso: true, proroga_possibile: true });
    expect(c.termine).toMatch(/-12-20$/);
  });

  it('a fixed-term letter keeps the chain too, and states the right of precedence (art. 21 c. 2, art. 24 c. 4)', async () => {
    const emp = await newEmployee('992802', 'Lettera', '2025-01-07');
    await stored(emp, row('2025-01-07', '2025-03-31'));
    const dati = { ccnl_id: ids.ccnl, livello: 'C3', qualifica: 'operaio', tipo_contratto: 'determinato', mansione_id: ids.mansione, residenza: 'Via Emilia 1, Bologna' };
    const gap = await refused(400, 'avvisi.determinato_intervallo_rinnovo', () =>
      call(personale, 'PUT', '/api/contratti/documenti', { dipendente_id: emp, modello_id: ids.determinato, dati: { ...dati, data_inizio: '2025-04-05', data_fine: '2025-06-30' } }),
    );
    expect(gap.params).toMatchObject({ data: '2025-04-11', fields: { dal: 'avvisi.determinato_intervallo_rinnovo' } });
    const pre = await call(personale, 'POST', '/api/contratti/documenti/anteprima', {
      dipendente_id: emp, modello_ids: [ids.determinato], dati: { ...dati, data_inizio: '2025-04-11', data_fine: '2025-06-30' },
    });
    expect(pre.statusCode, pre.body).toBe(200);
    const testo = JSON.stringify(pre.json().documenti);
    expect(testo).toContain('Diritto di precedenza (art. 24 D.Lgs 81/2015)');
    expect(testo).toContain('entro sei mesi dalla data di cessazione del rapporto');
  });

  it('keeps the reasons per CCNL: the Metalmeccanici catalogue is seeded, HR adds one, a wrong CCNL is a 400', async () => {
    const list = (await call(personale, 'GET', `/api/contratti/causali?ccnl_id=${ids.ccnl}&attiva=true&size=100`)).json().rows as Row[];
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.map((c) => c.descrizione)).toContain('Sostituzione di lavoratori assenti con diritto alla conservazione del posto');
    const created = await call(personale, 'PUT', '/api/contratti/causali', { ccnl_id: ids.ccnl, codice: 'FIERA26', descrizione: 'Fiera EMO 2027' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ message: 'avvisi.created', params: { context: 'causale_determinato' }, data: { ccnl_codice: 'C011', attiva: true } });
    const bad = await refused(400, 'avvisi.validation', () => call(personale, 'PUT', '/api/contratti/causali', { ccnl_id: 999999, codice: 'X', descrizione: 'X' }));
    expect(bad.params?.fields).toEqual({ ccnl_id: 'avvisi.valore_non_valido' });
    expect((await call(mario, 'GET', '/api/contratti/causali')).statusCode).toBe(403);
  });

  it('HR’s home warns 30 days before a fixed-term term, with whether it may still be extended, and counts the 20 % quota (art. 23 c. 1)', async () => {
    const today = localNow('Europe/Rome').data;
    const emp = await newEmployee('992803', 'Scadenza', addDays(today, -60));
    await stored(emp, row(addDays(today, -60), addDays(today, 10)));
    const home = (await call(personale, 'GET', '/api/home')).json() as unknown as {
      termini_in_scadenza: Row[]; quota_determinato: { anno: number; indeterminati: number; determinati: number; limite: number; superata: boolean };
    };
    expect(home.termini_in_scadenza.find((x) => x.dipendente_id === emp)).toEqual({
      dipendente_id: emp, nominativo: 'Scadenza Test', data_fine: addDays(today, 10), giorni_mancanti: 10, proroga_possibile: true, residuo: expect.any(Object), proroghe_residue: 4,
    });
    // every warning is within 30 days, soonest first
    const dates = home.termini_in_scadenza.map((x) => x.data_fine as string);
    expect(dates.every((d) => d >= today && d <= addDays(today, 30))).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    const q = home.quota_determinato;
    expect(q.anno).toBe(Number(today.slice(0, 4)));
    expect(q.indeterminati).toBeGreaterThan(30);
    expect(q.determinati).toBeGreaterThanOrEqual(1);
    expect(q.limite).toBe(Math.floor(q.indeterminati / 5 + 0.5));
    expect(q.superata).toBe(q.determinati > q.limite);
    // an employee's home carries neither
    const own = (await call(mario, 'GET', '/api/home')).json();
    expect(own).not.toHaveProperty('termini_in_scadenza');
    expect(own).not.toHaveProperty('quota_determinato');
  });
});
