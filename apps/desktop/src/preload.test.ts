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

  it('sends only plain values on its two channels', async () => {
    const invoke = vi.fn(async () => ({ ok: true }));
    const bridge = makeBridge(invoke, info);
    await bridge.openMenuItem(7, 'atoken');
    expect(invoke).toHaveBeenLastCalledWith(IPC.openMenuItem, 7, 'atoken');
    await bridge.setServerUrl('https://tulip.example.it');
    expect(invoke).toHaveBeenLastCalledWith(IPC.setServerUrl, 'https://tulip.example.it');
  });

  it('reads the shell’s version from its argument', () => {
    expect(versionFromArgv(['electron', '--tulip-version=1.1.31'])).toBe('1.1.31');
    expect(versionFromArgv([])).toBe('');
  });

  it('preload.ts exposes makeBridge under the contract’s global name, and the web reads that name through the contract', () => {
    const preload = fs.readFileSync(path.join(__dirname, 'preload.ts'), 'utf8');
    expect(preload).toMatch(/exposeInMainWorld\(\s*DESKTOP_BRIDGE_GLOBAL,\s*makeBridge\(/);
    expect(preload.match(/exposeInMainWorld\(/g)).toHaveLength(1);
    const web = fs.readFileSync(path.resolve(__dirname, '../../web/src/platform/desktop.ts'), 'utf8');
    expect(web).toContain('[DESKTOP_BRIDGE_GLOBAL]');
    expect(web).toMatch(/type DesktopBridge/);
    expect(DESKTOP_BRIDGE_GLOBAL).toBe('tulipDesktop');
  });
});
