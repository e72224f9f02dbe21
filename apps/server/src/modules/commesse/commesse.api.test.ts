import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { sql } from 'drizzle-orm';
import { costoLavoro, costoLavoroCoefficiente, ZPianificazioneGriglia } from '@tulip/contract';
import { makeTestApp, login, skipReason, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow, mondayOf } from '../../platform/dates';
import { codiceFiscale } from '../../seed/demo-data';
import { hourlyRatePeriods, rateBoundaries } from '../contratti';
import { planningGridInOrder, planningGridJson } from './pianificazione';
import type { Registrato } from './registrato';

describe.skipIf(skipReason())('job orders', () => {
  let t: TestApp;
  let admin: Session;
  let personale: Session;
  let laura: Session;
  let mario: Session;
  const call = (s: Session, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: method as never, url, headers: { ...s.auth, ...headers }, payload: payload as never });
  const lookup = async (s: Session, url: string, search?: string) =>
    (await call(s, 'GET', `${url}${search ? `?search=${encodeURIComponent(search)}` : ''}`, undefined, { 'x-http-method-override': 'lookup' })).json() as { value: number; label: string }[];
  let monday: string;
  const ids = { mario: 0, laura: 0, amm: 0, prod: 0, amministrazione: 0, cliente: 0 };

  beforeAll(async () => {
    t = await makeTestApp();
    [admin, personale, laura, mario] = await Promise.all(['admin', 'personale', 'laura.bianchi', 'mario.rossi'].map((u) => login(t.app, u)));
    const today = localNow(t.config.timezone).data;
    monday = mondayOf(today);
    const emp = (await call(admin, 'GET', '/api/dipendenti?size=1000')).json().rows as { id: number; cognome: string; nome: string; reparto_id: number; data_cessazione: string | null }[];
    const rep = (await call(admin, 'GET', '/api/reparti?size=50')).json().rows as { id: number; codice: string }[];
    ids.prod = rep.find((r) => r.codice === 'PROD')!.id;
    ids.amministrazione = rep.find((r) => r.codice === 'AMM')!.id;
    ids.mario = emp.find((e) => e.cognome === 'Rossi' && e.nome === 'Mario')!.id;
    ids.laura = emp.find((e) => e.cognome === 'Bianchi' && e.nome === 'Laura')!.id;
    ids.amm = emp.find((e) => e.reparto_id === ids.amministrazione && !e.data_cessazione)!.id;
    ids.cliente = (await call(personale, 'GET', '/api/clienti?search=Acciai')).json().rows[0].id;
  });
  afterAll(async () => t?.close());

  const order = (codice: string, extra: Record<string, unknown> = {}) => ({
    codice, descrizione: `Commessa ${codice}`, cliente_id: ids.cliente, stato: 'aperta', data_inizio: monday, data_fine: addDays(monday, 60), minuti_budget: 6000,
    capo_commessa_id: ids.laura, fasi: [{ codice: 'TAGLIO', descrizione: 'Taglio laser', minuti_previsti: 1200 }, { codice: 'SALD', descrizione: 'Saldatura', minuti_previsti: 2400 }],
    ...extra,
  });

  it('creates an order with its phases, answers it with ids, and refuses bad input storing nothing', async () => {
    const r = await call(personale, 'PUT', '/api/commesse', order('T-001'));
    expect(r.statusCode, r.body).toBe(201);
    const c = r.json().data;
    expect(c).toMatchObject({ codice: 'T-001', stato: 'aperta', minuti_budget: 6000, cliente_ragione_sociale: 'Acciai Padani S.r.l.', capo_commessa_nome: 'Bianchi Laura' });
    expect(c.fasi.map((f: { codice: string; ordine: number; id: number }) => [f.codice, f.ordine, typeof f.id])).toEqual([['TAGLIO', 1, 'number'], ['SALD', 2, 'number']]);

    const bad = async (body: unknown, status: number, check: (j: { message: string; params?: { fields?: Record<string, string> } }) => void) => {
      const x = await call(personale, 'PUT', '/api/commesse', body);
      expect(x.statusCode, x.body).toBe(status);
      check(x.json());
    };
    await bad(order('T-001'), 409, (j) => expect(j.params?.fields).toHaveProperty('codice'));
    await bad(order('T-002', { fasi: [{ codice: 'A', descrizione: 'x' }, { codice: 'a', descrizione: 'y' }] }), 400, (j) => expect(j.params?.fields?.fasi).toBe('avvisi.fase_ripetuta'));
    await bad(order('T-003', { data_fine: addDays(monday, -1) }), 400, (j) => expect(j.params?.fields?.data_fine).toBe('avvisi.fine_prima_inizio'));
    await bad(order('T-004', { minuti_budget: -60 }), 400, (j) => expect(j.params?.fields?.minuti_budget).toBe('avvisi.regola_negativa'));
    await bad(order('T-005', { cliente_id: 999999 }), 400, (j) => expect(j.params?.fields?.cliente_id).toBe('avvisi.valore_non_valido'));
    expect((await call(personale, 'GET', '/api/commesse?search=T-00')).json().total).toBe(1);

    // an update without phases keeps them; one with phases replaces the list (a phase without id is added)
    const upd = await call(personale, 'POST', `/api/commesse/${c.id}`, { ...order('T-001'), fasi: undefined, descrizione: 'Rinominata' });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.fasi).toHaveLength(2);
    const withNew = await call(personale, 'POST', `/api/commesse/${c.id}`, { ...order('T-001'), fasi: [...c.fasi, { codice: 'COLL', descrizione: 'Collaudo' }] });
    expect(withNew.json().data.fasi.map((f: { codice: string; ordine: number }) => `${f.codice}:${f.ordine}`)).toEqual(['TAGLIO:1', 'SALD:2', 'COLL:3']);
  });

  it('refuses a bad partita IVA for a customer', async () => {
    const r = await call(personale, 'PUT', '/api/clienti', { ragione_sociale: 'Errata S.r.l.', partita_iva: '01234567890' });
    expect(r.statusCode).toBe(400);
    expect(r.json().params.fields.partita_iva).toBe('avvisi.partita_iva_non_valida');
    const ok = await call(personale, 'PUT', '/api/clienti', { ragione_sociale: 'Giusta S.r.l.', partita_iva: '01234567897' });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('imports orders and phases from the ERP rows: a preview with errors by row, then all or nothing', async () => {
    const rows = [
      { commessa: 'IMP-1', descrizione: 'Importata uno', cliente: 'Acciai Padani S.r.l.', data_inizio: monday, ore_budget: '120,5', costo_budget: '4.500,00', fase: 'TAG', fase_descrizione: 'Taglio', fase_ore_previste: 40 },
      { commessa: 'IMP-1', descrizione: 'Importata uno', data_inizio: monday, fase: 'SAL', fase_descrizione: 'Saldatura', fase_ore_previste: '60' },
      { commessa: 'IMP-2', descrizione: 'Importata due', data_inizio: monday, capo_commessa: 'NONESISTE', fase: 'X', fase_descrizione: 'Fase x' },
      { commessa: 'IMP-3', descrizione: 'Importata tre', cliente: 'Nessuno S.p.A.', data_inizio: '2026-02-30' },
      { commessa: 'IMP-1', descrizione: 'Importata uno', data_inizio: monday, fase: 'tag', fase_descrizione: 'Di nuovo' },
      { commessa: 'IMP-4', descrizione: 'Colonna sbagliata', data_inizio: monday, colonna_strana: 'x' },
    ];
    const preview = await call(personale, 'POST', '/api/commesse/import', { righe: rows });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p.errori.map((e: { riga: number; campi: Record<string, string> }) => [e.riga, e.campi])).toEqual([
      [3, { capo_commessa: 'avvisi.capo_sconosciuto' }],
      [4, { data_inizio: 'avvisi.data_non_valida' }],
      [5, { fase: 'avvisi.fase_ripetuta' }],
      [6, { colonna_strana: 'avvisi.campo_sconosciuto' }],
    ]);
    const refused = await call(personale, 'POST', '/api/commesse/import', { righe: rows, conferma: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('avvisi.import_errori');
    expect((await call(personale, 'GET', '/api/commesse?search=IMP-')).json().total).toBe(0);
    // the customer's name unknown is its own error once the date is right
    const unknown = (await call(personale, 'POST', '/api/commesse/import', { righe: [{ ...rows[3], data_inizio: monday }] })).json();
    expect(unknown.errori[0].campi).toEqual({ cliente: 'avvisi.cliente_sconosciuto' });

    const good = rows.slice(0, 2);
    const done = await call(personale, 'POST', '/api/commesse/import', { righe: good, conferma: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ righe: 2, commesse: 1, fasi: 2 });
    const stored = (await call(personale, 'GET', '/api/commesse?search=IMP-1')).json().rows[0];
    expect(stored).toMatchObject({ minuti_budget: 7230, costo_budget: 450000, cliente_ragione_sociale: 'Acciai Padani S.r.l.' });
    expect(stored.fasi.map((f: { codice: string; minuti_previsti: number }) => [f.codice, f.minuti_previsti])).toEqual([['TAG', 2400], ['SAL', 3600]]);
    // the same file again: the code exists
    expect((await call(personale, 'POST', '/api/commesse/import', { righe: good })).json().errori[0].campi).toEqual({ commessa: 'avvisi.commessa_esistente' });
  });

  it('shows an order only to whom its rules admit: lookup, booking check, and both views', async () => {
    const c = (await call(personale, 'PUT', '/api/commesse', order('VIS-1'))).json().data;
    // no rule yet: mario does not see it, and 404 on the record
    expect((await lookup(mario, '/api/commesse', 'VIS-1')).length).toBe(0);
    const set = await call(personale, 'POST', `/api/commesse/${c.id}/visibilita`, { tutti: false, reparti: [ids.prod], mansioni: [], dipendenti: [] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ tutti: false, reparti: [ids.prod], mansioni: [], dipendenti: [] });
    expect((await lookup(mario, '/api/commesse', 'VIS-1')).map((x) => x.label)).toEqual(['VIS-1 - Commessa VIS-1']);
    const amm = await login(t.app, 'personale'); // personale manages orders: sees all
    expect((await lookup(amm, '/api/commesse', 'VIS-1')).length).toBe(1);
    const people = (await call(personale, 'GET', `/api/commesse/${c.id}/visibilita/persone`)).json() as { id: number; motivi: string[] }[];
    expect(people.find((p) => p.id === ids.mario)?.motivi).toEqual(['reparto']);
    expect(people.find((p) => p.id === ids.laura)?.motivi).toEqual(['reparto', 'capo']);
    expect(people.some((p) => p.id === ids.amm)).toBe(false);
    const seen = (await call(personale, 'GET', `/api/commesse/visibili/${ids.amm}`)).json() as { codice: string; motivi: string[] }[];
    expect(seen.some((s) => s.codice === 'VIS-1')).toBe(false);
    expect(seen.find((s) => s.codice === 'INT-MANUT')?.motivi).toEqual(['tutti']);
    // a rule naming nothing that exists is refused and nothing changes
    const badRule = await call(personale, 'POST', `/api/commesse/${c.id}/visibilita`, { tutti: true, reparti: [999999], mansioni: [], dipendenti: [] });
    expect(badRule.statusCode).toBe(400);
    expect((await call(personale, 'GET', `/api/commesse/${c.id}/visibilita`)).json().tutti).toBe(false);
  });

  it('keeps associations with costs per role and phase, one default phase per role, and copies them by phase code', async () => {
    const a = (await call(personale, 'PUT', '/api/commesse', order('ASS-1'))).json().data;
    const b = (await call(personale, 'PUT', '/api/commesse', order('ASS-2', { fasi: [{ codice: 'SALD', descrizione: 'Saldatura' }] }))).json().data;
    const roles = (await call(personale, 'GET', '/api/commesse/costi-mansione')).json() as { mansione_id: number; codice: string; costo_orario: number | null }[];
    const sal = roles.find((r) => r.codice === 'SAL')!;
    const ope = roles.find((r) => r.codice === 'OPE')!;
    expect(sal.costo_orario).toBeGreaterThan(0);
    const body = {
      fasi: [
        { fase_id: a.fasi[0].id, mansioni: [{ mansione_id: ope.mansione_id, costo_orario: 3100, predefinita: true }] },
        { fase_id: a.fasi[1].id, mansioni: [{ mansione_id: sal.mansione_id, predefinita: true }] },
      ],
      team: [ids.mario],
    };
    const saved = await call(personale, 'POST', `/api/commesse/${a.id}/associazioni`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.team.map((x: { dipendente_id: number }) => x.dipendente_id)).toEqual([ids.mario]);
    const twice = { ...body, fasi: body.fasi.map((f) => ({ ...f, mansioni: [{ mansione_id: sal.mansione_id, predefinita: true }] })) };
    expect((await call(personale, 'POST', `/api/commesse/${a.id}/associazioni`, twice)).json().params.fields.fasi).toBe('avvisi.predefinita_ripetuta');
    const foreign = { fasi: [{ fase_id: b.fasi[0].id, mansioni: [] }], team: [] };
    expect((await call(personale, 'POST', `/api/commesse/${a.id}/associazioni`, foreign)).json().params.fields.fasi).toBe('avvisi.fase_non_della_commessa');

    const applied = await call(personale, 'POST', '/api/commesse/associazioni/applica', { da: a.id, a: [b.id], team: true });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ commesse: 1, associazioni: 1, fasi_mancanti: ['TAGLIO'] });
    const copied = (await call(personale, 'GET', `/api/commesse/${b.id}/associazioni`)).json();
    expect(copied.fasi[0].mansioni).toEqual([{ mansione_id: sal.mansione_id, mansione_descrizione: 'Saldatore', costo_orario: null, predefinita: true }]);
    expect(copied.team.map((x: { dipendente_id: number }) => x.dipendente_id)).toEqual([ids.mario]);
    // mario is on B's team: he sees it
    expect((await lookup(mario, '/api/commesse', 'ASS-2')).length).toBe(1);
  });

  it('two saves of the same associations at once: one after the other, each whole (issue #27 §5)', async () => {
    const a = (await call(personale, 'PUT', '/api/commesse', order('ASS-RACE-1'))).json().data;
    const b = (await call(personale, 'PUT', '/api/commesse', order('ASS-RACE-2'))).json().data;
    const roles = (await call(personale, 'GET', '/api/commesse/costi-mansione')).json() as { mansione_id: number; codice: string }[];
    const [r1, r2] = [roles.find((r) => r.codice === 'SAL')!.mansione_id, roles.find((r) => r.codice === 'OPE')!.mansione_id];
    const body = (o: { fasi: { id: number }[] }, mansione_id: number, team: number[]) => ({ fasi: o.fasi.map((f) => ({ fase_id: f.id, mansioni: [{ mansione_id, predefinita: false }] })), team });
    for (let i = 0; i < 10; i++) {
      const answers = await Promise.all([
        call(personale, 'POST', `/api/commesse/${a.id}/associazioni`, body(a, r1, [ids.mario])),
        call(personale, 'POST', `/api/commesse/${a.id}/associazioni`, body(a, r2, [ids.mario, ids.laura])),
      ]);
      expect(answers.map((x) => x.statusCode), answers.map((x) => x.body).join(' ')).toEqual([200, 200]);
      const now = (await call(personale, 'GET', `/api/commesse/${a.id}/associazioni`)).json();
      const role = now.fasi[0].mansioni.map((m: { mansione_id: number }) => m.mansione_id);
      expect(role.length === 1 && now.fasi.every((f: { mansioni: { mansione_id: number }[] }) => f.mansioni.length === 1 && f.mansioni[0].mansione_id === role[0])).toBe(true);
      expect(now.team.length).toBe(role[0] === r1 ? 1 : 2);
      // the same two orders copied onto each other, in opposite orders, at once
      const copies = await Promise.all([
        call(personale, 'POST', '/api/commesse/associazioni/applica', { da: a.id, a: [b.id], team: true }),
        call(personale, 'POST', '/api/commesse/associazioni/applica', { da: b.id, a: [a.id], team: true }),
      ]);
      expect(copies.map((x) => x.statusCode), copies.map((x) => x.body).join(' ')).toEqual([200, 200]);
    }
  });

  it('plans against capacity from the shift calendar less approved leave, within the planner scope', async () => {
    const c = (await call(personale, 'PUT', '/api/commesse', order('PIA-1'))).json().data;
    await call(personale, 'POST', `/api/commesse/${c.id}/visibilita`, { tutti: false, reparti: [ids.prod], mansioni: [], dipendenti: [] });
    const week2 = addDays(monday, 14);
    const week3 = addDays(monday, 21);
    const grid0 = (await call(laura, 'GET', `/api/commesse/pianificazione?dal=${week2}&settimane=2&dipendente_id=${ids.mario}`)).json();
    const cap = grid0.righe[0].celle[0].capacita as number;
    expect(cap).toBeGreaterThan(0);
    // a week of approved FERIE for mario in the third week
    const fer = await call(personale, 'PUT', '/api/giustificativi', {
      dipendente_id: ids.mario, codice: 'FERIE', dal: week3, al: addDays(week3, 4),
    });
    expect(fer.statusCode, fer.body).toBe(201);
    if (fer.json().data.stato !== 'approvato') await call(personale, 'POST', `/api/giustificativi/${fer.json().data.id}/approva`, {});
    const plan = await call(laura, 'POST', '/api/commesse/pianificazione', {
      righe: [
        { commessa_id: c.id, fase_id: c.fasi[0].id, dipendente_id: ids.mario, settimana: week2, minuti: 16 * 60 },
        { commessa_id: c.id, fase_id: c.fasi[1].id, dipendente_id: ids.mario, settimana: week3, minuti: 16 * 60 },
      ],
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const answer = await call(laura, 'GET', `/api/commesse/pianificazione?dal=${week2}&settimane=2&dipendente_id=${ids.mario}`);
    // written as JSON text: the very text the answer's schema writes, its fields only, in its order
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.body).toBe(JSON.stringify(ZPianificazioneGriglia.parse(answer.json())));
    const grid = answer.json();
    const [w2, w3] = grid.righe[0].celle;
    expect(w3.capacita).toBe(0);
    expect(w3.pianificati).toBeGreaterThan(w3.capacita); // overbooked
    expect(w2.pianificati).toBeGreaterThanOrEqual(16 * 60);
    // each cell carries its own assignments, by id with their own figures only; each order and phase comes once (issue #30)
    type Griglia = {
      righe: { celle: { settimana: string; assegnazioni: Record<string, unknown>[] }[] }[];
      commesse: { id: number }[];
      fasi: { id: number; commessa_id: number; codice: string | null }[];
    };
    const g = grid as Griglia;
    expect(g.righe[0].celle.map((x) => [x.settimana, x.assegnazioni.filter((a) => a.commessa_id === c.id)])).toEqual([
      [week2, [{ id: expect.any(Number), commessa_id: c.id, fase_id: c.fasi[0].id, minuti: 16 * 60 }]],
      [week3, [{ id: expect.any(Number), commessa_id: c.id, fase_id: c.fasi[1].id, minuti: 16 * 60 }]],
    ]);
    expect(g.commesse.filter((x) => x.id === c.id)).toEqual([{ id: c.id, codice: 'PIA-1', descrizione: 'Commessa PIA-1', stato: 'aperta' }]);
    expect(g.fasi.filter((f) => f.commessa_id === c.id)).toEqual([
      { id: c.fasi[0].id, commessa_id: c.id, codice: 'TAGLIO', ordine: c.fasi[0].ordine },
      { id: c.fasi[1].id, commessa_id: c.id, codice: 'SALD', ordine: c.fasi[1].ordine },
    ]);
    const named = g.righe.flatMap((r) => r.celle.flatMap((x) => x.assegnazioni));
    expect(new Set(g.commesse.map((x) => x.id))).toEqual(new Set(named.map((a) => a.commessa_id)));
    expect(new Set(g.fasi.map((f) => f.id))).toEqual(new Set(named.flatMap((a) => (a.fase_id == null ? [] : [a.fase_id]))));
    // filtered by the order: its assignments only, and the person's total over every order
    const byOrderAnswer = await call(laura, 'GET', `/api/commesse/pianificazione?dal=${week2}&settimane=2&commessa_id=${c.id}`);
    expect(byOrderAnswer.body).toBe(JSON.stringify(ZPianificazioneGriglia.parse(byOrderAnswer.json())));
    const byOrder = byOrderAnswer.json() as Griglia;
    expect(byOrder.commesse.map((x) => x.id)).toEqual([c.id]);
    const mine = byOrder.righe.find((r) => r.celle.some((x) => x.assegnazioni.length))!;
    expect(mine.celle.map((x) => x.assegnazioni.map((a) => a.fase_id))).toEqual([[c.fasi[0].id], [c.fasi[1].id]]);
    expect(mine.celle.map((x) => (x as unknown as { pianificati: number }).pianificati)).toEqual([w2.pianificati, w3.pianificati]);

    // bad input: a closed order, outside the planner's scope, negative, not a Monday, an order mario cannot see
    const refuse = async (riga: Record<string, unknown>, status: number, message?: string) => {
      const r = await call(laura, 'POST', '/api/commesse/pianificazione', { righe: [{ commessa_id: c.id, dipendente_id: ids.mario, settimana: week2, minuti: 60, ...riga }] });
      expect(r.statusCode, r.body).toBe(status);
      if (message) expect(r.json().message).toBe(message);
    };
    const closed = (await call(personale, 'PUT', '/api/commesse', order('PIA-CH', { stato: 'chiusa' }))).json().data;
    await refuse({ commessa_id: closed.id }, 409, 'avvisi.commessa_chiusa');
    await refuse({ dipendente_id: ids.amm }, 404);
    await refuse({ minuti: -60 }, 400);
    await refuse({ settimana: addDays(week2, 1) }, 400);
    const hidden = (await call(personale, 'PUT', '/api/commesse', order('PIA-HID'))).json().data;
    await refuse({ commessa_id: hidden.id }, 400, 'avvisi.commessa_non_visibile');
    // 0 removes
    await call(laura, 'POST', '/api/commesse/pianificazione', { righe: [{ commessa_id: c.id, fase_id: c.fasi[0].id, dipendente_id: ids.mario, settimana: week2, minuti: 0 }] });
    const after = (await call(laura, 'GET', `/api/commesse/pianificazione?dal=${week2}&settimane=1&commessa_id=${c.id}`)).json();
    expect(after.righe.flatMap((r: Griglia['righe'][number]) => r.celle.flatMap((x) => x.assegnazioni))).toHaveLength(0);
    expect(after.commesse).toEqual([]);

    const xlsx = await call(laura, 'GET', `/api/commesse/pianificazione/excel?dal=${week2}&settimane=2&dipendente_id=${ids.mario}`);
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    expect(String(wb.getWorksheet('Pianificazione')!.getRow(2).getCell(2).value)).toBe('Rossi Mario');
    // the assignments' sheet names each order and phase from the grid's lists
    const sheet = wb.getWorksheet('Assegnazioni')!;
    const lines = sheet.getSheetValues().slice(2).map((row) => (row as unknown[]).slice(1, 7).map(String));
    expect(lines.filter((l) => l[3] === 'PIA-1')).toEqual([[expect.any(String), expect.any(String), 'Rossi Mario', 'PIA-1', 'Commessa PIA-1', 'SALD']]);
  });

  it('reports budget against plan for who may see it, and prints the job sheet with a barcode per phase', async () => {
    const c = (await call(personale, 'PUT', '/api/commesse', order('REP-1', { costo_budget: 250000 }))).json().data;
    await call(personale, 'POST', `/api/commesse/${c.id}/visibilita`, { tutti: true, reparti: [], mansioni: [], dipendenti: [] });
    await call(personale, 'POST', '/api/commesse/pianificazione', { righe: [{ commessa_id: c.id, fase_id: c.fasi[1].id, dipendente_id: ids.mario, settimana: monday, minuti: 600 }] });
    const r = await call(laura, 'GET', `/api/commesse/${c.id}/consuntivo`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ minuti_budget: 6000, costo_budget: 250000, minuti_pianificati: 600, minuti_registrati: 0, costo_registrato: 0 });
    expect(r.json().fasi.map((f: { fase_id: number; minuti_pianificati: number }) => [f.fase_id, f.minuti_pianificati])).toEqual([[c.fasi[0].id, 0], [c.fasi[1].id, 600]]);
    // mario is no capo commessa: 404, as for an order that does not exist
    expect((await call(mario, 'GET', `/api/commesse/${c.id}/consuntivo`)).statusCode).toBe(404);
    expect((await call(personale, 'GET', '/api/commesse/999999/consuntivo')).statusCode).toBe(404);

    const pdf = await call(personale, 'GET', `/api/commesse/${c.id}/scheda`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getTitle()).toBe('Scheda di lavorazione REP-1');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const timeline = (await call(laura, 'GET', `/api/commesse/timeline?dal=${monday}&al=${addDays(monday, 30)}`)).json();
    expect(timeline.rows.find((x: { codice: string }) => x.codice === 'REP-1')).toMatchObject({ minuti_budget: 6000, minuti_pianificati: 600 });
  });

  it('ships demo orders with phases, visibility, costs and eight weeks of planning for Produzione', async () => {
    const list = (await call(admin, 'GET', '/api/commesse?size=100')).json();
    expect(list.total).toBeGreaterThanOrEqual(15);
    const states = new Set(list.rows.map((r: { stato: string }) => r.stato));
    expect([...states].sort()).toEqual(['aperta', 'chiusa', 'sospesa']);
    const answer = await call(laura, 'GET', `/api/commesse/pianificazione?dal=${monday}&settimane=8`);
    expect(answer.body).toBe(JSON.stringify(ZPianificazioneGriglia.parse(answer.json())));
    const grid = answer.json();
    // the answer's bytes, written from the grid's parts, say what the grid's objects (the Excel's) say, cell by cell,
    // recorded minutes included (from a source that records 90 minutes for every second person in every week)
    const hr = { id: 0, username: 'hr', dipendente_id: null, famiglia: undefined, profilo: { id: 0, codice: 'X', descrizione: 'X', scope: 'tutti' as const, routes: ['commesse.pianificazione'] }, reparti: [] };
    const recorded: Pick<Registrato, 'perDipendente'> = {
      perDipendente: async (_db, ids, dal) => ids.filter((_, i) => i % 2).flatMap((id) => Array.from({ length: 8 }, (_, w) => ({ dipendente_id: id, settimana: addDays(mondayOf(dal), w * 7), minuti: 90 }))),
    };
    for (const q of [{ dal: monday, settimane: 8 }, { dal: monday, settimane: 3, commessa_id: grid.commesse[0].id }, { dal: monday, settimane: 2, search: 'nessuno con questo nome' }]) {
      const objects = (await planningGridInOrder(t.handle.db, hr, q, recorded as Registrato)).grid;
      expect(JSON.parse((await planningGridJson(t.handle.db, hr, q, recorded as Registrato)).toString('utf8'))).toEqual(objects);
      expect(objects.righe.length === 0).toBe(!!q.search);
    }
    expect(grid.righe.length).toBeGreaterThan(5);
    const assegnazioni = grid.righe.flatMap((r: { celle: { assegnazioni: unknown[] }[] }) => r.celle.flatMap((c) => c.assegnazioni));
    expect(assegnazioni.length).toBeGreaterThan(grid.righe.length * 4);
    expect(grid.commesse.length).toBe(new Set(grid.commesse.map((c: { id: number }) => c.id)).size);
  });

  it('keeps how the report costs an hour as an audited setting, HR only, and refuses bad values', async () => {
    expect((await call(personale, 'GET', '/api/commesse/parametri')).json()).toEqual({ costo_orario: 'mansione', coefficiente_costi_indiretti: 1.45 });
    for (const body of [
      { costo_orario: 'retribuzione', coefficiente_costi_indiretti: 0.99 },
      { costo_orario: 'retribuzione', coefficiente_costi_indiretti: 5.01 },
      { costo_orario: 'retribuzione', coefficiente_costi_indiretti: 1.455 },
      { costo_orario: 'retribuzione', coefficiente_costi_indiretti: '1.45' },
      { costo_orario: 'stipendio', coefficiente_costi_indiretti: 1.45 },
      { costo_orario: 'retribuzione' },
      { costo_orario: 'retribuzione', coefficiente_costi_indiretti: 1.45, altro: 1 },
    ]) {
      const r = await call(personale, 'PUT', '/api/commesse/parametri', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    const bad = (await call(personale, 'PUT', '/api/commesse/parametri', { costo_orario: 'retribuzione', coefficiente_costi_indiretti: 7 })).json();
    expect(bad.params.fields.coefficiente_costi_indiretti).toBe('avvisi.coefficiente_non_valido');
    // a department manager reads the report, not the company's costing
    expect((await call(laura, 'PUT', '/api/commesse/parametri', { costo_orario: 'retribuzione', coefficiente_costi_indiretti: 1.3 })).statusCode).toBe(403);
    expect((await call(mario, 'GET', '/api/commesse/parametri')).statusCode).toBe(403);
    expect((await call(personale, 'GET', '/api/commesse/parametri')).json().costo_orario).toBe('mansione');
    const ok = await call(personale, 'PUT', '/api/commesse/parametri', { costo_orario: 'retribuzione', coefficiente_costi_indiretti: 1.3 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'avvisi.updated', data: { costo_orario: 'retribuzione', coefficiente_costi_indiretti: 1.3 } });
    const log = ((await t.handle.db.execute(sql`select prima, dopo from audit_log where entita = 'parametri_commesse' order by id desc limit 1`)) as unknown as { rows: { prima: unknown; dopo: unknown }[] }).rows[0];
    expect(log).toMatchObject({ prima: { costo_orario: 'mansione', coefficiente_costi_indiretti: 1.45 }, dopo: { costo_orario: 'retribuzione', coefficiente_costi_indiretti: 1.3 } });
    await call(personale, 'PUT', '/api/commesse/parametri', { costo_orario: 'mansione', coefficiente_costi_indiretti: 1.45 });
  });

  it('costs each booking at the employee’s hourly pay on its date × the coefficient in mode retribuzione, before and after a June raise, and a booking without contract at the role’s cost', async () => {
    // a CCNL of its own: level L1 from January 2025 (minimum + EDR), a new minimum from June 2025
    const ccnl = await call(personale, 'PUT', '/api/contratti/ccnl', {
      codice: 'CST18', descrizione: 'CCNL di prova del costo del lavoro', mensilita: 13, ore_settimanali: 40, divisore_orario: 173, livelli: [{ codice: 'L1', descrizione: 'Primo' }],
    });
    expect(ccnl.statusCode, ccnl.body).toBe(201);
    const ccnlId = ccnl.json().data.id as number;
    for (const v of [
      { livello: 'L1', voce: 'Minimo tabellare', decorrenza: '2025-01-01', importo: 200000 },
      { livello: 'L1', voce: 'EDR', decorrenza: '2025-01-01', importo: 1033 },
      { livello: 'L1', voce: 'Minimo tabellare', decorrenza: '2025-06-01', importo: 207000 },
    ]) expect((await call(personale, 'PUT', `/api/contratti/ccnl/${ccnlId}/voci`, v)).statusCode).toBe(201);
    const roles = (await call(personale, 'GET', '/api/commesse/costi-mansione')).json() as { mansione_id: number; codice: string; costo_orario: number | null }[];
    const sal = roles.find((r) => r.codice === 'SAL')!;
    const hire = async (matricola: string, cognome: string, mansione_id: number | null) => {
      const r = await call(personale, 'PUT', '/api/dipendenti', {
        matricola, cognome, nome: 'Prova', codice_fiscale: codiceFiscale({ cognome, nome: 'Prova', sesso: 'M', data_nascita: '1990-05-06', comune: 'A944' }),
        reparto_id: ids.prod, data_assunzione: '2025-01-01', mansione_id,
      });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().data.id as number;
    };
    const paid = await hire('991801', 'Costato', sal.mansione_id);
    const unpaid = await hire('991802', 'Senzacontratto', sal.mansione_id);
    const fixed = await hire('991803', 'Atermine', sal.mansione_id);
    const row = { ccnl_id: ccnlId, livello: 'L1', qualifica: 'operaio', tipo_contratto: 'indeterminato' };
    expect((await call(personale, 'PUT', `/api/contratti/dipendenti/${paid}/contratti`, { ...row, dal: '2025-01-01', superminimo: 5000 })).statusCode).toBe(201);
    expect((await call(personale, 'PUT', `/api/contratti/dipendenti/${paid}/contratti`, { ...row, dal: '2025-09-01', superminimo: 10000 })).statusCode).toBe(201);
    // a fixed term over at the end of March: from April, no contract in force
    const term = await call(personale, 'PUT', `/api/contratti/dipendenti/${fixed}/contratti`, { ...row, dal: '2025-01-01', tipo_contratto: 'determinato', data_fine: '2025-03-31' });
    expect(term.statusCode, term.body).toBe(201);

    const c = (await call(personale, 'PUT', '/api/commesse', order('COST-18'))).json().data;
    const bookings: [number, string, number, number][] = [
      [paid, '2025-05-20', 450, c.fasi[0].id], // before the June raise
      [paid, '2025-06-10', 450, c.fasi[0].id], // after it
      [paid, '2025-06-11', 450, c.fasi[1].id], // same rate, other phase
      [paid, '2025-09-15', 480, c.fasi[1].id], // a new contract row (superminimo)
      [unpaid, '2025-06-10', 60, c.fasi[1].id], // no contract: the role's cost
      [fixed, '2025-03-31', 120, c.fasi[1].id], // the fixed term's last day
      [fixed, '2025-04-01', 90, c.fasi[1].id], // the day after: the role's cost
    ];
    const values = sql.join(bookings.map(([d, data, m, f]) => sql`(${d}, ${data}::date, ${c.id}, ${f}, ${m}, 'manuale', 'approvata')`), sql`, `);
    await t.handle.db.execute(sql`insert into registrazioni (dipendente_id, data, commessa_id, fase_id, minuti, origine, stato) values ${values}`);

    // the rate on each date, as contratti answers it for one employee and day
    const rate = async (data: string) => (await call(personale, 'GET', `/api/contratti/dipendenti/${paid}/retribuzione?data=${data}`)).json().paga_oraria as number;
    const rates = { '2025-05-20': await rate('2025-05-20'), '2025-06-10': await rate('2025-06-10'), '2025-06-11': await rate('2025-06-11'), '2025-09-15': await rate('2025-09-15') };
    // (minimum + EDR + superminimo) / 173, half up: 206033 / 173, 213033 / 173, 218033 / 173
    expect(rates).toEqual({ '2025-05-20': 1191, '2025-06-10': 1231, '2025-06-11': 1231, '2025-09-15': 1260 });
    // contratti's periods of one rate: split at the June decorrenza and at the second contract row; none for the other
    const p = hourlyRatePeriods(t.handle.db);
    const periods = await t.handle.db.select().from(p).where(sql`${p.dipendente_id} in (${paid}, ${unpaid}, ${fixed})`).orderBy(p.dipendente_id, p.dal);
    expect(periods).toEqual([
      { dipendente_id: paid, dal: '2025-01-01', al: '2025-06-01', paga_oraria: 1191 },
      { dipendente_id: paid, dal: '2025-06-01', al: '2025-09-01', paga_oraria: 1231 },
      { dipendente_id: paid, dal: '2025-09-01', al: null, paga_oraria: 1260 },
      { dipendente_id: fixed, dal: '2025-01-01', al: '2025-04-01', paga_oraria: 1162 }, // 201033 / 173
    ]);
    // the dates on which some rate changes: every start and end of these periods among them, sorted
    const dates = ((await t.handle.db.execute(sql`select array_to_string(${rateBoundaries()}, ',') as d`)) as unknown as { rows: { d: string }[] }).rows[0].d.split(',');
    expect(dates).toEqual([...dates].sort());
    expect(dates).toEqual(expect.arrayContaining(['2025-01-01', '2025-04-01', '2025-06-01', '2025-09-01']));
    expect((await call(personale, 'GET', `/api/contratti/dipendenti/${fixed}/retribuzione?data=2025-03-31`)).json().paga_oraria).toBe(1162);
    expect((await call(personale, 'GET', `/api/contratti/dipendenti/${fixed}/retribuzione?data=2025-04-01`)).statusCode).toBe(404);

    const report = async () => {
      const r = await call(personale, 'GET', `/api/commesse/${c.id}/consuntivo`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const role = sal.costo_orario ?? 0;
    const byRole = bookings.reduce((s, [, , m]) => s + costoLavoro(m, role), 0);
    const m = await report();
    expect(m).toMatchObject({ costo_orario: 'mansione', coefficiente_costi_indiretti: 1.45, minuti_costo_mansione: 0, minuti_registrati: 2100, costo_registrato: byRole });

    for (const [coefficiente, k] of [[1.45, 145], [2.37, 237]] as const) {
      expect((await call(personale, 'PUT', '/api/commesse/parametri', { costo_orario: 'retribuzione', coefficiente_costi_indiretti: coefficiente })).statusCode).toBe(200);
      const expected = bookings.map(([d, data, min]) =>
        d === paid ? costoLavoroCoefficiente(min, rates[data as keyof typeof rates], k) : d === fixed && data < '2025-04-01' ? costoLavoroCoefficiente(min, 1162, k) : costoLavoro(min, role),
      );
      const r = await report();
      expect(r).toMatchObject({ costo_orario: 'retribuzione', coefficiente_costi_indiretti: coefficiente, minuti_costo_mansione: 60 + 90, minuti_registrati: 2100 });
      expect(r.costo_registrato).toBe(expected.reduce((s, x) => s + x, 0));
      expect(r.fasi.map((f: { costo_registrato: number }) => f.costo_registrato)).toEqual([expected[0] + expected[1], expected.slice(2).reduce((s, x) => s + x, 0)]);
    }
    // the issue's example, by hand: 7.5 h at 11.91 €/h × 1.45 = 129.52125 € before the raise, 7.5 h at 12.31 €/h × 1.45 = 133.87125 € after
    expect([costoLavoroCoefficiente(450, 1191, 145), costoLavoroCoefficiente(450, 1231, 145)]).toEqual([12952, 13387]);
    await call(personale, 'PUT', '/api/commesse/parametri', { costo_orario: 'mansione', coefficiente_costi_indiretti: 1.45 });
  });
});
