import { describe, expect, it, vi } from 'vitest';
import type { SessionLike } from './electron';
import { installPermissionPolicy, permissionAllowed } from './permissions';

describe('permissions are denied but the clipboard, for the bundled renderer only', () => {
  it('decides by permission and origin', () => {
    expect(permissionAllowed('clipboard-sanitized-write', 'app://tulip/index.html')).toBe(true);
    expect(permissionAllowed('clipboard-sanitized-write', 'app://tulip')).toBe(true);
    expect(permissionAllowed('clipboard-sanitized-write', 'https://tulip.example.it')).toBe(false);
    expect(permissionAllowed('clipboard-sanitized-write', undefined)).toBe(false);
    for (const p of ['media', 'geolocation', 'notifications', 'midi', 'pointerLock', 'fullscreen', 'openExternal', 'clipboard-read', 'hid', 'serial', 'usb']) {
      expect(permissionAllowed(p, 'app://tulip/index.html'), p).toBe(false);
    }
  });

  it('installs the request and check handlers', () => {
    let request: Parameters<SessionLike['setPermissionRequestHandler']>[0] = null;
    let check: Parameters<SessionLike['setPermissionCheckHandler']>[0] = null;
    const session: SessionLike = { setPermissionRequestHandler: (h) => void (request = h), setPermissionCheckHandler: (h) => void (check = h) };
    const log = { info: vi.fn(), warn: vi.fn() };
    installPermissionPolicy(session, log);
    const cb = vi.fn();
    request!(null, 'media', cb, { requestingUrl: 'app://tulip/index.html' });
    expect(cb).toHaveBeenLastCalledWith(false);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('media'));
    request!(null, 'clipboard-sanitized-write', cb, { requestingUrl: 'app://tulip/index.html' });
    expect(cb).toHaveBeenLastCalledWith(true);
    expect(check!(null, 'geolocation', 'app://tulip')).toBe(false);
  });
});
