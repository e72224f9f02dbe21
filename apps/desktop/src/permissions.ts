/**
 * Permission requests (Electron's security checklist, item 5): denied, except what Tulip's pages use on a desktop —
 * writing to the clipboard (the copy buttons of a terminal's and a visitor's link), and only from the bundled renderer.
 * No camera, microphone, geolocation (only the phone's /mobile page records a position), notifications or others.
 */
import { DESKTOP_ORIGIN } from '../../../packages/contract/src/desktop';
import type { Log, SessionLike } from './electron';

export const ALLOWED_PERMISSIONS: readonly string[] = ['clipboard-sanitized-write'];

export function permissionAllowed(permission: string, requesting: string | undefined): boolean {
  if (!ALLOWED_PERMISSIONS.includes(permission) || !requesting) return false;
  try {
    const u = new URL(requesting);
    // app: is not a special scheme: URL.origin says "null", so the origin is read from its parts
    return `${u.protocol}//${u.host}` === DESKTOP_ORIGIN;
  } catch {
    return false;
  }
}

export function installPermissionPolicy(session: SessionLike, log: Log): void {
  session.setPermissionRequestHandler((_wc, permission, callback, details) => {
    const ok = permissionAllowed(permission, details?.requestingUrl);
    if (!ok) log.warn(`permesso rifiutato: ${permission}`);
    callback(ok);
  });
  session.setPermissionCheckHandler((_wc, permission, origin) => permissionAllowed(permission, origin));
}
