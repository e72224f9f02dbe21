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
    const folders = (cartelle: string[]) => t.app.inject({ method: 'POST', url: '/api/vocimenu/cartelle', headers: admin.auth, payload: { cartelle } });
    // until the administrator says otherwise, only the programs installed for every user
    expect((await t.app.inject({ url: '/api/vocimenu/cartelle', headers: admin.auth })).json()).toEqual({ cartelle: ['C:\\Program Files\\', 'C:\\Program Files (x86)\\'] });
    const outside = await put({ etichetta: 'Paghe', destinazione: 'C:\\Paghe\\paghe.exe', profili: [dip] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ message: 'avvisi.percorso_non_ammesso', params: { cartelle: 'C:\\Program Files\\, C:\\Program Files (x86)\\' } });
    expect((await folders(['\\\\srv\\share'])).json().params.fields['cartelle.0']).toBe('avvisi.cartella_non_valida');
    const saved = await folders(['C:\\Paghe', 'c:\\documenti\\', 'C:\\Paghe\\']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ cartelle: ['C:\\Paghe\\', 'c:\\documenti\\'] });

    const bad = await put({ etichetta: 'Paghe', destinazione: 'paghe.exe', profili: [dip] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().params.fields.destinazione).toBe('avvisi.percorso_non_valido');
    expect((await put({ etichetta: 'Paghe', destinazione: 'C:\\Paghe\\paghe.exe', profili: [999999] })).json().params.fields.profili).toBe('avvisi.valore_non_valido');

    const ok = await put({ etichetta: 'Regolamento', destinazione: 'C:\\Documenti\\regolamento.pdf', argomenti: [], profili: [dip, dip] });
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
    expect(findOpenItem(defs.menu, id)).toEqual({ target: 'C:\\Documenti\\regolamento.pdf', args: [] });
    expect(defs.routes).not.toContain('anagrafica.vocimenu');
    // the screen is the administrators'
    expect((await t.app.inject({ url: '/api/vocimenu', headers: mario.auth })).statusCode).toBe(403);

    const adminDefs = (await t.app.inject({ url: '/api/auth/userdefs', headers: admin.auth })).json() as { menu: MenuItem[]; routes: string[] };
    expect(adminDefs.routes).toContain('anagrafica.vocimenu');
    expect(adminDefs.menu.some((g) => g.key === 'group.apri')).toBe(false);
    expect(JSON.stringify(adminDefs.menu)).toContain('menu.anagrafica.vocimenu');

    // a folder taken off the list takes its items off every menu; they stay saved
    expect((await folders(['C:\\Paghe\\'])).statusCode).toBe(200);
    const after = (await t.app.inject({ url: '/api/auth/userdefs', headers: mario.auth })).json() as { menu: MenuItem[] };
    expect(findOpenItem(after.menu, id)).toBeNull();
    expect(findOpenItem(after.menu, progId)).not.toBeNull();
    expect((await t.app.inject({ url: `/api/vocimenu/${id}`, headers: admin.auth })).statusCode).toBe(200);
  });

  it('HR cannot put a program on the PCs’ menus; no one can make them run a shell or a network share (issue #27 §6)', async () => {
    const admin = await login(t.app, 'admin');
    const hr = await login(t.app, 'personale');
    const all = [await profileId('AMMINISTRATORE'), await profileId('DIPENDENTE')];
    const attack = { etichetta: 'Aggiornamento firma digitale', destinazione: 'C:\\Windows\\System32\\cmd.exe', argomenti: ['/c', 'powershell -nop -w hidden -c x'], profili: all };
    // the probe's request, as HR: the screen is not theirs
    const asHr = await t.app.inject({ method: 'PUT', url: '/api/vocimenu', headers: hr.auth, payload: attack });
    expect(asHr.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/vocimenu/cartelle', headers: hr.auth, payload: { cartelle: ['C:\\'] } })).statusCode).toBe(403);
    // an administrator cannot either, whatever folders are allowed
    await t.app.inject({ method: 'POST', url: '/api/vocimenu/cartelle', headers: admin.auth, payload: { cartelle: ['C:\\'] } });
    const put = (destinazione: string) => t.app.inject({ method: 'PUT', url: '/api/vocimenu', headers: admin.auth, payload: { ...attack, destinazione } });
    for (const target of ['C:\\Windows\\System32\\cmd.exe', 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe', 'C:\\Windows\\System32\\mshta.exe', 'C:\\Temp\\a.bat']) {
      const r = await put(target);
      expect(r.statusCode, target).toBe(400);
      expect(r.json().params.fields.destinazione).toBe('avvisi.programma_non_ammesso');
    }
    for (const target of ['\\\\server\\share\\x.exe', 'C:\\Windows/System32/cmd.exe']) expect((await put(target)).json().params.fields.destinazione, target).toBe('avvisi.percorso_non_valido');
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
