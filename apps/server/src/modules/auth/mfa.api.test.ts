import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { makeTestApp, login, skipReason, type TestApp } from '../../../test/harness';
import { decodeQp } from '../../../../../test/support/smtp';

/** A TOTP code of the secret, `steps` periods from now: the phone's app runs on the real clock, as the server checks. */
// real-clock: TOTP codes follow the real time, whatever TULIP_NOW says (the date sweep included)
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe.skipIf(skipReason())('two factors (issue #32 §2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as never, headers, ...(remoteAddress ? { remoteAddress } : {}) });
  let hrRecovery: string[] = [];
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Enrols a user from their session: the secret and the recovery codes. */
  async function enrol(username: string) {
    const s = await login(t.app, username);
    const a = await post('/api/auth/mfa/attivazione', undefined, s.auth);
    expect(a.statusCode, a.body).toBe(200);
    const { segreto, otpauth, qr } = a.json();
    expect(otpauth).toMatch(new RegExp(`^otpauth://totp/.*${username}.*secret=${segreto}`));
    expect(qr).toMatch(/^data:image\/png;base64,/);
    const c = await post('/api/auth/mfa/conferma', { codice: await code(segreto) }, s.auth);
    expect(c.statusCode, c.body).toBe(200);
    return { s, segreto: segreto as string, recupero: c.json().codici_recupero as string[] };
  }

  /** The password's step: the answer's body. */
  async function password(username: string, ip?: string) {
    const r = await post('/api/auth/loginUser', { username, password: 'demo' }, {}, ip);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { token: string; mfa_required?: true; mfa_enrolment_required?: true };
  }

  it('enrols with a first code, then login asks for a code and gives the user token for it', async () => {
    const { s, segreto, recupero } = await enrol('laura.bianchi');
    expect(recupero).toHaveLength(10);
    expect(new Set(recupero).size).toBe(10);
    expect((await t.app.inject({ url: '/api/auth/mfa', headers: s.auth })).json()).toEqual({ attiva: true, obbligatoria: false, codici_rimasti: 10 });
    // the codes are stored hashed, the secret is not answered again
    const rows = await t.handle.db.execute(`select hash from mfa_codici_recupero` as never);
    expect(JSON.stringify(rows)).not.toContain(recupero[0].replace('-', ''));
    expect((await post('/api/auth/mfa/attivazione', undefined, s.auth)).statusCode).toBe(409);

    const step = await password('laura.bianchi');
    expect(step.mfa_required).toBe(true);
    // the second step's token is no user token, and the user token is not the second step's
    expect((await post('/api/auth/authUser', undefined, bearer(step.token))).statusCode).toBe(401);
    expect((await post('/api/auth/mfa', { codice: await code(segreto, 1) }, bearer((await password('mario.rossi')).token))).statusCode).toBe(401);
    const ok = await post('/api/auth/mfa', { codice: await code(segreto, 1) }, bearer(step.token));
    expect(ok.statusCode, ok.body).toBe(200);
    const pair = await post('/api/auth/authUser', undefined, bearer(ok.json().token));
    expect(pair.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/profile', headers: bearer(pair.json().atoken) })).json().utente.username).toBe('laura.bianchi');
    // the token is spent
    expect((await post('/api/auth/mfa', { codice: await code(segreto, -1) }, bearer(step.token))).statusCode).toBe(401);
  });

  it('refuses a replayed time step and an earlier one; a recovery code works once', async () => {
    const { segreto, recupero } = await enrol('personale');
    hrRecovery = recupero;
    const first = await password('personale');
    const c = await code(segreto, 1);
    expect((await post('/api/auth/mfa', { codice: c }, bearer(first.token))).statusCode).toBe(200);
    const again = await password('personale');
    const replay = await post('/api/auth/mfa', { codice: c }, bearer(again.token));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ message: 'avvisi.validation', params: { fields: { codice: 'avvisi.mfa_codice_errato' } } });
    // the confirmation's step, before the one just used, is refused too
    expect((await post('/api/auth/mfa', { codice: await code(segreto, 0) }, bearer(again.token))).statusCode).toBe(400);
    // a recovery code, typed in upper case without its hyphen
    const r = await post('/api/auth/mfa', { codice: recupero[3].replace('-', '').toUpperCase() }, bearer(again.token));
    expect(r.statusCode, r.body).toBe(200);
    const third = await password('personale');
    expect((await post('/api/auth/mfa', { codice: recupero[3] }, bearer(third.token))).statusCode).toBe(400);
    expect((await post('/api/auth/mfa', { codice: recupero[4] }, bearer(third.token))).statusCode).toBe(200);
    const admin = await login(t.app, 'admin');
    const log = (await t.app.inject({ url: '/api/audit?entita=utenti', headers: admin.auth })).json().rows as { azione: string; username: string }[];
    expect(log.filter((l) => l.azione === 'mfa_recupero' && l.username === 'personale')).toHaveLength(2);
    expect(log.some((l) => l.azione === 'mfa_attivata' && l.username === 'personale')).toBe(true);
  });

  it('counts wrong codes toward the same lockout as wrong passwords', async () => {
    const { segreto } = await enrol('portineria');
    const ip = '10.7.0.1';
    // nine wrong passwords and one wrong code reach the pair's limit of ten
    for (let i = 0; i < 9; i++) expect((await post('/api/auth/loginUser', { username: 'portineria', password: `x${i}` }, {}, ip)).statusCode).toBe(401);
    const step = await password('portineria', ip); // the right password forgets the pair's failures
    for (let i = 0; i < 10; i++) expect((await post('/api/auth/mfa', { codice: '000000' }, bearer(step.token), ip)).statusCode).toBe(400);
    const locked = await post('/api/auth/mfa', { codice: await code(segreto, 1) }, bearer(step.token), ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'avvisi.too_many_attempts', params: { minuti: 15 } });
    // the password too is locked for that pair now
    expect((await post('/api/auth/loginUser', { username: 'portineria', password: 'demo' }, {}, ip)).statusCode).toBe(429);
  });

  it('switches off with a current code, audited', async () => {
    const { s, segreto } = await enrol('mario.rossi');
    expect((await post('/api/auth/mfa/disattivazione', { codice: '123456' }, s.auth)).statusCode).toBe(400);
    const off = await post('/api/auth/mfa/disattivazione', { codice: await code(segreto, 1) }, s.auth);
    expect(off.statusCode, off.body).toBe(200);
    expect((await password('mario.rossi')).mfa_required).toBeUndefined();
    expect((await post('/api/auth/mfa/disattivazione', { codice: await code(segreto, 1) }, s.auth)).statusCode).toBe(409);
  });

  it('when mandatory, an administrator who has not enrolled can only enrol, then is logged in', async () => {
    const admin = await login(t.app, 'admin');
    const on = await t.app.inject({ method: 'PUT', url: '/api/auth/mfa/parametri', headers: admin.auth, payload: { mfa_obbligatoria: true } });
    expect(on.statusCode, on.body).toBe(200);
    try {
      // an employee is not obliged
      expect((await password('mario.rossi')).mfa_enrolment_required).toBeUndefined();
      const step = await password('admin');
      expect(step).toMatchObject({ mfa_enrolment_required: true });
      const only = bearer(step.token);
      // nothing else: not a user token, not an access token, not the second step
      expect((await post('/api/auth/authUser', undefined, only)).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/user/profile', headers: only })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/auth/mfa', headers: only })).statusCode).toBe(401);
      expect((await post('/api/auth/mfa', { codice: '123456' }, only)).statusCode).toBe(401);
      const a = await post('/api/auth/mfa/iscrizione', undefined, only);
      expect(a.statusCode, a.body).toBe(200);
      const c = await post('/api/auth/mfa/iscrizione/conferma', { codice: await code(a.json().segreto) }, only);
      expect(c.statusCode, c.body).toBe(200);
      expect(c.json().codici_recupero).toHaveLength(10);
      const pair = await post('/api/auth/authUser', undefined, bearer(c.json().token));
      expect(pair.statusCode).toBe(200);
      const me = bearer(pair.json().atoken);
      expect((await t.app.inject({ url: '/api/auth/mfa', headers: me })).json()).toMatchObject({ attiva: true, obbligatoria: true });
      // the enrolment token is spent; switching off is refused while mandatory
      expect((await post('/api/auth/mfa/iscrizione', undefined, only)).statusCode).toBe(401);
      expect((await post('/api/auth/mfa/disattivazione', { codice: await code(a.json().segreto, 1) }, me)).statusCode).toBe(409);
      // from now on the administrator gives a code
      expect((await password('admin')).mfa_required).toBe(true);
    } finally {
      // the administrator's factor is reset by ... the administrator (a session still open), the parameter off again
      await t.app.inject({ method: 'PUT', url: '/api/auth/mfa/parametri', headers: admin.auth, payload: { mfa_obbligatoria: false } });
    }
    const id = (await t.app.inject({ url: '/api/utenti?search=admin', headers: admin.auth })).json().rows.find((u: { username: string }) => u.username === 'admin').id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/mfa/utente/${id}`, headers: admin.auth })).statusCode).toBe(200);
    expect((await password('admin')).mfa_required).toBeUndefined();
  });

  it('an administrator resets a user’s factor, audited, and the user is mailed; HR may not reset an administrator’s', async () => {
    const { s: bossSession } = await enrol('admin');
    const admin = bossSession;
    const users = (await t.app.inject({ url: '/api/utenti?size=100', headers: admin.auth })).json().rows as { id: number; username: string }[];
    const laura = users.find((u) => u.username === 'laura.bianchi')!.id;
    const boss = users.find((u) => u.username === 'admin')!.id;
    expect((await t.app.inject({ url: '/api/auth/mfa/utenti', headers: admin.auth })).json().utenti).toEqual(expect.arrayContaining([laura, boss]));
    // HR manages users, but not the administrator (enrolled in a test above: a recovery code gets HR in)
    const hrStep = await password('personale');
    const hrCode = await post('/api/auth/mfa', { codice: hrRecovery[5] }, bearer(hrStep.token));
    expect(hrCode.statusCode, hrCode.body).toBe(200);
    const hr = bearer((await post('/api/auth/authUser', undefined, bearer(hrCode.json().token))).json().atoken);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/mfa/utente/${boss}`, headers: hr })).statusCode).toBe(403);
    const mario = await login(t.app, 'mario.rossi');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/mfa/utente/${laura}`, headers: mario.auth })).statusCode).toBe(403);
    const r = await t.app.inject({ method: 'DELETE', url: `/api/auth/mfa/utente/${laura}`, headers: admin.auth });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ message: 'avvisi.mfa_reset_ok' });
    const mail = await t.smtp.waitFor((m) => m.to.includes('laura.bianchi@officinerossi.it') && decodeQp(m.raw).includes('secondo fattore'));
    expect(decodeQp(mail.raw)).toContain('ha azzerato il secondo fattore');
    expect((await password('laura.bianchi')).mfa_required).toBeUndefined();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/mfa/utente/${laura}`, headers: admin.auth })).statusCode).toBe(409);
    const log = (await t.app.inject({ url: '/api/audit?entita=utenti', headers: admin.auth })).json().rows as { azione: string; entita_id: string; username: string }[];
    expect(log.some((l) => l.azione === 'mfa_reset' && l.entita_id === String(laura) && l.username === 'admin')).toBe(true);
  });
});
