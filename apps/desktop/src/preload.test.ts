/**
 * The preload's surface: exactly the contract's DesktopBridge, the type the web's adapter (apps/web/src/platform/
 * desktop.ts) reads — no other member, no ipcRenderer, and only plain values sent over IPC.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { DESKTOP_BRIDGE_GLOBAL, DESKTOP_BRIDGE_KEYS, type DesktopBridge } from '../../../packages/contract/src/desktop';
import { IPC, makeBridge, versionFromArgv } from './bridge';

const info = { platform: 'win32', app: '1.1.31', electron: '45.5.0', chrome: '142.0.0.0' };

describe('the preload exposes exactly the typed bridge', () => {
  it('has the interface’s members and nothing else, frozen', () => {
    const bridge = makeBridge(vi.fn(), info);
    expect(Object.keys(bridge).sort()).toEqual([...DESKTOP_BRIDGE_KEYS].sort());
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.isFrozen(bridge.versions)).toBe(true);
    expect(bridge.platform).toBe('win32');
    expect(bridge.versions).toEqual({ app: '1.1.31', electron: '45.5.0', chrome: '142.0.0.0' });
    expectTypeOf(bridge).toEqualTypeOf<DesktopBridge>();
  });

  it('sends only plain values on its channels', async () => {
    const invoke = vi.fn(async () => ({ ok: true }));
    const bridge = makeBridge(invoke, info);
    await bridge.openMenuItem(7, 'atoken');
    expect(invoke).toHaveBeenLastCalledWith(IPC.openMenuItem, 7, 'atoken');
    await bridge.setServerUrl('https://tulip.example.it');
    expect(invoke).toHaveBeenLastCalledWith(IPC.setServerUrl, 'https://tulip.example.it');
  });

  it('opens a sign-in’s start through its channel, and hands the page only checked tulip://sso links, taken from the main process', async () => {
    const codice = 'Q2K8v1mXb3RzT5yW7aN9cE0fH2jL4pS6uD8gI1kM3oP';
    const link = { codice_app: codice, token: 'aa.bb.cc', errore: null };
    const inbox: unknown[] = [link];
    const invoke = vi.fn(async (channel: string) => (channel === IPC.takeSsoLink ? (inbox.shift() ?? null) : { ok: true }));
    let ping: (() => void) | undefined;
    const off = vi.fn();
    const on = vi.fn((channel: string, l: () => void) => {
      expect(channel).toBe(IPC.ssoLink);
      ping = l;
      return off;
    });
    const bridge = makeBridge(invoke, info, on);
    await bridge.openSso('https://tulip.example.it/api/accesso/1/avvio?app=desktop');
    expect(invoke).toHaveBeenLastCalledWith(IPC.openSso, 'https://tulip.example.it/api/accesso/1/avvio?app=desktop');

    const seen: unknown[] = [];
    const stop = bridge.onSsoLink((l) => seen.push(l));
    // a link that came before the page listened is taken at once
    await vi.waitFor(() => expect(seen).toEqual([link]));
    // then each ping takes the next; what is not a link (a forged object) never reaches the page
    inbox.push({ codice_app: codice, token: '<script>', errore: null }, { ...link, errore: 'avvisi.sso_dominio_non_ammesso', token: null });
    ping!();
    ping!();
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toEqual({ codice_app: codice, token: null, errore: 'avvisi.sso_dominio_non_ammesso' });
    stop();
    expect(off).toHaveBeenCalled();
  });

  it('reads the shell’s version from its argument', () => {
    expect(versionFromArgv(['electron', '--tulip-version=1.1.31'])).toBe('1.1.31');
    expect(versionFromArgv([])).toBe('');
  });

  it('preload.ts exposes makeBridge under the contract’s global name, and the web reads that name through the contract', () => {
    const preload = fs.readFileSync(path.join(__dirname, 'preload.ts'), 'utf8');
    expect(preload).toMatch(/exposeInMainWorld\(\s*DESKTOP_BRIDGE_GLOBAL,\s*makeBridge\(/);
    // the IPC event (its sender) is not passed on to the page's listener
    expect(preload).toContain('const handler = () => listener();');
    expect(preload.match(/exposeInMainWorld\(/g)).toHaveLength(1);
    const web = fs.readFileSync(path.resolve(__dirname, '../../web/src/platform/desktop.ts'), 'utf8');
    expect(web).toContain('[DESKTOP_BRIDGE_GLOBAL]');
    expect(web).toMatch(/type DesktopBridge/);
    expect(DESKTOP_BRIDGE_GLOBAL).toBe('tulipDesktop');
  });
});
