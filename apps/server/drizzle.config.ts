import { defineConfig } from 'drizzle-kit';
// every table: the platform's own and each module's tables.ts, so that a new module needs no line here
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/server/src/platform/db/tables.ts', './apps/server/src/modules/*/tables.ts'],
  out: './apps/server/migrations',
});
