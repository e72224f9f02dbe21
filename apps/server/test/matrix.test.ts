/**
 * The error shape in detail (400 with the offending fields, 413, unknown route), security headers and CORS.
 * The per-route matrix that lived here moved: no/expired/forged token, profile without the route and every route
 * declaring its access to permissions.test.ts (derived from each route's declaration, plus data scope); malformed,
 * unknown, oversized and poisoned bodies and queries to fuzz.test.ts (generated from the OpenAPI document).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, login, skipReason, type Session, type TestApp } from './harness';

describe.skipIf(skipReason())('error shape and headers', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await makeTestApp();
    admin = await login(t.app, 'admin');
  });
  afterAll(async () => t?.close());

  it('answers 400 with the offending fields', async () => {
    const r = await t.app.inject({ method: 'PUT', url: '/api/reparti', headers: admin.auth, payload: { codice: '', descrizione: 5, extra: true } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      message: 'avvisi.validation',
      params: { fields: { codice: 'avvisi.campo_richiesto', descrizione: 'avvisi.valore_non_valido', extra: 'avvisi.campo_sconosciuto' } },
    });
    const big = await t.app.inject({ method: 'PUT', url: '/api/reparti', headers: { ...admin.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ codice: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'avvisi.payload_too_large' });
    const missing = await t.app.inject({ url: '/api/nonesiste', headers: admin.auth });
    expect(missing.statusCode).toBe(404);
  });

  it('says whether the database answers, to anyone (load balancers), with no token', async () => {
    const r = await t.app.inject({ url: '/api/server/health' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ database: 'ok', ms: expect.any(Number) });
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
