/**
 * Issue #11: the findings of the outside security probe, each reproduced as it was reported and now refused.
 * One test per finding; the permission matrix (permissions.test.ts) walks the escalation and self-approval cases
 * over every profile, and the fuzz test sends prototype keys in every string field.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQp } from '../../../test/support/smtp';
import { HASH_QUEUE, HASH_SLOTS } from '../src/platform/crypto';
import { addDays, localNow, weekdayMon0 } from '../src/platform/dates';
import { login, makeTestApp, skipReason, type Session, type TestApp } from './harness';

const PROTO = Object.getOwnPropertyNames(Object.prototype).sort();

describe.skipIf(skipReason())('security: the findings of the outside probe', () => {
  let t: TestApp;
  let admin: Session;
  let hr: Session;
  let laura: Session;
  let mario: Session;
  let desk: Session;
  const call = (s: Session | null, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: method as never, url, headers: { ...(s ? s.auth : {}), ...headers }, payload: payload as never });
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.handle.db.execute(q)) as unknown as { rows: T[] }).rows;
  const userByName = async (username: string) => (await call(admin, 'GET', `/api/utenti?search=${username}`)).json().rows.find((u: { username: string }) => u.username === username);
  const profileId = async (codice: string) => (await rows<{ id: number }>(sql`select id from profili where codice = ${codice}`))[0].id;

  beforeAll(async () => {
    t = await makeTestApp();
    [admin, hr, laura, mario, desk] = [
      await login(t.app, 'admin'), await login(t.app, 'personale'), await login(t.app, 'laura.bianchi'), await login(t.app, 'mario.rossi'), await login(t.app, 'portineria'),
    ];
  });
  afterAll(async () => t?.close());

  it('1. HR cannot make itself administrator, take over the admin account, or edit its own profiles', async () => {
    const [adminP, hrP, dipP] = [await profileId('AMMINISTRATORE'), await profileId('UFFICIO_PERSONALE'), await profileId('DIPENDENTE')];
    const me = await userByName('personale');
    const boss = await userByName('admin');
    // the reported calls
    const grab = await call(hr, 'POST', `/api/utenti/${me.id}`, { username: 'personale', email: me.email, dipendente_id: me.dipendente_id, profili: [hrP, adminP] });
    expect(grab.statusCode).toBe(403);
    expect((await call(hr, 'POST', '/api/user', { profilo_attivo_id: adminP })).statusCode).toBe(403);
    expect((await call(hr, 'GET', '/api/audit')).statusCode).toBe(403);
    const takeover = await call(hr, 'POST', `/api/utenti/${boss.id}`, { username: 'admin', email: 'hr-owned@example.test', profili: [adminP] });
    expect(takeover.statusCode).toBe(403);
    expect((await userByName('admin')).email).toBe(boss.email);
    // nor may HR create an administrator, delete one, or drop its own profile for a wider one
    expect((await call(hr, 'PUT', '/api/utenti', { username: 'nuovo.admin', profili: [adminP] })).json().message).toBe('avvisi.profilo_non_concedibile');
    expect((await call(hr, 'DELETE', `/api/utenti/${boss.id}`)).statusCode).toBe(403);
    expect((await call(hr, 'POST', `/api/utenti/${me.id}`, { username: 'personale', email: me.email, dipendente_id: me.dipendente_id, profili: [dipP] })).json().message).toBe(
      'avvisi.profili_propri',
    );
    // what HR does every day still works: a new hire gets the employee profile
    const hire = await call(hr, 'PUT', '/api/utenti', { username: 'nuovo.assunto', email: 'nuovo.assunto@example.test', profili: [dipP] });
    expect(hire.statusCode, hire.body).toBe(201);
    // but renaming a user or moving its mail is an administrator's act, audited with the old value
    const renamed = await call(hr, 'POST', `/api/utenti/${hire.json().data.id}`, { username: 'nuovo.assunto', email: 'altrove@example.test', profili: [dipP] });
    expect(renamed.json().message).toBe('avvisi.solo_amministratore');
    const byAdmin = await call(admin, 'POST', `/api/utenti/${hire.json().data.id}`, { username: 'nuovo.assunto', email: 'altrove@example.test', profili: [dipP] });
    expect(byAdmin.statusCode).toBe(200);
    const log = (await call(admin, 'GET', '/api/audit?entita=utenti')).json().rows.find((r: { azione: string; entita_id: string }) => r.azione === 'update' && String(r.entita_id) === String(hire.json().data.id));
    expect(log.prima.email).toBe('nuovo.assunto@example.test');
    expect(log.dopo.email).toBe('altrove@example.test');
  });

  it('2. keys from data never reach object prototypes: translations, leave-type codes, the lookup override', async () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'prototype']) {
      const g = await call(admin, 'PUT', '/api/lang/traduzioni', { cod_lingua: 'it', translate_group: key, translate_tag: 'lookup', testo: 'x' });
      expect(g.statusCode, key).toBe(400);
      const tag = await call(admin, 'PUT', '/api/lang/traduzioni', { cod_lingua: 'it', translate_group: 'prova', translate_tag: key, testo: 'x' });
      expect(tag.statusCode, key).toBe(400);
      const c = await call(hr, 'PUT', '/api/causali', { codice: key, descrizione: 'x', unita: 'G' });
      expect(c.statusCode, key).toBe(400);
    }
    // rows that came in another way (an old import, a restore) are only data
    await t.handle.db.execute(sql`insert into traduzioni (cod_lingua, translate_group, translate_tag, testo) values
      ('it', '__proto__', 'lookup', 'x'), ('it', 'constructor', 'lookup', 'y'), ('it', 'prova', '__proto__', 'z')`);
    const texts = await call(null, 'GET', '/api/lang/traduzioni/it');
    expect(texts.statusCode).toBe(200);
    expect(texts.json().constructor.lookup).toBe('y');
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO);
    expect(({} as Record<string, unknown>).lookup).toBeUndefined();
    expect((await call(mario, 'GET', '/api/audit', undefined, { 'x-http-method-override': 'lookup' })).statusCode).toBe(403);
    expect((await call(mario, 'POST', '/api/user', { lingua: null })).statusCode).toBe(200);
    // a leave type coded "constructor" is one more line of the timecard's totals
    const [c] = await rows<{ id: number }>(sql`insert into causali (codice, descrizione, unita, colore) values ('constructor', 'Prova', 'G', '#000000') returning id`);
    const marioId = (await call(mario, 'GET', '/api/user/profile')).json().dipendente.id;
    let d = addDays(localNow('Europe/Rome').data, 20);
    while (weekdayMon0(d) > 4) d = addDays(d, 1);
    await t.handle.db.execute(sql`insert into giustificativi (dipendente_id, causale_id, dal, al, stato) values (${marioId}, ${c.id}, ${d}, ${d}, 'approvato')`);
    const card = await call(hr, 'GET', `/api/cartellino?dipendente=${marioId}&mese=${d.slice(0, 7)}`);
    expect(card.statusCode).toBe(200);
    expect(card.json().totali.per_causale.constructor).toBe(480);
    const tot = (await call(hr, 'GET', `/api/totaliz?mese=${d.slice(0, 7)}`)).json();
    expect(tot.righe.find((r: { dipendente: { id: number } }) => r.dipendente.id === marioId).totali.per_causale.constructor).toBe(480);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO);
  });

  it('4. 60 concurrent PINs for one badge check at most 5, and the right PIN among them records nothing', async () => {
    const key = (await call(admin, 'PUT', '/api/terminali', { descrizione: 'Sicurezza' })).json().data.chiave as string;
    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from timbrature`))[0].n;
    const tries = Array.from({ length: 60 }, (_, i) =>
      t.app.inject({
        method: 'POST', url: '/api/kiosk/timbra', headers: { 'x-tulip-terminale': key },
        payload: { badge: 'B0102', pin: i === 59 ? '1234' : String(1000 + i).padStart(4, '0'), verso: 'E', id_richiesta: randomUUID() },
      }),
    );
    const codes = (await Promise.all(tries)).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401 || c === 201).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429 || c === 503).length).toBeGreaterThanOrEqual(55);
    expect(codes).not.toContain(201);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from timbrature`))[0].n).toBe(before);
  });

  it('5. a stolen session cannot move the mail or outlive a new password', async () => {
    // the e-mail: the current password, then a link to the new address and a notice to the old one
    expect((await call(laura, 'POST', '/api/user', { email: 'attacker@example.test' })).json().params.fields.password_attuale).toBe('avvisi.campo_richiesto');
    expect((await call(laura, 'POST', '/api/user', { email: 'attacker@example.test', password_attuale: 'sbagliata' })).json().params.fields.password_attuale).toBe(
      'avvisi.password_attuale_errata',
    );
    const asked = await call(laura, 'POST', '/api/user', { email: 'laura.nuova@example.test', password_attuale: 'demo' });
    expect(asked.json().message).toBe('avvisi.email_conferma_inviata');
    expect(asked.json().data.utente.email).toBe('laura.bianchi@officinerossi.it');
    const link = decodeQp((await t.smtp.waitFor((m) => m.to.includes('laura.nuova@example.test'))).raw);
    const notice = decodeQp((await t.smtp.waitFor((m) => m.to.includes('laura.bianchi@officinerossi.it') && decodeQp(m.raw).includes('laura.nuova@example.test'))).raw);
    expect(notice).toContain('laura.nuova@example.test');
    const token = decodeURIComponent(/\/email\/conferma\?token=([^\s]+)/.exec(link)![1]);
    const confirm = () => t.app.inject({ method: 'POST', url: '/api/auth/email/conferma', headers: { authorization: `Bearer ${token}` } });
    expect((await confirm()).json()).toEqual({ message: 'avvisi.email_confermata' });
    expect((await confirm()).statusCode).toBe(401);
    expect((await call(laura, 'GET', '/api/user/profile')).json().utente.email).toBe('laura.nuova@example.test');
    // the password: changing it ends every other session
    const other = await login(t.app, 'laura.bianchi');
    const changed = await call(laura, 'POST', '/api/user', { password_attuale: 'demo', password_nuova: 'una-nuova-password-lunga' });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/rtoken', headers: { authorization: `Bearer ${other.rtoken}` } })).statusCode).toBe(401);
    expect((await call(other, 'GET', '/api/user/profile')).statusCode).toBe(401);
    expect((await call(laura, 'GET', '/api/user/profile')).statusCode).toBe(200);
    // and the current password is guessed no faster than a login
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await call(laura, 'POST', '/api/user', { password_attuale: `x${i}`, password_nuova: 'ancora-una-password' })).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('6. a manager does not correct or back-date her own punches; HR does not cancel its own leave', async () => {
    const lauraId = (await call(laura, 'GET', '/api/user/profile')).json().dipendente.id;
    const today = localNow('Europe/Rome').data;
    const own = (await call(laura, 'GET', `/api/timbrature?dipendente_id=${lauraId}&dal=${addDays(today, -30)}&al=${today}`)).json().rows.find((p: { stato: string }) => p.stato === 'valida');
    expect((await call(laura, 'POST', `/api/timbrature/${own.id}`, { ts: own.ts, motivo: 'mia' })).json().message).toBe('avvisi.correzione_propria');
    expect((await call(laura, 'DELETE', `/api/timbrature/${own.id}?motivo=mia`)).statusCode).toBe(403);
    const back = await call(laura, 'PUT', '/api/timbrature', { ts: `${addDays(today, -2)}T08:00:00`, verso: 'E', motivo: 'dimenticata', id_richiesta: randomUUID() });
    expect(back.json().message).toBe('avvisi.correzione_propria');
    // clocking in at the current time stays hers
    expect((await call(laura, 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: randomUUID() })).statusCode).toBe(201);
    // HR may correct hers (another person's)
    expect((await call(hr, 'POST', `/api/timbrature/${own.id}`, { ts: own.ts, motivo: 'verifica' })).statusCode).toBe(200);
    // HR's own approved leave is cancelled by another person, never by itself
    const vitali = (await call(hr, 'GET', '/api/user/profile')).json().dipendente.id;
    let d = addDays(today, 40);
    while (weekdayMon0(d) > 4) d = addDays(d, 1);
    const mine = await call(hr, 'PUT', '/api/giustificativi', { codice: 'PERMESSO', dal: d, al: d, minuti: 60 });
    expect(mine.json().data).toMatchObject({ dipendente_id: vitali, stato: 'richiesto' });
    expect((await call(hr, 'POST', `/api/giustificativi/${mine.json().data.id}/approva`)).statusCode).toBe(403);
    await t.handle.db.execute(sql`update giustificativi set stato = 'approvato' where id = ${mine.json().data.id}`);
    expect((await call(hr, 'POST', `/api/giustificativi/${mine.json().data.id}/annulla`)).statusCode).toBe(409);
  });

  it('7. reception sees present, absent or on leave, never why', async () => {
    const today = localNow('Europe/Rome').data;
    // the last hired who still works here (the demo's newest matricola may be someone who has left)
    const dip = (await call(hr, 'GET', '/api/dipendenti?size=20&sort=-matricola')).json().rows.find((d: { data_cessazione: string | null }) => !d.data_cessazione);
    const sick = await call(hr, 'PUT', '/api/giustificativi', { dipendente_id: dip.id, codice: 'MALATTIA', dal: today, al: today, certificato: '9999999' });
    expect(sick.statusCode, sick.body).toBe(201);
    // (whether the row says "on leave" or "present" depends on the hour: the seed may have clocked them in already)
    const forHr = (await call(hr, 'GET', `/api/presenze?search=${dip.matricola}`)).json().rows.find((r: { dipendente: { id: number } }) => r.dipendente.id === dip.id);
    expect(forHr.causale).toBe('MALATTIA');
    const forDesk = await call(desk, 'GET', `/api/presenze?search=${dip.matricola}`);
    expect(forDesk.statusCode).toBe(200);
    const deskRow = forDesk.json().rows.find((r: { dipendente: { id: number } }) => r.dipendente.id === dip.id);
    expect(deskRow).toMatchObject({ stato: forHr.stato, causale: null });
    expect(forDesk.body).not.toContain('MALATTIA');
    // nor through the board's filters: whoever is on leave, a state filter and every page carry no reason
    for (const qs of ['stato=assente_giustificato&size=500', 'size=500', 'sort=stato&size=500']) expect((await call(desk, 'GET', `/api/presenze?${qs}`)).body, qs).not.toContain('MALATTIA');
    expect((await call(desk, 'GET', '/api/visite/evacuazione')).body).not.toContain('MALATTIA');
  });

  it('8. a burst of logins is queued briefly, then told to come back (503, Retry-After), and never blocks other calls', async () => {
    const burst = HASH_SLOTS + HASH_QUEUE + 20;
    const tries = Array.from({ length: burst }, (_, i) =>
      t.app.inject({ method: 'POST', url: '/api/auth/loginUser', payload: { username: `folla${i}`, password: 'x' }, remoteAddress: `10.7.${i >> 8}.${i & 255}` }),
    );
    const started = performance.now();
    const version = await t.app.inject({ url: '/api/server/version' });
    const versionMs = performance.now() - started;
    const answers = await Promise.all(tries);
    expect(version.statusCode).toBe(200);
    expect(versionMs).toBeLessThan(1000);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(20);
    expect(busy[0].headers['retry-after']).toBe('1');
    expect(busy[0].json()).toEqual({ message: 'avvisi.occupato', params: { secondi: 1 } });
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 503)).toBe(true);
    // an attempt the server was too busy to check is not a failure: nothing of the burst is counted
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from tentativi_login where username like 'folla%'`);
    expect(n.n).toBe(answers.filter((r) => r.statusCode === 401).length);
  });

  it('10. using any reset link, or changing the password, spends every older one', async () => {
    const forgot = () => call(null, 'POST', '/api/auth/password/forgot', { email: 'admin@officinerossi.it' });
    const links = async (n: number) => {
      await expect.poll(() => t.smtp.mails.filter((m) => m.to.includes('admin@officinerossi.it') && decodeQp(m.raw).includes('/password/reset?token=')).length).toBeGreaterThanOrEqual(n);
      return t.smtp.mails
        .filter((m) => m.to.includes('admin@officinerossi.it') && decodeQp(m.raw).includes('/password/reset?token='))
        .map((m) => decodeURIComponent(/token=([^\s]+)/.exec(decodeQp(m.raw))![1]));
    };
    await forgot();
    await links(1);
    await forgot();
    const [older, newer] = await links(2);
    const reset = (token: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password/reset', headers: { authorization: `Bearer ${token}` }, payload: { password } });
    expect((await reset(newer, 'password-nuova-admin')).statusCode).toBe(200);
    expect((await reset(older, 'password-vecchio-link')).statusCode).toBe(401);
    expect((await login(t.app, 'admin', 'password-nuova-admin')).atoken).toBeTruthy();
  });

  it('11. password/forgot sends at most 3 mails an address in the window, with the same answer', async () => {
    const sent = () => t.smtp.mails.filter((m) => m.to.includes('mario.rossi@officinerossi.it') && decodeQp(m.raw).includes('/password/reset?token=')).length;
    const before = sent();
    const answers = await Promise.all(Array.from({ length: 30 }, () => call(null, 'POST', '/api/auth/password/forgot', { email: 'mario.rossi@officinerossi.it' })));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(new Set(['200 {"message":"avvisi.password_reset_inviato"}']));
    await expect.poll(() => sent() - before).toBe(3);
    // timer-wait: a fourth mail that must not come: no state says it was not sent, so the test gives it the time it would take
    await new Promise((r) => setTimeout(r, 500));
    expect(sent() - before).toBe(3);
  });

  it('12. the lookup override gives [{ value, label }] on a list, and never opens a record by id', async () => {
    const list = (await call(mario, 'GET', '/api/visite/referenti', undefined, { 'x-http-method-override': 'lookup' })).json();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((x: object) => Object.keys(x).sort().join() === 'label,value')).toBe(true);
    const one = await call(mario, 'GET', `/api/visite/referenti/${list[0].value}`, undefined, { 'x-http-method-override': 'lookup' });
    expect(one.statusCode).toBe(403);
    expect(one.body).not.toContain('@');
  });

  it('13. a malformed URL answers { message } with the usual security headers', async () => {
    const r = await t.app.inject({ url: '/%c0%ae' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ message: 'avvisi.request_error' });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('14. token answers are never cached; HSTS only over TLS behind a trusted proxy', async () => {
    const r1 = await call(null, 'POST', '/api/auth/loginUser', { username: 'portineria', password: 'demo' });
    expect(r1.headers['cache-control']).toBe('no-store');
    const r2 = await t.app.inject({ method: 'POST', url: '/api/auth/authUser', headers: { authorization: `Bearer ${r1.json().token}` } });
    expect(r2.headers['cache-control']).toBe('no-store');
    const r3 = await t.app.inject({ url: '/api/auth/rtoken', headers: { authorization: `Bearer ${r2.json().rtoken}` } });
    expect(r3.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/server/version', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
    process.env.TULIP_TRUST_PROXY = '1';
    const behind = await makeTestApp();
    delete process.env.TULIP_TRUST_PROXY;
    try {
      const tls = await behind.app.inject({ url: '/api/server/version', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toContain('max-age=');
      expect((await behind.app.inject({ url: '/api/server/version' })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behind.close();
    }
  });

  it('15. the built web app: hashed assets cached for a year, pre-compressed when asked; the page and the API docs served fresh', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tulip</title>');
    const js = 'console.log("tulip");'.repeat(100);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), js);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
    const web = await makeTestApp({ TULIP_WEB_DIST: dist });
    try {
      const asset = await web.app.inject({ url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.body).toBe(js);
      const br = await web.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      // the pre-compressed copy is no route of its own (one route per file: a quicker start, issue #30)
      expect((await web.app.inject({ url: '/assets/index-abc123.js.br' })).headers['content-type']).toMatch(/^text\/html/);
      expect((await web.app.inject({ url: '/manifest.webmanifest' })).headers['cache-control']).toBe('public, max-age=3600');
      const page = await web.app.inject({ url: '/timbrature/calendario' });
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<title>Tulip</title>');
      // the address a new user opens, and the folders' own paths, are the SPA's page too (never the plugin's 403)
      for (const url of ['/', '/assets/', '/assets']) {
        const spa = await web.app.inject({ url });
        expect([url, spa.statusCode, spa.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
        expect(spa.body).toContain('<title>Tulip</title>');
      }
      // the API docs' own files come from the same static-file plugin
      const docs = await web.app.inject({ url: '/api/docs/static/swagger-ui.css' });
      expect(docs.statusCode).toBe(200);
      expect(docs.body).toContain('.swagger-ui');
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
