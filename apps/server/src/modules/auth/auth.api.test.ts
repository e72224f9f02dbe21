import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, login, skipReason, type TestApp } from '../../../test/harness';
import { decodeQp } from '../../../../../test/support/smtp';

describe.skipIf(skipReason())('auth and tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as never, headers, ...(remoteAddress ? { remoteAddress } : {}) });

  it('logs in with the two-step flow and reads the profile', async () => {
    const s = await login(t.app, 'mario.rossi');
    const r = await t.app.inject({ url: '/api/user/profile', headers: s.auth });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.utente.username).toBe('mario.rossi');
    expect(body.profilo.codice).toBe('DIPENDENTE');
    expect(body.dipendente).toMatchObject({ cognome: 'Rossi', nome: 'Mario' });
    const admin = await login(t.app, 'admin');
    const p = await t.app.inject({ url: '/api/user/profile', headers: admin.auth });
    expect(p.json().dipendente).toBeNull();
  });

  it('gives each demo user its own menu and routes', async () => {
    const defs = async (u: string) => (await t.app.inject({ url: '/api/auth/userdefs', headers: (await login(t.app, u)).auth })).json();
    const admin = await defs('admin');
    expect(admin.routes).toContain('lingue');
    const titles = JSON.stringify(admin.menu);
    expect(titles).toContain('menu.lingue');
    expect(titles).toContain('menu.contratti.stipulazione');
    const mario = await defs('mario.rossi');
    expect(mario.routes).toContain('cartellino');
    expect(mario.routes).not.toContain('lingue');
    expect(JSON.stringify(mario.menu)).not.toContain('anagrafica');
    const hr = await defs('personale');
    expect(hr.routes).toContain('anagrafica.dipendenti');
    expect(hr.routes).not.toContain('lingue');
  });

  it('answers wrong password and unknown user the same way', async () => {
    const a = await post('/api/auth/loginUser', { username: 'admin', password: 'sbagliata' });
    const b = await post('/api/auth/loginUser', { username: 'nessuno', password: 'sbagliata' });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual({ message: 'avvisi.login_failed' });
    expect(b.json()).toEqual(a.json());
  });

  it('locks a user and address pair after 10 failures, not the user elsewhere, even with the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await post('/api/auth/loginUser', { username: 'portineria', password: `x${i}` }, {}, '10.0.0.1')).statusCode).toBe(401);
    const r = await post('/api/auth/loginUser', { username: 'portineria', password: 'demo' }, {}, '10.0.0.1');
    expect(r.statusCode).toBe(429);
    expect(r.json()).toEqual({ message: 'avvisi.too_many_attempts', params: { minuti: 15 } });
    // ten wrong passwords from one address no longer lock the account for everyone
    expect((await post('/api/auth/loginUser', { username: 'portineria', password: 'demo' }, {}, '10.0.0.2')).statusCode).toBe(200);
  });

  it('locks a user for everyone only after 100 failures from anywhere, tells them by e-mail, and an administrator unlocks it', async () => {
    const admin = await login(t.app, 'admin');
    const hr = await login(t.app, 'personale');
    const id = (await t.app.inject({ url: '/api/utenti?search=laura.bianchi', headers: admin.auth })).json().rows[0].id;
    for (let i = 0; i < 100; i++) {
      // from 100 addresses, one failure each: no pair nor address reaches its own limit
      expect((await post('/api/auth/loginUser', { username: 'laura.bianchi', password: `x${i}` }, {}, `10.1.${i >> 8}.${i & 255}`)).statusCode).toBe(401);
    }
    const r = await post('/api/auth/loginUser', { username: 'laura.bianchi', password: 'demo' }, {}, '10.9.9.9');
    expect(r.statusCode).toBe(429);
    const mail = await t.smtp.waitFor((m) => m.to.includes('laura.bianchi@officinerossi.it') && decodeQp(m.raw).includes('tentativi di accesso'));
    expect(decodeQp(mail.raw)).toContain('100 tentativi di accesso con password errata');
    expect(t.smtp.mails.filter((m) => decodeQp(m.raw).includes('tentativi di accesso'))).toHaveLength(1);
    const u = (await t.app.inject({ url: '/api/utenti?search=laura.bianchi', headers: hr.auth })).json().rows[0];
    expect(u.bloccato).toBe(true);
    expect((await post(`/api/utenti/${id}/sblocca`, undefined, admin.auth)).statusCode).toBe(200);
    expect((await post('/api/auth/loginUser', { username: 'laura.bianchi', password: 'demo' }, {}, '10.9.9.9')).statusCode).toBe(200);
  });

  it('locks an address after 30 failures whatever the usernames', async () => {
    for (let i = 0; i < 30; i++) await post('/api/auth/loginUser', { username: `utente${i}`, password: 'x' }, {}, '10.0.2.1');
    expect((await post('/api/auth/loginUser', { username: 'admin', password: 'demo' }, {}, '10.0.2.1')).statusCode).toBe(429);
    expect((await post('/api/auth/loginUser', { username: 'admin', password: 'demo' }, {}, '10.0.2.2')).statusCode).toBe(200);
  });

  it('checks at most the limit of 100 concurrent attempts for one user, and the right password among them gets no token', async () => {
    const tries = Array.from({ length: 100 }, (_, i) => post('/api/auth/loginUser', { username: 'mario.rossi', password: i === 99 ? 'demo' : `x${i}` }, {}, '10.0.3.1'));
    const codes = (await Promise.all(tries)).map((x) => x.statusCode);
    // 10 reach the password check; the rest are refused before it (or told the server is busy)
    expect(codes.filter((c) => c === 401 || c === 200).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 429 || c === 503).length).toBeGreaterThanOrEqual(90);
    expect(codes.filter((c) => c === 200)).toEqual([]);
  });

  it('accepts a user token only once', async () => {
    const { token } = (await post('/api/auth/loginUser', { username: 'admin', password: 'demo' })).json();
    expect((await post('/api/auth/authUser', undefined, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await post('/api/auth/authUser', undefined, { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('rotates refresh tokens and revokes the whole login when a rotated one comes back', async () => {
    const s = await login(t.app, 'personale');
    const r1 = await t.app.inject({ url: '/api/auth/rtoken', headers: { authorization: `Bearer ${s.rtoken}` } });
    expect(r1.statusCode).toBe(200);
    const next = r1.json();
    expect(next.rtoken).not.toBe(s.rtoken);
    expect((await t.app.inject({ url: '/api/auth/userdefs', headers: { authorization: `Bearer ${next.atoken}` } })).statusCode).toBe(200);
    // reuse of the first refresh token: refused, and the family (with the new tokens) is revoked
    const reuse = await t.app.inject({ url: '/api/auth/rtoken', headers: { authorization: `Bearer ${s.rtoken}` } });
    expect(reuse.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/rtoken', headers: { authorization: `Bearer ${next.rtoken}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/userdefs', headers: { authorization: `Bearer ${next.atoken}` } })).statusCode).toBe(401);
  });

  it('logout revokes the refresh token and the access token of that login', async () => {
    const s = await login(t.app, 'laura.bianchi');
    expect((await post('/api/auth/logout', {}, s.auth)).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/auth/rtoken', headers: { authorization: `Bearer ${s.rtoken}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user/profile', headers: s.auth })).statusCode).toBe(401);
  });

  it('refuses expired, tampered and wrong-kind tokens', async () => {
    const s = await login(t.app, 'admin');
    const expired = await t.tokens.sign('a', 1, -5);
    const parts = s.atoken.split('.');
    const tampered = `${parts[0]}.${Buffer.from(JSON.stringify({ typ: 'a', sub: '2', jti: 'x', exp: 9999999999 })).toString('base64url')}.${parts[2]}`;
    for (const token of [expired.token, tampered, s.rtoken, 'garbage', '']) {
      const r = await t.app.inject({ url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });
      expect(r.statusCode).toBe(401);
      expect(r.json().message).toBe('avvisi.unauthorized');
    }
  });

  it('resets a password through the e-mail link, once, and revokes existing logins', async () => {
    const s = await login(t.app, 'mario.rossi');
    const profile = (await t.app.inject({ url: '/api/user/profile', headers: s.auth })).json();
    const forgot = await post('/api/auth/password/forgot', { email: 'mario.rossi@officinerossi.it' }, { 'x-base-url': 'http://localhost:3000' });
    expect(forgot.statusCode).toBe(200);
    const unknown = await post('/api/auth/password/forgot', { email: 'nessuno@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(forgot.json());
    const mail = await t.smtp.waitFor((m) => m.to.includes('mario.rossi@officinerossi.it'));
    const text = decodeQp(mail.raw);
    expect(text).toContain('reimpostare la password');
    const token = /\/password\/reset\?token=([A-Za-z0-9._-]+)/.exec(text)?.[1];
    expect(token).toBeTruthy();
    expect(text).toContain('http://localhost:3000/password/reset');
    const auth = { authorization: `Bearer ${token}` };
    expect((await post('/api/auth/password/reset', { password: 'corta' }, auth)).statusCode).toBe(400);
    const same = await post('/api/auth/password/reset', { password: 'mario.rossi' }, auth);
    expect(same.statusCode).toBe(400);
    expect(same.json().params.fields.password).toBe('avvisi.password_uguale_username');
    const ok = await post('/api/auth/password/reset', { password: 'NuovaPassword2026' }, auth);
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/auth/password/reset', { password: 'AltraPassword2026' }, auth)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/rtoken', headers: { authorization: `Bearer ${s.rtoken}` } })).statusCode).toBe(401);
    expect((await post('/api/auth/loginUser', { username: 'mario.rossi', password: 'demo' })).statusCode).toBe(401);
    await login(t.app, 'mario.rossi', 'NuovaPassword2026');
    expect(profile.utente.username).toBe('mario.rossi');
  });

  it('builds links only from configured public URLs', async () => {
    await post('/api/auth/password/forgot', { email: 'admin@officinerossi.it' }, { 'x-base-url': 'https://evil.example.com' });
    const mail = await t.smtp.waitFor((m) => m.to.includes('admin@officinerossi.it'));
    const text = decodeQp(mail.raw);
    expect(text).not.toContain('evil.example.com');
    expect(text).toContain(`${t.config.publicUrls[0]}/password/reset?token=`);
  });

  it('switches the active profile, which changes routes and scope', async () => {
    const s = await login(t.app, 'laura.bianchi');
    const profiles = (await t.app.inject({ url: '/api/user/profile', headers: { ...s.auth, 'x-http-method-override': 'profiles' } })).json();
    expect(profiles.map((p: { codice: string }) => p.codice).sort()).toEqual(['DIPENDENTE', 'RESPONSABILE']);
    const before = (await t.app.inject({ url: '/api/auth/userdefs', headers: s.auth })).json();
    expect(before.routes).toContain('anagrafica.dipendenti');
    const dip = profiles.find((p: { codice: string }) => p.codice === 'DIPENDENTE');
    const sw = await t.app.inject({ method: 'POST', url: '/api/user', headers: s.auth, payload: { profilo_attivo_id: dip.id } });
    expect(sw.statusCode).toBe(200);
    expect(sw.json().data.profilo.codice).toBe('DIPENDENTE');
    const after = (await t.app.inject({ url: '/api/auth/userdefs', headers: s.auth })).json();
    expect(after.routes).not.toContain('anagrafica.dipendenti');
    expect((await t.app.inject({ url: '/api/dipendenti', headers: s.auth })).statusCode).toBe(403);
    // a profile the user does not have
    const admin = await login(t.app, 'admin');
    const all = (await t.app.inject({ url: '/api/profili', headers: admin.auth })).json().rows;
    const amm = all.find((p: { codice: string }) => p.codice === 'AMMINISTRATORE');
    expect((await t.app.inject({ method: 'POST', url: '/api/user', headers: s.auth, payload: { profilo_attivo_id: amm.id } })).statusCode).toBe(403);
  });

  it('changes own password only with the current one', async () => {
    const s = await login(t.app, 'personale');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/user', headers: s.auth, payload: { password_attuale: 'no', password_nuova: 'UnaPassword2026' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().params.fields.password_attuale).toBe('avvisi.password_attuale_errata');
    const missing = await t.app.inject({ method: 'POST', url: '/api/user', headers: s.auth, payload: { password_nuova: 'UnaPassword2026' } });
    expect(missing.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'POST', url: '/api/user', headers: s.auth, payload: { password_attuale: 'demo', password_nuova: 'UnaPassword2026', lingua: 'en' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.utente.lingua).toBe('en');
    await login(t.app, 'personale', 'UnaPassword2026');
  });

  it('serves the version and the OpenAPI document', async () => {
    expect((await t.app.inject({ url: '/api/server/version' })).json()).toEqual({ version: '1.1.31' });
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/auth/loginUser');
    expect(Object.keys(doc.paths)).toContain('/api/dipendenti');
  });
});

describe.skipIf(skipReason())('demo accounts outside demo mode', () => {
  it('refuses demo accounts when TULIP_DEMO=0', async () => {
    const t = await makeTestApp({ TULIP_DEMO: '0' });
    try {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/loginUser', payload: { username: 'admin', password: 'demo' } });
      expect(r.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
