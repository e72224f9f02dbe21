import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivitaNazionali } from '@tulip/attendance';
import { PRESENZE_MAX_SIZE, STATI_PRESENZA } from '@tulip/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { now, nowMs, setClock } from '../../platform/clock';
import { addDays, eachDay, localNow, weekdayMon0 } from '../../platform/dates';
import { batchStats } from '../../platform/db/batch';
import { wirePayroll } from '../../platform/payroll';
import { wireEvents, type EventHandler } from '../../platform/events';
import { MODULES } from '../../modules';
import { closeMonthReviewed, makeTestApp, login, pdfText, skipReason, type Session, type TestApp } from '../../../test/harness';
import { decodeQp } from '../../../../../test/support/smtp';

/** A weekday of the previous month (open in the demo data: the seed closes the month before it). */
/** The n-th working day (0 = first) from the 20th day before this month, skipping weekends and national holidays. */
function pastWeekday(n = 0): string {
  const today = localNow('Europe/Rome').data;
  const holiday = (x: string) => festivitaNazionali(Number(x.slice(0, 4))).some((f) => f.data === x);
  const working = (x: string) => weekdayMon0(x) <= 4 && !holiday(x);
  let d = addDays(`${today.slice(0, 7)}-01`, -20);
  while (!working(d)) d = addDays(d, 1);
  for (let i = 0; i < n; i++) {
    d = addDays(d, 1);
    while (!working(d)) d = addDays(d, 1);
  }
  return d;
}

describe.skipIf(skipReason())('attendance: punches, leave, timecard, totals, kiosk', () => {
  let t: TestApp;
  let hr: Session;
  let admin: Session;
  let laura: Session;
  let mario: Session;
  let marioId: number;
  let sara: number; // an employee made for these tests, on the daily shift
  const day = pastWeekday();
  const call = (s: Session | null, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as never, url, headers: s ? s.auth : {}, payload: payload as never });

  beforeAll(async () => {
    t = await makeTestApp();
    [hr, admin, laura, mario] = [await login(t.app, 'personale'), await login(t.app, 'admin'), await login(t.app, 'laura.bianchi'), await login(t.app, 'mario.rossi')];
    marioId = (await call(mario, 'GET', '/api/user/profile')).json().dipendente.id;
    const prod = (await call(hr, 'GET', '/api/reparti?search=Produzione')).json().rows[0];
    const created = await call(hr, 'PUT', '/api/dipendenti', {
      matricola: '009100', cognome: 'Gualandi', nome: 'Sara', codice_fiscale: 'GLNSRA90A41A944C', data_assunzione: '2020-01-01', reparto_id: prod.id, badge: 'B9100', pin: '4321',
    });
    sara = created.json().data.id;
    const std = (await call(hr, 'GET', '/api/orari?search=STD')).json().rows[0];
    expect((await call(hr, 'PUT', '/api/assegnazioni-orario', { dipendente_id: sara, orario_id: std.id, dal: '2020-01-01' })).statusCode).toBe(201);
  });
  afterAll(async () => t?.close());

  it('computes the worked example of the rulebook in the timecard', async () => {
    for (const [hhmm, verso] of [['08:33', 'E'], ['12:31', 'U'], ['13:29', 'E'], ['18:20', 'U']] as const) {
      const r = await call(hr, 'PUT', '/api/timbrature', { dipendente_id: sara, ts: `${day}T${hhmm}:00`, verso, motivo: 'Badge dimenticato', id_richiesta: randomUUID() });
      expect(r.statusCode).toBe(201);
    }
    const c = (await call(hr, 'GET', `/api/cartellino?dipendente=${sara}&mese=${day.slice(0, 7)}`)).json();
    const g = c.giorni.find((x: { data: string }) => x.data === day);
    expect(g).toMatchObject({ tipo_giorno: 'lavorativo', minuti_teorici: 480, minuti_lavorati: 510, minuti_ordinari: 480, minuti_straordinari: 30, minuti_mancanti: 0, modificato: true });
    expect(g.anomalie).toEqual([]);
    expect(g.turno.codice).toBe('GIORNALIERO');
    expect(g.timbrature.every((p: { manuale: boolean }) => p.manuale)).toBe(true);
    expect(c.totali.minuti_straordinari).toBeGreaterThanOrEqual(30);
    // the audit log has each manual insert with its reason
    const log = (await call(admin, 'GET', '/api/audit?entita=timbrature')).json();
    expect(log.rows.filter((r: { motivo: string }) => r.motivo === 'Badge dimenticato')).toHaveLength(4);
  });

  it('exports the timecard as the screen shows it: the labels of the anomalies, h:mm durations, the early exit (issue #12)', async () => {
    const odd = pastWeekday(3);
    expect((await call(hr, 'PUT', '/api/timbrature', { dipendente_id: sara, ts: `${odd}T08:31:00`, verso: 'E', motivo: 'Solo entrata', id_richiesta: randomUUID() })).statusCode).toBe(201);
    const mese = day.slice(0, 7);
    const xlsx = await call(hr, 'GET', `/api/cartellino/excel?dipendente=${sara}&mese=${mese}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    const ws = wb.worksheets[0];
    const header = ws.getRow(2).values as unknown[];
    const rowOf = (d: string) => {
      let found: ExcelJS.Row | undefined;
      ws.eachRow((r) => {
        if (r.getCell(1).value === d.split('-').reverse().join('/')) found = r;
      });
      return found!;
    };
    const worked = rowOf(day).getCell(header.indexOf('Lavorati'));
    // a duration is a fraction of a day; exceljs reads one back as a date from 30/12/1899
    const v = worked.value;
    expect(v instanceof Date ? Math.round((v.getTime() - Date.UTC(1899, 11, 30)) / 60000) : Math.round(Number(v) * 1440)).toBe(510);
    expect(worked.numFmt).toBe('[h]:mm');
    if (odd.slice(0, 7) === mese) expect(rowOf(odd).getCell(header.indexOf('Anomalie')).value).toContain('Timbrature dispari');
    // the PDF: the short labels and an early-exit column, as on the screen
    const pdf = await call(hr, 'GET', `/api/cartellino/pdf?dipendente=${sara}&mese=${odd.slice(0, 7)}`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Usc. ant.');
    expect(text).toContain('Dispari');
    expect(text).not.toContain('TIMBRATURE_DISPARI');
  });

  it('stores an employee punch once per id_richiesta, at the server time only', async () => {
    const id = randomUUID();
    const a = await call(mario, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: id, fonte: 'mobile', lat: 44.49, lon: 11.34 });
    const b = await call(mario, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: id, fonte: 'mobile', lat: 44.49, lon: 11.34 });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(a.json().data).toMatchObject({ dipendente_id: marioId, fonte: 'mobile', verso: 'E', lat: 44.49 });
    // the spec's key, with params naming what was done: "Entrata registrata alle 08:31" (issue #12)
    expect(a.json()).toMatchObject({ message: 'avvisi.created', params: { context: 'entrata', ora: a.json().data.ts.slice(11, 16) } });
    expect((await call(mario, 'PUT', '/api/timbrature', { verso: 'U', id_richiesta: id })).statusCode).toBe(409);
    const oggi = (await call(mario, 'GET', '/api/timbrature/oggi')).json();
    expect(oggi.timbrature.filter((p: { id_richiesta: string }) => p.id_richiesta === id)).toHaveLength(1);
    // an employee cannot choose the time nor punch for someone else
    const ts = await call(mario, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: randomUUID(), ts: `${day}T08:00:00` });
    expect(ts.statusCode).toBe(400);
    expect(ts.json().params.fields.ts).toBe('avvisi.ora_non_ammessa');
    expect((await call(mario, 'PUT', '/api/timbrature', { dipendente_id: sara, verso: 'E', id_richiesta: randomUUID() })).statusCode).toBe(404);
  });

  it('keeps the device time of a punch sent late, for HR, while the punch keeps the server time', async () => {
    const made = new Date(nowMs() - 90 * 60_000);
    const r = await call(mario, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: randomUUID(), fonte: 'mobile', ts_dispositivo: made.toISOString() });
    expect(r.statusCode).toBe(201);
    const p = r.json().data;
    const wall = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'medium' }).format(d).replace(' ', 'T');
    expect(p.ts_dispositivo).toBe(wall(new Date(Math.floor(made.getTime() / 1000) * 1000)));
    // the punch itself is at the server's time
    expect(Math.abs(Date.parse(`${p.ts}Z`) - Date.parse(`${wall(now())}Z`))).toBeLessThan(60_000);
    const other = await call(mario, 'PUT', '/api/timbrature', { verso: 'U', id_richiesta: randomUUID() });
    expect(other.json().data.ts_dispositivo).toBeNull();
    // the timecard marks it as sent late, with the device time; the punch made in time carries nothing
    const c = (await call(hr, 'GET', `/api/cartellino?dipendente=${marioId}&mese=${p.ts.slice(0, 7)}`)).json();
    const punches = c.giorni.flatMap((g: { timbrature: { id: number; differita: string | null }[] }) => g.timbrature);
    expect(punches.find((x: { id: number }) => x.id === p.id)?.differita).toBe(p.ts_dispositivo);
    expect(punches.find((x: { id: number }) => x.id === other.json().data.id)?.differita).toBeNull();
    // the timecard's Excel file says it too; the PDF is made with the mark
    const xlsx = await call(hr, 'GET', `/api/cartellino/excel?dipendente=${marioId}&mese=${p.ts.slice(0, 7)}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    const cells = wb.worksheets[0].getSheetValues().flat().map(String);
    expect(cells.some((v) => v.includes(`E ${p.ts.slice(11, 16)} (° ${p.ts_dispositivo.slice(11, 16)})`))).toBe(true);
    expect((await call(hr, 'GET', `/api/cartellino/pdf?dipendente=${marioId}&mese=${p.ts.slice(0, 7)}`)).statusCode).toBe(200);
    for (const bad of ['0000-01-01T00:00:00Z', '2026-11-21T08:00:00', '2026-02-30T08:00:00Z', '2026-11-21T25:00:00Z', 'ieri', 12]) {
      const b = await call(mario, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: randomUUID(), ts_dispositivo: bad });
      expect(b.statusCode, String(bad)).toBe(400);
      expect(b.json().params.fields.ts_dispositivo).toBeTruthy();
    }
    // not on a punch at a chosen time
    const manual = await call(hr, 'PUT', '/api/timbrature', { dipendente_id: sara, ts: `${day}T08:00:00`, verso: 'E', motivo: 'x', id_richiesta: randomUUID(), ts_dispositivo: made.toISOString() });
    expect(manual.statusCode).toBe(400);
    expect(manual.json().params.fields.ts_dispositivo).toBe('avvisi.valore_non_valido');
  });

  it('stores a burst of clock-ins together, each answered as if alone', async () => {
    const before = { ...(batchStats.timbrature ?? { batches: 0, items: 0, failed: 0 }) };
    const ids = Array.from({ length: 40 }, () => randomUUID());
    const twice = ids[0];
    const clash = ids[1];
    // 40 clock-ins at once, plus the same request again and a different one under an id of the burst
    const sent = [
      ...ids.map((id, i) => call(i % 2 ? laura : mario, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: id })),
      call(mario, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: twice }),
      call(laura, 'PUT', '/api/timbrature', { verso: 'U', id_richiesta: clash }),
    ];
    const answers = await Promise.all(sent);
    expect(answers.slice(0, 40).map((a) => a.statusCode)).toEqual(ids.map(() => 201));
    expect(answers[40].statusCode).toBe(201);
    expect(answers[40].json().data).toEqual(answers[0].json().data);
    expect(answers[41].statusCode).toBe(409);
    expect(answers[41].json().message).toBe('avvisi.richiesta_duplicata');
    expect(new Set(answers.slice(0, 40).map((a) => a.json().data.id)).size).toBe(40);
    for (const [i, a] of answers.slice(0, 40).entries()) expect(a.json().data).toMatchObject({ id_richiesta: ids[i], verso: 'E', fonte: 'web' });
    const stored = await t.handle.db.execute(sql`select count(*)::int as n from timbrature where id_richiesta = any(${sql.param(ids)}::uuid[])`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0].n).toBe(40);
    // they went to the database in fewer statements than punches, and no statement failed
    const after = batchStats.timbrature;
    expect(after.items - before.items).toBe(42);
    expect(after.batches - before.batches).toBeLessThan(10);
    expect(after.failed).toBe(before.failed);
  });

  it('refuses bad punches with a clear message and stores nothing', async () => {
    const before = (await call(hr, 'GET', `/api/timbrature?dipendente_id=${sara}&dal=2019-01-01&al=2019-03-31`)).json().total;
    const cases: [unknown, string, string][] = [
      [{ dipendente_id: sara, ts: '2099-01-01T08:00:00', verso: 'E', motivo: 'x', id_richiesta: randomUUID() }, 'ts', 'avvisi.timbratura_futura'],
      [{ dipendente_id: sara, ts: '2019-03-01T08:00:00', verso: 'E', motivo: 'x', id_richiesta: randomUUID() }, 'ts', 'avvisi.timbratura_prima_assunzione'],
      [{ dipendente_id: sara, ts: `${day}T08:00:00`, verso: 'X', motivo: 'x', id_richiesta: randomUUID() }, 'verso', 'avvisi.verso_non_valido'],
      [{ dipendente_id: sara, ts: `${day}T25:00:00`, verso: 'E', motivo: 'x', id_richiesta: randomUUID() }, 'ts', 'avvisi.data_ora_non_valida'],
      [{ dipendente_id: sara, ts: `${day}T08:00:00`, verso: 'E', id_richiesta: randomUUID() }, 'motivo', 'avvisi.campo_richiesto'],
      [{ dipendente_id: sara, ts: `${day}T08:00:00`, verso: 'E', motivo: 'x', id_richiesta: 'non-un-uuid' }, 'id_richiesta', 'avvisi.valore_non_valido'],
    ];
    for (const [body, field, key] of cases) {
      const r = await call(hr, 'PUT', '/api/timbrature', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().params.fields[field]).toBe(key);
    }
    expect((await call(hr, 'PUT', '/api/timbrature', { dipendente_id: 999999, ts: `${day}T08:00:00`, verso: 'E', motivo: 'x', id_richiesta: randomUUID() })).statusCode).toBe(404);
    expect((await call(hr, 'GET', `/api/timbrature?dipendente_id=${sara}&dal=2019-01-01&al=2019-03-31`)).json().total).toBe(before);
  });

  it('corrects a punch keeping the original, and a closed month refuses changes until reopened', async () => {
    const d2 = pastWeekday(1);
    const put = await call(hr, 'PUT', '/api/timbrature', { dipendente_id: sara, ts: `${d2}T09:10:00`, verso: 'E', motivo: 'Inserita', id_richiesta: randomUUID() });
    const orig = put.json().data;
    const fix = await call(hr, 'POST', `/api/timbrature/${orig.id}`, { ts: `${d2}T08:30:00`, motivo: 'Orario errato' });
    expect(fix.statusCode).toBe(200);
    expect(fix.json().data).toMatchObject({ ts: `${d2}T08:30:00`, corregge_id: orig.id, fonte: 'manuale' });
    const list = (await call(hr, 'GET', `/api/timbrature?dipendente_id=${sara}&dal=${d2}&al=${d2}`)).json().rows;
    expect(list.find((p: { id: number }) => p.id === orig.id)).toMatchObject({ stato: 'annullata', motivo_annullamento: 'Orario errato' });
    expect((await call(hr, 'POST', `/api/timbrature/${orig.id}`, { motivo: 'ancora' })).statusCode).toBe(409);
    const log = (await call(admin, 'GET', '/api/audit?entita=timbrature')).json().rows.find((r: { azione: string }) => r.azione === 'correzione');
    expect(log.prima.ts).toBe(`${d2}T09:10:00`);
    expect(log.dopo.ts).toBe(`${d2}T08:30:00`);

    const mese = d2.slice(0, 7);
    expect((await call(laura, 'POST', '/api/cartellino/chiusura', { mese })).statusCode).toBe(403);
    // the month's working-time findings are reviewed first (issue #31)
    expect((await closeMonthReviewed(t.app, hr, mese)).statusCode).toBe(200);
    const refused = await call(hr, 'DELETE', `/api/timbrature/${fix.json().data.id}?motivo=prova`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'avvisi.mese_chiuso', params: { mese } });
    // a new punch in the closed month is refused; the retry of one stored before the closing answers the stored punch
    const late = await call(hr, 'PUT', '/api/timbrature', { dipendente_id: sara, ts: `${d2}T18:00:00`, verso: 'U', motivo: 'Tardiva', id_richiesta: randomUUID() });
    expect(late.json()).toEqual({ message: 'avvisi.mese_chiuso', params: { mese } });
    const retry = await call(hr, 'PUT', '/api/timbrature', { dipendente_id: sara, ts: `${d2}T09:10:00`, verso: 'E', motivo: 'Inserita', id_richiesta: orig.id_richiesta });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.id).toBe(orig.id);
    expect((await call(hr, 'GET', `/api/cartellino?dipendente=${sara}&mese=${mese}`)).json().chiuso).toBe(true);
    expect((await call(hr, 'GET', `/api/totaliz/paghe?mese=${localNow('Europe/Rome').data.slice(0, 7)}`)).statusCode).toBe(409);
    const csv = await call(hr, 'GET', `/api/totaliz/paghe?mese=${mese}&formato=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    // issue #13: the amount column (cents) for what other modules pay through payroll; hours leave it empty
    expect(lines[0]).toBe('codice_azienda;codice_dipendente;codice_voce;data;ore;minuti;importo');
    expect(lines).toContain(`000001;009100;STR;${day};0;30;`);
    expect(lines).toContain(`000001;009100;ORD;${day};8;0;`);
    // an amount a module pays through payroll (expense reimbursements, when they come) travels in the same file
    wirePayroll([...MODULES, { name: 'prova', payroll: async (_db, m) => (m === mese ? [{ matricola: '009100', voce: 'RIMB', data: day, importo_centesimi: 1250 }] : []) }]);
    try {
      const withMoney = await call(hr, 'GET', `/api/totaliz/paghe?mese=${mese}&formato=csv`);
      expect(withMoney.body.trim().split('\r\n')).toContain(`000001;009100;RIMB;${day};;;1250`);
      expect((await call(hr, 'GET', `/api/totaliz/paghe?mese=${mese}&formato=xml`)).body).toContain(`<movimento codice_dipendente="009100" codice_voce="RIMB" data="${day}" importo="1250"/>`);
    } finally {
      wirePayroll(MODULES);
    }
    const xml = await call(hr, 'GET', `/api/totaliz/paghe?mese=${mese}&formato=xml`);
    expect(xml.body).toContain(`<movimento codice_dipendente="009100" codice_voce="STR" data="${day}" ore="0" minuti="30"/>`);
    expect((await call(hr, 'DELETE', `/api/cartellino/chiusura/${mese}`)).statusCode).toBe(204);
    expect((await call(hr, 'DELETE', `/api/timbrature/${fix.json().data.id}?motivo=prova`)).statusCode).toBe(204);
  });

  it('tells the modules that subscribe of each stored punch, once, in batches, and a failing subscriber loses no punch (issues #13, #30)', async () => {
    const heard: { dipendente_id: number; verso: string; id: number }[] = [];
    const listen: EventHandler<'timbratura.registrata'> = async (_db, batch) => void heard.push(...batch.map((p) => ({ dipendente_id: p.dipendente_id, verso: p.verso, id: p.id })));
    const broken: EventHandler<'timbratura.registrata'> = async () => {
      throw new Error('a subscriber that fails');
    };
    // a module before timbrature cannot subscribe to its event: the order is one way
    expect(() => wireEvents([{ name: 'prima', subscribes: { 'timbratura.registrata': listen } }, ...MODULES])).toThrow(/no module before it publishes/);
    wireEvents([...MODULES, { name: 'prova', subscribes: { 'timbratura.registrata': listen } }, { name: 'rotto', subscribes: { 'timbratura.registrata': broken } }]);
    try {
      const id_richiesta = randomUUID();
      const first = await call(mario, 'PUT', '/api/timbrature', { verso: 'U', id_richiesta, fonte: 'web' });
      expect(first.statusCode).toBe(201);
      // the same request again (a phone retrying) answers the stored punch and is not heard twice
      expect((await call(mario, 'PUT', '/api/timbrature', { verso: 'U', id_richiesta, fonte: 'web' })).statusCode).toBe(201);
      expect(heard).toEqual([{ dipendente_id: marioId, verso: 'U', id: first.json().data.id }]);
      const kept = (await call(mario, 'GET', '/api/timbrature/oggi')).json().timbrature.map((p: { id: number }) => p.id);
      expect(kept).toContain(first.json().data.id);
      await call(hr, 'DELETE', `/api/timbrature/${first.json().data.id}?motivo=${encodeURIComponent('Prova degli eventi')}`);
    } finally {
      wireEvents(MODULES);
    }
  });

  it('keeps each employee to its own punches, leave and timecard', async () => {
    const mese = day.slice(0, 7);
    expect((await call(mario, 'GET', `/api/cartellino?dipendente=${sara}&mese=${mese}`)).statusCode).toBe(404);
    expect((await call(mario, 'GET', `/api/cartellino?dipendente=${marioId}&mese=${mese}`)).statusCode).toBe(200);
    expect((await call(mario, 'GET', `/api/timbrature?dipendente_id=${sara}&dal=${day}&al=${day}`)).statusCode).toBe(404);
    expect((await call(mario, 'GET', `/api/giustificativi/saldi?dipendente_id=${sara}`)).statusCode).toBe(404);
    expect((await call(mario, 'PUT', '/api/giustificativi', { dipendente_id: sara, codice: 'FERIE', dal: day, al: day })).statusCode).toBe(404);
    const mine = (await call(mario, 'GET', '/api/giustificativi?size=1000')).json().rows;
    expect(mine.every((g: { dipendente_id: number }) => g.dipendente_id === marioId)).toBe(true);
    // a manager sees its department, not others
    const magazzino = (await call(hr, 'GET', '/api/dipendenti?search=Magazzino&size=1')).json();
    const outsider = (await call(hr, 'GET', '/api/dipendenti?size=100')).json().rows.find((d: { reparto_descrizione: string }) => d.reparto_descrizione === 'Magazzino');
    expect(magazzino).toBeTruthy();
    expect((await call(laura, 'GET', `/api/cartellino?dipendente=${outsider.id}&mese=${mese}`)).statusCode).toBe(404);
    expect((await call(laura, 'GET', `/api/cartellino?dipendente=${sara}&mese=${mese}`)).statusCode).toBe(200);
  });

  it('runs a leave request from employee to manager, with overlap, balance and state checks', async () => {
    // On purpose across the year end, where the bugs were: the clock moves to 24 November of the year whose end
    // comes next after the suite's today (so it never goes back before the seeded data), and mario asks for
    // 28 December to 8 January: weekends, a company closure (31/12), Capodanno and the Epifania inside.
    const anno = Number(addDays(localNow('Europe/Rome').data, 30).slice(0, 4));
    setClock(`${anno}-11-24T09:00:00`);
    try {
      const dal = `${anno}-12-28`;
      const al = `${anno + 1}-01-08`;
      const closed = new Set<string>();
      for (const y of [anno, anno + 1]) for (const f of (await call(mario, 'GET', `/api/festivita/anno/${y}`)).json()) closed.add(f.data);
      expect(closed.has(`${anno}-12-31`) && closed.has(`${anno + 1}-01-01`) && closed.has(`${anno + 1}-01-06`)).toBe(true);
      // mario works Monday to Friday, 8 hours: each year's share costs its working days only
      const cost = (from: string, to: string) => eachDay(from, to).filter((x) => weekdayMon0(x) <= 4 && !closed.has(x)).length * 480;
      const thisYear = cost(dal, `${anno}-12-31`);
      const nextYear = cost(`${anno + 1}-01-01`, al);
      expect(thisYear).toBeGreaterThan(0);
      expect(nextYear).toBeGreaterThan(0);
      const saldo = async (y: number) => (await call(mario, 'GET', `/api/giustificativi/saldi?anno=${y}`)).json().find((x: { codice: string }) => x.codice === 'FERIE');
      const [before, beforeNext] = [await saldo(anno), await saldo(anno + 1)];

      const req = await call(mario, 'PUT', '/api/giustificativi', { codice: 'FERIE', dal, al, note: 'Vacanza' });
      expect(req.statusCode, req.body).toBe(201);
      const g = req.json().data;
      expect(g).toMatchObject({ stato: 'richiesto', codice: 'FERIE', dipendente_id: marioId, dal, al });
      // each year's balance carries its own days, the next year's too although its entitlement has not begun
      const [after, afterNext] = [await saldo(anno), await saldo(anno + 1)];
      expect(after.richiesto - before.richiesto).toBe(thisYear);
      expect(afterNext.richiesto - beforeNext.richiesto).toBe(nextYear);
      expect(afterNext.residuo).toBe(afterNext.spettanza - afterNext.goduto - afterNext.richiesto);

      expect((await call(mario, 'PUT', '/api/giustificativi', { codice: 'FERIE', dal: `${anno + 1}-01-04`, al: `${anno + 1}-01-04` })).json()).toEqual({ message: 'avvisi.giustificativo_sovrapposto' });
      const bad = await call(mario, 'PUT', '/api/giustificativi', { codice: 'FERIE', dal: `${anno + 1}-01-20`, al: `${anno + 1}-01-19` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().params.fields.al).toBe('avvisi.al_prima_di_dal');
      const workday = (d: string) => {
        while (weekdayMon0(d) > 4 || closed.has(d)) d = addDays(d, 1);
        return d;
      };
      const hoursDay = workday(`${anno + 1}-01-18`);
      const hours = await call(mario, 'PUT', '/api/giustificativi', { codice: 'ROL', dal: hoursDay, al: hoursDay, minuti: 900 });
      expect(hours.json().params.fields.minuti).toBe('avvisi.ore_oltre_giornata');
      const exDay = workday(addDays(hoursDay, 1));
      const tooMuch = await call(mario, 'PUT', '/api/giustificativi', { codice: 'EX_FESTIVITA', dal: exDay, al: exDay, minuti: 480 });
      expect(tooMuch.statusCode, tooMuch.body).toBe(201); // 32 h a year: 8 h fit
      // more than a year's balance, even across the year end, is refused naming the year that runs short
      const long = await call(mario, 'PUT', '/api/giustificativi', { codice: 'FERIE', dal: `${anno + 1}-02-01`, al: `${anno + 1}-04-30` });
      expect(long.statusCode).toBe(409);
      expect(long.json()).toMatchObject({ message: 'avvisi.saldo_insufficiente', params: { anno: anno + 1 } });

      expect((await call(mario, 'POST', `/api/giustificativi/${g.id}/approva`)).statusCode).toBe(403);
      const pending = (await call(laura, 'GET', '/api/giustificativi/da-approvare')).json();
      expect(pending.some((x: { id: number }) => x.id === g.id)).toBe(true);
      const ok = await call(laura, 'POST', `/api/giustificativi/${g.id}/approva`, {});
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.stato).toBe('approvato');
      expect(ok.json().params).toEqual({ context: 'richiesta_approvata' });
      // approved, the days move from requested to taken in each year
      expect((await saldo(anno)).goduto - before.goduto).toBe(thisYear);
      expect((await saldo(anno + 1)).goduto - beforeNext.goduto).toBe(nextYear);
      expect((await call(laura, 'POST', `/api/giustificativi/${g.id}/rifiuta`, {})).statusCode).toBe(409);
      const annulla = await call(mario, 'POST', `/api/giustificativi/${g.id}/annulla`);
      expect(annulla.statusCode, annulla.body).toBe(409);
      // laura's own request goes to HR, not to herself
      const own = (await call(laura, 'GET', '/api/giustificativi?stato=richiesto&size=100')).json().rows.find((x: { dipendente_nome: string }) => x.dipendente_nome.includes('Bianchi'));
      if (own) expect((await call(laura, 'POST', `/api/giustificativi/${own.id}/approva`)).statusCode).toBe(403);
      // the approved leave shows in the service calendar, on both sides of the year end
      const cal = (await call(laura, 'GET', `/api/turni/calendario?dal=${dal}&al=${al}&dipendente_id=${marioId}`)).json();
      expect(cal.righe[0].celle[dal].giustificativo).toMatchObject({ codice: 'FERIE', stato: 'approvato' });
      expect(cal.righe[0].celle[workday(`${anno + 1}-01-02`)].giustificativo).toMatchObject({ codice: 'FERIE', stato: 'approvato' });
    } finally {
      setClock(null);
    }
  });

  it('tells the requester of each decision by e-mail and on the home page, unless they switched the e-mails off (issue #12)', async () => {
    let d = addDays(localNow('Europe/Rome').data, 50);
    while (weekdayMon0(d) > 4) d = addDays(d, 1);
    const ask = async (day: string) => (await call(mario, 'PUT', '/api/giustificativi', { codice: 'PERMESSO', dal: day, al: day, minuti: 60 })).json().data.id as number;
    const permessi = () => t.smtp.mails.filter((m) => m.to.includes('mario.rossi@officinerossi.it') && decodeQp(m.raw).includes('la tua richiesta di Permesso retribuito'));
    const first = await ask(d);
    expect((await call(laura, 'POST', `/api/giustificativi/${first}/rifiuta`, { motivo: 'Consegna urgente' })).statusCode).toBe(200);
    const mail = decodeQp((await t.smtp.waitFor((m) => m.to.includes('mario.rossi@officinerossi.it') && decodeQp(m.raw).includes('Consegna urgente'))).raw);
    expect(mail).toContain('la tua richiesta di Permesso retribuito');
    expect(mail).toContain('stata rifiutata');
    expect(mail).toContain(d.split('-').reverse().join('/'));
    const before = permessi().length;
    const decided = (await call(mario, 'GET', '/api/giustificativi/decisioni')).json();
    expect(decided.find((x: { id: number }) => x.id === first)).toMatchObject({ stato: 'rifiutato', motivo_decisione: 'Consegna urgente' });
    // each user hears of their own requests only: laura decided it, it is not among hers
    expect((await call(laura, 'GET', '/api/giustificativi/decisioni')).json().map((x: { id: number }) => x.id)).not.toContain(first);
    // switched off: the next decision is on the home page only
    const off = await call(mario, 'POST', '/api/user', { notifiche_email: false });
    expect(off.json().data.utente.notifiche_email).toBe(false);
    let d2 = addDays(d, 1);
    while (weekdayMon0(d2) > 4) d2 = addDays(d2, 1);
    const second = await ask(d2);
    expect((await call(laura, 'POST', `/api/giustificativi/${second}/approva`, {})).statusCode).toBe(200);
    // timer-wait: a mail that must not come: no state says it was not sent, so the test gives it the time it would take
    await new Promise((r) => setTimeout(r, 300));
    expect(permessi().length).toBe(before);
    expect((await call(mario, 'GET', '/api/giustificativi/decisioni')).json().map((x: { id: number }) => x.id)).toContain(second);
    await call(mario, 'POST', '/api/user', { notifiche_email: true });
  });

  it('validates shifts and previews a day with the engine', async () => {
    const base = { codice: 'PROVA', descrizione: 'Prova', fasce: [{ inizio: '08:00', fine: '12:00' }, { inizio: '11:00', fine: '15:00' }] };
    const overlap = await call(hr, 'PUT', '/api/turni', base);
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().params.fields.fasce).toBe('avvisi.fasce_sovrapposte');
    const negative = await call(hr, 'PUT', '/api/turni', { ...base, fasce: [{ inizio: '08:00', fine: '12:00' }], tolleranza: -5 });
    expect(negative.json().params.fields.tolleranza).toBe('avvisi.regola_negativa');
    const preview = await call(hr, 'POST', '/api/turni/anteprima', {
      turno: { codice: 'G', descrizione: 'G', fasce: [{ inizio: '08:30', fine: '12:30' }, { inizio: '13:30', fine: '17:30' }], flessibilita: 30, tolleranza: 5, arrotondamento_entrata: 15, arrotondamento_uscita: 15, soglia_straordinario: 30, blocco_straordinario: 30, pausa_minima: 30 },
      timbrature: [{ ora: '08:33', verso: 'E' }, { ora: '12:31', verso: 'U' }, { ora: '13:29', verso: 'E' }, { ora: '18:20', verso: 'U' }],
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ minuti_lavorati: 510, minuti_ordinari: 480, minuti_straordinari: 30 });
  });

  it('plans the service calendar and warns about less than 11 hours of rest', async () => {
    const turni = (await call(hr, 'GET', '/api/turni')).json().rows;
    const id = (c: string) => turni.find((x: { codice: string }) => x.codice === c).id;
    const d = addDays(localNow('Europe/Rome').data, 70);
    expect((await call(hr, 'PUT', '/api/turni/calendario', { dipendente_id: sara, data: d, turno_id: id('T3') })).statusCode).toBe(201);
    const next = await call(hr, 'PUT', '/api/turni/calendario', { dipendente_id: sara, data: addDays(d, 1), turno_id: id('T1') });
    expect(next.statusCode).toBe(201);
    expect(next.json().avvisi).toContainEqual(expect.objectContaining({ dipendente_id: sara, data: addDays(d, 1), message: 'avvisi.riposo_insufficiente' }));
    const rot = await call(hr, 'PUT', '/api/turni/calendario/rotazione', { dipendenti: [sara], dal: addDays(d, 7), al: addDays(d, 27), sequenza: [id('T1'), id('T2'), id('T3')], periodo: 'settimana' });
    expect(rot.json()).toEqual({ message: 'avvisi.created', data: { celle: 21 } });
    const cal = (await call(hr, 'GET', `/api/turni/calendario?dal=${addDays(d, 7)}&al=${addDays(d, 27)}&dipendente_id=${sara}`)).json();
    const codes = Object.values(cal.righe[0].celle).map((c) => (c as { codice: string }).codice);
    expect(new Set(codes.slice(0, 7))).toEqual(new Set(['T1']));
    expect(new Set(codes.slice(14, 21))).toEqual(new Set(['T3']));
    expect((await call(hr, 'DELETE', `/api/turni/calendario/${sara}/${d}`)).statusCode).toBe(204);
    expect((await call(mario, 'PUT', '/api/turni/calendario', { dipendente_id: sara, data: d, turno_id: null })).statusCode).toBe(403);
    const xlsx = await call(hr, 'GET', `/api/turni/calendario/excel?dal=${d}&al=${addDays(d, 6)}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('tells each user what to act on, as many as the lists they open show (issue #12)', async () => {
    const today = localNow('Europe/Rome').data;
    const dal = `${today.slice(0, 7)}-01`;
    const home = async (s: Session) => (await call(s, 'GET', '/api/home')).json();
    const h = await home(hr);
    expect(Object.keys(h).sort()).toEqual(['anomalie', 'assenti', 'conformita_da_verificare', 'da_approvare', 'dpi_in_scadenza', 'dpi_mancanti', 'in_ritardo', 'mie_anomalie', 'note_da_approvare', 'note_da_liquidare', 'quota_determinato', 'settimane_da_approvare', 'termini_in_scadenza', 'visitatori_attesi', 'visitatori_in_sede']);
    // expense notes: those sent in the scope that are not the caller's own; approved ones for HR to settle
    const note = async (s: Session, q: string) => (await call(s, 'GET', `/api/notaspese?size=1&${q}`)).json().total as number;
    expect(h.note_da_approvare).toBe((await note(hr, 'stato=inviata')) - (await note(hr, 'stato=inviata&mie=si')));
    expect(h.note_da_liquidare).toBe((await note(hr, 'stato=approvata')) - (await note(hr, 'stato=approvata&mie=si')));
    expect(h.settimane_da_approvare).toBe((await call(hr, 'GET', '/api/rilevazione/settimane/da-approvare')).json().length);
    expect(h.anomalie).toBe((await call(hr, 'GET', `/api/timbrature/anomalie?dal=${dal}&al=${today}`)).json().length);
    expect(h.da_approvare).toBe((await call(hr, 'GET', '/api/giustificativi/da-approvare')).json().length);
    // the working-time findings of the month not yet reviewed (issue #31)
    expect(h.conformita_da_verificare).toBe((await call(hr, 'GET', `/api/conformita?mese=${today.slice(0, 7)}`)).json().rows.filter((r: { verifica: unknown }) => !r.verifica).length);
    const board = (await call(hr, 'GET', '/api/presenze')).json().contatori;
    expect([h.assenti, h.in_ritardo]).toEqual([board.assenti, board.in_ritardo]);
    // a manager: her departments' requests and anomalies, her own days too
    const l = await home(laura);
    expect(l.da_approvare).toBe((await call(laura, 'GET', '/api/giustificativi/da-approvare')).json().length);
    expect(l.anomalie).toBe((await call(laura, 'GET', `/api/timbrature/anomalie?dal=${dal}&al=${today}`)).json().length);
    expect(l.assenti).toBe((await call(laura, 'GET', '/api/presenze/reparto')).json().contatori.assenti);
    expect(l).toHaveProperty('mie_anomalie');
    expect(l.note_da_approvare).toBe((await note(laura, 'stato=inviata')) - (await note(laura, 'stato=inviata&mie=si')));
    expect(l).not.toHaveProperty('note_da_liquidare');
    expect(l.settimane_da_approvare).toBe((await call(laura, 'GET', '/api/rilevazione/settimane/da-approvare')).json().length);
    // an employee: only their own days
    const m = await home(mario);
    expect(Object.keys(m)).toEqual(['mie_anomalie']);
    const mese = (await call(mario, 'GET', `/api/timbrature/giorni?mese=${today.slice(0, 7)}`)).json() as { data: string; anomalie: string[] }[];
    expect(m.mie_anomalie).toBe(mese.filter((g) => g.data <= today && g.anomalie.length).length);
    // reception: the register of today
    const desk = await login(t.app, 'portineria');
    const p = await home(desk);
    expect(p.visitatori_attesi).toBe((await call(desk, 'GET', '/api/visite/autorizzazioni?oggi=si&stato=attiva&size=500')).json().total);
    expect(p.visitatori_in_sede).toBe((await call(desk, 'GET', '/api/visite?presenti=si&size=500')).json().total);
    expect(p).not.toHaveProperty('da_approvare');
    expect((await call(null, 'GET', '/api/home')).statusCode).toBe(401);
  });

  it('shows who is present now and totals per employee', async () => {
    const p = (await call(hr, 'GET', `/api/presenze?size=${PRESENZE_MAX_SIZE}`)).json();
    const c = p.contatori;
    expect(c.presenti + c.in_ritardo + c.attesi + c.usciti + c.turno_concluso + c.assenti_giustificati + c.assenti + c.riposo).toBe(c.totale);
    expect(p.total).toBe(c.totale);
    expect(p.rows.length).toBe(c.totale);
    expect(p.rows.find((r: { dipendente: { id: number } }) => r.dipendente.id === marioId).stato).toBe('presente');
    const rep = (await call(laura, 'GET', `/api/presenze/reparto?size=${PRESENZE_MAX_SIZE}`)).json();
    expect(new Set(rep.rows.map((r: { dipendente: { reparto_descrizione: string } }) => r.dipendente.reparto_descrizione))).toEqual(new Set(['Produzione']));
    expect(rep.reparti.map((r: { descrizione: string }) => r.descrizione)).toEqual(['Produzione']);
    // an administrator manages no department: every department, to pick one from (issue #12), not an empty list
    const all = (await call(admin, 'GET', `/api/presenze/reparto?size=${PRESENZE_MAX_SIZE}`)).json();
    expect(all.rows.length).toBe(c.totale);
    expect(new Set(all.rows.map((r: { dipendente: { reparto_descrizione: string } }) => r.dipendente.reparto_descrizione)).size).toBe(5);
    expect(all.reparti).toHaveLength(5);
    const prodId = (await call(hr, 'GET', '/api/reparti?search=Produzione')).json().rows[0].id;
    const prod = (await call(admin, 'GET', `/api/presenze/reparto?reparto_id=${prodId}&size=${PRESENZE_MAX_SIZE}`)).json();
    expect(prod.rows.length).toBe(rep.rows.length);
    // the department filter narrows the counters; the departments to pick from stay all
    expect(prod.contatori.totale).toBe(prod.total);
    expect(prod.reparti).toEqual(all.reparti);
    expect((await call(mario, 'GET', '/api/presenze')).statusCode).toBe(403);
    const tot = (await call(hr, 'GET', `/api/totaliz?mese=${day.slice(0, 7)}`)).json();
    expect(tot.righe.length).toBeGreaterThan(50);
    const s = tot.righe.find((r: { dipendente: { id: number } }) => r.dipendente.id === sara);
    expect(s.totali.minuti_straordinari).toBeGreaterThanOrEqual(30);
    const pdf = await call(hr, 'GET', `/api/cartellino/pdf?dipendente=${sara}&mese=${day.slice(0, 7)}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('pages, filters, searches and sorts the board on the server, with the counters of everyone (issue #12 §17)', async () => {
    type Riga = { dipendente: { id: number; matricola: string; cognome: string; nome: string }; stato: string; causale: string | null };
    const board = async (qs: string) => {
      const r = await call(hr, 'GET', `/api/presenze?${qs}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as { contatori: Record<string, number>; total: number; rows: Riga[]; reparti: { id: number; descrizione: string }[] };
    };
    const all = await board(`size=${PRESENZE_MAX_SIZE}`);
    // the first page of the default size, in order of name; the counters and the total of everyone
    const first = await board('');
    expect(first.rows).toHaveLength(Math.min(50, all.total));
    expect(first.contatori).toEqual(all.contatori);
    expect(first.total).toBe(all.contatori.totale);
    const second = await board('page=2&size=10');
    expect(second.rows.map((r) => r.dipendente.id)).toEqual(all.rows.slice(10, 20).map((r) => r.dipendente.id));
    const names = all.rows.map((r) => `${r.dipendente.cognome} ${r.dipendente.nome}`);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // a state: its rows only, as many as its counter, the counters unchanged (they are the filter's chips)
    for (const stato of STATI_PRESENZA) {
      const only = await board(`stato=${stato}&size=${PRESENZE_MAX_SIZE}`);
      expect(only.rows.every((r) => r.stato === stato)).toBe(true);
      expect(only.total).toBe(all.rows.filter((r) => r.stato === stato).length);
      expect(only.contatori).toEqual(all.contatori);
    }
    // a search: every word in the surname, the name or the number, whatever the case and the accents
    const found = await board(`search=${encodeURIComponent('sàra GUALANDI')}`);
    expect(found.rows.map((r) => r.dipendente.id)).toEqual([sara]);
    expect(found.total).toBe(1);
    expect((await board('search=009100')).rows.map((r) => r.dipendente.id)).toEqual([sara]);
    expect((await board('search=nessuno-si-chiama-cosi')).rows).toEqual([]);
    // the other orders, each way
    const byNumber = (await board(`sort=-matricola&size=${PRESENZE_MAX_SIZE}`)).rows.map((r) => r.dipendente.matricola);
    expect(byNumber).toEqual([...byNumber].sort((a, b) => b.length - a.length || (a < b ? 1 : a > b ? -1 : 0)));
    const byState = (await board(`sort=stato&size=${PRESENZE_MAX_SIZE}`)).rows.map((r) => STATI_PRESENZA.indexOf(r.stato as never));
    expect(byState).toEqual([...byState].sort((a, b) => a - b));
    for (const sort of ['reparto', '-reparto', 'ultima', '-ultima', '-dipendente', '-stato', 'matricola']) expect((await board(`sort=${sort}`)).total).toBe(all.total);
    // the bounds of the query
    for (const bad of [`size=${PRESENZE_MAX_SIZE + 1}`, 'size=0', 'page=0', 'sort=cognome', 'stato=fuori', 'search=%3Cb%3E']) {
      expect((await call(hr, 'GET', `/api/presenze?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('tells expected, late and absent apart by the shift and the hour; ends the day of whoever left after their shift (issue #12)', async () => {
    // a working day two weeks ahead, clear of holidays: sara works the daily shift (8:30-12:30, 13:30-17:30, flexibility 30', tolerance 5')
    let d = addDays(localNow('Europe/Rome').data, 14);
    while (weekdayMon0(d) > 3 || festivitaNazionali(Number(d.slice(0, 4))).some((f) => f.data === d)) d = addDays(d, 1);
    const stato = async () => (await call(hr, 'GET', `/api/presenze?size=${PRESENZE_MAX_SIZE}`)).json().rows.find((r: { dipendente: { id: number } }) => r.dipendente.id === sara).stato;
    const at = async (hhmm: string, day = d) => setClock(`${day}T${hhmm}:00`);
    const punch = (ts: string, verso: 'E' | 'U') => call(hr, 'PUT', '/api/timbrature', { dipendente_id: sara, ts, verso, motivo: 'Prova stati', id_richiesta: randomUUID() });
    try {
      await at('07:00');
      expect(await stato()).toBe('atteso');
      await at('09:04'); // 8:30 + 30' + 5': still in time
      expect(await stato()).toBe('atteso');
      await at('09:06');
      expect(await stato()).toBe('in_ritardo');
      await at('12:45');
      expect(await stato()).toBe('assente');
      const p = (await call(hr, 'GET', '/api/presenze?size=1')).json();
      const c = p.contatori;
      expect(c.presenti + c.in_ritardo + c.attesi + c.usciti + c.turno_concluso + c.assenti_giustificati + c.assenti + c.riposo).toBe(c.totale);
      // she came in after all, went out for lunch, and left at the end of the day
      expect((await punch(`${d}T08:40:00`, 'E')).statusCode).toBe(201);
      expect(await stato()).toBe('presente');
      expect((await punch(`${d}T12:32:00`, 'U')).statusCode).toBe(201);
      expect(await stato()).toBe('uscito');
      await at('17:50');
      expect((await punch(`${d}T13:28:00`, 'E')).statusCode).toBe(201);
      expect((await punch(`${d}T17:45:00`, 'U')).statusCode).toBe(201);
      expect(await stato()).toBe('turno_concluso');
      // the night shift: in at 21:55, still at work at 05:30, done after 06:00 (not "uscito" in the middle of the day)
      const t3 = (await call(hr, 'GET', '/api/turni')).json().rows.find((x: { codice: string }) => x.codice === 'T3').id;
      const n1 = addDays(d, 1);
      for (const day of [n1, addDays(n1, 1)]) expect((await call(hr, 'PUT', '/api/turni/calendario', { dipendente_id: sara, data: day, turno_id: t3 })).statusCode).toBe(201);
      await at('15:00', n1);
      expect(await stato()).toBe('atteso');
      await at('22:10', n1);
      expect((await punch(`${n1}T21:55:00`, 'E')).statusCode).toBe(201);
      await at('05:30', addDays(n1, 1));
      expect(await stato()).toBe('presente');
      // the running night is no anomaly: not in the timecard, not in the open-anomalies list
      const card = (await call(hr, 'GET', `/api/cartellino?dipendente=${sara}&mese=${n1.slice(0, 7)}`)).json();
      expect(card.giorni.find((g: { data: string }) => g.data === n1)).toMatchObject({ anomalie: [], minuti_mancanti: 0, in_corso: true });
      const open = (await call(hr, 'GET', `/api/timbrature/anomalie?dal=${d}&al=${addDays(n1, 1)}`)).json();
      expect(open.filter((a: { dipendente: { id: number }; data: string }) => a.dipendente.id === sara && a.data === n1)).toEqual([]);
      // mario on the same night: his clock-in panel shows the shift that began yesterday, to be closed with an exit
      for (const day of [n1, addDays(n1, 1)]) await call(hr, 'PUT', '/api/turni/calendario', { dipendente_id: marioId, data: day, turno_id: t3 });
      // at 20:30 an entry would count for that night's T3, an hour and a half ahead of it: the panel asks first
      await at('20:30', n1);
      const prima = (await call(mario, 'GET', '/api/timbrature/oggi')).json();
      expect(prima.entrata).toEqual({ data: n1, turno: { codice: 'T3', descrizione: expect.any(String), inizio: `${n1}T22:00:00` }, anticipo_minuti: 90 });
      await at('05:30', addDays(n1, 1));
      expect((await call(hr, 'PUT', '/api/timbrature', { dipendente_id: marioId, ts: `${n1}T21:57:00`, verso: 'E', motivo: 'Prova notte', id_richiesta: randomUUID() })).statusCode).toBe(201);
      const oggi = (await call(mario, 'GET', '/api/timbrature/oggi')).json();
      expect(oggi.data).toBe(n1);
      expect(oggi.timbrature.map((p: { ts: string; verso: string }) => `${p.verso} ${p.ts}`)).toEqual([`E ${n1}T21:57:00`]);
      await at('06:10', addDays(n1, 1));
      expect((await punch(`${addDays(n1, 1)}T06:02:00`, 'U')).statusCode).toBe(201);
      expect(await stato()).toBe('turno_concluso');
      // mario never clocked out: once the night's window has closed (06:00 + 4 h), the open pair is an anomaly
      await at('10:05', addDays(n1, 1));
      const late = (await call(hr, 'GET', `/api/timbrature/anomalie?dal=${d}&al=${addDays(n1, 1)}`)).json();
      expect(late.find((a: { dipendente: { id: number }; data: string }) => a.dipendente.id === marioId && a.data === n1).anomalie).toContain('TIMBRATURE_DISPARI');
    } finally {
      setClock(null);
    }
  });

  it('lets only registered terminals punch, and locks a badge after 5 wrong PINs', async () => {
    const body = { badge: 'B9100', pin: '4321', verso: 'E', id_richiesta: randomUUID() };
    const none = await t.app.inject({ method: 'POST', url: '/api/kiosk/timbra', payload: body });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('avvisi.terminale_non_registrato');
    const term = await call(admin, 'PUT', '/api/terminali', { descrizione: 'Reparto produzione' });
    expect(term.statusCode).toBe(201);
    const key = term.json().data.chiave as string;
    expect(term.json().data.link).toContain(`/presenze?terminale=${key}`);
    // the link is on the address the administrator uses when it is a configured public one, else on the first of them
    const [first, second] = t.config.publicUrls;
    const onSecond = await t.app.inject({ method: 'PUT', url: '/api/terminali', headers: { ...admin.auth, 'x-base-url': `${second}/` }, payload: { descrizione: 'Magazzino' } });
    expect(onSecond.json().data.link).toBe(`${second}/presenze?terminale=${onSecond.json().data.chiave}`);
    const elsewhere = await t.app.inject({ method: 'PUT', url: '/api/terminali', headers: { ...admin.auth, 'x-base-url': 'https://evil.example' }, payload: { descrizione: 'Ufficio' } });
    expect(elsewhere.json().data.link).toBe(`${first}/presenze?terminale=${elsewhere.json().data.chiave}`);
    expect(JSON.stringify((await call(admin, 'GET', '/api/terminali')).json())).not.toContain(key);
    const h = { 'x-tulip-terminale': key };
    expect((await t.app.inject({ url: '/api/kiosk/terminale', headers: h })).json().descrizione).toBe('Reparto produzione');
    const ok = await t.app.inject({ method: 'POST', url: '/api/kiosk/timbra', headers: h, payload: body });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ nome: 'Sara', cognome: 'Gualandi', verso: 'E' });
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/kiosk/timbra', headers: h, payload: { ...body, pin: '0000', id_richiesta: randomUUID() } });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.app.inject({ method: 'POST', url: '/api/kiosk/timbra', headers: h, payload: { ...body, id_richiesta: randomUUID() } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'avvisi.badge_bloccato', params: { minuti: 15 } });
    // revoking the terminal stops the device
    await call(admin, 'POST', `/api/terminali/${term.json().data.id}`, { descrizione: 'Reparto produzione', attivo: false });
    expect((await t.app.inject({ url: '/api/kiosk/terminale', headers: h })).statusCode).toBe(401);
  });

  it('refuses a clock-in outside employment or in a closed month, storing nothing', async () => {
    const { sql } = await import('drizzle-orm');
    const today = localNow(t.config.timezone).data;
    const count = async () =>
      ((await t.handle.db.execute(sql`select count(*)::int as n from timbrature where dipendente_id = ${marioId}`)) as unknown as { rows: { n: number }[] }).rows[0].n;
    const before = await count();
    await t.handle.db.execute(sql`update dipendenti set data_cessazione = ${addDays(today, -1)} where id = ${marioId}`);
    const gone = await call(mario, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: randomUUID() });
    expect(gone.json().params.fields.ts).toBe('avvisi.timbratura_dopo_cessazione');
    await t.handle.db.execute(sql`update dipendenti set data_cessazione = null where id = ${marioId}`);
    const mese = today.slice(0, 7);
    // HR closes only ended months: close the current one behind its back, as a race with the closing would
    await t.handle.db.execute(sql`insert into mesi_chiusi (mese) values (${mese})`);
    const closed = await call(mario, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: randomUUID() });
    expect(closed.json()).toEqual({ message: 'avvisi.mese_chiuso', params: { mese } });
    await t.handle.db.execute(sql`delete from mesi_chiusi where mese = ${mese}`);
    expect(await count()).toBe(before);
  });
});

describe.skipIf(skipReason())('absences by cost centre', () => {
  it('counts full days Monday to Friday and hours as asked', async () => {
    const t = await makeTestApp();
    try {
      const hr = await login(t.app, 'personale');
      const dip = (await t.app.inject({ url: '/api/dipendenti?size=1&sort=matricola', headers: hr.auth })).json().rows[0];
      // a Friday to the next Tuesday in the previous month (always open in the demo data): 3 working days
      let fri = addDays(`${localNow('Europe/Rome').data.slice(0, 7)}-01`, -28);
      while (weekdayMon0(fri) !== 4) fri = addDays(fri, 1);
      const tue = addDays(fri, 4);
      const put = await t.app.inject({ method: 'PUT', url: '/api/giustificativi', headers: hr.auth, payload: { dipendente_id: dip.id, codice: 'LUTTO', dal: fri, al: tue } });
      expect(put.statusCode, put.body).toBe(201);
      const rows = (await t.app.inject({ url: `/api/assenti/cdc?dal=${fri}&al=${tue}`, headers: hr.auth })).json();
      const lutto = rows.find((r: { codice: string; cdc_descrizione: string }) => r.codice === 'LUTTO' && r.cdc_descrizione === dip.cdc_descrizione);
      expect(lutto.giorni).toBe(3);
    } finally {
      await t.close();
    }
  });
});
