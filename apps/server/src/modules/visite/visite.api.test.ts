import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { decodeQp } from '../../../../../test/support/smtp';
import { makeTestApp, login, skipReason, type Session, type TestApp } from '../../../test/harness';

describe.skipIf(skipReason())('visitor register', () => {
  let t: TestApp;
  let desk: Session;
  let admin: Session;
  let mario: Session;
  let ref: { value: number; label: string };
  let tipi: { id: number; codice: string }[];
  let motivo: number;
  const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });

  beforeAll(async () => {
    t = await makeTestApp();
    [desk, admin, mario] = [await login(t.app, 'portineria'), await login(t.app, 'admin'), await login(t.app, 'mario.rossi')];
    ref = (await t.app.inject({ url: '/api/visite/referenti', headers: { ...desk.auth, 'x-http-method-override': 'lookup' } })).json()[0];
    tipi = (await call(desk, 'GET', '/api/visite/tipi?size=100')).json().rows;
    motivo = (await call(desk, 'GET', '/api/visite/motivi')).json().rows[0].id;
  });
  afterAll(async () => t?.close());

  const ingresso = (extra: Record<string, unknown> = {}) => ({
    nome: 'Ilaria', cognome: 'Boschi', azienda: 'Boschi Automazioni', tipo_id: tipi.find((x) => x.codice === 'CLI')!.id, motivo_id: motivo,
    referente_id: ref.value, documento_tipo: 'carta_identita', documento_numero: 'CA 12345 XY', ...extra,
  });

  it('checks a visitor in with a masked document and a badge, and tells the referent', async () => {
    const r = await call(desk, 'PUT', '/api/visite', ingresso());
    expect(r.statusCode, r.body).toBe(201);
    const v = r.json().data;
    expect(v).toMatchObject({ nome: 'Ilaria', cognome: 'Boschi', documento_numero: '•••••5XY', uscita: null, referente_nome: ref.label });
    expect(v.badge).toMatch(/^V\d{3}$/);
    const raw = await t.handle.db.execute(sql`select documento_numero from visite where id = ${v.id}`);
    expect((raw as unknown as { rows: { documento_numero: string }[] }).rows[0].documento_numero).toBe('5XY');
    const mail = await t.smtp.waitFor((m) => decodeQp(m.raw).includes('Ilaria Boschi'));
    expect(decodeQp(mail.raw)).toContain('arrivata in portineria la visita di');
    const onSite = (await call(desk, 'GET', '/api/visite?presenti=si')).json().rows;
    expect(onSite.some((x: { id: number }) => x.id === v.id)).toBe(true);
    const evac = (await call(desk, 'GET', '/api/visite/evacuazione')).json();
    expect(evac.visitatori.some((x: { id: number }) => x.id === v.id)).toBe(true);
    // an employee who has just clocked in is on the list too
    await call(mario, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: '3f1d6a2e-8c44-4f0e-9b7a-5d2c1e0f9a31' });
    const after = (await call(desk, 'GET', '/api/visite/evacuazione')).json();
    expect(after.dipendenti.some((d: { cognome: string; nome: string }) => d.cognome === 'Rossi' && d.nome === 'Mario')).toBe(true);
    // the same badge twice while on site is refused; check-out frees it
    const dup = await call(desk, 'PUT', '/api/visite', ingresso({ nome: 'Altro', badge: v.badge }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'avvisi.badge_in_uso', params: { badge: v.badge } });
    const out = await call(desk, 'POST', `/api/visite/${v.id}/uscita`, {});
    expect(out.statusCode).toBe(200);
    expect(out.json().data.uscita).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(out.json().params).toEqual({ context: 'uscita_visita', nome: `${v.nome} ${v.cognome}`, ora: out.json().data.uscita.slice(11, 16) });
    expect((await call(desk, 'POST', `/api/visite/${v.id}/uscita`)).json()).toEqual({ message: 'avvisi.visita_gia_uscita' });
    expect((await call(desk, 'POST', '/api/visite/999999/uscita')).statusCode).toBe(404);
    const prev = (await call(desk, 'GET', '/api/visite/precedenti?search=Boschi')).json();
    expect(prev[0]).toMatchObject({ nome: 'Ilaria', cognome: 'Boschi', azienda: 'Boschi Automazioni' });
  });

  it('refuses bad check-ins with clear messages and stores nothing', async () => {
    const before = (await call(desk, 'GET', '/api/visite?size=1')).json().total;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nome: '<script>alert(1)</script>' }, 'nome', 'avvisi.html_non_ammesso'],
      [{ referente_id: 999999 }, 'referente_id', 'avvisi.referente_sconosciuto'],
      [{ azienda: undefined }, 'azienda', 'avvisi.campo_richiesto'],
      [{ entrata: '2099-01-01T10:00:00' }, 'entrata', 'avvisi.ora_futura'],
      [{ documento_numero: 'x'.repeat(40) }, 'documento_numero', 'avvisi.troppo_lungo'],
    ];
    for (const [extra, field, key] of cases) {
      const r = await call(desk, 'PUT', '/api/visite', ingresso(extra));
      expect(r.statusCode, JSON.stringify(extra)).toBe(400);
      expect(r.json().params.fields[field]).toBe(key);
    }
    expect((await call(desk, 'GET', '/api/visite?size=1')).json().total).toBe(before);
  });

  it('keeps the register to reception and the settings to administrators', async () => {
    expect((await call(mario, 'GET', '/api/visite')).statusCode).toBe(403);
    expect((await call(mario, 'PUT', '/api/visite', ingresso())).statusCode).toBe(403);
    expect((await call(desk, 'POST', '/api/visite/parametri', {})).statusCode).toBe(403);
    expect((await call(desk, 'POST', '/api/visite/conservazione')).statusCode).toBe(403);
    expect((await call(desk, 'PUT', '/api/visite/tipi', { codice: 'X', descrizione: 'X' })).statusCode).toBe(403);
  });

  it('saves the parameters and anonymises old visits, keeping the counts', async () => {
    const par = (await call(admin, 'GET', '/api/visite/parametri')).json();
    const saved = await call(admin, 'POST', '/api/visite/parametri', { ...par, giorni_conservazione: 10, campi_obbligatori: [] });
    expect(saved.statusCode).toBe(200);
    const total = (await call(admin, 'GET', '/api/visite?size=1')).json().total;
    const run = await call(admin, 'POST', '/api/visite/conservazione');
    expect(run.statusCode).toBe(200);
    expect(run.json().data.anonimizzate).toBeGreaterThan(0);
    const old = (await call(desk, 'GET', '/api/visite?size=1000')).json();
    expect(old.total).toBe(total);
    const anon = old.rows.filter((v: { anonimizzata: boolean }) => v.anonimizzata);
    expect(anon.length).toBe(run.json().data.anonimizzate);
    expect(anon.every((v: { cognome: string; azienda: null; documento_numero: null }) => v.cognome === 'anonimo' && v.azienda === null && v.documento_numero === null)).toBe(true);
    // visits inside the retention period keep their data
    expect(old.rows.some((v: { anonimizzata: boolean }) => !v.anonimizzata)).toBe(true);
    const log = (await call(admin, 'GET', '/api/audit?entita=visite')).json().rows;
    expect(log.some((r: { azione: string }) => r.azione === 'conservazione')).toBe(true);
    const xlsx = await call(desk, 'GET', '/api/visite/excel?dal=2020-01-01&al=2030-12-31');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe.skipIf(skipReason())('visit authorisations', () => {
  it('lets an employee authorise a visit, an administrator approve a contractor, and reception check it in', async () => {
    const t = await makeTestApp();
    try {
      const [desk, admin, mario] = [await login(t.app, 'portineria'), await login(t.app, 'admin'), await login(t.app, 'mario.rossi')];
      const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
      const tipi = (await call(desk, 'GET', '/api/visite/tipi?size=100')).json().rows as { id: number; codice: string; richiede_approvazione: boolean }[];
      const motivo = (await call(desk, 'GET', '/api/visite/motivi')).json().rows[0].id;
      const today = (await call(desk, 'GET', '/api/visite/autorizzazioni?oggi=si')).json();
      expect(today.total).toBeGreaterThanOrEqual(2); // the demo's expected visits
      const dit = tipi.find((x) => x.codice === 'DIT')!;
      expect(dit.richiede_approvazione).toBe(true);
      const day = today.rows[0].dal as string;

      // mario authorises a contractor for himself: it waits for an administrator
      const put = await call(mario, 'PUT', '/api/visite/autorizzazioni', { nome: 'Marco', cognome: 'Pini', azienda: 'Impianti Pini', tipo_id: dit.id, motivo_id: motivo, dal: day, al: day });
      expect(put.statusCode, put.body).toBe(201);
      const a = put.json().data;
      expect(a).toMatchObject({ stato: 'attiva', approvazione: 'in_attesa', puo_entrare: false, referente_nome: 'Rossi Mario' });
      expect((await call(mario, 'PUT', '/api/visite/autorizzazioni', { cognome: 'X', tipo_id: dit.id, motivo_id: motivo, dal: day, al: day, referente_id: a.referente_id + 1 })).statusCode).toBe(400);
      const bad = await call(mario, 'PUT', '/api/visite/autorizzazioni', { tipo_id: dit.id, motivo_id: motivo, dal: day, al: day, ora_da: '18:00', ora_a: '08:00' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().params.fields).toMatchObject({ ora_a: 'avvisi.ora_fine_prima_inizio', cognome: 'avvisi.visitatore_o_azienda' });
      // mario sees only his own; reception sees all
      // employees read the visitor types (the form warns when one needs approval)
      expect((await call(mario, 'GET', '/api/visite/tipi?size=100')).statusCode).toBe(200);
      const mine = (await call(mario, 'GET', '/api/visite/autorizzazioni')).json();
      expect(mine.rows.every((x: { referente_nome: string }) => x.referente_nome === 'Rossi Mario')).toBe(true);
      expect((await call(desk, 'GET', '/api/visite/autorizzazioni')).json().total).toBeGreaterThan(mine.total);

      const early = await call(desk, 'POST', `/api/visite/autorizzazioni/${a.id}/ingresso`, {});
      expect(early.json()).toEqual({ message: 'avvisi.autorizzazione_in_attesa', params: { motivo: 'in_attesa' } });
      expect((await call(mario, 'POST', `/api/visite/autorizzazioni/${a.id}/approva`)).statusCode).toBe(403);
      expect((await call(admin, 'POST', `/api/visite/autorizzazioni/${a.id}/approva`)).json().data).toMatchObject({ approvazione: 'approvata', puo_entrare: true });
      const inside = await call(desk, 'POST', `/api/visite/autorizzazioni/${a.id}/ingresso`, { documento_tipo: 'patente', documento_numero: 'BO1234567' });
      expect(inside.statusCode, inside.body).toBe(201);
      expect(inside.json().data).toMatchObject({ nome: 'Marco', cognome: 'Pini', referente_nome: 'Rossi Mario', documento_numero: '•••••567', uscita: null });
      const used = (await call(desk, 'GET', '/api/visite/autorizzazioni?size=200')).json().rows.find((x: { id: number }) => x.id === a.id);
      expect(used).toMatchObject({ stato: 'usata', visita_id: inside.json().data.id });
      expect((await call(desk, 'POST', `/api/visite/autorizzazioni/${a.id}/ingresso`, {})).json().params.motivo).toBe('usata');
      // a revoked authorisation cannot be used
      const second = (await call(mario, 'PUT', '/api/visite/autorizzazioni', { azienda: 'Corrieri Uniti', tipo_id: tipi.find((x) => x.codice === 'COR')!.id, motivo_id: motivo, dal: day, al: day })).json().data;
      // reception sees it but may not revoke it; the employee who made it may
      expect(second.puo_revocare).toBe(true);
      const seenByDesk = (await call(desk, 'GET', '/api/visite/autorizzazioni?size=200')).json().rows.find((x: { id: number }) => x.id === second.id);
      expect(seenByDesk.puo_revocare).toBe(false);
      expect((await call(desk, 'POST', `/api/visite/autorizzazioni/${second.id}/revoca`)).statusCode).toBe(403);
      expect((await call(mario, 'POST', `/api/visite/autorizzazioni/${second.id}/revoca`)).json().data.stato).toBe('revocata');
      expect((await call(desk, 'POST', `/api/visite/autorizzazioni/${second.id}/ingresso`, { nome: 'Gino', cognome: 'Neri' })).json().params.motivo).toBe('revocata');
    } finally {
      await t.close();
    }
  });
});
