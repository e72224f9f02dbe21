/** API tokens for other systems' machines and the badge readers' punch (issue #32 §3), on PGlite and PostgreSQL. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow } from '../../platform/dates';

type Row = Record<string, unknown> & { id: number };

describe.skipIf(skipReason())('API tokens', () => {
  let t: TestApp;
  let admin: Session;
  let mario: Session;
  let today: string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = (headers: Record<string, string>, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers, payload: payload as never });
  const profiles: Record<string, number> = {};
  let emp: (Row & { badge: string | null; cognome: string })[] = [];
  const activeWithBadge = () => emp.filter((e) => e.badge && !e.data_cessazione && String(e.data_assunzione) <= today);

  async function newProfile(codice: string, scope: string, routes: string[]) {
    const r = await call(admin.auth, 'PUT', '/api/profili', { codice, descrizione: codice, scope, routes });
    expect(r.statusCode, r.body).toBe(201);
    return (profiles[codice] = r.json().data.id as number);
  }
  async function newToken(nome: string, profilo_id: number, scadenza?: string | null) {
    const r = await call(admin.auth, 'PUT', '/api/integrazioni/token', { nome, profilo_id, ...(scadenza !== undefined ? { scadenza } : {}) });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data as { id: number; token: string };
  }

  beforeAll(async () => {
    // a low rate, so that the limit is reached in a test
    t = await makeTestApp({ TULIP_API_TOKEN_RATE: '40' });
    [admin, mario] = await Promise.all(['admin', 'mario.rossi'].map((u) => login(t.app, u)));
    today = localNow(t.config.timezone).data;
    emp = (await call(admin.auth, 'GET', '/api/dipendenti?size=1000')).json().rows;
    await newProfile('LETTORE_BADGE', 'tutti', ['timbrature.badge']);
    await newProfile('REPARTI_API', 'tutti', ['anagrafica.reparti']);
    const admins = (await call(admin.auth, 'GET', '/api/profili?size=100')).json().rows as Row[];
    for (const p of admins) profiles[String(p.codice)] ??= p.id;
  });
  afterAll(async () => t?.close());

  it('creates a token shown once, stored as a hash, listed without its secret', async () => {
    const { id, token } = await newToken('Tornello nord', profiles.LETTORE_BADGE);
    expect(token).toMatch(/^tlp_[A-Za-z0-9_-]{43,}$/);
    const stored = (await t.handle.db.execute(sql`select hash from token_api where id = ${id}`)) as unknown as { rows: { hash: string }[] };
    expect(stored.rows[0].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0].hash).not.toContain(token);
    const list = await call(admin.auth, 'GET', '/api/integrazioni/token');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.body).not.toContain(stored.rows[0].hash);
    const row = list.json().rows.find((r: Row) => r.id === id);
    expect(row).toMatchObject({ nome: 'Tornello nord', profilo_id: profiles.LETTORE_BADGE, scadenza: null, creato_da: 'admin', ultimo_uso: null, revocato_il: null });
    // the same name twice is refused, never a second secret for one name
    const again = await call(admin.auth, 'PUT', '/api/integrazioni/token', { nome: 'Tornello nord', profilo_id: profiles.LETTORE_BADGE });
    expect(again.statusCode).toBe(409);
  });

  it('refuses the administrators’ profile, a profile not seeing everyone, and anyone but an administrator', async () => {
    const adm = await call(admin.auth, 'PUT', '/api/integrazioni/token', { nome: 'Root', profilo_id: profiles.AMMINISTRATORE });
    expect(adm.statusCode).toBe(400);
    expect(adm.json().message).toBe('avvisi.token_profilo_amministratore');
    const own = await call(admin.auth, 'PUT', '/api/integrazioni/token', { nome: 'Dipendente', profilo_id: profiles.DIPENDENTE });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: 'avvisi.token_profilo_ambito', params: { fields: { utente_id: 'avvisi.token_profilo_ambito' } } });
    const past = await call(admin.auth, 'PUT', '/api/integrazioni/token', { nome: 'Vecchio', profilo_id: profiles.LETTORE_BADGE, scadenza: addDays(today, -1) });
    expect(past.statusCode).toBe(400);
    expect((await call(mario.auth, 'GET', '/api/integrazioni/token')).statusCode).toBe(403);
    expect((await call(mario.auth, 'PUT', '/api/integrazioni/token', { nome: 'X', profilo_id: profiles.LETTORE_BADGE })).statusCode).toBe(403);
  });

  it('a personal token acts for its person: their employee and scope, never their account, and only while they hold the profile', async () => {
    const marioUser = (await call(admin.auth, 'GET', '/api/utenti?size=1000')).json().rows.find((u: Row) => u.username === 'mario.rossi') as Row;
    const laura = (await call(admin.auth, 'GET', '/api/utenti?size=1000')).json().rows.find((u: Row) => u.username === 'laura.bianchi') as Row;
    // mario does not hold the managers' profile: a token of it for him is refused
    const wrong = await call(admin.auth, 'PUT', '/api/integrazioni/token', { nome: 'Non suo', profilo_id: profiles.RESPONSABILE, utente_id: marioUser.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'avvisi.token_utente_profilo', params: { fields: { utente_id: 'avvisi.token_utente_profilo' } } });
    const r = await call(admin.auth, 'PUT', '/api/integrazioni/token', { nome: 'App di Mario', profilo_id: profiles.DIPENDENTE, utente_id: marioUser.id });
    expect(r.statusCode, r.body).toBe(201);
    const { id, token } = r.json().data as { id: number; token: string };
    const row = (await call(admin.auth, 'GET', '/api/integrazioni/token')).json().rows.find((x: Row) => x.id === id);
    expect(row).toMatchObject({ utente_id: marioUser.id, utente: 'mario.rossi' });

    // the same as mario's own session: his timecard, not a colleague's
    const mese = today.slice(0, 7);
    const own = await call(bearer(token), 'GET', `/api/cartellino?dipendente=${marioUser.dipendente_id}&mese=${mese}`);
    const viaSession = await call(mario.auth, 'GET', `/api/cartellino?dipendente=${marioUser.dipendente_id}&mese=${mese}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual(viaSession.json());
    expect((await call(bearer(token), 'GET', `/api/cartellino?dipendente=${laura.dipendente_id}&mese=${mese}`)).statusCode).toBeGreaterThanOrEqual(403);
    expect((await call(bearer(token), 'GET', '/api/dipendenti')).statusCode).toBe(403);
    // his account stays his: no password, e-mail or profile change through a token
    const self = await call(bearer(token), 'POST', '/api/user', { lingua: 'en' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('avvisi.token_non_ammesso');

    // a punch made with it is his, audited under the token's name
    const punch = await call(bearer(token), 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: randomUUID(), fonte: 'web' });
    expect([201, 409]).toContain(punch.statusCode);

    // his profile taken away, or his user deactivated: the token stops working
    await t.handle.db.execute(sql`delete from utenti_profili where utente_id = ${marioUser.id} and profilo_id = ${profiles.DIPENDENTE}`);
    try {
      expect((await call(bearer(token), 'GET', `/api/cartellino?dipendente=${marioUser.dipendente_id}&mese=${mese}`)).statusCode).toBe(401);
    } finally {
      await t.handle.db.execute(sql`insert into utenti_profili (utente_id, profilo_id) values (${marioUser.id}, ${profiles.DIPENDENTE})`);
    }
    expect((await call(bearer(token), 'GET', `/api/cartellino?dipendente=${marioUser.dipendente_id}&mese=${mese}`)).statusCode).toBe(200);
  });

  it('a badge reader’s token punches by badge, once per request id, and is refused everywhere else', async () => {
    const { token } = await newToken('Lettore reparto', profiles.LETTORE_BADGE);
    const [who] = activeWithBadge();
    const body = { badge: who.badge, verso: 'E', id_richiesta: randomUUID(), ts_dispositivo: `${today}T07:59:30+01:00` };
    const first = await call(bearer(token), 'PUT', '/api/timbrature/badge', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ message: 'avvisi.created', params: { context: 'entrata' }, data: { dipendente_id: who.id, verso: 'E', fonte: 'terminale' } });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // the reader sends it again (its answer was lost): the same punch, marked as a replay, nothing stored twice
    const replay = await call(bearer(token), 'PUT', '/api/timbrature/badge', body);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data).toEqual(first.json().data);
    const n = (await t.handle.db.execute(sql`select count(*)::int as n from timbrature where id_richiesta = ${body.id_richiesta}`)) as unknown as { rows: { n: number }[] };
    expect(n.rows[0].n).toBe(1);
    // the same request id with other content is a conflict
    const other = await call(bearer(token), 'PUT', '/api/timbrature/badge', { ...body, verso: 'U' });
    expect(other.statusCode).toBe(409);
    // an unknown badge says so
    const unknown = await call(bearer(token), 'PUT', '/api/timbrature/badge', { badge: 'NESSUNO', verso: 'E', id_richiesta: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'avvisi.badge_sconosciuto', params: { badge: 'NESSUNO' } });
    // it acts with its profile's routes and no more
    expect((await call(bearer(token), 'GET', '/api/dipendenti')).statusCode).toBe(403);
    expect((await call(bearer(token), 'PUT', '/api/timbrature', { verso: 'E', id_richiesta: randomUUID() })).statusCode).toBe(403);
    expect((await call(bearer(token), 'GET', '/api/integrazioni/token')).statusCode).toBe(403);
    // a person's session may not punch for others by badge unless granted
    expect((await call(mario.auth, 'PUT', '/api/timbrature/badge', { badge: who.badge, verso: 'E', id_richiesta: randomUUID() })).statusCode).toBe(403);
    // the audit names the token
    const audit = (await t.handle.db.execute(sql`select username, utente_id from audit_log where entita = 'timbrature' and azione = 'badge' and entita_id = ${String(first.json().data.id)}`)) as unknown as { rows: { username: string; utente_id: number }[] };
    expect(audit.rows).toEqual([{ username: 'token:Lettore reparto', utente_id: expect.any(Number) }]);
    expect(audit.rows[0].utente_id).toBeLessThan(0);
    // its last use is shown
    const row = (await call(admin.auth, 'GET', '/api/integrazioni/token')).json().rows.find((r: Row) => r.nome === 'Lettore reparto');
    expect(row.ultimo_uso).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
  });

  it('refuses a badge punch in a closed month or outside employment, as every punch', async () => {
    const { token } = await newToken('Lettore chiusura', profiles.LETTORE_BADGE);
    const [, a, b] = activeWithBadge();
    await t.handle.db.execute(sql`update dipendenti set data_cessazione = ${addDays(today, -1)} where id = ${b.id}`);
    const gone = await call(bearer(token), 'PUT', '/api/timbrature/badge', { badge: b.badge, verso: 'E', id_richiesta: randomUUID() });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().params.fields.ts).toBe('avvisi.timbratura_dopo_cessazione');
    await t.handle.db.execute(sql`insert into mesi_chiusi (mese) values (${today.slice(0, 7)})`);
    try {
      const closed = await call(bearer(token), 'PUT', '/api/timbrature/badge', { badge: a.badge, verso: 'E', id_richiesta: randomUUID() });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe('avvisi.mese_chiuso');
    } finally {
      await t.handle.db.execute(sql`delete from mesi_chiusi where mese = ${today.slice(0, 7)}`);
      await t.handle.db.execute(sql`update dipendenti set data_cessazione = null where id = ${b.id}`);
    }
  });

  it('audits a token’s writes under its name, with its profile’s data', async () => {
    const { token } = await newToken('Gestionale', profiles.REPARTI_API);
    const created = await call(bearer(token), 'PUT', '/api/reparti', { codice: 'API1', descrizione: 'Reparto da API' });
    expect(created.statusCode, created.body).toBe(201);
    const audit = (await t.handle.db.execute(sql`select username from audit_log where entita = 'reparti' and entita_id = ${String(created.json().data.id)}`)) as unknown as { rows: { username: string }[] };
    expect(audit.rows.map((r) => r.username)).toEqual(['token:Gestionale']);
    // no person behind it: the user's own routes have nothing to show, and never a 500
    for (const url of ['/api/me', '/api/timbrature/oggi']) expect((await call(bearer(token), 'GET', url)).statusCode).toBeLessThan(500);
  });

  it('a revoked, expired or unknown token is 401 at once', async () => {
    const { id, token } = await newToken('Da revocare', profiles.REPARTI_API);
    expect((await call(bearer(token), 'GET', '/api/reparti')).statusCode).toBe(200);
    const del = await call(admin.auth, 'DELETE', `/api/integrazioni/token/${id}`);
    expect(del.statusCode).toBe(204);
    const after = await call(bearer(token), 'GET', '/api/reparti');
    expect(after.statusCode).toBe(401);
    const row = (await call(admin.auth, 'GET', '/api/integrazioni/token')).json().rows.find((r: Row) => r.id === id);
    expect(row.revocato_il).toEqual(expect.stringMatching(/^\d{4}-/));
    expect((await call(admin.auth, 'DELETE', '/api/integrazioni/token/999999')).statusCode).toBe(404);

    const exp = await newToken('In scadenza', profiles.REPARTI_API, today);
    expect((await call(bearer(exp.token), 'GET', '/api/reparti')).statusCode).toBe(200);
    await t.handle.db.execute(sql`update token_api set scadenza = ${addDays(today, -1)} where id = ${exp.id}`);
    expect((await call(bearer(exp.token), 'GET', '/api/reparti')).statusCode).toBe(401);

    expect((await call(bearer(`tlp_${'x'.repeat(43)}`), 'GET', '/api/reparti')).statusCode).toBe(401);
    // a token whose profile was made to see less than everyone stops working rather than seeing nothing
    const narrowed = await newToken('Ristretto', profiles.REPARTI_API);
    await t.handle.db.execute(sql`update profili set scope = 'reparto' where id = ${profiles.REPARTI_API}`);
    try {
      expect((await call(bearer(narrowed.token), 'GET', '/api/reparti')).statusCode).toBe(401);
    } finally {
      await t.handle.db.execute(sql`update profili set scope = 'tutti' where id = ${profiles.REPARTI_API}`);
    }
  });

  it('limits each token’s requests a minute: 429 with Retry-After, other tokens unaffected', async () => {
    const busy = await newToken('Rumoroso', profiles.REPARTI_API);
    const quiet = await newToken('Tranquillo', profiles.REPARTI_API);
    const answers = [];
    for (let i = 0; i < 41; i++) answers.push(await call(bearer(busy.token), 'GET', '/api/reparti?size=1'));
    expect(answers.slice(0, 40).every((r) => r.statusCode === 200)).toBe(true);
    const over = answers[40];
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('avvisi.token_troppe_richieste');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(bearer(quiet.token), 'GET', '/api/reparti?size=1')).statusCode).toBe(200);
  });
});
