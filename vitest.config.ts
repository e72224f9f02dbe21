import { configDefaults, defineConfig } from 'vitest/config';
import { dayOfYear, SWEEP, sweepSlot } from './test/dates';
import LongestFirst from './test/support/sequencer';

// A TULIP_NOW given to the whole run applies from this moment in every process it starts (platform/clock.ts).
// real-clock: the moment the run's clock is anchored to
if (process.env.TULIP_NOW && !process.env.TULIP_NOW_ANCHOR) process.env.TULIP_NOW_ANCHOR = String(Date.now());

// One run: unit, API on PGlite, the same API suite on a real PostgreSQL, the API suite on PGlite again at the
// fixed dates of the sweep (test/dates.ts), e2e in Chromium, and reliability (real server processes killed and
// restarted, backup/restore, cluster mode).
const api = (name: string, globalSetup: string, env: Record<string, string> = {}, skip: string[] = []) => ({
  test: {
    name,
    // the cross-cutting suites (permissions, fuzz, security) and each module's own API tests beside it
    include: ['apps/server/test/**/*.test.ts', 'apps/server/src/modules/**/*.api.test.ts'],
    exclude: [...configDefaults.exclude, 'apps/server/test/reliability/**', ...skip],
    globalSetup: [globalSetup],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
    env,
  },
});

const DATE_FREE = ['apps/server/test/fuzz.test.ts', 'apps/server/test/matrix.test.ts', 'apps/server/test/openapi.test.ts'];

// TULIP_DATES=all (npm run test:dates): every slot; otherwise the slot of the day
// real-clock: which slot of the sweep runs today is chosen by the real date
const sweep = process.env.TULIP_DATES === 'all' ? SWEEP.flatMap((s) => s.at) : sweepSlot(dayOfYear(new Date())).at;
// real-clock: the sweep's clocks start when the run does, as TULIP_NOW does for a server
const anchor = String(Date.now());

export default defineConfig({
  test: {
    // two workers on a 2-core machine (vitest's default would be one): the e2e specs mostly wait on Chromium and
    // their servers, and the PostgreSQL suites on their server, so the other worker has the CPU meanwhile
    maxWorkers: Number(process.env.TULIP_TEST_WORKERS) || 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/desktop/src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.api.test.ts'],
          environment: 'node',
        },
      },
      api('api-pglite', 'apps/server/test/global-pglite.ts'),
      api('api-postgres', 'apps/server/test/global-postgres.ts'),
      // the sweep looks for what depends on the date; the fuzz's invariants (no 5xx, a refusal changes nothing), the
      // error shape and headers, and the OpenAPI document do not, and they run on both databases already
      ...sweep.map((at) =>
        api(`api-pglite@${at}`, 'apps/server/test/global-pglite.ts', { TULIP_NOW: at, TULIP_NOW_ANCHOR: anchor }, DATE_FREE),
      ),
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          // each worker asks global-setup.ts for its own server before its first file (worker-server.ts)
          setupFiles: ['apps/web/e2e/worker-server.ts'],
          testTimeout: 90_000,
          hookTimeout: 240_000,
          // what a user sees may take a while on a busy machine: a poll waits up to 15 s for it (vitest's default, 1 s,
          // failed a timer's first tick under load), and returns as soon as it holds
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['apps/server/test/reliability/**/*.test.ts'],
          globalSetup: ['apps/server/test/reliability/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false, // each file runs server processes: one at a time on 2 cores
        },
      },
    ],
  },
});
