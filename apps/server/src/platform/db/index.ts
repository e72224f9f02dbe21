/**
 * One database handle for both engines: embedded PGlite (default, data in a folder or in memory)
 * and PostgreSQL through `pg` (DATABASE_URL). Same schema, same SQL migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from '../../db/schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbHandle = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

export type OpenOptions = { databaseUrl?: string; dataDir?: string; memory?: boolean; loadDataDir?: Blob; poolMax?: number };

export async function openDb(opts: OpenOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    // DATE stays a 'YYYY-MM-DD' string: no time zone shift through JS Date.
    pg.default.types.setTypeParser(1082, (v: string) => v);
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    pool.on('error', () => undefined); // an idle client dropped by the server must not kill the process
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let client;
  if (opts.memory || opts.loadDataDir) {
    client = await PGlite.create({ loadDataDir: opts.loadDataDir });
  } else {
    fs.mkdirSync(opts.dataDir!, { recursive: true });
    client = await PGlite.create({ dataDir: path.join(opts.dataDir!, 'pglite') });
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
    // exposed for tests that dump a migrated database once and load it per file
    ...({ pglite: client } as object),
  };
}

/** Applies the committed SQL migrations; on PostgreSQL under an advisory lock so parallel starts don't race. */
export async function migrateDb(handle: DbHandle): Promise<void> {
  if (handle.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { sql } = await import('drizzle-orm');
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
      await migrate(tx as never, { migrationsFolder: MIGRATIONS_DIR });
    });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}

/** `col = any($1)`: one array parameter instead of thousands of `in (...)` placeholders. */
export function anyOf(col: unknown, ids: number[]) {
  return sql`${col} = any(${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[])`;
}
