/**
 * The desktop build's menu items that open a local program (issue #19): the admin screen's resource, the user's menu
 * with them, and the cross-origin calls the desktop renderer (origin app://tulip) makes without cookies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_ORIGIN, findOpenItem, type MenuItem } from '@tulip/contract';
import { makeTestApp, login, skipReason, type TestApp } from '../../../test/harness';

describe.skipIf(skipReason())('desktop menu items and cross-origin sign-in', () => {
  let t: TestApp;
  let cors: TestApp;
  beforeAll(async () => {
    [t, cors] = await Promise.all([makeTestApp(), makeTestApp({ TULIP_CORS_ORIGINS: `${DESKTOP_ORIGIN},http://127.0.0.1:9` })]);
  });
  afterAll(async () => Promise.all([t?.close(), cors?.close()]));

  const profileId = async (codice: string) => {
    const admin = await login(t.app, 'admin');
    const rows = (await t.app.inject({ url: '/api/profili?size=100', headers: admin.auth })).json().rows as { id: number; codice: string }[];
    return rows.find((r) => r.codice === codice)!.id;
  };

  it('an administrator adds an item for a profile; its users get it in their menu with its target, the others do not', async () => {
    const admin = await login(t.app, 'admin');
    const dip = await profileId('DIPENDENTE');
    const put = (payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/vocimenu', headers: admin.auth, payload: payload as never });

    const bad = await put({ etichetta: 'Paghe', destinazione: 'paghe.exe', profili: [dip] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().params.fields.destinazione).toBe('avvisi.percorso_non_valido');
    expect((await put({ etichetta: 'Paghe', destinazione: 'C:\\Paghe\\paghe.exe', profili: [999999] })).json().params.fields.profili).toBe('avvisi.valore_non_valido');

    const ok = await put({ etichetta: 'Regolamento', destinazione: '\\\\srv\\documenti\\regolamento.pdf', argomenti: [], profili: [dip, dip] });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().data.id as number;
    expect(ok.json().data).toMatchObject({ etichetta: 'Regolamento', profili: [dip] });
    const prog = await put({ etichetta: 'Paghe', destinazione: 'C:\\Paghe\\paghe.exe', argomenti: ['/utente', 'mario rossi'], profili: [dip] });
    const progId = prog.json().data.id as number;

    const mario = await login(t.app, 'mario.rossi');
    const defs = (await t.app.inject({ url: '/api/auth/userdefs', headers: mario.auth })).json() as { menu: MenuItem[]; routes: string[] };
    const group = defs.menu.find((g) => g.key === 'group.apri')!;
    expect(group.title).toBe('menu.gruppo.apri');
    expect(group.children!.map((c) => c.label)).toEqual(['Paghe', 'Regolamento']);
    expect(findOpenItem(defs.menu, progId)).toEqual({ target: 'C:\\Paghe\\paghe.exe', args: ['/utente', 'mario rossi'] });
    expect(findOpenItem(defs.menu, id)).toEqual({ target: '\\\\srv\\documenti\\regolamento.pdf', args: [] });
    expect(defs.routes).not.toContain('anagrafica.vocimenu');
    // the screen is the administrators'
    expect((await t.app.inject({ url: '/api/vocimenu', headers: mario.auth })).statusCode).toBe(403);

    const adminDefs = (await t.app.inject({ url: '/api/auth/userdefs', headers: admin.auth })).json() as { menu: MenuItem[]; routes: string[] };
    expect(adminDefs.routes).toContain('anagrafica.vocimenu');
    expect(adminDefs.menu.some((g) => g.key === 'group.apri')).toBe(false);
    expect(JSON.stringify(adminDefs.menu)).toContain('menu.anagrafica.vocimenu');
  });

  it('admits the desktop origin by CORS: renewal and logout take the tokens in the request, never a cookie', async () => {
    const s = await login(cors.app, 'mario.rossi');
    const pre = await cors.app.inject({
      method: 'OPTIONS', url: '/api/auth/rtoken',
      headers: { origin: DESKTOP_ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,x-base-url,x-skip-date-format' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(DESKTOP_ORIGIN);
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();

    const renewed = await cors.app.inject({ url: '/api/auth/rtoken', headers: { origin: DESKTOP_ORIGIN, authorization: `Bearer ${s.rtoken}` } });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.headers['access-control-allow-origin']).toBe(DESKTOP_ORIGIN);
    expect(renewed.headers['set-cookie']).toBeUndefined();
    const pair = renewed.json() as { atoken: string; rtoken: string };

    // a download's file name is readable across origins
    const head = await cors.app.inject({ url: '/api/server/version', headers: { origin: DESKTOP_ORIGIN } });
    expect(String(head.headers['access-control-expose-headers'])).toMatch(/content-disposition/i);

    const out = await cors.app.inject({
      method: 'POST', url: '/api/auth/logout', headers: { origin: DESKTOP_ORIGIN, authorization: `Bearer ${pair.atoken}` }, payload: { rtoken: pair.rtoken },
    });
    expect(out.statusCode).toBe(204);
    expect((await cors.app.inject({ url: '/api/auth/rtoken', headers: { authorization: `Bearer ${pair.rtoken}` } })).statusCode).toBe(401);

    // an origin not listed gets no CORS header: the browser refuses the answer
    const other = await cors.app.inject({ url: '/api/server/version', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // without TULIP_CORS_ORIGINS the desktop origin is not admitted either
    expect((await t.app.inject({ url: '/api/server/version', headers: { origin: DESKTOP_ORIGIN } })).headers['access-control-allow-origin']).toBeUndefined();
  });
});
