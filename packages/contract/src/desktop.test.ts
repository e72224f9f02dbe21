import { describe, expect, it } from 'vitest';
import { findOpenItem, isForbiddenTarget, isWindowsTarget, normalizeFolder, openMenuKey, targetAllowed, tulipVersionOf, validateServerUrl } from './desktop';
import { ZVoceMenu } from './schemas/anagrafica';
import type { MenuItem } from './routes';

describe('desktop build: the rules the shell and the web share (issue #19)', () => {
  it('takes a server URL only over http(s), without credentials, query or fragment', () => {
    expect(validateServerUrl(' https://tulip.example.it/ ')).toEqual({ ok: true, url: 'https://tulip.example.it' });
    expect(validateServerUrl('http://10.0.0.5:3000/tulip//')).toEqual({ ok: true, url: 'http://10.0.0.5:3000/tulip' });
    for (const bad of ['', 'tulip.example.it', 'ftp://tulip.example.it', 'file:///C:/tulip', 'javascript:alert(1)', 'https://x.it/?a=1', 'https://x.it/#h']) {
      expect(validateServerUrl(bad)).toEqual({ ok: false, message: 'impostazioni.url_non_valido' });
    }
    expect(validateServerUrl('https://mario:segreta@tulip.example.it')).toEqual({ ok: false, message: 'impostazioni.url_con_credenziali' });
    expect(validateServerUrl('https://mario@tulip.example.it')).toEqual({ ok: false, message: 'impostazioni.url_con_credenziali' });
  });

  it('reads /api/server/version as Tulip only when it says a version', () => {
    expect(tulipVersionOf(200, { version: '1.1.31' })).toBe('1.1.31');
    expect(tulipVersionOf(200, { version: 'nginx' })).toBeNull();
    expect(tulipVersionOf(404, { version: '1.1.31' })).toBeNull();
    expect(tulipVersionOf(200, '<html>')).toBeNull();
    expect(tulipVersionOf(200, null)).toBeNull();
  });

  it('opens only absolute paths on a local drive: no network share, no dot segments (issue #27 §6)', () => {
    for (const ok of ['C:\\Programmi\\Paghe\\paghe.exe', 'd:\\doc\\regolamento.pdf', 'C:\\Program Files\\a b.pdf']) expect(isWindowsTarget(ok)).toBe(true);
    for (const bad of [
      'paghe.exe', '..\\paghe.exe', 'C:paghe.exe', 'https://x.it/a.exe', 'file:///C:/a.exe', 'C:\\a\nb', 'C:\\a"b', '\\\\srv', '/usr/bin/xterm',
      'C:\\a\\b:stream', '\\\\srv\\documenti', '\\\\server\\share\\x.exe', 'C:\\Program Files\\..\\Windows\\System32\\cmd.exe',
      'C:\\Windows/System32/cmd.exe',
    ]) {
      expect(isWindowsTarget(bad)).toBe(false);
    }
    expect(ZVoceMenu.safeParse({ etichetta: 'Paghe', destinazione: 'paghe.exe' }).success).toBe(false);
    expect(ZVoceMenu.parse({ etichetta: 'Paghe', destinazione: 'C:\\Paghe\\paghe.exe' })).toEqual({ etichetta: 'Paghe', destinazione: 'C:\\Paghe\\paghe.exe', argomenti: [], profili: [] });
  });

  it('never opens a shell, a script host or a script, in any folder or case', () => {
    for (const bad of [
      'C:\\Windows\\System32\\cmd.exe', 'C:\\Program Files\\PowerShell\\7\\pwsh.exe', 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\POWERSHELL.EXE',
      'C:\\Windows\\System32\\wscript.exe', 'C:\\Windows\\System32\\mshta.exe', 'C:\\Program Files\\x\\avvio.bat', 'C:\\Program Files\\x\\a.PS1',
      'C:\\Program Files\\x\\b.vbs', 'C:\\Program Files\\x\\c.lnk', 'C:\\Program Files\\x\\cmd.exe. ',
    ]) {
      expect(isForbiddenTarget(bad), bad).toBe(true);
      expect(targetAllowed(bad, ['C:\\']), bad).toBe(false);
    }
    expect(ZVoceMenu.safeParse({ etichetta: 'x', destinazione: 'C:\\Windows\\System32\\cmd.exe' }).error?.issues[0].message).toBe('avvisi.programma_non_ammesso');
  });

  it('opens only inside the folders the administrator allows, compared without regard to case', () => {
    const folders = ['C:\\Program Files\\', 'D:\\Paghe'];
    expect(targetAllowed('C:\\Program Files\\Paghe\\paghe.exe', folders)).toBe(true);
    expect(targetAllowed('c:\\program files\\paghe\\paghe.exe', folders)).toBe(true);
    expect(targetAllowed('D:\\Paghe\\paghe.exe', folders)).toBe(true);
    // a sibling whose name starts the same is not inside
    expect(targetAllowed('D:\\PagheVecchie\\x.exe', folders)).toBe(false);
    expect(targetAllowed('C:\\Program Files', folders)).toBe(false);
    expect(targetAllowed('C:\\Users\\Public\\x.exe', folders)).toBe(false);
    expect(targetAllowed('C:\\Program Files\\Paghe\\paghe.exe', [])).toBe(false);
    expect(normalizeFolder('D:\\Paghe')).toBe('D:\\Paghe\\');
    expect(normalizeFolder('\\\\srv\\share')).toBeNull();
    expect(normalizeFolder('C:\\a\\..\\b')).toBeNull();
  });

  it('finds an open item of a menu by id, never a screen', () => {
    const menu: MenuItem[] = [
      { key: 'group.presenze', title: 'menu.gruppo.presenze', children: [{ key: 'turni.calendario', title: 'menu.turni.calendario', path: '/turni/calendario' }] },
      { key: 'group.apri', title: 'menu.gruppo.apri', children: [{ key: openMenuKey(7), title: 'Paghe', label: 'Paghe', open: true, id: 7, target: 'C:\\P\\p.exe', args: ['/a'] }] },
    ];
    expect(findOpenItem(menu, 7)).toEqual({ target: 'C:\\P\\p.exe', args: ['/a'] });
    expect(findOpenItem(menu, 8)).toBeNull();
    expect(findOpenItem([{ key: 'x', title: 'x', id: 9, target: 'C:\\x.exe' }], 9)).toBeNull();
  });
});
