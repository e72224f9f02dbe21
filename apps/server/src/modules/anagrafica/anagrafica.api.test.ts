import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, login, skipReason, type Session, type TestApp } from '../../../test/harness';
import { decodeQp } from '../../../../../test/support/smtp';

const nuovo = {
  matricola: '009001', cognome: 'Gualandi', nome: 'Sara', codice_fiscale: 'GLNSRA90A41A944C', email: 'sara.gualandi@officinerossi.it',
  data_assunzione: '2024-03-01',
};

describe.skipIf(skipReason())('master data, scope and audit', () => {
  let t: TestApp;
  let admin: Session;
  let hr: Session;
  let laura: Session;
  let mario: Session;
  beforeAll(async () => {
    t = await makeTestApp();
    [admin, hr, laura, mario] = [await login(t.app, 'admin'), await login(t.app, 'personale'), await login(t.app, 'laura.bianchi'), await login(t.app, 'mario.rossi')];
  });
  afterAll(async () => t?.close());
  const get = (url: string, s: Session, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { ...s.auth, ...headers } });

  it('lists the demo company with paging, sorting, search and filters', async () => {
    const page = (await get('/api/dipendenti?page=2&size=10&sort=-matricola', hr)).json();
    expect(page.total).toBe(61); // the company's 60 and the equipment demo's office worker who left last month
    expect(page.rows).toHaveLength(10);
    expect(page.rows[0].matricola > page.rows[9].matricola).toBe(true);
    expect(page.rows[0]).not.toHaveProperty('pin_hash');
    const search = (await get('/api/dipendenti?search=bianchi', hr)).json();
    expect(search.rows.some((d: { nome: string }) => d.nome === 'Laura')).toBe(true);
    const reparti = (await get('/api/reparti', hr)).json();
    expect(reparti.rows.map((r: { descrizione: string }) => r.descrizione).sort()).toEqual(['Amministrazione', 'Commerciale', 'Magazzino', 'Produzione', 'Ufficio tecnico']);
    const prod = reparti.rows.find((r: { descrizione: string }) => r.descrizione === 'Produzione');
    expect(prod.responsabili).toHaveLength(1);
    expect(prod.cdc_descrizione).toBeTruthy();
    const inProd = (await get(`/api/dipendenti?reparto_id=${prod.id}&size=100`, hr)).json();
    expect(inProd.total).toBeGreaterThanOrEqual(25);
    expect((await get('/api/dipendenti?sort=nonesiste', hr)).statusCode).toBe(400);
    const lookup = (await get('/api/mansioni', mario, { 'x-http-method-override': 'lookup' })).json();
    expect(lookup.some((l: { label: string }) => l.label.includes('Operaio'))).toBe(true);
  });

  it('shows a manager only its departments and an employee only itself', async () => {
    const all = (await get('/api/dipendenti?size=100', laura)).json();
    const reparti = new Set(all.rows.map((d: { reparto_descrizione: string }) => d.reparto_descrizione));
    expect([...reparti]).toEqual(['Produzione']);
    const other = (await get('/api/dipendenti?search=Amministrazione&size=100', hr)).json();
    const hrAll = (await get('/api/dipendenti?size=100', hr)).json();
    const outsider = hrAll.rows.find((d: { reparto_descrizione: string }) => d.reparto_descrizione === 'Magazzino');
    expect(other.total).toBeGreaterThanOrEqual(0);
    expect((await get(`/api/dipendenti/${outsider.id}`, laura)).statusCode).toBe(404);
    const lookup = (await get('/api/dipendenti', laura, { 'x-http-method-override': 'lookup' })).json();
    expect(lookup.length).toBe(all.total);
    // a manager reads but does not edit employees
    const mine = all.rows[0];
    const edit = await t.app.inject({ method: 'POST', url: `/api/dipendenti/${mine.id}`, headers: laura.auth, payload: { ...nuovo, matricola: mine.matricola } });
    expect(edit.statusCode).toBe(403);
    // DIPENDENTE: the route is not granted at all
    expect((await get('/api/dipendenti', mario)).statusCode).toBe(403);
  });

  it('creates, updates and deletes an employee with audit, PIN hashed and codice fiscale checked', async () => {
    const bad = await t.app.inject({ method: 'PUT', url: '/api/dipendenti', headers: hr.auth, payload: { ...nuovo, codice_fiscale: 'GLNSRA90A41A944X', data_assunzione: '2024-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'avvisi.validation',
      params: { fields: { codice_fiscale: 'avvisi.codice_fiscale_non_valido', data_assunzione: 'avvisi.data_non_valida' } },
    });
    // a real day, but not a plausible hire date (issue #12)
    const old = await t.app.inject({ method: 'PUT', url: '/api/dipendenti', headers: hr.auth, payload: { ...nuovo, data_assunzione: '1800-01-01' } });
    expect(old.json()).toEqual({ message: 'avvisi.validation', params: { fields: { data_assunzione: 'avvisi.data_fuori_intervallo' } } });
    const created = await t.app.inject({ method: 'PUT', url: '/api/dipendenti', headers: hr.auth, payload: { ...nuovo, pin: '1234' } });
    expect(created.statusCode).toBe(201);
    const d = created.json().data;
    expect(d).toMatchObject({ matricola: '009001', pin_impostato: true });
    expect(JSON.stringify(created.json())).not.toContain('1234');
    const dup = await t.app.inject({ method: 'PUT', url: '/api/dipendenti', headers: hr.auth, payload: nuovo });
    expect(dup.statusCode).toBe(409);
    // a duplicate names its field (issue #12)
    expect(dup.json()).toEqual({ message: 'avvisi.conflict', params: { context: 'campo', campo: 'matricola', fields: { matricola: 'avvisi.valore_duplicato' } } });
    const upd = await t.app.inject({ method: 'POST', url: `/api/dipendenti/${d.id}`, headers: hr.auth, payload: { ...nuovo, nome: 'Sara Maria', data_cessazione: '2023-01-01' } });
    expect(upd.statusCode).toBe(400);
    expect(upd.json().params.fields.data_cessazione).toBe('avvisi.cessazione_prima_assunzione');
    const ok = await t.app.inject({ method: 'POST', url: `/api/dipendenti/${d.id}`, headers: hr.auth, payload: { ...nuovo, nome: 'Sara Maria' } });
    expect(ok.json()).toMatchObject({ message: 'avvisi.updated', data: { nome: 'Sara Maria', pin_impostato: true } });
    const byBody = await t.app.inject({ method: 'POST', url: '/api/dipendenti', headers: hr.auth, payload: { id: d.id, ...nuovo, nome: 'Sara' } });
    expect(byBody.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/dipendenti/${d.id}`, headers: hr.auth })).statusCode).toBe(204);
    const log = (await get('/api/audit?entita=dipendenti', admin)).json();
    expect(log.rows.slice(0, 4).map((r: { azione: string }) => r.azione)).toEqual(['delete', 'update', 'update', 'create']);
    expect(log.rows[2].prima.nome).toBe('Sara');
    expect(log.rows[2].dopo.nome).toBe('Sara Maria');
    expect(JSON.stringify(log.rows)).not.toContain('scrypt$');
  });

  it('keeps SQL as inert text and refuses markup', async () => {
    const sqlText = "Reparto'); DROP TABLE dipendenti; --";
    const r = await t.app.inject({ method: 'PUT', url: '/api/cdc', headers: hr.auth, payload: { codice: 'CDC99', descrizione: sqlText } });
    expect(r.statusCode).toBe(201);
    expect(r.json().data.descrizione).toBe(sqlText);
    expect((await get('/api/dipendenti?size=1', hr)).json().total).toBe(61);
    const html = await t.app.inject({ method: 'PUT', url: '/api/cdc', headers: hr.auth, payload: { codice: 'CDC98', descrizione: '<img src=x onerror=alert(1)>' } });
    expect(html.statusCode).toBe(400);
    expect(html.json().params.fields.descrizione).toBe('avvisi.html_non_ammesso');
    const search = await get(`/api/dipendenti?search=${encodeURIComponent("%' or 1=1 --")}`, hr);
    expect(search.json().total).toBe(0);
  });

  it('manages departments with their managers, and refuses deleting one in use', async () => {
    const cdc = (await get('/api/cdc', hr, { 'x-http-method-override': 'lookup' })).json();
    const dip = (await get('/api/dipendenti?size=2', hr)).json().rows;
    const created = await t.app.inject({
      method: 'PUT', url: '/api/reparti', headers: hr.auth,
      payload: { codice: 'QUAL', descrizione: 'Qualità', cdc_id: cdc[0].value, responsabili: [dip[0].id, dip[1].id, dip[0].id] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.responsabili).toEqual([dip[0].id, dip[1].id].sort((a, b) => a - b));
    const prod = (await get('/api/reparti?search=Produzione', hr)).json().rows[0];
    const del = await t.app.inject({ method: 'DELETE', url: `/api/reparti/${prod.id}`, headers: hr.auth });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ message: 'avvisi.in_use' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reparti/${created.json().data.id}`, headers: hr.auth })).statusCode).toBe(204);
  });

  it('manages users and profiles, and mails a reset link', async () => {
    const prof = (await get('/api/profili', admin)).json().rows;
    const dip = prof.find((p: { codice: string }) => p.codice === 'DIPENDENTE');
    const badRoutes = await t.app.inject({ method: 'PUT', url: '/api/profili', headers: admin.auth, payload: { codice: 'X', descrizione: 'X', scope: 'proprio', routes: ['nonesiste'] } });
    expect(badRoutes.statusCode).toBe(400);
    const model = (await get('/api/utenti', admin, { 'x-http-method-override': 'model' })).json();
    expect(model).toMatchObject({ username: '', profili: [], attivo: true });
    const u = await t.app.inject({
      method: 'PUT', url: '/api/utenti', headers: admin.auth,
      payload: { username: 'sara.gualandi', email: 'sara@example.com', profili: [dip.id] },
    });
    expect(u.statusCode).toBe(201);
    expect(u.json().data).toMatchObject({ username: 'sara.gualandi', profili: [dip.id], attivo: true, bloccato: false });
    const link = await t.app.inject({ method: 'POST', url: `/api/utenti/${u.json().data.id}/reset-link`, headers: admin.auth });
    expect(link.statusCode).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes('sara@example.com'));
    expect(decodeQp(mail.raw)).toContain('/password/reset?token=');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/profili/${dip.id}`, headers: admin.auth })).statusCode).toBe(409);
    const me = (await get('/api/utenti?search=admin', admin)).json().rows[0];
    expect((await t.app.inject({ method: 'DELETE', url: `/api/utenti/${me.id}`, headers: admin.auth })).statusCode).toBe(409);
    const catalog = (await get('/api/profili/routes', admin)).json();
    expect(catalog.find((r: { name: string }) => r.name === 'turni.definizione')).toMatchObject({ path: '/turni/definizione/:id?' });
  });

  it('a profile lands its users on one of its own pages (issue #12)', async () => {
    const portineria = await login(t.app, 'portineria');
    expect((await get('/api/user/profile', portineria)).json().profilo).toMatchObject({ codice: 'PORTINERIA', pagina_iniziale: 'visite.registro' });
    expect((await get('/api/user/profile', mario)).json().profilo.pagina_iniziale).toBe('timbrature.calendario');
    expect((await get('/api/user/profile', hr)).json().profilo.pagina_iniziale).toBeNull();
    const body = { codice: 'MAGAZZINO', descrizione: 'Magazzino', scope: 'proprio', routes: ['timbrature.calendario'] };
    const bad = await t.app.inject({ method: 'PUT', url: '/api/profili', headers: admin.auth, payload: { ...body, pagina_iniziale: 'visite.registro' } });
    expect(bad.json()).toEqual({ message: 'avvisi.validation', params: { fields: { pagina_iniziale: 'avvisi.pagina_non_concessa' } } });
    const ok = await t.app.inject({ method: 'PUT', url: '/api/profili', headers: admin.auth, payload: { ...body, pagina_iniziale: 'timbrature.calendario' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.pagina_iniziale).toBe('timbrature.calendario');
  });
});
