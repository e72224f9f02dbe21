/**
 * Opening an `open` menu item (issue #19): only on Windows, only an id of the user's menu as the main process itself
 * reads it from the configured server (GET /api/auth/userdefs with the user's access token), and only that item's
 * target: the page sends an id, never a path. Every refusal is logged.
 */
import { findOpenItem, isWindowsTarget, type OpenResult } from '../../../packages/contract/src/desktop';
import type { MenuItem } from '../../../packages/contract/src/routes';
import type { FetchLike, Log } from './electron';

export type OpenDeps = {
  platform: string;
  serverUrl: () => string | null;
  fetch: FetchLike;
  /** shell.openPath: '' when done, else the error. */
  openPath: (target: string) => Promise<string>;
  /** A program with arguments, started on its own (no shell). */
  spawn: (target: string, args: string[]) => void;
  log: Log;
};

const REFUSED: OpenResult = { ok: false, message: 'avvisi.apertura_non_consentita' };

export async function openMenuItem(deps: OpenDeps, id: unknown, accessToken: unknown): Promise<OpenResult> {
  const refuse = (why: string) => {
    deps.log.warn(`apertura rifiutata (voce ${String(id).slice(0, 20)}): ${why}`);
    return REFUSED;
  };
  if (deps.platform !== 'win32') return refuse(`piattaforma ${deps.platform}`);
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return refuse('id non valido');
  if (typeof accessToken !== 'string' || !accessToken || accessToken.length > 8192) return refuse('token assente');
  const base = deps.serverUrl();
  if (!base) return refuse('nessun server configurato');
  let menu: MenuItem[];
  try {
    const res = await deps.fetch(`${base}/api/auth/userdefs`, {
      headers: { accept: 'application/json', authorization: `Bearer ${accessToken}`, 'x-skip-date-format': '1' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return refuse(`menu non letto (HTTP ${res.status})`);
    const body = (await res.json()) as { menu?: unknown };
    menu = Array.isArray(body?.menu) ? (body.menu as MenuItem[]) : [];
  } catch {
    return refuse('server non raggiungibile');
  }
  const item = findOpenItem(menu, id);
  if (!item) return refuse('non è nel menu dell’utente');
  if (!isWindowsTarget(item.target)) return refuse('destinazione non valida');
  try {
    if (item.args.length) deps.spawn(item.target, item.args);
    else {
      const error = await deps.openPath(item.target);
      if (error) {
        deps.log.warn(`apertura non riuscita: ${item.target}: ${error}`);
        return { ok: false, message: 'avvisi.apertura_non_riuscita' };
      }
    }
  } catch (e) {
    deps.log.warn(`apertura non riuscita: ${item.target}: ${String(e)}`);
    return { ok: false, message: 'avvisi.apertura_non_riuscita' };
  }
  deps.log.info(`aperta la voce ${id}: ${item.target}`);
  return { ok: true };
}
