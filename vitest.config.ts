import { configDefaults, defineConfig } from 'vitest/config';

// One run, five projects: unit, API on PGlite, the same API suite on a real PostgreSQL, e2e in Chromium,
// and reliability (real server processes killed and restarted, backup/restore, cluster mode).
const api = (name: string, globalSetup: string) => ({
  test: {
    name,
    include: ['apps/server/test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'apps/server/test/reliability/**'],
    globalSetup: [globalSetup],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
        },
      },
      api('api-pglite', 'apps/server/test/global-pglite.ts'),
      api('api-postgres', 'apps/server/test/global-postgres.ts'),
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 240_000,
          fileParallelism: false,
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
