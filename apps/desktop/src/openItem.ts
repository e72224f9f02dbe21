/**
 * Opening an `open` menu item (issue #19): only on Windows, only an id of the user's menu as the main process itself
 * reads it from the configured server (GET /api/auth/userdefs with the user's access token), and only that item's
 * target: the page sends an id, never a path. Every refusal is logged. The first time an item (server, target and
 * arguments) is opened on this PC the user is asked, in a dialog of the shell that the page cannot answer for it
 * (issue #27 §6): a menu item changed on the server to launch something else is asked again.
 */
import { createHash } from 'node:crypto';
import { findOpenItem, isForbiddenTarget, isWindowsTarget, type OpenResult } from '../../../packages/contract/src/desktop';
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
  /** The shell's own dialog: whether the user wants to open it. */
  confirm: (item: { target: string; args: string[] }) => Promise<boolean>;
  /** The items this PC's user already agreed to open (approvalStore). */
  approved: { has(key: string): boolean; add(key: string): void };
};

/** One item as the user approved it: the server, the target and the arguments (any change asks again). */
export const approvalKey = (server: string, item: { target: string; args: string[] }) =>
  createHash('sha256').update(JSON.stringify([server, item.target, item.args])).digest('hex');

/** The approved items, kept in a file of the user's profile (a JSON list of keys). */
export function approvalStore(io: { read: () => string | null; write: (text: string) => void }) {
  let keys: Set<string> | null = null;
  const load = () => {
    if (keys) return keys;
    try {
      const raw = JSON.parse(io.read() ?? '[]') as unknown;
      keys = new Set(Array.isArray(raw) ? raw.filter((k): k is string => typeof k === 'string' && /^[0-9a-f]{64}$/.test(k)) : []);
    } catch {
      keys = new Set();
    }
    return keys;
  };
  return {
    has: (key: string) => load().has(key),
    add: (key: string) => {
      load().add(key);
      io.write(JSON.stringify([...load()]));
    },
  };
}

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
  if (isForbiddenTarget(item.target)) return refuse('programma non ammesso');
  const key = approvalKey(base, item);
  if (!deps.approved.has(key)) {
    if (!(await deps.confirm(item))) {
      deps.log.info(`apertura annullata dall’utente: ${item.target}`);
      return { ok: false, message: 'avvisi.apertura_annullata' };
    }
    deps.approved.add(key);
  }
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
