import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { costoLavoro, isoWeekOf } from '@tulip/contract';
import { decodeQp } from '../../../../../test/support/smtp';
import { makeTestApp, login, skipReason, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow, mondayOf } from '../../platform/dates';
import { closeAfterWindow } from './fasi';
import { batchStats } from '../../platform/db/batch';

describe.skipIf(skipReason())('time on job orders', () => {
  let t: TestApp;
  let personale: Session;
  let laura: Session;
  let mario: Session;
  const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
  const ids = { mario: 0, laura: 0, other: 0, c015: 0, sald: 0, mont: 0, prog: 0, sospesa: 0, chiusa: 0, hidden: 0, hiddenPhase: 0 };
  let today: string;
  let monday: string;

  beforeAll(async () => {
    t = await makeTestApp();
    [personale, laura, mario] = await Promise.all(['personale', 'laura.bianchi', 'mario.rossi'].map((u) => login(t.app, u)));
    ids.mario = (await call(mario, 'GET', '/api/user/profile')).json().dipendente.id;
    ids.laura = (await call(laura, 'GET', '/api/user/profile')).json().dipendente.id;
    ids.other = (await call(personale, 'GET', '/api/user/profile')).json().dipendente.id;
    const orders = (await call(personale, 'GET', '/api/commesse?size=100')).json().rows as { id: number; codice: string; stato: string; fasi: { id: number; codice: string }[] }[];
    const c015 = orders.find((o) => o.codice === 'C26-015')!;
    ids.c015 = c015.id;
    ids.sald = c015.fasi.find((f) => f.codice === 'SALD')!.id;
    ids.mont = c015.fasi.find((f) => f.codice === 'MONT')!.id;
    ids.prog = c015.fasi.find((f) => f.codice === 'PROG')!.id;
    ids.sospesa = orders.find((o) => o.stato === 'sospesa')!.id;
    ids.chiusa = orders.find((o) => o.stato === 'chiusa')!.id;
    const hidden = (await call(personale, 'PUT', '/api/commesse', { codice: 'RIL-HID', descrizione: 'Nascosta', stato: 'aperta', data_inizio: '2026-01-01', fasi: [{ codice: 'X', descrizione: 'X' }] })).json().data;
    ids.hidden = hidden.id;
    ids.hiddenPhase = hidden.fasi[0].id;
    today = localNow(t.config.timezone).data;
    monday = mondayOf(today);
    // the demo's bookings and weeks of mario's: these tests make their own
    await t.handle.db.execute(sql`delete from registrazioni where dipendente_id = ${ids.mario}`);
    await t.handle.db.execute(sql`delete from registrazioni_settimane where dipendente_id = ${ids.mario}`);
  });
  afterAll(async () => t?.close());

  const ore = (s: Session, body: Record<string, unknown>) =>
    call(s, 'PUT', '/api/rilevazione/ore', { data: addDays(monday, -7), commessa_id: ids.c015, fase_id: ids.prog, minuti: 120, id_richiesta: randomUUID(), ...body });

  it('books hours once per request id, on visible open orders only, at most 24 hours a day', async () => {
    const id = randomUUID();
    const r = await ore(mario, { id_richiesta: id });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({ dipendente_id: ids.mario, minuti: 120, origine: 'manuale', stato: 'bozza', commessa_codice: 'C26-015', fase_codice: 'PROG' });
    // a repeat gets the first answer again (platform/idempotency.ts), and books nothing more
    const again = await ore(mario, { id_richiesta: id });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(r.json());
    expect((await ore(mario, { id_richiesta: id, minuti: 60 })).statusCode).toBe(409);

    const refused = async (body: Record<string, unknown>, status: number, check?: (j: { message: string; params?: { fields?: Record<string, string> } }) => void) => {
      const x = await ore(mario, body);
      expect(x.statusCode, x.body).toBe(status);
      check?.(x.json());
    };
    await refused({ minuti: 0 }, 400, (j) => expect(j.params?.fields?.minuti).toBe('avvisi.minuti_non_validi'));
    await refused({ minuti: 1441 }, 400);
    await refused({ commessa_id: ids.hidden, fase_id: ids.hiddenPhase }, 404);
    await refused({ commessa_id: ids.sospesa, fase_id: null }, 409, (j) => expect(j.message).toBe('avvisi.commessa_non_attiva'));
    await refused({ commessa_id: ids.chiusa, fase_id: null }, 409);
    await refused({ fase_id: null }, 400, (j) => expect(j.params?.fields?.fase_id).toBe('avvisi.campo_richiesto'));
    await refused({ dipendente_id: ids.laura }, 404); // an employee books only for themself
    await refused({ minuti: 1400 }, 400, (j) => expect(j.params?.fields?.minuti).toBe('avvisi.oltre_giornata'));
    // D.Lgs 66/2003 art. 7: 13 hours a day at most, whatever is booked already
    await refused({ minuti: 781 }, 400, (j) => expect(j.params?.fields?.minuti).toBe('avvisi.oltre_giornata'));
    const list = (await call(mario, 'GET', `/api/rilevazione/ore?dal=${addDays(monday, -7)}&al=${addDays(monday, -1)}`)).json();
    expect(list.rows).toHaveLength(1);
  });

  it('runs phase timers with attendance: scan to start, switch, refuse a second start, close at the exit punch', async () => {
    const act = (body: Record<string, unknown>) => call(mario, 'POST', '/api/rilevazione/fasi', { id_richiesta: randomUUID(), ...body });
    // make sure he is out, then a start is refused
    const last = (await call(mario, 'GET', '/api/timbrature/oggi')).json().timbrature.at(-1);
    if (last?.verso === 'E') await call(mario, 'PUT', '/api/timbrature', { verso: 'U', id_richiesta: randomUUID() });
    const out = await act({ op: 'inf', codice: 'C26-015/SALD' });
    expect(out.statusCode, out.body).toBe(409);
    expect(out.json().message).toBe('avvisi.non_in_servizio');

    expect((await call(mario, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: randomUUID() })).statusCode).toBe(201);
    const started = await act({ op: 'inf', codice: 'c26-015/sald' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.aperta).toMatchObject({ fase_codice: 'SALD', fine: null, origine: 'timer' });
    expect(started.json().data.chiusa).toBeNull();
    expect((await act({ op: 'inf', commessa_id: ids.c015, fase_id: ids.mont })).json().message).toBe('avvisi.fase_in_corso');
    expect((await act({ op: 'inf', codice: 'NON-UN-CODICE' })).statusCode).toBe(400);

    // two concurrent switches: exactly one phase left running, no overlap
    const [a, b] = await Promise.all([act({ op: 'closePrevious', commessa_id: ids.c015, fase_id: ids.mont }), act({ op: 'closePrevious', commessa_id: ids.c015, fase_id: ids.mont })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const timed = (await t.handle.db.execute(sql`select inizio, fine from registrazioni where dipendente_id = ${ids.mario} and inizio is not null order by inizio, id`)) as unknown as { rows: { inizio: string; fine: string | null }[] };
    expect(timed.rows.filter((r) => r.fine === null)).toHaveLength(1);
    for (let i = 1; i < timed.rows.length; i++) expect(new Date(timed.rows[i].inizio).getTime()).toBeGreaterThanOrEqual(new Date(timed.rows[i - 1].fine!).getTime());
    const aperta = (await call(mario, 'GET', '/api/rilevazione/fasi/aperta')).json();
    expect(aperta.fase_codice).toBe('MONT');

    // a retry of the same request gets the same answer; other content under its id is refused
    const rid = randomUUID();
    const first = await call(mario, 'POST', '/api/rilevazione/fasi', { op: 'rtf', commessa_id: ids.c015, fase_id: ids.prog, minuti: 15, id_richiesta: rid });
    expect(first.statusCode, first.body).toBe(200);
    const retry = await call(mario, 'POST', '/api/rilevazione/fasi', { op: 'rtf', commessa_id: ids.c015, fase_id: ids.prog, minuti: 15, id_richiesta: rid });
    expect(retry.json().data.chiusa.id).toBe(first.json().data.chiusa.id);
    expect((await call(mario, 'POST', '/api/rilevazione/fasi', { op: 'rtf', commessa_id: ids.c015, fase_id: ids.prog, minuti: 20, id_richiesta: rid })).statusCode).toBe(409);
    // a done phase over a running one overlaps; an end before the start is refused
    // timer-wait: the clock must pass the second the phases started in: `fine` has whole seconds
    await new Promise((r) => setTimeout(r, 1100));
    const now = localNow(t.config.timezone).ts;
    expect((await act({ op: 'rtf', commessa_id: ids.c015, fase_id: ids.prog, inizio: `${today}T00:00:00`, fine: now })).json().message).toBe('avvisi.sovrapposizione');
    expect((await act({ op: 'rtf', commessa_id: ids.c015, fase_id: ids.prog, inizio: now, fine: `${today}T00:00:00` })).statusCode).toBe(400);

    // the exit punch closes MONT at the punch, flagged
    const exit = await call(mario, 'PUT', '/api/timbrature', { verso: 'U', id_richiesta: randomUUID() });
    expect(exit.statusCode).toBe(201);
    expect((await call(mario, 'GET', '/api/rilevazione/fasi/aperta')).json()).toBeNull();
    const flagged = (await call(mario, 'GET', `/api/rilevazione/ore?dal=${addDays(today, -1)}&al=${today}&da_verificare=si`)).json().rows;
    expect(flagged.map((r: { fase_codice: string; motivo_verifica: string }) => [r.fase_codice, r.motivo_verifica])).toEqual([['MONT', 'uscita']]);
    expect(flagged[0].fine.slice(0, 16)).toBe(exit.json().data.ts.slice(0, 16));
    expect((await act({ op: 'cf' })).json().message).toBe('avvisi.nessuna_fase');
  });

  it('closes the running phases of exits stored together in one batch, each at its own punch (issue #30)', async () => {
    const people = [mario, personale];
    for (const s of people) {
      const last = (await call(s, 'GET', '/api/timbrature/oggi')).json().timbrature.at(-1);
      if (last?.verso !== 'E') expect((await call(s, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: randomUUID() })).statusCode).toBe(201);
    }
    // a phase running for each (the HR office's employee does not see the order: written directly)
    const running: number[] = [];
    for (const id of [ids.mario, ids.other]) {
      await t.handle.db.execute(sql`update registrazioni set fine = inizio where dipendente_id = ${id} and inizio is not null and fine is null`);
      const made = (await t.handle.db.execute(sql`insert into registrazioni (dipendente_id, data, commessa_id, fase_id, minuti, inizio, origine)
        values (${id}, ${today}, ${ids.c015}, ${ids.mont}, 0, now() - interval '1 hour', 'timer') returning id`)) as unknown as { rows: { id: number }[] };
      running.push(Number(made.rows[0].id));
    }
    const before = { ...(batchStats['event:timbratura.registrata'] ?? { batches: 0, items: 0 }) };
    const audits = async () => Number(((await t.handle.db.execute(sql`select count(*)::int as n from audit_log where entita = 'registrazioni' and utente_id is null`)) as unknown as { rows: { n: number }[] }).rows[0].n);
    const auditedBefore = await audits();
    const exits = await Promise.all(people.map((s) => call(s, 'PUT', '/api/timbrature', { verso: 'U', id_richiesta: randomUUID() })));
    expect(exits.map((e) => e.statusCode)).toEqual([201, 201]);
    const stats = batchStats['event:timbratura.registrata'];
    expect(stats.items - before.items).toBe(2);
    expect(stats.batches - before.batches).toBeLessThanOrEqual(2);
    for (const [i, s] of people.entries()) {
      // answered after the phase was closed: nothing runs any more
      expect((await call(s, 'GET', '/api/rilevazione/fasi/aperta')).json()).toBeNull();
      const row = ((await t.handle.db.execute(sql`select r.fine = p.ts as at_exit, r.motivo_verifica from registrazioni r, timbrature p
        where r.id = ${running[i]} and p.id = ${exits[i].json().data.id}`)) as unknown as { rows: { at_exit: boolean; motivo_verifica: string }[] }).rows[0];
      expect(row).toEqual({ at_exit: true, motivo_verifica: 'uscita' });
    }
    expect((await audits()) - auditedBefore).toBe(2);
  });

  it('switches the phases of many people at once in one batch, each answered as on its own (issue #30)', async () => {
    const staff = ((await call(personale, 'GET', '/api/dipendenti?size=100')).json().rows as { id: number; data_cessazione: string | null }[])
      .filter((d) => ![ids.mario, ids.laura, ids.other].includes(d.id) && !d.data_cessazione)
      .slice(0, 6)
      .map((d) => d.id);
    expect(staff).toHaveLength(6);
    await t.handle.db.execute(sql`update commesse set visibile_tutti = true where id = ${ids.c015}`);
    for (const id of staff) {
      await t.handle.db.execute(sql`update registrazioni set fine = inizio where dipendente_id = ${id} and inizio is not null and fine is null`);
      await t.handle.db.execute(sql`insert into timbrature (dipendente_id, ts, creata_il, verso, fonte, id_richiesta) values (${id}, (${localNow(t.config.timezone).ts}::timestamp at time zone ${t.config.timezone}) - interval '1 second', now(), 'E', 'manuale', gen_random_uuid())`);
    }
    const act = (dipendente_id: number, body: Record<string, unknown>) =>
      call(personale, 'POST', '/api/rilevazione/fasi', { dipendente_id, commessa_id: ids.c015, id_richiesta: randomUUID(), ...body });
    const started = await Promise.all(staff.map((d) => act(d, { op: 'inf', fase_id: ids.sald })));
    expect(started.map((r) => r.statusCode), started.map((r) => r.body).join()).toEqual(staff.map(() => 200));
    const before = { ...batchStats.fasi };
    const audited = async () => Number(((await t.handle.db.execute(sql`select count(*)::int as n from audit_log where entita = 'registrazioni'`)) as unknown as { rows: { n: number }[] }).rows[0].n);
    const auditBefore = await audited();
    // one body carries a lone surrogate, which jsonb refuses as an escape: the batch, which records the requests as JSON, still takes it
    const bodies = staff.map((d, k) => ({ dipendente_id: d, op: 'closePrevious', commessa_id: ids.c015, fase_id: ids.mont, id_richiesta: randomUUID(), ...(k ? {} : { note: 'fine \ud800 turno' }) }));
    const switched = await Promise.all(bodies.map((b) => call(personale, 'POST', '/api/rilevazione/fasi', b)));
    expect(switched.map((r) => r.statusCode)).toEqual(staff.map(() => 200));
    // fewer statements than requests: the six went through the batch layer, in fewer batches than requests
    expect(batchStats.fasi.items - before.items).toBe(6);
    expect(batchStats.fasi.batches - before.batches).toBeLessThan(6);
    expect(batchStats.fasi.failed - before.failed).toBe(0);
    for (const [k, r] of switched.entries()) {
      const { aperta, chiusa } = r.json().data;
      expect(aperta).toMatchObject({ dipendente_id: staff[k], fase_codice: 'MONT', fine: null, origine: 'timer' });
      expect(chiusa).toMatchObject({ id: started[k].json().data.aperta.id, dipendente_id: staff[k], fase_codice: 'SALD', fine: aperta.inizio });
      // the same request again gets the same answer, and other content under its id is refused
      const again = await call(personale, 'POST', '/api/rilevazione/fasi', bodies[k]);
      expect(again.json().data).toEqual(r.json().data);
    }
    expect((await call(personale, 'POST', '/api/rilevazione/fasi', { ...bodies[0], fase_id: ids.sald })).statusCode).toBe(409);
    const running = (await t.handle.db.execute(sql`select dipendente_id, count(*)::int as n from registrazioni where ${sql.raw(`dipendente_id in (${staff.join(',')})`)} and inizio is not null and fine is null group by dipendente_id`)) as unknown as { rows: { n: number }[] };
    expect(running.rows.map((x) => Number(x.n))).toEqual(staff.map(() => 1));
    // each close and each start audited
    expect((await audited()) - auditBefore).toBe(12);
    // each close with the row before and after it, by who asked, at the server's instant
    const closes = (await t.handle.db.execute(
      sql`select entita_id, username, prima->>'fine' as prima_fine, dopo->>'fine' as dopo_fine, dopo->>'minuti' as minuti, ts from audit_log
        where entita = 'registrazioni' and azione = 'update' order by id desc limit 6`,
    )) as unknown as { rows: { entita_id: string; username: string; prima_fine: string | null; dopo_fine: string | null; minuti: string; ts: string }[] };
    expect(closes.rows.map((a) => Number(a.entita_id)).sort()).toEqual(started.map((r) => r.json().data.aperta.id).sort());
    for (const a of closes.rows) expect(a).toMatchObject({ username: 'personale', prima_fine: null, dopo_fine: expect.any(String), minuti: expect.any(String) });
    // each start with its row as the query builder reads it (the batch inserts them raw): numbers as numbers, instants as ISO
    const creates = (await t.handle.db.execute(
      sql`select dopo->>'inizio' as inizio, dopo->>'creata_il' as creata_il, jsonb_typeof(dopo->'id') as id, jsonb_typeof(dopo->'fine') as fine, dopo->>'data' as data
        from audit_log where entita = 'registrazioni' and azione = 'create' order by audit_log.id desc limit 6`,
    )) as unknown as { rows: Record<string, string>[] };
    const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    for (const a of creates.rows) expect(a).toEqual({ inizio: iso, creata_il: iso, id: 'number', fine: 'null', data: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    await t.handle.db.execute(sql`update commesse set visibile_tutti = false where id = ${ids.c015}`);
  });

  it('closes a phase left running past its work day at the shift end, flagged', async () => {
    const day = addDays(today, -3);
    await t.handle.db.execute(sql`insert into registrazioni (dipendente_id, data, commessa_id, fase_id, minuti, inizio, origine)
      values (${ids.other}, ${day}, ${ids.c015}, ${ids.prog}, 0, (${`${day}T09:00:00`}::timestamp at time zone 'Europe/Rome'), 'timer')`);
    expect(await closeAfterWindow(t.handle.db, t.config.timezone)).toBeGreaterThanOrEqual(1);
    const r = (await t.handle.db.execute(sql`select minuti, da_verificare, motivo_verifica from registrazioni where dipendente_id = ${ids.other} and data = ${day}`)) as unknown as {
      rows: { minuti: number; da_verificare: boolean; motivo_verifica: string }[];
    };
    expect(r.rows[0]).toMatchObject({ da_verificare: true, motivo_verifica: 'fine_turno' });
    expect(r.rows[0].minuti).toBeGreaterThan(0);
  });

  it('fills, sends and approves a week beside the timecard; an approved week is locked until HR reopens it', async () => {
    const week = addDays(monday, -14);
    const settimana = isoWeekOf(week);
    const grid = await call(mario, 'GET', `/api/rilevazione/settimana?settimana=${settimana}`);
    expect(grid.statusCode, grid.body).toBe(200);
    expect(grid.json()).toMatchObject({ settimana, stato: 'bozza', tolleranza: 15 });
    expect(grid.json().lavorati_giorno.some((m: number) => m > 0)).toBe(true);
    const saved = await call(mario, 'POST', '/api/rilevazione/settimana', {
      settimana, righe: [{ commessa_id: ids.c015, fase_id: ids.sald, minuti: [480, 480, 240, 0, 0, 0, 0] }, { commessa_id: ids.c015, fase_id: ids.mont, minuti: [0, 0, 240, 0, 0, 0, 0] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.totali_giorno).toEqual([480, 480, 480, 0, 0, 0, 0]);
    // lowering a cell changes the grid's own booking; a row left out loses its minutes
    const again = await call(mario, 'POST', '/api/rilevazione/settimana', { settimana, righe: [{ commessa_id: ids.c015, fase_id: ids.sald, minuti: [450, 480, 240, 0, 0, 0, 0] }] });
    expect(again.json().data.totali_giorno).toEqual([450, 480, 240, 0, 0, 0, 0]);
    expect(again.json().data.righe).toHaveLength(1);
    expect((await call(mario, 'POST', '/api/rilevazione/settimana', { settimana, righe: [{ commessa_id: ids.c015, fase_id: ids.sald, minuti: [-1, 0, 0, 0, 0, 0, 0] }] })).statusCode).toBe(400);

    const sent = await call(mario, 'POST', '/api/rilevazione/settimana/invia', { dipendente_id: ids.mario, settimana });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await ore(mario, { data: week })).json().message).toBe('avvisi.settimana_inviata');
    const pendingRes = await call(laura, 'GET', '/api/rilevazione/settimane/da-approvare');
    expect(pendingRes.statusCode, pendingRes.body).toBe(200);
    const pending = pendingRes.json();
    expect((await call(laura, 'GET', '/api/home')).json().settimane_da_approvare).toBeGreaterThanOrEqual(1);
    expect(pending.find((p: { dipendente_id: number }) => p.dipendente_id === ids.mario)).toMatchObject({ settimana, minuti: 1170 });
    const worked = (await call(mario, 'GET', `/api/rilevazione/settimana?settimana=${settimana}`)).json().lavorati_giorno.reduce((a: number, b: number) => a + b, 0);
    expect(pending.find((p: { dipendente_id: number }) => p.dipendente_id === ids.mario).lavorati).toBe(worked);
    // mario cannot approve his own week (he has no route for it); laura can
    expect((await call(mario, 'POST', '/api/rilevazione/settimana/approva', { dipendente_id: ids.mario, settimana })).statusCode).toBe(403);
    // nor does a manager approve her own: laura's week, sent, stays hers to wait on
    const hers = isoWeekOf(addDays(monday, 7)); // a week of hers the demo has not decided
    await call(laura, 'POST', '/api/rilevazione/settimana', { settimana: hers, righe: [{ commessa_id: ids.c015, fase_id: ids.sald, minuti: [60, 0, 0, 0, 0, 0, 0] }] });
    expect((await call(laura, 'POST', '/api/rilevazione/settimana/invia', { dipendente_id: ids.laura, settimana: hers })).statusCode).toBe(200);
    const own = await call(laura, 'POST', '/api/rilevazione/settimana/approva', { dipendente_id: ids.laura, settimana: hers });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('avvisi.approvazione_propria');
    const ok = await call(laura, 'POST', '/api/rilevazione/settimana/approva', { dipendente_id: ids.mario, settimana });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.stato).toBe('approvata');
    const mail = await t.smtp.waitFor((m) => decodeQp(m.raw).includes('sono state approvata') || decodeQp(m.raw).includes('settimana'));
    expect(decodeQp(mail.raw)).toContain('approvata');
    expect((await ore(mario, { data: week })).json().message).toBe('avvisi.settimana_approvata');
    expect((await call(mario, 'POST', '/api/rilevazione/settimana', { settimana, righe: [] })).statusCode).toBe(409);
    // HR reopens with a reason; the week is a draft again
    const reopened = await call(personale, 'POST', '/api/rilevazione/settimana/riapri', { dipendente_id: ids.mario, settimana, motivo: 'Correzione commessa' });
    // HR never reopens its own approved week
    expect((await call(personale, 'POST', '/api/rilevazione/settimana/riapri', { dipendente_id: ids.other, settimana, motivo: 'Mia' })).json().message).toBe('avvisi.approvazione_propria');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await ore(mario, { data: week, minuti: 30 })).statusCode).toBe(201);
    // sent again and sent back with a reason
    await call(mario, 'POST', '/api/rilevazione/settimana/invia', { dipendente_id: ids.mario, settimana });
    const back = await call(laura, 'POST', '/api/rilevazione/settimana/rifiuta', { dipendente_id: ids.mario, settimana, motivo: 'Manca il collaudo' });
    expect(back.json().data).toMatchObject({ stato: 'bozza', motivo_rifiuto: 'Manca il collaudo' });
    expect((await call(mario, 'GET', `/api/rilevazione/settimana?settimana=${settimana}`)).json().motivo_rifiuto).toBe('Manca il collaudo');
    // the home page tells him, as for leave
    const told = (await call(mario, 'GET', '/api/rilevazione/settimane/decisioni')).json();
    expect(told.find((d: { settimana: string }) => d.settimana === settimana)).toMatchObject({ stato: 'bozza', motivo: 'Manca il collaudo' });
  });

  it('reconciles worked and booked minutes per day, and corrects another person’s booking only with a reason', async () => {
    const week = addDays(monday, -14);
    const rec = await call(laura, 'GET', `/api/rilevazione/riconciliazione?dal=${week}&al=${addDays(week, 6)}&dipendente_id=${ids.mario}`);
    expect(rec.statusCode, rec.body).toBe(200);
    const day0 = rec.json().rows.find((r: { data: string }) => r.data === week);
    expect(day0.registrati).toBe(450 + 30);
    expect(day0.differenza).toBe(day0.registrati - day0.lavorati);
    const only = (await call(laura, 'GET', `/api/rilevazione/riconciliazione?dal=${week}&al=${addDays(week, 6)}&dipendente_id=${ids.mario}&solo_differenze=si`)).json();
    expect(only.rows.every((r: { fuori_tolleranza: boolean }) => r.fuori_tolleranza)).toBe(true);
    const xlsx = await call(laura, 'GET', `/api/rilevazione/riconciliazione/excel?dal=${week}&al=${addDays(week, 6)}`);
    expect(xlsx.statusCode).toBe(200);

    const booking = (await call(laura, 'GET', `/api/rilevazione/ore?dipendente_id=${ids.mario}&dal=${week}&al=${week}`)).json().rows[0];
    const noReason = await call(laura, 'POST', `/api/rilevazione/ore/${booking.id}`, { minuti: 60 });
    expect(noReason.json().params.fields.motivo).toBe('avvisi.motivo_richiesto');
    const fixed = await call(laura, 'POST', `/api/rilevazione/ore/${booking.id}`, { minuti: 60, motivo: 'Ore riportate dal capo reparto' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.minuti).toBe(60);
    const audit = (await call(await login(t.app, 'admin'), 'GET', '/api/audit?entita=registrazioni&size=200')).json();
    const entry = audit.rows.find((r: { entita_id: string; azione: string }) => r.entita_id === String(booking.id) && r.azione === 'update');
    expect(JSON.stringify(entry)).toContain('Ore riportate dal capo reparto');
  });

  it('feeds the order report, the planning grid and the timeline with the recorded hours and their cost', async () => {
    const rows = (await t.handle.db.execute(sql`select r.fase_id, r.minuti, d.mansione_id from registrazioni r join dipendenti d on d.id = r.dipendente_id where r.commessa_id = ${ids.c015}`)) as unknown as {
      rows: { fase_id: number | null; minuti: number; mansione_id: number }[];
    };
    expect(rows.rows.length).toBeGreaterThan(2);
    const std = new Map(((await call(personale, 'GET', '/api/commesse/costi-mansione')).json() as { mansione_id: number; costo_orario: number | null }[]).map((c) => [c.mansione_id, c.costo_orario ?? 0]));
    const assoc = (await call(personale, 'GET', `/api/commesse/${ids.c015}/associazioni`)).json() as { fasi: { fase_id: number; mansioni: { mansione_id: number; costo_orario: number | null }[] }[] };
    const hourly = (fase: number | null, role: number) => assoc.fasi.find((f) => f.fase_id === fase)?.mansioni.find((m) => m.mansione_id === role)?.costo_orario ?? std.get(role) ?? 0;
    const expected = rows.rows.reduce((s, r) => s + costoLavoro(Number(r.minuti), hourly(r.fase_id, r.mansione_id)), 0);
    const minutes = rows.rows.reduce((s, r) => s + Number(r.minuti), 0);
    const report = (await call(personale, 'GET', `/api/commesse/${ids.c015}/consuntivo`)).json();
    expect(report.minuti_registrati).toBe(minutes);
    expect(report.costo_registrato).toBe(expected);
    expect(report.costo_registrato).toBeGreaterThan(0);
    expect(report.fasi.reduce((s: number, f: { costo_registrato: number }) => s + f.costo_registrato, 0)).toBe(expected);
    const week = addDays(monday, -14);
    expect(report.settimane.find((w: { settimana: string }) => w.settimana === week)?.minuti_registrati).toBeGreaterThan(0);
    const grid = (await call(laura, 'GET', `/api/commesse/pianificazione?dal=${week}&settimane=1&dipendente_id=${ids.mario}`)).json();
    expect(grid.righe[0].celle[0].registrati).toBeGreaterThan(0);
    const timeline = (await call(laura, 'GET', `/api/commesse/timeline?dal=${week}&al=${today}`)).json();
    expect(timeline.rows.find((r: { id: number }) => r.id === ids.c015).minuti_registrati).toBe(minutes);
  });

  it('runs the phase timers from a registered shop-floor terminal, by badge and PIN, with the kiosk lockout', async () => {
    const admin = await login(t.app, 'admin');
    const key = (await call(admin, 'PUT', '/api/terminali', { descrizione: 'Tablet reparto saldatura' })).json().data.chiave;
    const h = { 'x-tulip-terminale': key };
    const emp = (await call(personale, 'GET', `/api/dipendenti/${ids.laura}`)).json();
    const who = { matricola: emp.matricola, pin: '1234' };
    const post = (url: string, payload: unknown, headers: Record<string, string> = h) => t.app.inject({ method: 'POST', url, headers, payload: payload as never });
    // no terminal, no action
    expect((await post('/api/rilevazione/fasi/terminale/stato', who, {})).statusCode).toBe(401);
    // laura clocks in at the kiosk, then starts and closes a phase at the tablet
    expect((await post('/api/kiosk/timbra', { ...who, verso: 'E', id_richiesta: randomUUID() })).statusCode).toBe(201);
    const state = (await post('/api/rilevazione/fasi/terminale/stato', who)).json();
    expect(state.dipendente).toEqual({ nome: 'Laura', cognome: 'Bianchi' });
    // the demo may have left her a phase running from her shift: closed first
    if (state.aperta) expect((await post('/api/rilevazione/fasi/terminale', { ...who, op: 'cf', id_richiesta: randomUUID() })).statusCode).toBe(200);
    expect((await post('/api/rilevazione/fasi/terminale/stato', who)).json().aperta).toBeNull();
    const started = await post('/api/rilevazione/fasi/terminale', { ...who, op: 'inf', codice: 'C26-015/COLL', id_richiesta: randomUUID() });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.aperta).toMatchObject({ dipendente_id: ids.laura, fase_codice: 'COLL' });
    const closed = await post('/api/rilevazione/fasi/terminale', { ...who, op: 'cf', quantita: 3, id_richiesta: randomUUID() });
    expect(closed.json().data.chiusa).toMatchObject({ fase_codice: 'COLL', quantita: 3 });
    // five wrong PINs lock the badge on every terminal, the phase actions too
    for (let i = 0; i < 5; i++) expect((await post('/api/rilevazione/fasi/terminale/stato', { ...who, pin: '0000' })).statusCode).toBe(401);
    expect((await post('/api/rilevazione/fasi/terminale/stato', who)).statusCode).toBe(429);
    expect((await post('/api/kiosk/timbra', { ...who, verso: 'U', id_richiesta: randomUUID() })).statusCode).toBe(429);
  });

  it('keeps its parameters', async () => {
    expect((await call(personale, 'GET', '/api/rilevazione/parametri')).json()).toEqual({ tolleranza_minuti: 15, timer_senza_presenza: 'rifiuta', fasi_parallele: false });
    const saved = await call(personale, 'POST', '/api/rilevazione/parametri', { tolleranza_minuti: 30, timer_senza_presenza: 'avvisa', fasi_parallele: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(mario, 'POST', '/api/rilevazione/parametri', { tolleranza_minuti: 0, timer_senza_presenza: 'avvisa', fasi_parallele: true })).statusCode).toBe(403);
    await call(personale, 'POST', '/api/rilevazione/parametri', { tolleranza_minuti: 15, timer_senza_presenza: 'rifiuta', fasi_parallele: false });
  });
});
