import { API } from '@tulip/contract';
import { http } from './http';

let serverVersion: Promise<string | null> | null = null;

/** GET /api/server/version, cached after the first call (SPEC §7). */
export function fetchServerVersion(): Promise<string | null> {
  if (!serverVersion) {
    serverVersion = http
      .get<{ version?: unknown }>(API.version, { notifyError: false, auth: false })
      .then((v) => (typeof v?.version === 'string' ? v.version : null))
      .catch(() => {
        serverVersion = null; // not cached: retried on the next hover
        return null;
      });
  }
  return serverVersion;
}
