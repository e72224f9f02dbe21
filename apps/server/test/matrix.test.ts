/**
 * Table-driven over every API route the app registers (app.routeTable): no token, expired and
 * tampered tokens -> 401; a profile without the route -> 403; malformed, unknown, oversized and
 * poisoned bodies -> 4xx with { message }. A new endpoint is covered the moment it is registered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILES } from '../src/seed';
import { makeTestApp, login, skipReason, type Session, type TestApp } from './harness';

const DEMO: Record<string, string> = {
  AMMINISTRATORE: 'admin', UFFICIO_PERSONALE: 'personale', RESPONSABILE: 'laura.bianchi', DIPENDENTE: 'mario.rossi', PORTINERIA: 'portineria',
};

describe.skipIf(skipReason())('permission and bad-input matrix', () => {
  let t: TestApp;
  const sessions: Record<string, Session> = {};
  beforeAll(async () => {
    t = await makeTestApp();
    for (const [profile, user] of Object.entries(DEMO)) sessions[profile] = await login(t.app, user);
  });
  afterAll(async () => t?.close());

  const concrete = (url: string) => url.replace(':lang', 'it').replace(':id', '999999');
  const expectError = (r: { statusCode: number; json: () => { message?: unknown } }, status?: number | number[]) => {
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    if (status !== undefined) expect([status].flat()).toContain(r.statusCode);
    expect(typeof r.json().message).toBe('string');
  };

  it('has every API route declaring its access', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(40);
    for (const r of t.app.routeTable) expect(r.access).toBeTruthy();
  });

  it('refuses requests without a valid token', async () => {
    const expired = (await t.tokens.sign('a', 1, -1)).token;
    const [h, , sig] = sessions.AMMINISTRATORE.atoken.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ typ: 'a', sub: '1', jti: 'j', exp: 4102444800 })).toString('base64url')}.${sig}`;
    let checked = 0;
    for (const route of t.app.routeTable) {
      if ('public' in route.access) continue;
      for (const auth of [undefined, `Bearer ${expired}`, `Bearer ${forged}`, 'Basic YWRtaW46ZGVtbw==']) {
        const r = await t.app.inject({ method: route.method as never, url: concrete(route.url), headers: auth ? { authorization: auth } : {}, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        if (r.statusCode !== 401) throw new Error(`${route.method} ${route.url} with ${auth ?? 'no token'}: ${r.statusCode}`);
        expectError(r, 401);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('refuses profiles that lack the route', async () => {
    let checked = 0;
    for (const route of t.app.routeTable) {
      if (!('routes' in route.access)) continue;
      const needed = route.access.routes;
      for (const p of DEFAULT_PROFILES) {
        if (p.routes.some((r) => needed.includes(r))) continue;
        const r = await t.app.inject({ method: route.method as never, url: concrete(route.url), headers: sessions[p.codice].auth, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        if (r.statusCode !== 403) throw new Error(`${route.method} ${route.url} as ${p.codice}: ${r.statusCode} ${r.body}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('answers bad bodies and queries with a 4xx and a message, never a 5xx', async () => {
    const admin = sessions.AMMINISTRATORE.auth;
    const huge = 'x'.repeat(1024 * 1024);
    for (const route of t.app.routeTable) {
      const url = concrete(route.url);
      if (route.method === 'PUT' || route.method === 'POST') {
        const bodies: { payload: string; type?: string }[] = [
          { payload: '{"broken": ' },
          { payload: '[]' },
          { payload: '"text"' },
          { payload: JSON.stringify({ __nonesiste: 1 }) },
          { payload: '{"__proto__": {"admin": true}}' },
          { payload: '{"constructor": {"prototype": {"x": 1}}}' },
          { payload: JSON.stringify({ username: huge, descrizione: huge, testo: huge, email: huge, codice: huge }) },
          { payload: 'username=admin', type: 'application/x-www-form-urlencoded' },
        ];
        for (const b of bodies) {
          const r = await t.app.inject({ method: route.method as never, url, headers: { ...admin, 'content-type': b.type ?? 'application/json' }, payload: b.payload });
          if (r.statusCode >= 500 || r.statusCode < 400) throw new Error(`${route.method} ${route.url} body ${b.payload.slice(0, 40)}: ${r.statusCode} ${r.body.slice(0, 200)}`);
          expectError(r);
          expect(r.body).not.toMatch(/at .*\.ts:\d+|select |insert into|syntax error/i);
        }
      }
      if (route.method === 'GET') {
        for (const q of ['?page=abc', '?size=-1', '?sort=1;drop', `?search=${'y'.repeat(5000)}`, '?unknown=1&dal=2025-13-45']) {
          const r = await t.app.inject({ method: 'GET', url: url + q, headers: admin });
          if (r.statusCode >= 500) throw new Error(`GET ${route.url}${q}: ${r.statusCode} ${r.body.slice(0, 200)}`);
        }
      }
    }
  });

  it('answers 400 with the offending fields', async () => {
    const r = await t.app.inject({ method: 'PUT', url: '/api/reparti', headers: sessions.AMMINISTRATORE.auth, payload: { codice: '', descrizione: 5, extra: true } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      message: 'avvisi.validation',
      params: { fields: { codice: 'avvisi.campo_richiesto', descrizione: 'avvisi.valore_non_valido', extra: 'avvisi.campo_sconosciuto' } },
    });
    const big = await t.app.inject({ method: 'PUT', url: '/api/reparti', headers: { ...sessions.AMMINISTRATORE.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ codice: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'avvisi.payload_too_large' });
    const missing = await t.app.inject({ url: '/api/nonesiste', headers: sessions.AMMINISTRATORE.auth });
    expect(missing.statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const r = await t.app.inject({ url: '/api/server/version' });
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBeTruthy();
  });
});

describe.skipIf(skipReason())('CORS', () => {
  it('allows only the configured origins', async () => {
    const t = await makeTestApp({ TULIP_CORS_ORIGINS: 'https://presenze.example.it' });
    try {
      const ok = await t.app.inject({ method: 'OPTIONS', url: '/api/server/version', headers: { origin: 'https://presenze.example.it', 'access-control-request-method': 'GET' } });
      expect(ok.headers['access-control-allow-origin']).toBe('https://presenze.example.it');
      const other = await t.app.inject({ method: 'GET', url: '/api/server/version', headers: { origin: 'https://evil.example.com' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
