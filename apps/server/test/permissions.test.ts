/**
 * The permission matrix (issue #5), walked over every API route the app registers (app.routeTable) so that a new
 * endpoint is covered the moment it exists:
 *   - every route declares its access, in a known shape, naming route names that exist;
 *   - every route × {no token, AMMINISTRATORE, UFFICIO_PERSONALE, RESPONSABILE, DIPENDENTE, PORTINERIA}: the answer
 *     expected is derived from the route's declared access and the profile's route names and scope as stored in
 *     the database — 401 without a token unless public, 401 on one-time/refresh/reset-token routes with an access
 *     token, 403 when the profile has none of the route's names or not its scope, otherwise neither 401 nor 403;
 *     expired, forged and non-bearer tokens -> 401;
 *   - data scope: as mario.rossi (DIPENDENTE, only himself) and laura.bianchi (RESPONSABILE of Produzione), every
 *     read and write that names another employee — Francesca Vitali, of Amministrazione — by a path id, a query
 *     filter or a body field answers 404 or 403 (a write may also be refused on the very field that names her) and
 *     changes nothing, and no JSON the two may read carries her name, tax code, e-mail or employee number.
 * Routes taking an `:id` are found in the route table; each must be either reference data (its list declares `lookup: 'auth'`)
 * or listed in PERSONAL below with the record of hers it addresses: an unlisted one fails the test.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { isoWeekOf, ROUTE_NAMES, SCOPES, type TScope } from '@tulip/contract';
import { registerGuard, type Access } from '../src/platform/guard';
import { profili, utenti } from '../src/modules/anagrafica/tables';
import {
  apiOperations, changeCounter, changedTables, login, makeTestApp, skipReason, uploadFile,
  type ApiOperation, type ApiSchema, type Session, type TestApp,
} from './harness';
import { addDays, localNow } from '../src/platform/dates';
import { now } from '../src/platform/clock';
import { festivitaNazionali } from '@tulip/attendance';

const DEMO: Record<string, string> = {
  AMMINISTRATORE: 'admin', UFFICIO_PERSONALE: 'personale', RESPONSABILE: 'laura.bianchi', DIPENDENTE: 'mario.rossi', PORTINERIA: 'portineria',
};
type Profile = { codice: string; scope: TScope; routes: string[] };
type Outcome = 'open' | 401 | 403;

/** What the guard must answer, from the declaration alone. */
function expected(access: Access, who: Profile | null): Outcome {
  if ('public' in access) return 'open';
  if (!who) return 401;
  if ('token' in access) return 401; // an access token is not a login, refresh or reset token
  if ('auth' in access) return 'open';
  if (!access.routes.some((r) => who.routes.includes(r))) return 403;
  if (access.scopes && !access.scopes.includes(who.scope)) return 403;
  return 'open';
}

const day = (offset: number) => addDays(localNow('Europe/Rome').data, offset);
const lo = (s: ApiSchema) => (s.minimum === undefined ? undefined : s.exclusiveMinimum === true ? s.minimum + 1 : s.minimum);
const hi = (s: ApiSchema) => (s.maximum === undefined ? undefined : s.exclusiveMaximum === true ? s.maximum - 1 : s.maximum);

/** A plausible, valid value for a field, by its schema and name (the scope test needs requests that pass validation). */
function example(s: ApiSchema, name = ''): unknown {
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined && s.default !== null) return s.default;
  // a value given either way (a decimal as a JSON number or as text): the first way
  const either = s.anyOf ?? s.oneOf;
  if (either?.length && !s.type) return example(either[0], name);
  const type = s.type ?? (s.properties ? 'object' : s.items ? 'array' : 'string');
  switch (type) {
    case 'integer':
    case 'number': {
      const [min, max] = [lo(s) ?? 1, hi(s) ?? 1_000_000];
      return Math.min(max, Math.max(min, name === 'minuti' ? 60 : 1));
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => example(s.items ?? {}, name));
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, example(v, k)]));
    default: {
      if (name === 'mese') return day(0).slice(0, 7);
      if (name === 'dal' || name === 'al' || name === 'data') return day(1);
      if ((name === 'inizio' || name === 'fine') && s.pattern?.startsWith('^([01]')) return name === 'inizio' ? '08:00' : '09:00';
      if (name === 'ts' || name === 'entrata' || name === 'uscita' || name === 'fine') return `${day(-1)}T09:00:00`;
      if (name === 'inizio') return `${day(-1)}T08:00:00`;
      if (name === 'settimana' && s.pattern?.includes('W')) return isoWeekOf(day(0));
      if (name === 'ts_dispositivo') return now().toISOString();
      if (name.startsWith('ora')) return '09:00';
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'email') return 'verifica.permessi@example.com';
      if (s.pattern) return fc.sample(fc.stringMatching(new RegExp(s.pattern)), { seed: 1, numRuns: 1 })[0].slice(0, s.maxLength);
      return 'Verifica permessi'.slice(0, s.maxLength ?? 100).padEnd(s.minLength ?? 0, 'x');
    }
  }
}

describe.skipIf(skipReason())('permission matrix', () => {
  let t: TestApp;
  let ops: ApiOperation[];
  const sessions: Record<string, Session> = {};
  const profiles: Record<string, Profile> = {};
  /** Mario's personal API token (issue #32 §3): it must get exactly what his session gets. */
  let marioToken: Session['auth'];

  beforeAll(async () => {
    // the matrix makes many more requests a minute with the token than the default limit lets through
    t = await makeTestApp({ TULIP_API_TOKEN_RATE: '1000000' });
    ops = await apiOperations(t.app);
    for (const [codice, username] of Object.entries(DEMO)) {
      sessions[codice] = await login(t.app, username);
      const [p] = await t.handle.db
        .select({ codice: profili.codice, scope: profili.scope, routes: profili.routes })
        .from(utenti)
        .innerJoin(profili, eq(profili.id, utenti.profilo_attivo_id))
        .where(eq(utenti.username, username));
      expect(p.codice).toBe(codice);
      profiles[codice] = p as Profile;
    }
  });
  beforeAll(async () => {
    const users = (await t.app.inject({ url: '/api/utenti?size=1000', headers: sessions.AMMINISTRATORE.auth })).json().rows as { id: number; username: string }[];
    const [dip] = await t.handle.db.select({ id: profili.id }).from(profili).where(eq(profili.codice, 'DIPENDENTE'));
    const r = await t.app.inject({
      method: 'PUT', url: '/api/integrazioni/token', headers: sessions.AMMINISTRATORE.auth,
      payload: { nome: 'Permessi mario', profilo_id: dip.id, utente_id: users.find((u) => u.username === DEMO.DIPENDENTE)!.id },
    });
    expect(r.statusCode, r.body).toBe(201);
    marioToken = { authorization: `Bearer ${r.json().data.token}` };
  });
  afterAll(async () => t?.close());

  /** A URL with every path parameter filled with a value of its type that names no existing record. */
  function concrete(url: string): string {
    const op = ops.find((o) => o.url === url);
    return url.replace(/:(\w+)/g, (_, name: string) => {
      const s = op?.params.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
      if (s.type === 'integer') return String(Math.min(hi(s) ?? 999_999, Math.max(lo(s) ?? 999_999, 999_999)));
      if (s.pattern?.includes('(0[1-9]|1[0-2])')) return '1999-01';
      if (name === 'data') return '1999-01-04';
      return 'zz';
    });
  }

  it('has every API route declaring its access, naming route names that exist', async () => {
    expect(t.app.routeTable.length).toBeGreaterThan(100);
    const bad: string[] = [];
    for (const r of t.app.routeTable) {
      const a = r.access as Record<string, unknown>;
      const ok =
        a.public === true ||
        a.auth === true ||
        ['u', 'r', 'reset', 'email', 'mfa', 'mfa_enrol'].includes(a.token as string) ||
        (Array.isArray(a.routes) &&
          a.routes.length > 0 &&
          a.routes.every((n) => ROUTE_NAMES.includes(n)) &&
          (a.scopes === undefined || (Array.isArray(a.scopes) && a.scopes.every((s) => (SCOPES as readonly string[]).includes(s)))));
      if (!ok) bad.push(`${r.method} ${r.url} ${JSON.stringify(r.access)}`);
    }
    expect(bad).toEqual([]);
    // every documented operation is a guarded route (apiOperations throws otherwise), and the other way round
    const documented = new Set(ops.map((o) => `${o.method} ${o.url}`));
    expect(t.app.routeTable.filter((r) => r.url !== '/api/openapi.json' && !documented.has(`${r.method} ${r.url}`))).toEqual([]);
  });

  it('refuses to start with an API route that declares no access', async () => {
    const app = Fastify();
    registerGuard(app, { db: t.handle.db, tokens: t.tokens });
    expect(() => app.get('/api/nuova', async () => 'x')).toThrow(/declares no access/);
    app.get('/fuori-api', async () => 'x'); // outside /api (the web app) nothing is needed
    await app.close();
  });

  it('answers every route × {no token, each profile, an API token of DIPENDENTE} as its declared access says', async () => {
    const wrong: string[] = [];
    let checked = 0;
    const call = (method: string, url: string, headers: Record<string, string>) =>
      t.app.inject({ method: method as never, url, headers, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    for (const route of t.app.routeTable) {
      const url = concrete(route.url);
      const cases: [string, Profile | null][] = [['no token', null], ...Object.keys(DEMO).map((c) => [c, profiles[c]] as [string, Profile]), ['API token', profiles.DIPENDENTE]];
      for (const [label, who] of cases) {
        const byToken = label === 'API token';
        // a token may act for mario, never change his account (his password, e-mail, active profile)
        const want = byToken && route.method === 'POST' && route.url === '/api/user' ? 403 : expected(route.access, who);
        // a self-service write (logout) may end the session it is called with: it gets a session of its own
        const own = byToken ? { auth: marioToken } : who && route.method !== 'GET' && 'auth' in route.access ? await login(t.app, DEMO[who.codice]) : who ? sessions[who.codice] : null;
        const res = await call(route.method, url, own ? own.auth : {});
        checked++;
        const body = res.body.slice(0, 160);
        const hasMessage = (() => {
          try {
            return typeof res.json().message === 'string';
          } catch {
            return false;
          }
        })();
        // a public route may check its own credential (a kiosk's key, a visitor's link): only the guard's 401 is wrong there
        const guardRefused = 'public' in route.access ? res.statusCode === 401 && body.includes('"avvisi.unauthorized"') : res.statusCode === 401 || res.statusCode === 403;
        if (res.statusCode >= 500) wrong.push(`${route.method} ${route.url} as ${label}: ${res.statusCode} ${body}`);
        else if (want === 'open' && guardRefused) wrong.push(`${route.method} ${route.url} as ${label}: expected access, got ${res.statusCode} ${body}`);
        else if (want !== 'open' && (res.statusCode !== want || !hasMessage)) wrong.push(`${route.method} ${route.url} as ${label}: expected ${want}, got ${res.statusCode} ${body}`);
        // the lookup variant of reference data is open to every logged-in user
        if (who && route.method === 'GET' && 'routes' in route.access && route.access.lookup === 'auth') {
          const lk = await t.app.inject({ url: route.url.includes(':') ? url : route.url, headers: { ...(byToken ? marioToken : sessions[who.codice].auth), 'x-http-method-override': 'lookup' } });
          if (lk.statusCode === 401 || lk.statusCode === 403 || lk.statusCode >= 500) wrong.push(`GET ${route.url} lookup as ${label}: ${lk.statusCode} ${lk.body.slice(0, 160)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(t.app.routeTable.length * 7);
  });

  it('refuses expired, forged and non-bearer tokens on every non-public route', async () => {
    const expired = (await t.tokens.sign('a', 1, -1)).token;
    const [h, , sig] = sessions.AMMINISTRATORE.atoken.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ typ: 'a', sub: '1', jti: 'j', exp: 4102444800 })).toString('base64url')}.${sig}`;
    const wrong: string[] = [];
    for (const route of t.app.routeTable) {
      if ('public' in route.access) continue;
      for (const auth of [`Bearer ${expired}`, `Bearer ${forged}`, 'Basic YWRtaW46ZGVtbw==', 'Bearer', `Bearer ${sessions.AMMINISTRATORE.rtoken}`]) {
        // the refresh token is the right token only for the refresh route
        if (auth.endsWith(sessions.AMMINISTRATORE.rtoken) && 'token' in route.access && route.access.token === 'r') continue;
        const r = await t.app.inject({ method: route.method as never, url: concrete(route.url), headers: { authorization: auth }, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        if (r.statusCode !== 401 || typeof r.json().message !== 'string') wrong.push(`${route.method} ${route.url} with ${auth.slice(0, 20)}: ${r.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  describe('data scope: another department\'s employee', () => {
    type Target = { id: number; matricola: string; cognome: string; codice_fiscale: string; email: string | null; reparto_id: number; cdc_id: number | null };
    let her: Target;
    let marioId: number;
    /** Records of hers, by the route prefix that addresses them by `:id`. */
    const PERSONAL: Record<string, number> = {};
    let counter: () => Promise<Record<string, string>>;

    beforeAll(async () => {
      const admin = sessions.AMMINISTRATORE.auth;
      const hr = sessions.UFFICIO_PERSONALE.auth; // Francesca Vitali's own account
      const get = async (url: string, auth = admin) => {
        const r = await t.app.inject({ url, headers: auth });
        expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
        return r.json();
      };
      const put = async (url: string, payload: unknown, auth = admin) => {
        const r = await t.app.inject({ method: 'PUT', url, headers: auth, payload: payload as never });
        expect(r.statusCode, `${url}: ${r.body}`).toBe(201);
        return r.json().data;
      };
      her = (await get('/api/dipendenti?search=Vitali')).rows[0];
      expect(her.cognome).toBe('Vitali');
      expect((await get('/api/user/profile', hr)).dipendente.id).toBe(her.id);
      marioId = (await get('/api/user/profile', sessions.DIPENDENTE.auth)).dipendente.id;
      const laura = await get('/api/user/profile', sessions.RESPONSABILE.auth);
      expect(her.reparto_id).not.toBe(laura.dipendente.reparto_id);

      PERSONAL['/api/dipendenti/:id'] = her.id;
      PERSONAL['/api/utenti/:id'] = (await get('/api/utenti?search=personale')).rows[0].id;
      PERSONAL['/api/auth/mfa/utente/:id'] = PERSONAL['/api/utenti/:id'];
      const punches = (await get(`/api/timbrature?dipendente_id=${her.id}&dal=${day(-40)}&al=${day(0)}`)).rows.filter((p: { stato: string }) => p.stato === 'valida');
      PERSONAL['/api/timbrature/:id'] = punches.length
        ? punches[punches.length - 1].id
        : (await put('/api/timbrature', { dipendente_id: her.id, ts: `${day(-1)}T09:00:00`, verso: 'E', motivo: 'Verifica permessi', id_richiesta: randomUUID() })).id;
      // her own pending request, made from her account
      // on a working day of hers clear of her other leave (the demo gives some a week off in August)
      const busy = (await get(`/api/giustificativi?dipendente_id=${her.id}&size=1000`)).rows.filter((g: { stato: string }) => ['richiesto', 'approvato'].includes(g.stato));
      const free = (d: string) => !busy.some((g: { dal: string; al: string }) => g.dal <= d && d <= g.al) && !festivitaNazionali(Number(d.slice(0, 4))).some((f) => f.data === d);
      let when = 3;
      while ([0, 6].includes(new Date(`${day(when)}T12:00:00Z`).getUTCDay()) || !free(day(when))) when++;
      PERSONAL['/api/giustificativi/:id'] = (await put('/api/giustificativi', { codice: 'PERMESSO', dal: day(when), al: day(when), minuti: 60 }, hr)).id;
      const assignments = (await get(`/api/assegnazioni-orario?dipendente_id=${her.id}`)).rows;
      expect(assignments.length).toBeGreaterThan(0);
      PERSONAL['/api/assegnazioni-orario/:id'] = assignments[0].id;
      // a visit she authorised and an invitation link she sent
      const tipo = (await get('/api/visite/tipi?size=1')).rows[0].id;
      const motivo = (await get('/api/visite/motivi?size=1')).rows[0].id;
      const visit = { nome: 'Ospite', cognome: 'Di Prova', azienda: 'Prova S.r.l.', tipo_id: tipo, motivo_id: motivo, dal: day(1), al: day(5) };
      PERSONAL['/api/visite/autorizzazioni/:id'] = (await put('/api/visite/autorizzazioni', visit, hr)).id;
      const par = await get('/api/visite/parametri');
      const on = await t.app.inject({ method: 'POST', url: '/api/visite/parametri', headers: admin, payload: { ...par, autoregistrazione: true } });
      expect(on.statusCode, on.body).toBe(200);
      const link = await put('/api/visite/link', { ...visit, email: 'ospite@example.com' }, hr);
      PERSONAL['/api/visite/link/:id'] = link.link_id ?? link.id;
      // a file she uploaded (a receipt, say): only she reads it back through the generic route
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      const up = await uploadFile(t.app, hr, 'ricevuta.pdf', pdf, 'application/pdf');
      expect(up.statusCode, up.body).toBe(201);
      PERSONAL['/api/file/:id'] = up.json().data.id;
      // a job order she leads, which no rule shows to anyone else: its record, report and job sheet are hers
      const order = { codice: 'PERM-VITALI', descrizione: 'Commessa di prova', stato: 'aperta', data_inizio: day(0), capo_commessa_id: her.id, fasi: [{ codice: 'F1', descrizione: 'Fase' }] };
      PERSONAL['/api/commesse/:id'] = (await put('/api/commesse', order)).id;
      PERSONAL['/api/commesse/visibili/:id'] = her.id;
      // an hour she booked on the internal maintenance order, which everyone may book on
      const manut = (await get('/api/commesse?search=INT-MANUT')).rows[0];
      const booking = { data: day(0), commessa_id: manut.id, fase_id: manut.fasi[0].id, minuti: 60, id_richiesta: randomUUID() };
      PERSONAL['/api/rilevazione/ore/:id'] = (await put('/api/rilevazione/ore', booking, hr)).id;
      // a work report of hers
      const report = { data: day(0), righe: [{ commessa_id: manut.id, fase_id: manut.fasi[0].id, inizio: '09:00', fine: '10:00' }] };
      PERSONAL['/api/rilevazione/rapportini/:id'] = (await put('/api/rilevazione/rapportini', report, hr)).id;
      // an expense note of hers with a line, and her own car
      const nota = (await put('/api/notaspese', { descrizione: 'Spese di prova', trasferta: null }, hr)).id;
      await put(`/api/notaspese/${nota}/righe`, { data: day(0), tipo_spesa: 'ALTRO', importo: 1290, valuta: 'EUR', tipo_pagamento: 'CONTANTI', documentata: true }, hr);
      PERSONAL['/api/notaspese/:id'] = nota;
      const car = { targa: 'PERM001', marca: 'Fiat', modello: 'Panda', alimentazione: 'benzina', dipendente_id: her.id, costo_km: [{ anno: Number(day(0).slice(0, 4)), euro_km: '0.4500' }] };
      PERSONAL['/api/veicoli/:id'] = (await put('/api/veicoli', car)).id;
      // a delivery of equipment to her (her laptop, in the demo): its verbale is hers
      const delivered = (await get(`/api/dotazioni/consegne?dipendente_id=${her.id}`)).rows;
      expect(delivered.length).toBeGreaterThan(0);
      PERSONAL['/api/dotazioni/consegne/:id'] = delivered[0].id;
      // a hiring document in her dossier (the privacy notice: no hiring letter, so no transparency items to fill)
      const privacy = (await get('/api/contratti/modelli?search=privacy')).rows[0].id;
      PERSONAL['/api/contratti/documenti/:id'] = (await put('/api/contratti/documenti', { dipendente_id: her.id, modello_id: privacy, dati: {} }, hr)).id;
      PERSONAL['/api/contratti/dipendenti/:id'] = her.id;
      counter = await changeCounter(t.handle);
    });

    /** The text of an answer: JSON as is, a spreadsheet cell by cell (PDFs are not read: none is served about her). */
    async function readable(res: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }): Promise<string> {
      const type = String(res.headers['content-type'] ?? '');
      if (type.includes('spreadsheetml')) {
        const { default: ExcelJS } = await import('exceljs');
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as never);
        let text = '';
        wb.eachSheet((ws) => ws.eachRow((row) => (text += `${JSON.stringify(row.values)}\n`)));
        return text;
      }
      return type.includes('json') || type.startsWith('text/') ? res.body : '';
    }

    const leaks = (body: string) =>
      [her.cognome, her.codice_fiscale, her.email, `"matricola":"${her.matricola}"`].filter((x): x is string => !!x && body.includes(x));

    for (const [codice, label] of [['DIPENDENTE', 'DIPENDENTE'], ['RESPONSABILE', 'RESPONSABILE'], ['DIPENDENTE', 'an API token of DIPENDENTE acting for mario']]) {
      it(`keeps ${label} within scope: her records by id -> 404/403, nothing changed, nothing of hers in any read`, async () => {
        const who = profiles[codice];
        const auth = label === codice ? sessions[codice].auth : marioToken;
        const FOREIGN: Record<string, unknown> = {
          dipendente_id: her.id, dipendente: her.id, referente_id: her.id, dipendenti: [her.id], reparto_id: her.reparto_id, cdc_id: her.cdc_id ?? undefined,
        };
        const wrong: string[] = [];
        const unclassified: string[] = [];
        let aimedCount = 0;
        for (const op of ops) {
          if (expected(op.access, who) !== 'open' || 'public' in op.access || 'token' in op.access) continue;
          let aimedByPath = false;
          let skip = false;
          const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
            if (name === 'id') {
              const key = Object.keys(PERSONAL).find((k) => op.url.startsWith(k));
              if (key) {
                aimedByPath = true;
                return String(PERSONAL[key]);
              }
              // reference data (its list's lookup is open to anyone logged in) is nobody's record; anything else must be listed
              const list = t.app.routeTable.find((r) => r.method === 'GET' && r.url === op.url.replace(/\/:id$/, ''))?.access;
              if (!(list && 'routes' in list && list.lookup === 'auth')) unclassified.push(`${op.method} ${op.url}`);
              skip = true;
              return '0';
            }
            if (name === 'dipendente_id') {
              aimedByPath = true;
              return String(her.id);
            }
            return encodeURIComponent(String(example(op.params.find((p) => p.name === name)?.schema ?? {}, name)));
          });
          if (skip) continue;
          const queryParams = op.params.filter((p) => p.in === 'query');
          const base = queryParams.filter((p) => p.required && !(p.name in FOREIGN)).map((p) => [p.name, String(example(p.schema, p.name))]);
          const filters = queryParams.filter((p) => FOREIGN[p.name] !== undefined).map((p) => [p.name, String(FOREIGN[p.name])]);
          let payload: Record<string, unknown> | undefined;
          const bodyFields: string[] = [];
          if (op.method !== 'GET' && op.body) {
            payload = (example({ ...op.body, nullable: false }) ?? {}) as Record<string, unknown>;
            for (const k of Object.keys(op.body.properties ?? {})) {
              if (FOREIGN[k] !== undefined) {
                payload[k] = FOREIGN[k];
                bodyFields.push(k);
              }
            }
          }
          // a read is tried with each of her filters alone (one must not hide another); a write names her everywhere it can
          const variants: { query: string[][]; fields: string[] }[] =
            op.method === 'GET'
              ? [...(aimedByPath || !filters.length ? [{ query: base, fields: [] }] : []), ...filters.map((f) => ({ query: [...base, f], fields: [f[0]] }))]
              : [{ query: [...base, ...filters], fields: [...filters.map((f) => f[0]), ...bodyFields] }];
          for (const v of variants) {
            const aimed = aimedByPath || v.fields.length > 0;
            if (!aimed && op.method !== 'GET') continue; // a write about nobody else is not this test's business
            if (aimed) aimedCount++;
            const full = v.query.length ? `${url}?${new URLSearchParams(v.query)}` : url;
            const before = await counter();
            const res = await t.app.inject({ method: op.method as never, url: full, headers: auth, payload: payload as never });
            const changed = changedTables(before, await counter());
            const shown = /json|text/.test(String(res.headers['content-type'] ?? '')) ? res.body.slice(0, 200) : `(${res.headers['content-type']})`;
            const line = `${op.method} ${full}${payload ? ` ${JSON.stringify(payload).slice(0, 200)}` : ''} -> ${res.statusCode} ${shown}`;
            const refusedOnHerField = () => {
              try {
                const fields = res.json().params?.fields ?? {};
                return res.statusCode === 400 && v.fields.some((f) => f in fields);
              } catch {
                return false;
              }
            };
            if (op.method !== 'GET') {
              if (![403, 404].includes(res.statusCode) && !refusedOnHerField()) wrong.push(`write not refused: ${line}`);
              if (changed.length) wrong.push(`refused write changed ${changed.join(', ')}: ${line}`);
            } else {
              if (aimedByPath && ![403, 404].includes(res.statusCode)) wrong.push(`read by id not refused: ${line}`);
              if (changed.length) wrong.push(`read changed ${changed.join(', ')}: ${line}`);
            }
            if (res.statusCode < 300) {
              const found = leaks(await readable(res));
              if (found.length) wrong.push(`leaks ${found.join(', ')}: ${line}`);
            }
            // pickers: the lookup of anything but declared reference data is scoped too
            if (op.method === 'GET' && !op.url.includes(':') && !('routes' in op.access && op.access.lookup === 'auth')) {
              const lk = await t.app.inject({ url: full, headers: { ...auth, 'x-http-method-override': 'lookup' } });
              if (lk.statusCode < 300 && leaks(await readable(lk)).length) wrong.push(`lookup leaks: GET ${full}`);
            }
          }
        }
        expect(unclassified, 'routes with an :id that is neither reference data nor listed in PERSONAL').toEqual([]);
        expect(wrong).toEqual([]);
        expect(aimedCount).toBeGreaterThan(codice === 'DIPENDENTE' ? 8 : 15);
      });
    }

    it('lets the same two reach what is theirs (the refusals above are about scope, not broken requests)', async () => {
      const mese = day(0).slice(0, 7);
      for (const codice of ['DIPENDENTE', 'RESPONSABILE']) {
        const auth = sessions[codice].auth;
        const r = await t.app.inject({ url: `/api/cartellino?dipendente=${marioId}&mese=${mese}`, headers: auth });
        expect(r.statusCode, r.body).toBe(200);
        const p = await t.app.inject({ url: `/api/timbrature?dipendente_id=${marioId}&dal=${day(-10)}&al=${day(0)}`, headers: auth });
        expect(p.statusCode, p.body).toBe(200);
      }
      const d = await t.app.inject({ url: `/api/dipendenti/${marioId}`, headers: sessions.RESPONSABILE.auth });
      expect(d.statusCode).toBe(200);
    });
  });

  describe('privilege escalation (issue #11): nobody gives more than they hold', () => {
    it('every profile tries to make itself administrator, take over the admin account, create an administrator and edit its own profiles', async () => {
      const ids = Object.fromEntries(
        ((await t.handle.db.select({ id: profili.id, codice: profili.codice }).from(profili)) as { id: number; codice: string }[]).map((p) => [p.codice, p.id]),
      );
      const users = Object.fromEntries(
        ((await t.handle.db.select({ id: utenti.id, username: utenti.username, email: utenti.email, dipendente_id: utenti.dipendente_id }).from(utenti)) as {
          id: number; username: string; email: string | null; dipendente_id: number | null;
        }[]).map((u) => [u.username, u]),
      );
      const counter = await changeCounter(t.handle);
      const wrong: string[] = [];
      for (const [codice, username] of Object.entries(DEMO)) {
        if (codice === 'AMMINISTRATORE') continue;
        const s = await login(t.app, username);
        const me = users[username];
        const boss = users.admin;
        const tries: [string, string, string, unknown][] = [
          ['grant itself AMMINISTRATORE', 'POST', `/api/utenti/${me.id}`, { username, email: me.email, dipendente_id: me.dipendente_id, profili: [ids[codice], ids.AMMINISTRATORE] }],
          ['switch to AMMINISTRATORE', 'POST', '/api/user', { profilo_attivo_id: ids.AMMINISTRATORE }],
          ["move the admin's e-mail", 'POST', `/api/utenti/${boss.id}`, { username: 'admin', email: 'hr-owned@example.test', profili: [ids.AMMINISTRATORE] }],
          ['create an administrator', 'PUT', '/api/utenti', { username: `nuovo.${codice.toLowerCase()}`, profili: [ids.AMMINISTRATORE] }],
          ['delete the administrator', 'DELETE', `/api/utenti/${boss.id}`, undefined],
          ['swap its own profiles', 'POST', `/api/utenti/${me.id}`, { username, email: me.email, dipendente_id: me.dipendente_id, profili: [ids.DIPENDENTE] }],
        ];
        for (const [what, method, url, payload] of tries) {
          const before = await counter();
          const r = await t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
          if (r.statusCode !== 403) wrong.push(`${codice} may ${what}: ${r.statusCode} ${r.body.slice(0, 120)}`);
          const diff = changedTables(before, await counter());
          if (diff.length) wrong.push(`${codice} trying to ${what} changed ${diff.join(', ')}`);
        }
        // and the refused switch left its token as weak as it was
        if ((await t.app.inject({ url: '/api/audit', headers: s.auth })).statusCode !== 403) wrong.push(`${codice} reads the audit log`);
      }
      expect(wrong).toEqual([]);
    });
  });

  describe('self-approval (issue #11): nobody corrects, back-dates or approves their own records', () => {
    it('every profile with an employee tries it on its own punches and leave', async () => {
      const wrong: string[] = [];
      const today = localNow('Europe/Rome').data;
      let when = 45;
      while ([0, 6].includes(new Date(`${day(when)}T12:00:00Z`).getUTCDay())) when++;
      for (const codice of ['DIPENDENTE', 'RESPONSABILE', 'UFFICIO_PERSONALE']) {
        const s = await login(t.app, DEMO[codice]);
        const dip = (await t.app.inject({ url: '/api/user/profile', headers: s.auth })).json().dipendente.id as number;
        const punches = (await t.app.inject({ url: `/api/timbrature?dipendente_id=${dip}&dal=${addDays(today, -30)}&al=${today}`, headers: s.auth })).json().rows;
        const punch = punches.find((p: { stato: string }) => p.stato === 'valida');
        const leave = await t.app.inject({ method: 'PUT', url: '/api/giustificativi', headers: s.auth, payload: { codice: 'PERMESSO', dal: day(when), al: day(when), minuti: 60 } });
        const tries: [string, string, string, unknown][] = [
          ['correct its own punch', 'POST', `/api/timbrature/${punch.id}`, { ts: punch.ts, motivo: 'mia' }],
          ['delete its own punch', 'DELETE', `/api/timbrature/${punch.id}?motivo=mia`, undefined],
          ['back-date a punch of its own', 'PUT', '/api/timbrature', { ts: `${addDays(today, -2)}T08:00:00`, verso: 'E', motivo: 'dimenticata', id_richiesta: randomUUID() }],
          ['back-date a punch naming itself', 'PUT', '/api/timbrature', { dipendente_id: dip, ts: `${addDays(today, -2)}T08:00:00`, verso: 'E', motivo: 'dimenticata', id_richiesta: randomUUID() }],
          ['approve its own leave', 'POST', `/api/giustificativi/${leave.json().data.id}/approva`, {}],
        ];
        for (const [what, method, url, payload] of tries) {
          const r = await t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
          // an employee is not even offered the manager's routes (403) or the choice of the time (400)
          if (r.statusCode !== 403 && !(codice === 'DIPENDENTE' && r.statusCode === 400)) wrong.push(`${codice} may ${what}: ${r.statusCode} ${r.body.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });
});
