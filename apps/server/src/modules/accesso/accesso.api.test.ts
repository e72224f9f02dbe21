/**
 * Single sign-on with OpenID Connect (issue #32 §1), against a real provider in this process (panva's oidc-provider on
 * 127.0.0.1): the happy path through its login and consent pages, the user created at a first sign-in, the account
 * found again by its subject, and the refusals — another audience, an expired ID token, a replayed state, a foreign
 * domain —, the "company sign-in only" user refused at the password login, and the desktop app's sign-in through the
 * system browser, which ends at `tulip://sso` with the app's code. On PGlite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, localNow } from '../../platform/dates';
import { parseSsoLink } from '@tulip/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';
import { signInAtProvider, startOidcProvider, type TestOidc } from '../../../../../test/support/oidc';

type Row = Record<string, unknown> & { id: number };

describe.skipIf(skipReason())('single sign-on (OpenID Connect)', () => {
  let t: TestApp;
  let op: TestOidc;
  let admin: Session;
  let base: string;
  let providerId: number;
  let marioEmail: string;
  let newcomer: { id: number; email: string };
  const call = (headers: Record<string, string>, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers, payload: payload as never });
  const pathOf = (url: string) => url.slice(new URL(url).origin.length);

  /** The whole way of a browser: Tulip's avvio, the provider's pages, Tulip's callback; the fragment of the login page it lands on. */
  async function signIn(login: string, id = providerId) {
    const start = await t.app.inject({ url: `/api/accesso/${id}/avvio` });
    expect(start.statusCode, start.body).toBe(302);
    const authUrl = start.headers.location as string;
    const back = await signInAtProvider(authUrl, login, `${base}/api/accesso/callback`);
    return { authUrl, callback: back, ...(await callback(back)) };
  }
  async function callback(url: string) {
    const r = await t.app.inject({ url: pathOf(url) });
    expect(r.statusCode, r.body).toBe(302);
    const location = r.headers.location as string;
    expect(location.startsWith(`${base}/#`), location).toBe(true);
    const fragment = new URLSearchParams(location.slice(location.indexOf('#') + 1));
    return { token: fragment.get('sso'), errore: fragment.get('sso_errore') };
  }
  /** The web's next step, as after a password: the one-time token for the pair, then who this is. */
  async function whoIs(token: string | null) {
    expect(token).toBeTruthy();
    const pair = await call({ authorization: `Bearer ${token}` }, 'POST', '/api/auth/authUser');
    expect(pair.statusCode, pair.body).toBe(200);
    const me = await call({ authorization: `Bearer ${pair.json().atoken}` }, 'GET', '/api/user/profile');
    expect(me.statusCode, me.body).toBe(200);
    return me.json().utente as { id: number; username: string };
  }
  const users = async () => (await call(admin.auth, 'GET', '/api/utenti?size=1000')).json().rows as Row[];

  beforeAll(async () => {
    t = await makeTestApp({ TULIP_SSO_INSECURE_HOSTS: '127.0.0.1' });
    base = t.config.publicUrls[0];
    admin = await login(t.app, 'admin');
    marioEmail = (await users()).find((u) => u.username === 'mario.rossi')!.email as string;
    const free = await t.handle.db.execute(sql`select d.id, d.email from dipendenti d where d.email is not null
      and not exists (select 1 from utenti u where u.dipendente_id = d.id or lower(u.email) = lower(d.email)) order by d.id limit 1`);
    newcomer = (free as unknown as { rows: { id: number; email: string }[] }).rows[0];
    op = await startOidcProvider(
      [
        { login: 'mario', email: marioEmail },
        { login: 'estraneo', email: 'qualcuno@altrove.example' },
        { login: 'nuovo', email: newcomer.email.toUpperCase() },
      ],
      { client_id: 'tulip', client_secret: 'segreto-di-prova', redirect_uris: [`${base}/api/accesso/callback`] },
    );
    const r = await call(admin.auth, 'PUT', '/api/provider-sso', {
      nome: 'Officine Rossi', issuer: op.issuer, client_id: 'tulip', client_secret: 'segreto-di-prova', claim: 'email', domini: ['officinerossi.it'], crea_utenti: false, attivo: true,
    });
    expect(r.statusCode, r.body).toBe(201);
    providerId = r.json().data.id;
  });
  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  it('keeps the client secret on the server: the list says only that it is set, an empty one on update keeps it', async () => {
    const list = await call(admin.auth, 'GET', '/api/provider-sso');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('segreto-di-prova');
    expect(list.json().rows[0]).toMatchObject({ nome: 'Officine Rossi', client_secret_impostato: true, domini: ['officinerossi.it'] });
    const one = await call(admin.auth, 'GET', `/api/provider-sso/${providerId}`);
    expect(one.body).not.toContain('segreto-di-prova');
    const upd = await call(admin.auth, 'POST', `/api/provider-sso/${providerId}`, {
      nome: 'Officine Rossi', issuer: op.issuer, client_id: 'tulip', client_secret: '', claim: 'email', domini: ['officinerossi.it'], crea_utenti: false, attivo: true,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.client_secret_impostato).toBe(true);
    // the public list, for the login page: names only, no login needed
    const pub = await t.app.inject({ url: '/api/accesso/provider' });
    expect(pub.json()).toEqual([{ id: providerId, nome: 'Officine Rossi' }]);
    // only administrators configure providers
    const mario = await login(t.app, 'mario.rossi');
    expect((await call(mario.auth, 'GET', '/api/provider-sso')).statusCode).toBe(403);
  });

  it('refuses an issuer over http unless its host is listed in TULIP_SSO_INSECURE_HOSTS', async () => {
    const r = await call(admin.auth, 'PUT', '/api/provider-sso', { nome: 'Lab', issuer: 'http://10.1.2.3:8080/realms/x', client_id: 'x', claim: 'email', domini: [], crea_utenti: false, attivo: true });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('avvisi.sso_issuer_https');
  });

  it('signs in through the provider with PKCE, state and nonce, and hands the web the usual one-time token (mario by his e-mail)', async () => {
    const { authUrl, token, errore } = await signIn('mario');
    const q = new URL(authUrl).searchParams;
    expect(authUrl.startsWith(`${op.issuer}/`)).toBe(true);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toBeTruthy();
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('redirect_uri')).toBe(`${base}/api/accesso/callback`);
    expect(errore).toBeNull();
    expect((await whoIs(token)).username).toBe('mario.rossi');
  });

  it('refuses a replayed state: the callback that already signed someone in is not taken twice', async () => {
    const first = await signIn('mario');
    expect(first.errore).toBeNull();
    const again = await callback(first.callback);
    expect(again).toEqual({ token: null, errore: 'avvisi.sso_stato_non_valido' });
    // and an unknown state as well
    expect((await callback(`${base}/api/accesso/callback?code=x&state=inventato`)).errore).toBe('avvisi.sso_stato_non_valido');
  });

  it('refuses an ID token for another audience (the provider issued it to another client id)', async () => {
    op.tamper = (c) => ({ ...c, aud: 'un-altro-client' });
    try {
      expect(await signIn('mario')).toMatchObject({ token: null, errore: 'avvisi.sso_token_non_valido' });
    } finally {
      op.tamper = null;
    }
  });

  it('refuses an expired ID token', async () => {
    // real-clock: the library checks the token's expiry against the real clock, as the provider signs it
    const nowS = Math.floor(Date.now() / 1000);
    op.tamper = (c) => ({ ...c, iat: nowS - 7200, exp: nowS - 3600 });
    try {
      expect(await signIn('mario')).toMatchObject({ token: null, errore: 'avvisi.sso_token_non_valido' });
    } finally {
      op.tamper = null;
    }
  });

  it('refuses an account of a domain the provider does not allow', async () => {
    expect(await signIn('estraneo')).toMatchObject({ token: null, errore: 'avvisi.sso_dominio_non_ammesso' });
  });

  it('finds the account again by its subject when its e-mail changes at the provider', async () => {
    op.accounts.get('mario')!.email = 'mario.rossi.nuovo@officinerossi.it';
    try {
      expect((await whoIs((await signIn('mario')).token)).username).toBe('mario.rossi');
    } finally {
      op.accounts.get('mario')!.email = marioEmail;
    }
  });

  it('creates, when the provider says so, the user of the employee with that e-mail: employee profile, company sign-in only', async () => {
    // without creation, an unknown account is refused
    expect(await signIn('nuovo')).toMatchObject({ token: null, errore: 'avvisi.sso_utente_sconosciuto' });
    const row = (await call(admin.auth, 'GET', `/api/provider-sso/${providerId}`)).json();
    const upd = await call(admin.auth, 'POST', `/api/provider-sso/${providerId}`, { ...row, id: undefined, client_secret_impostato: undefined, crea_utenti: true });
    expect(upd.statusCode, upd.body).toBe(200);
    // an employee who has left gets no account, whatever the provider still says
    const yesterday = addDays(localNow(t.config.timezone).data, -1);
    await t.handle.db.execute(sql`update dipendenti set data_cessazione = ${yesterday} where id = ${newcomer.id}`);
    expect(await signIn('nuovo')).toMatchObject({ token: null, errore: 'avvisi.sso_utente_sconosciuto' });
    await t.handle.db.execute(sql`update dipendenti set data_cessazione = null where id = ${newcomer.id}`);
    const me = await whoIs((await signIn('nuovo')).token);
    const created = (await users()).find((u) => u.id === me.id)!;
    expect(created).toMatchObject({ email: newcomer.email.toLowerCase(), dipendente_id: newcomer.id, solo_sso: true, attivo: true });
    const dip = (await call(admin.auth, 'GET', '/api/profili?size=100')).json().rows.find((p: Row) => p.codice === 'DIPENDENTE');
    expect(created.profili).toEqual([dip.id]);
    // no password: the password login refuses it as a wrong one
    const pw = await call({}, 'POST', '/api/auth/loginUser', { username: me.username, password: 'demo' });
    expect(pw.statusCode).toBe(401);
    // the second sign-in finds the same user
    expect((await whoIs((await signIn('nuovo')).token)).id).toBe(me.id);
  });

  it('refuses the password of a user set "company sign-in only", with the answer of a wrong password, and mails no reset link', async () => {
    expect((await call({}, 'POST', '/api/auth/loginUser', { username: 'laura.bianchi', password: 'demo' })).statusCode).toBe(200);
    const laura = (await users()).find((u) => u.username === 'laura.bianchi')!;
    const { id, bloccato, dipendente_nome, profilo_attivo_id, solo_sso, ...input } = laura;
    expect(solo_sso).toBe(false);
    void bloccato, dipendente_nome, profilo_attivo_id;
    const upd = await call(admin.auth, 'POST', `/api/utenti/${id}`, { ...input, solo_sso: true });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.solo_sso).toBe(true);
    const pw = await call({}, 'POST', '/api/auth/loginUser', { username: 'laura.bianchi', password: 'demo' });
    const wrong = await call({}, 'POST', '/api/auth/loginUser', { username: 'laura.bianchi', password: 'sbagliata' });
    expect(pw.statusCode).toBe(401);
    expect(pw.json()).toEqual(wrong.json());
    const forgot = await call({}, 'POST', '/api/auth/password/forgot', { email: laura.email });
    expect(forgot.statusCode).toBe(200);
    // the answer never waits for the mail: one asked after it, for another user, shows when mails have gone out
    const other = (await users()).find((u) => u.username === 'mario.rossi')!;
    await call({}, 'POST', '/api/auth/password/forgot', { email: other.email });
    await t.smtp.waitFor((m) => m.to.includes(String(other.email)));
    expect(t.smtp.mails.filter((m) => m.to.includes(String(laura.email)))).toEqual([]);
  });

  describe('the desktop app, through the system browser (RFC 8252)', () => {
    const newCode = () => randomBytes(32).toString('base64url');
    const stateRow = async (state: string) =>
      ((await t.handle.db.execute(sql`select codice_app from stati_sso where stato = ${state}`)) as unknown as { rows: { codice_app: string | null }[] }).rows[0];
    /** The system browser's way for the app: avvio with the app's code, the provider, the callback; the link it ends at. */
    async function desktopSignIn(login: string, codice: string, extra = '') {
      const start = await t.app.inject({ url: `/api/accesso/${providerId}/avvio?app=desktop&codice_app=${codice}${extra}` });
      expect(start.statusCode, start.body).toBe(302);
      const authUrl = start.headers.location as string;
      const state = new URL(authUrl).searchParams.get('state')!;
      const back = await signInAtProvider(authUrl, login, `${base}/api/accesso/callback`);
      const r = await t.app.inject({ url: pathOf(back) });
      expect(r.statusCode, r.body).toBe(302);
      return { authUrl, state, location: r.headers.location as string };
    }

    it('marks the sign-in as the app’s, and sends the browser back to tulip://sso with the one-time token and the app’s code', async () => {
      const codice = newCode();
      const { authUrl, state, location } = await desktopSignIn('mario', codice);
      // the provider sees the server's own redirect URI, as for the web
      expect(new URL(authUrl).searchParams.get('redirect_uri')).toBe(`${base}/api/accesso/callback`);
      expect(await stateRow(state)).toEqual({ codice_app: codice });
      expect(location.startsWith('tulip://sso#'), location).toBe(true);
      const link = parseSsoLink(location);
      expect(link).toMatchObject({ codice_app: codice, errore: null });
      expect((await whoIs(link!.token)).username).toBe('mario.rossi');
    });

    it('sends a refusal back to the app too, with its code: a foreign domain, a provider not active', async () => {
      const codice = newCode();
      expect(parseSsoLink((await desktopSignIn('estraneo', codice)).location)).toEqual({ codice_app: codice, token: null, errore: 'avvisi.sso_dominio_non_ammesso' });
      const r = await t.app.inject({ url: `/api/accesso/999999/avvio?app=desktop&codice_app=${codice}` });
      expect(r.statusCode).toBe(302);
      expect(parseSsoLink(r.headers.location)).toEqual({ codice_app: codice, token: null, errore: 'avvisi.sso_provider_non_attivo' });
    });

    it('requires the app’s code, well formed, with app=desktop (and only then); no target is taken from the request', async () => {
      for (const q of [
        'app=desktop', `codice_app=${newCode()}`, 'app=desktop&codice_app=corto', `app=desktop&codice_app=${newCode().slice(0, 30)}%2F%2Fx`,
        `app=ios&codice_app=${newCode()}`, `app=desktop&codice_app=${newCode()}&ritorno=https%3A%2F%2Fevil.example`,
      ]) {
        const r = await t.app.inject({ url: `/api/accesso/${providerId}/avvio?${q}` });
        expect(r.statusCode, q).toBe(400);
        expect(r.json().message, q).toMatch(/^avvisi\./);
      }
      // a base that is not one of the server's is ignored: the provider still returns to the server, the server to tulip://sso
      const codice = newCode();
      const { authUrl, location } = await desktopSignIn('mario', codice, `&base=${encodeURIComponent('https://evil.example')}`);
      expect(new URL(authUrl).searchParams.get('redirect_uri')).toBe(`${base}/api/accesso/callback`);
      expect(parseSsoLink(location)?.codice_app).toBe(codice);
    });

    it('leaves the web’s sign-in as it was: no code in its row, back to the login page’s fragment', async () => {
      const start = await t.app.inject({ url: `/api/accesso/${providerId}/avvio` });
      const state = new URL(start.headers.location as string).searchParams.get('state')!;
      expect(await stateRow(state)).toEqual({ codice_app: null });
      const back = await signInAtProvider(start.headers.location as string, 'mario', `${base}/api/accesso/callback`);
      const { token } = await callback(back);
      expect((await whoIs(token)).username).toBe('mario.rossi');
    });
  });

  it('refuses a provider that is not active, back on the login page with the message', async () => {
    const r = await t.app.inject({ url: '/api/accesso/999999/avvio' });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe(`${base}/#sso_errore=avvisi.sso_provider_non_attivo`);
  });
});
