/**
 * The e2e project's setup file: before a spec file runs, its worker's server (global-setup.ts starts one per worker,
 * when it is first asked) is looked up, so that `e2e()` in support.ts answers at once, from collection on.
 */
import { inject } from 'vitest';

/** One e2e worker's server. clock: the server's TULIP_NOW (ms) and the real moment it applied from. */
export type E2eServer = { baseUrl: string; maildir: string; clock: { at: number; anchor: number }; desktopPort: number };

const KEY = Symbol.for('tulip.e2e.server');
const holder = globalThis as unknown as Record<symbol, E2eServer | undefined>;

const broker = inject('e2eBroker');
if (!broker.skip && !holder[KEY]) {
  // one server per worker: the pool's slot (1..maxWorkers) names it, whichever process runs the file
  const slot = process.env.VITEST_POOL_ID ?? '1';
  const r = await fetch(`${broker.url}/server?slot=${slot}`);
  if (!r.ok) throw new Error(`e2e server for worker ${slot}: ${r.status} ${await r.text()}`);
  holder[KEY] = (await r.json()) as E2eServer;
}

/** This worker's server; absent when the e2e specs are skipped (no Chromium). */
export function workerServer(): E2eServer | undefined {
  return holder[KEY];
}
