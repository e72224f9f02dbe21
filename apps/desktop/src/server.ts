/**
 * The Tulip server the shell talks to: its URL checked from the main process and kept in the shell's settings file
 * (userData/settings.json). The renderer keeps its own copy in localStorage (`tulip.baseUrl`) for its calls; this one
 * decides the CSP's connect-src and where the main process reads the user's menu.
 */
import { DESKTOP_ORIGIN, SERVER_URL_ERRORS, tulipVersionOf, validateServerUrl, type ServerCheck } from '../../../packages/contract/src/desktop';
import type { FetchLike } from './electron';

/**
 * GET <url>/api/server/version as the renderer would send it (Origin: app://tulip): it must answer as Tulip and admit
 * the desktop origin by CORS (TULIP_CORS_ORIGINS), else the renderer's calls would fail after saving.
 */
export async function checkServer(fetch: FetchLike, input: unknown, timeoutMs = 10_000): Promise<ServerCheck> {
  if (typeof input !== 'string' || input.length > 2000) return { ok: false, message: SERVER_URL_ERRORS.invalid };
  const valid = validateServerUrl(input);
  if (!valid.ok) return valid;
  let res: Awaited<ReturnType<FetchLike>>;
  try {
    res = await fetch(`${valid.url}/api/server/version`, { headers: { accept: 'application/json', origin: DESKTOP_ORIGIN }, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return { ok: false, message: SERVER_URL_ERRORS.unreachable };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON: not Tulip */
  }
  const version = tulipVersionOf(res.status, body);
  if (!version) return { ok: false, message: SERVER_URL_ERRORS.notTulip };
  const allowed = res.headers.get('access-control-allow-origin');
  if (allowed !== DESKTOP_ORIGIN && allowed !== '*') return { ok: false, message: SERVER_URL_ERRORS.unreachable };
  return { ok: true, url: valid.url, version };
}

export type Settings = { serverUrl: string | null };

/** The settings file: read leniently (a missing or broken file is no server), written whole. */
export function settingsStore(io: { read: () => string | null; write: (text: string) => void }) {
  let cache: Settings | null = null;
  return {
    get(): Settings {
      if (cache) return cache;
      let s: Settings = { serverUrl: null };
      try {
        const raw = JSON.parse(io.read() ?? '{}') as { serverUrl?: unknown };
        const v = typeof raw.serverUrl === 'string' ? validateServerUrl(raw.serverUrl) : null;
        s = { serverUrl: v?.ok ? v.url : null };
      } catch {
        /* no settings yet */
      }
      return (cache = s);
    },
    setServerUrl(url: string): void {
      cache = { ...this.get(), serverUrl: url };
      io.write(JSON.stringify(cache, null, 2));
    },
  };
}
