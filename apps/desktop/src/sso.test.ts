/**
 * Company sign-in in the desktop app (issue #32 §1): the main process opens in the system browser only the configured
 * server's start of a desktop sign-in, and reads only strict `tulip://sso` links, each handed to the renderer once.
 */
import { describe, expect, it, vi } from 'vitest';
import { checkSsoLink, desktopSsoLink, parseSsoLink } from '../../../packages/contract/src/desktop';
import { openSso, ssoInbox, ssoLinkOf, ssoStartUrl } from './sso';

const server = 'https://tulip.example.it/presenze';
const codice = 'Q2K8v1mXb3RzT5yW7aN9cE0fH2jL4pS6uD8gI1kM3oP';
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJh';
const start = `${server}/api/accesso/3/avvio?app=desktop&codice_app=${codice}`;

describe('the start of a desktop sign-in: only the configured server’s avvio, in the system browser', () => {
  it('accepts the avvio of the app’s variant on the configured server', () => {
    expect(ssoStartUrl(server, start)).toBe(start);
    expect(ssoStartUrl(server, `${start}&base=${encodeURIComponent(server)}`)).toBe(`${start}&base=${encodeURIComponent(server)}`);
    expect(ssoStartUrl('https://tulip.example.it', `https://tulip.example.it/api/accesso/12/avvio?codice_app=${codice}&app=desktop`)).not.toBeNull();
  });

  it('refuses another server, path, scheme, credentials, fragment, the web’s variant, a bad code, more parameters', () => {
    for (const url of [
      `https://evil.example/presenze/api/accesso/3/avvio?app=desktop&codice_app=${codice}`,
      `http://tulip.example.it/presenze/api/accesso/3/avvio?app=desktop&codice_app=${codice}`,
      `https://tulip.example.it:8443/presenze/api/accesso/3/avvio?app=desktop&codice_app=${codice}`,
      `https://u:p@tulip.example.it/presenze/api/accesso/3/avvio?app=desktop&codice_app=${codice}`,
      `https://tulip.example.it/api/accesso/3/avvio?app=desktop&codice_app=${codice}`,
      `${server}/api/accesso/3/callback?app=desktop&codice_app=${codice}`,
      `${server}/api/accesso/3/avvio/x?app=desktop&codice_app=${codice}`,
      `${server}/api/accesso/0/avvio?app=desktop&codice_app=${codice}`,
      `${server}/api/accesso/3/avvio`,
      `${server}/api/accesso/3/avvio?codice_app=${codice}`,
      `${server}/api/accesso/3/avvio?app=desktop&codice_app=corto`,
      `${server}/api/accesso/3/avvio?app=desktop&codice_app=${codice}&codice_app=${codice}`,
      `${server}/api/accesso/3/avvio?app=desktop&codice_app=${codice}&redirect=https://evil.example`,
      `${start}#x`,
      'file:///C:/Windows/system32/calc.exe', 'javascript:alert(1)', 'not a url',
    ]) {
      expect(ssoStartUrl(server, url), url).toBeNull();
    }
    expect(ssoStartUrl(null, start)).toBeNull();
    expect(ssoStartUrl(server, 42)).toBeNull();
  });

  it('opens what it accepts with the system browser, and only that', async () => {
    const openExternal = vi.fn(async () => undefined);
    const log = { info: vi.fn(), warn: vi.fn() };
    expect(await openSso({ serverUrl: () => server, openExternal, log }, start)).toEqual({ ok: true });
    expect(openExternal).toHaveBeenCalledWith(start);
    expect(await openSso({ serverUrl: () => server, openExternal, log }, 'https://evil.example/')).toEqual({ ok: false, message: 'avvisi.apertura_non_consentita' });
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});

describe('the way back: tulip://sso links read strictly, handed over once', () => {
  it('reads the server’s link: the token or the message, with the app’s code', () => {
    expect(parseSsoLink(desktopSsoLink(codice, 'sso', jwt))).toEqual({ codice_app: codice, token: jwt, errore: null });
    expect(parseSsoLink(desktopSsoLink(codice, 'sso_errore', 'avvisi.sso_dominio_non_ammesso'))).toEqual({ codice_app: codice, token: null, errore: 'avvisi.sso_dominio_non_ammesso' });
    expect(parseSsoLink(`tulip://sso/#sso=${jwt}&codice_app=${codice}`)).not.toBeNull();
  });

  it('refuses any other link: no code, a bad code, both or neither, another host, a query, a path, a foreign key', () => {
    for (const url of [
      `tulip://sso#sso=${jwt}`,
      `tulip://sso#sso=${jwt}&codice_app=corto`,
      `tulip://sso#sso=${jwt}&sso_errore=avvisi.sso_x&codice_app=${codice}`,
      `tulip://sso#codice_app=${codice}`,
      `tulip://altro#sso=${jwt}&codice_app=${codice}`,
      `tulip://sso?sso=${jwt}&codice_app=${codice}`,
      `tulip://sso/impostazioni#sso=${jwt}&codice_app=${codice}`,
      `tulip://x@sso#sso=${jwt}&codice_app=${codice}`,
      `tulip://sso#sso=<script>&codice_app=${codice}`,
      `tulip://sso#sso_errore=impostazioni.titolo&codice_app=${codice}`,
      `app://tulip/#sso=${jwt}&codice_app=${codice}`,
      `https://tulip.example.it/#sso=${jwt}&codice_app=${codice}`,
      'tulip:', 'garbage',
    ]) {
      expect(parseSsoLink(url), url).toBeNull();
    }
    expect(checkSsoLink({ codice_app: codice, token: jwt, errore: null, extra: 'x' })).toEqual({ codice_app: codice, token: jwt, errore: null });
    expect(checkSsoLink({ codice_app: codice, token: 7 })).toBeNull();
    expect(checkSsoLink(null)).toBeNull();
  });

  it('finds the link on a command line (Windows, Linux: the second instance’s argv)', () => {
    const link = desktopSsoLink(codice, 'sso', jwt);
    expect(ssoLinkOf(['C:\\Program Files\\Tulip\\tulip.exe', '--allow-file-access-from-files', link])).toEqual({ codice_app: codice, token: jwt, errore: null });
    expect(ssoLinkOf(['tulip', '--flag'])).toBeNull();
    expect(ssoLinkOf(['tulip', `tulip://altro#sso=${jwt}&codice_app=${codice}`])).toBeNull();
  });

  it('keeps the last link for the renderer until it takes it, once', () => {
    const inbox = ssoInbox();
    expect(inbox.take()).toBeNull();
    inbox.put({ codice_app: codice, token: jwt, errore: null });
    expect(inbox.take()).toEqual({ codice_app: codice, token: jwt, errore: null });
    expect(inbox.take()).toBeNull();
  });
});
