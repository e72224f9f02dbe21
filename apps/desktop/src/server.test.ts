import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from './electron';
import { checkServer, settingsStore } from './server';

const answer = (status: number, body: unknown, acao: string | null = 'app://tulip'): ReturnType<FetchLike> =>
  Promise.resolve({
    status, ok: status < 400,
    headers: { get: (n: string) => (n === 'access-control-allow-origin' ? acao : null) },
    json: async () => (typeof body === 'string' ? JSON.parse(body) : body),
  });

describe('the server URL is checked from the main process and kept only when Tulip answers', () => {
  it('accepts a Tulip that admits the desktop origin', async () => {
    const fetch = vi.fn<FetchLike>(() => answer(200, { version: '1.1.31' }));
    expect(await checkServer(fetch, 'https://tulip.example.it/')).toEqual({ ok: true, url: 'https://tulip.example.it', version: '1.1.31' });
    expect(fetch).toHaveBeenCalledWith('https://tulip.example.it/api/server/version', expect.objectContaining({ headers: expect.objectContaining({ origin: 'app://tulip' }) }));
  });

  it('refuses bad URLs without calling, and servers that are not Tulip, unreachable or not admitting the origin', async () => {
    const never = vi.fn<FetchLike>();
    expect(await checkServer(never, 'ftp://x.it')).toEqual({ ok: false, message: 'impostazioni.url_non_valido' });
    expect(await checkServer(never, 'https://a:b@x.it')).toEqual({ ok: false, message: 'impostazioni.url_con_credenziali' });
    expect(await checkServer(never, 42)).toEqual({ ok: false, message: 'impostazioni.url_non_valido' });
    expect(never).not.toHaveBeenCalled();
    expect(await checkServer(() => answer(200, '<html>not json'), 'https://x.it')).toEqual({ ok: false, message: 'impostazioni.non_tulip' });
    expect(await checkServer(() => answer(404, { message: 'not found' }), 'https://x.it')).toEqual({ ok: false, message: 'impostazioni.non_tulip' });
    expect(await checkServer(() => Promise.reject(new Error('ECONNREFUSED')), 'https://x.it')).toEqual({ ok: false, message: 'impostazioni.non_raggiungibile' });
    expect(await checkServer(() => answer(200, { version: '1.1.31' }, null), 'https://x.it')).toEqual({ ok: false, message: 'impostazioni.non_raggiungibile' });
  });

  it('keeps the URL in its settings file, reading a broken one as none', () => {
    let file: string | null = '{ broken';
    const s = settingsStore({ read: () => file, write: (t) => void (file = t) });
    expect(s.get()).toEqual({ serverUrl: null });
    s.setServerUrl('https://tulip.example.it');
    expect(JSON.parse(file!)).toEqual({ serverUrl: 'https://tulip.example.it' });
    const again = settingsStore({ read: () => JSON.stringify({ serverUrl: 'javascript:alert(1)' }), write: () => {} });
    expect(again.get()).toEqual({ serverUrl: null });
  });
});
