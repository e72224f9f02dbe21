import { describe, expect, it, vi } from 'vitest';
import type { PreventableEvent, WebContentsLike } from './electron';
import { installNavigationGuards, navigationDecision } from './navigation';

describe('navigation stays in app://tulip; web links open in the system browser', () => {
  it('decides by scheme and origin', () => {
    expect(navigationDecision('app://tulip/index.html#/cartellino')).toBe('allow');
    expect(navigationDecision('https://tulip.example.it/visita/abc')).toBe('external');
    expect(navigationDecision('http://intranet/regolamento')).toBe('external');
    expect(navigationDecision('mailto:ufficio.personale@example.it')).toBe('external');
    for (const url of ['app://evil/index.html', 'file:///C:/Windows/system32/calc.exe', 'javascript:alert(1)', 'data:text/html,x', 'https://u:p@x.it/', 'ms-settings:', 'tulip://sso#sso=a.b.c', 'garbage']) {
      expect(navigationDecision(url), url).toBe('deny');
    }
  });

  it('guards will-navigate, will-redirect, new windows and webviews', () => {
    const listeners: Record<string, (e: PreventableEvent, url?: string) => void> = {};
    let openHandler: ((d: { url: string }) => { action: string }) | undefined;
    const contents = {
      on: (ev: string, l: (e: PreventableEvent, url?: string) => void) => void (listeners[ev] = l),
      setWindowOpenHandler: (h: (d: { url: string }) => { action: string }) => void (openHandler = h),
    } as unknown as WebContentsLike;
    const openExternal = vi.fn();
    const log = { info: vi.fn(), warn: vi.fn() };
    installNavigationGuards(contents, openExternal, log);

    const ev = () => ({ preventDefault: vi.fn() });
    const inside = ev();
    listeners['will-navigate'](inside, 'app://tulip/index.html');
    expect(inside.preventDefault).not.toHaveBeenCalled();
    const out = ev();
    listeners['will-navigate'](out, 'https://tulip.example.it/presenze');
    expect(out.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledWith('https://tulip.example.it/presenze');
    const file = ev();
    listeners['will-redirect'](file, 'file:///etc/passwd');
    expect(file.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalled();
    const wv = ev();
    listeners['will-attach-webview'](wv);
    expect(wv.preventDefault).toHaveBeenCalled();

    expect(openHandler!({ url: 'https://www.inps.it' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenLastCalledWith('https://www.inps.it');
    expect(openHandler!({ url: 'app://tulip/index.html' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(2);
  });
});
