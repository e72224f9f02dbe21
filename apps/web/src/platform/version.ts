import { OPS_SERVER } from '@tulip/contract/wire';
import { call } from './api';

let serverVersion: Promise<string | null> | null = null;

/** GET /api/server/version, cached after the first call (SPEC §7). */
export function fetchServerVersion(): Promise<string | null> {
  if (!serverVersion) {
    serverVersion = call(OPS_SERVER.versione, {}, { notifyError: false, auth: false })
      .then((v) => (typeof v?.version === 'string' ? v.version : null))
      .catch(() => {
        serverVersion = null; // not cached: retried on the next hover
        return null;
      });
  }
  return serverVersion;
}
