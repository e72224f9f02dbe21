import { describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../../packages/contract/src/routes';
import type { FetchLike } from './electron';
import { approvalStore, openMenuItem, type OpenDeps } from './openItem';

const MENU: MenuItem[] = [
  { key: 'group.presenze', title: 'menu.gruppo.presenze', children: [{ key: 'cartellino', title: 'menu.cartellino', path: '/cartellino' }] },
  {
    key: 'group.apri', title: 'menu.gruppo.apri',
    children: [
      { key: 'apri.3', title: 'Regolamento', label: 'Regolamento', open: true, id: 3, target: 'C:\\Documenti\\regolamento.pdf', args: [] },
      { key: 'apri.4', title: 'Paghe', label: 'Paghe', open: true, id: 4, target: 'C:\\Paghe\\paghe.exe', args: ['/utente', 'mario'] },
      { key: 'apri.5', title: 'Strano', label: 'Strano', open: true, id: 5, target: 'https://evil.example/x.exe', args: [] },
      { key: 'apri.6', title: 'Rete', label: 'Rete', open: true, id: 6, target: '\\\\srv\\doc\\x.exe', args: [] },
      { key: 'apri.7', title: 'Shell', label: 'Shell', open: true, id: 7, target: 'C:\\Windows\\System32\\cmd.exe', args: ['/c', 'x'] },
    ],
  },
];

function deps(over: Partial<OpenDeps> = {}) {
  const fetch = vi.fn<FetchLike>(async () => ({ status: 200, ok: true, headers: { get: () => null }, json: async () => ({ menu: MENU, routes: [] }) }));
  const d: OpenDeps = {
    platform: 'win32', serverUrl: () => 'https://tulip.example.it', fetch,
    openPath: vi.fn(async () => ''), spawn: vi.fn(), log: { info: vi.fn(), warn: vi.fn() },
    confirm: vi.fn(async () => true), approved: new Set<string>(), ...over,
  };
  return d;
}

describe('the main process opens only what the user’s menu holds, only on Windows', () => {
  it('reads the menu from the configured server with the user’s token, and opens the item’s own target', async () => {
    const d = deps();
    expect(await openMenuItem(d, 3, 'atoken')).toEqual({ ok: true });
    expect(d.fetch).toHaveBeenCalledWith('https://tulip.example.it/api/auth/userdefs', expect.objectContaining({ headers: expect.objectContaining({ authorization: 'Bearer atoken' }) }));
    expect(d.openPath).toHaveBeenCalledWith('C:\\Documenti\\regolamento.pdf');
    expect(await openMenuItem(d, 4, 'atoken')).toEqual({ ok: true });
    expect(d.spawn).toHaveBeenCalledWith('C:\\Paghe\\paghe.exe', ['/utente', 'mario']);
  });

  it('refuses, and logs, an id not in the menu, a screen, a bad target, another platform, no server or token', async () => {
    const refused = { ok: false, message: 'avvisi.apertura_non_consentita' };
    for (const [over, id, token] of [
      [{}, 99, 't'], [{}, 5, 't'], [{}, 6, 't'], [{}, 7, 't'], [{}, '3', 't'], [{}, -3, 't'], [{}, 3, ''], [{}, 3, 42],
      [{ platform: 'linux' }, 3, 't'], [{ platform: 'darwin' }, 3, 't'], [{ serverUrl: () => null }, 3, 't'],
      [{ fetch: vi.fn<FetchLike>(async () => ({ status: 401, ok: false, headers: { get: () => null }, json: async () => ({}) })) }, 3, 't'],
      [{ fetch: vi.fn<FetchLike>(async () => Promise.reject(new Error('ECONNREFUSED'))) }, 3, 't'],
    ] as [Partial<OpenDeps>, unknown, unknown][]) {
      const d = deps(over);
      expect(await openMenuItem(d, id, token)).toEqual(refused);
      expect(d.openPath).not.toHaveBeenCalled();
      expect(d.spawn).not.toHaveBeenCalled();
      expect(d.log.warn).toHaveBeenCalledWith(expect.stringContaining('apertura rifiutata'));
    }
  });

  it('asks the user the first time an item is opened on this PC, and again when its target or arguments change', async () => {
    const answers = [false, true];
    const d = deps({ confirm: vi.fn(async () => answers.shift()!) });
    expect(await openMenuItem(d, 4, 't')).toEqual({ ok: false, message: 'avvisi.apertura_annullata' });
    expect(d.spawn).not.toHaveBeenCalled();
    expect(await openMenuItem(d, 4, 't')).toEqual({ ok: true });
    expect(await openMenuItem(d, 4, 't')).toEqual({ ok: true });
    expect(d.confirm).toHaveBeenCalledTimes(2);
    expect(d.confirm).toHaveBeenCalledWith({ target: 'C:\\Paghe\\paghe.exe', args: ['/utente', 'mario'] });
    expect(d.spawn).toHaveBeenCalledTimes(2);
    // the same item id, now launching something else: asked again
    const changed = MENU.map((g) => (g.children ? { ...g, children: g.children.map((c) => (c.id === 4 ? { ...c, args: ['/x'] } : c)) } : g));
    const d2 = deps({ approved: d.approved, confirm: vi.fn(async () => true) });
    (d2.fetch as ReturnType<typeof vi.fn>).mockResolvedValue({ status: 200, ok: true, headers: { get: () => null }, json: async () => ({ menu: changed, routes: [] }) });
    expect(await openMenuItem(d2, 4, 't')).toEqual({ ok: true });
    expect(d2.confirm).toHaveBeenCalledTimes(1);
  });

  it('keeps the approvals in a file, and ignores one that is not its own', () => {
    let file: string | null = '{"not":"a list"}';
    const store = approvalStore({ read: () => file, write: (t) => void (file = t) });
    expect(store.has('a'.repeat(64))).toBe(false);
    store.add('b'.repeat(64));
    expect(JSON.parse(file!)).toEqual(['b'.repeat(64)]);
    const again = approvalStore({ read: () => file, write: () => {} });
    expect(again.has('b'.repeat(64))).toBe(true);
  });

  it('on another platform it does not even ask the server', async () => {
    const d = deps({ platform: 'linux' });
    await openMenuItem(d, 3, 't');
    expect(d.fetch).not.toHaveBeenCalled();
  });

  it('says so when Windows cannot open the target', async () => {
    const d = deps({ openPath: vi.fn(async () => 'Impossibile trovare il file') });
    expect(await openMenuItem(d, 3, 't')).toEqual({ ok: false, message: 'avvisi.apertura_non_riuscita' });
    const e = deps({ spawn: vi.fn(() => { throw new Error('EACCES'); }) });
    expect(await openMenuItem(e, 4, 't')).toEqual({ ok: false, message: 'avvisi.apertura_non_riuscita' });
  });
});
