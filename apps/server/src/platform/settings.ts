/**
 * A module's parameters: one JSON value per key in `impostazioni`, read over its defaults (a value an older version
 * stored lacks the newer fields) and written audited with what it was.
 */
import { eq, sql } from 'drizzle-orm';
import { audit } from './audit';
import type { Db } from './db';
import { perDb } from './db/batch';
import { impostazioni } from './db/tables';
import type { CurrentUser } from './guard';

/** One key's value, built once per database handle and named: most requests read a module's parameters. */
const valueOf = perDb((db: Db) =>
  db.select({ valore: impostazioni.valore }).from(impostazioni).where(eq(impostazioni.chiave, sql.placeholder('chiave'))).prepare('tulip_impostazione'),
);

/**
 * What the platform remembers of its own work (the build that seeded, the grant steps applied, a check's fingerprint):
 * one text per key, written unaudited since no user changed anything.
 */
export async function readMark(db: Db, key: string): Promise<string | null> {
  const [row] = await valueOf(db).execute({ chiave: key });
  return row?.valore ?? null;
}

export async function writeMark(db: Db, key: string, value: string): Promise<void> {
  await db.insert(impostazioni).values({ chiave: key, valore: value }).onConflictDoUpdate({ target: impostazioni.chiave, set: { valore: value } });
}

export async function readSettings<T extends object>(db: Db, key: string, defaults: T): Promise<T> {
  const valore = await readMark(db, key);
  return valore !== null ? { ...defaults, ...(JSON.parse(valore) as Partial<T>) } : defaults;
}

export async function writeSettings<T extends object>(db: Db, user: CurrentUser, key: string, defaults: T, value: T): Promise<T> {
  const before = await readSettings(db, key, defaults);
  const json = JSON.stringify(value);
  await db.transaction(async (tx) => {
    await tx.insert(impostazioni).values({ chiave: key, valore: json }).onConflictDoUpdate({ target: impostazioni.chiave, set: { valore: json } });
    await audit(tx as unknown as Db, user, { entita: key, azione: 'update', prima: before, dopo: value });
  });
  return readSettings(db, key, defaults);
}
