import { defineConfig } from 'vitest/config';

// One run, four projects: unit, API on PGlite, the same API suite on a real PostgreSQL, e2e in Chromium.
const api = (name: string, globalSetup: string) => ({
  test: {
    name,
    include: ['apps/server/test/**/*.test.ts'],
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
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
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
    ],
  },
});
