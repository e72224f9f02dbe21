import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { festivitaNazionali } from '@tulip/attendance';
import { addDays, localNow, weekdayMon0 } from '../../platform/dates';
import { closeMonthReviewed, login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';

type Row = { dipendente_id: number; matricola: string; nome: string; regola: string; data: string; dettaglio: string; params: Record<string, string | number>; verifica: { nota: string; utente: string; il: string } | null };

describe.skipIf(skipReason())('working-time compliance, D.Lgs 66/2003 (issue #31 §1)', () => {
  let t: TestApp;
  let hr: Session;
  let laura: Session;
  let mario: Session;
  let admin: Session;
  const tz = 'Europe/Rome';
  const today = localNow(tz).data;
  const mese = today.slice(0, 7);
  const call = (s: Session | null, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as never, url, headers: s ? s.auth : {}, payload: payload as never });
  const findings = async (s: Session, q: string): Promise<Row[]> => {
    const r = await call(s, 'GET', `/api/conformita?${q}`);
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    return r.json().rows;
  };

  beforeAll(async () => {
    t = await makeTestApp();
    [hr, laura, mario, admin] = [await login(t.app, 'personale'), await login(t.app, 'laura.bianchi'), await login(t.app, 'mario.rossi'), await login(t.app, 'admin')];
  });
  afterAll(async () => t?.close());

  it('finds in the demo one person for each rule that holds in any month, each with its detail', async () => {
    const rows = await findings(hr, `mese=${mese}`);
    const by = (regola: string) => rows.filter((r) => r.regola === regola);
    expect(by('durata_massima_giornaliera').map((r) => r.nome)).toEqual(['Minarelli Ivan']);
    expect(by('durata_massima_giornaliera')[0]).toMatchObject({ dettaglio: 'conformita.dettaglio_durata_massima_giornaliera', params: { lavorato: '13:15', limite: '13:00' }, verifica: null });
    expect(by('pausa').map((r) => r.nome)).toEqual(['Baraldi Cristian']);
    expect(by('pausa')[0].params).toMatchObject({ continuativo: '7:00', dalle: '07:00', alle: '14:00' });
    expect(by('riposo_giornaliero').map((r) => r.nome).sort()).toEqual(["Dall'Olio Enrico", 'Minarelli Ivan']);
    expect(by('riposo_settimanale').map((r) => r.nome)).toEqual(['Russo Antonio']);
    expect(by('durata_media_settimanale').map((r) => r.nome)).toEqual(['Melotti Chiara']);
    // the month's average is dated on its last day, so the finding keeps its identity while the month runs
    expect(by('durata_media_settimanale')[0].data).toBe(addDays(`${addDays(`${mese}-28`, 4).slice(0, 7)}-01`, -1));
    // the yearly rules need the year's history: the demo's overtime and night shifts start on 1 January
    if (today.slice(5) >= '10-01') {
      expect(by('straordinario_annuo').map((r) => r.nome)).toContain('Castagnoli Lorenzo');
      expect(new Set(by('lavoro_notturno').map((r) => r.nome))).toEqual(new Set(['Tassinari Michele']));
    }
    // one rule, one person
    expect((await findings(hr, `mese=${mese}&regola=pausa`)).map((r) => r.regola)).toEqual(['pausa']);
    const ivan = by('durata_massima_giornaliera')[0].dipendente_id;
    expect(new Set((await findings(hr, `mese=${mese}&dipendente_id=${ivan}`)).map((r) => r.nome))).toEqual(new Set(['Minarelli Ivan']));
  });

  it('is scoped like the timecard: a manager his departments, an employee his own, nothing else', async () => {
    const all = await findings(hr, `mese=${mese}`);
    const mag = (await call(hr, 'GET', '/api/reparti?search=Magazzino')).json().rows[0].id as number;
    expect((await findings(hr, `mese=${mese}&reparto_id=${mag}`)).every((r) => ['Minarelli Ivan', 'Baraldi Cristian', "Dall'Olio Enrico", 'Russo Antonio', 'Tassinari Michele'].includes(r.nome))).toBe(true);
    // Laura manages Produzione, where the demo breaks no rule
    const hers = await findings(laura, `mese=${mese}`);
    expect(hers.filter((r) => all.some((a) => a.dipendente_id === r.dipendente_id && ['Minarelli Ivan', 'Melotti Chiara'].includes(a.nome)))).toEqual([]);
    expect((await call(laura, 'GET', `/api/conformita?mese=${mese}&dipendente_id=${all[0].dipendente_id}`)).statusCode).toBe(404);
    expect(await findings(mario, `mese=${mese}`)).toEqual([]);
    expect((await call(mario, 'GET', `/api/conformita?mese=${mese}&dipendente_id=${all[0].dipendente_id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/conformita?mese=${mese}`)).statusCode).toBe(401);
    // bad input is a 400 with its field
    const bad = await call(hr, 'GET', '/api/conformita?mese=2026-13&regola=nessuna');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().params.fields).sort()).toEqual(['mese', 'regola']);
  });

  it('HR reviews a finding with a note (audited); a manager cannot; a finding that is not there is a 404', async () => {
    const [f] = await findings(hr, `mese=${mese}&regola=pausa`);
    const body = { dipendente_id: f.dipendente_id, regola: f.regola, data: f.data, nota: 'Sabato straordinario concordato: pausa non timbrata, verificata col lavoratore' };
    expect((await call(laura, 'PUT', '/api/conformita/verifiche', body)).statusCode).toBe(403);
    expect((await call(hr, 'PUT', '/api/conformita/verifiche', { ...body, nota: '' })).statusCode).toBe(400);
    const ok = await call(hr, 'PUT', '/api/conformita/verifiche', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'avvisi.riscontro_verificato', data: { regola: 'pausa', verifica: { nota: body.nota, utente: 'personale' } } });
    expect((await findings(hr, `mese=${mese}&regola=pausa`))[0].verifica?.nota).toBe(body.nota);
    // a second review replaces the note, audited with what it was
    expect((await call(hr, 'PUT', '/api/conformita/verifiche', { ...body, nota: 'Nota corretta' })).statusCode).toBe(200);
    const log = (await call(admin, 'GET', '/api/audit?entita=conformita_verifiche')).json().rows;
    expect(log.map((r: { azione: string }) => r.azione)).toEqual(['verifica', 'verifica']);
    expect(log.find((r: { dopo: { nota: string } }) => r.dopo.nota === 'Nota corretta').prima).toMatchObject({ nota: body.nota });
    const none = await call(hr, 'PUT', '/api/conformita/verifiche', { ...body, regola: 'durata_massima_giornaliera' });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('avvisi.riscontro_inesistente');
  });

  it('refuses to close a month with findings not reviewed, and closes it once each has its note', async () => {
    // a person of this test works 14 hours on a day of last month
    const hol = (d: string) => festivitaNazionali(Number(d.slice(0, 4))).some((f) => f.data === d);
    let day = addDays(`${mese}-01`, -10);
    while (weekdayMon0(day) > 4 || hol(day)) day = addDays(day, -1);
    const prev = day.slice(0, 7);
    const created = await call(hr, 'PUT', '/api/dipendenti', { matricola: '009310', cognome: 'Lunghi', nome: 'Orazio', codice_fiscale: 'LNGRZO80A01A944K', data_assunzione: '2020-01-01' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    for (const [hhmm, verso] of [['05:00', 'E'], ['12:00', 'U'], ['12:30', 'E'], ['19:30', 'U']] as const) {
      expect((await call(hr, 'PUT', '/api/timbrature', { dipendente_id: id, ts: `${day}T${hhmm}:00`, verso, motivo: 'Inventario', id_richiesta: randomUUID() })).statusCode).toBe(201);
    }
    const mine = await findings(hr, `mese=${prev}&dipendente_id=${id}`);
    expect(mine.map((r) => `${r.regola} ${r.data}`)).toContain(`durata_massima_giornaliera ${day}`);
    const open = (await findings(hr, `mese=${prev}`)).filter((r) => !r.verifica).length;
    const refused = await call(hr, 'POST', '/api/cartellino/chiusura', { mese: prev });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'avvisi.conformita_da_verificare', params: { n: open } });
    expect((await closeMonthReviewed(t.app, hr, prev)).statusCode).toBe(200);
    // a closed month's findings stay as reviewed: no new review there
    const again = await call(hr, 'PUT', '/api/conformita/verifiche', { dipendente_id: id, regola: 'durata_massima_giornaliera', data: day, nota: 'dopo' });
    expect(again.json()).toMatchObject({ message: 'avvisi.mese_chiuso' });
    expect((await call(hr, 'DELETE', `/api/cartellino/chiusura/${prev}`)).statusCode).toBe(204);
  });

  it('refuses HR a review of a finding about herself: a colleague reviews it', async () => {
    const me = (await call(hr, 'GET', '/api/user/profile')).json().dipendente.id as number;
    // a day of this month before today on which she did not punch (findings are dated up to today)
    let day = addDays(today, -1);
    while (day >= `${mese}-01` && (await call(admin, 'GET', `/api/timbrature?dipendente_id=${me}&dal=${day}&al=${day}`)).json().rows.length) day = addDays(day, -1);
    expect(day >= `${mese}-01`, 'a day without punches in this month').toBe(true);
    for (const [hhmm, verso] of [['04:00', 'E'], ['11:30', 'U'], ['12:00', 'E'], ['18:30', 'U']] as const) {
      const r = await call(admin, 'PUT', '/api/timbrature', { dipendente_id: me, ts: `${day}T${hhmm}:00`, verso, motivo: 'Inventario', id_richiesta: randomUUID() });
      expect(r.statusCode, r.body).toBe(201);
    }
    const all = await findings(admin, `mese=${mese}&dipendente_id=${me}`);
    const f = all.find((r) => r.regola === 'durata_massima_giornaliera');
    expect(f, JSON.stringify(all)).toBeDefined();
    const body = { dipendente_id: me, regola: f!.regola, data: f!.data, nota: 'Inventario annuale' };
    const own = await call(hr, 'PUT', '/api/conformita/verifiche', body);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('avvisi.verifica_conformita_propria');
    expect((await call(admin, 'PUT', '/api/conformita/verifiche', body)).statusCode).toBe(200);
  });

  it('counts the month\'s findings to review on the home page of HR, and exports them to Excel in words', async () => {
    const rows = await findings(hr, `mese=${mese}`);
    const home = (await call(hr, 'GET', '/api/home')).json();
    expect(home.conformita_da_verificare).toBe(rows.filter((r) => !r.verifica).length);
    expect((await call(mario, 'GET', '/api/home')).json().conformita_da_verificare).toBeUndefined();
    const x = await call(hr, 'GET', `/api/conformita/excel?mese=${mese}`);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toContain(`conformita-${mese}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as never);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual(expect.arrayContaining(['Giorno', 'Matricola', 'Dipendente', 'Regola', 'Dettaglio']));
    const texts = ws.getSheetValues().flat().map(String);
    expect(texts).toContain('Pausa (art. 8)');
    expect(texts.some((s) => s.startsWith('7:00 ore di lavoro continuato dalle 07:00 alle 14:00'))).toBe(true);
  });

  it('refuses a night period that is not 7 hours including midnight to 5 (art. 1 c. 2 lett. d)', async () => {
    const base = { codice: 'NOTTE6', descrizione: 'Prova', fasce: [{ inizio: '22:00', fine: '06:00' }] };
    const r = await call(hr, 'PUT', '/api/turni', { ...base, notturno: { inizio: '23:00', fine: '05:00' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().params.fields.notturno).toBe('avvisi.fascia_notturna_non_valida');
    expect((await call(hr, 'PUT', '/api/turni', { ...base, notturno: { inizio: '23:00', fine: '06:00' }, pausa_retribuita: 30 })).statusCode).toBe(201);
  });
});
