/**
 * One lock discipline for every write that checks rows before changing them (issue #27 §5):
 *
 * 1. learn which rows the write depends on (ids that never change: a line's delivery, article, unit);
 * 2. `lockRows(tx, [...])`: take them all at once, in ONE canonical order (by table name, then id ascending),
 *    whatever order the caller lists them in;
 * 3. only then read what is checked (state, quantities, stock) and write.
 *
 * Two transactions that lock through here can wait for each other but never in a circle, so no deadlock; a check made
 * after the lock sees what the other committed, so no lost update. A transaction that still meets a deadlock or a
 * serialization failure (a lock taken elsewhere, an implicit one) is run again once (`retryTransactions`, installed on
 * every handle by `openDb`), and the error handler answers a second failure with 409, never 500.
 */
import { getTableName, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PG_CONCURRENT, pgCode } from '../errors';
import type { Db } from './index';

export type LockTable = PgTable & { id: PgColumn };
type Key = number | string;
/** The rows of a table by their `id`, or by another key column (a code, for a table keyed by one). */
export type RowsToLock = { table: LockTable; ids: Iterable<Key | null | undefined> } | { table: PgTable; column: PgColumn; ids: Iterable<Key | null | undefined> };

/**
 * Locks (`select ... for update`) the rows of each table with the given keys, tables in the order of their names and
 * keys ascending, so the order never depends on the caller. Keys repeated or null are dropped; a missing row is no
 * error (the caller's check after the lock finds it missing). Call it once per transaction, before any check.
 */
export async function lockRows(tx: Db, sets: RowsToLock[]): Promise<void> {
  const byTable = new Map<string, { table: PgTable; column: PgColumn; ids: Set<Key> }>();
  for (const set of sets) {
    const column = 'column' in set ? set.column : set.table.id;
    const name = `${getTableName(set.table)}.${column.name}`;
    const entry = byTable.get(name) ?? { table: set.table, column, ids: new Set<Key>() };
    for (const id of set.ids) if (id != null) entry.ids.add(id);
    byTable.set(name, entry);
  }
  for (const name of [...byTable.keys()].sort()) {
    const { table, column, ids } = byTable.get(name)!;
    if (!ids.size) continue;
    // one statement per table: PostgreSQL locks the rows as the ordered scan returns them, keys ascending
    await tx
      .select({ k: column })
      .from(table)
      .where(inArray(column, [...ids]))
      .orderBy(column)
      .for('update');
  }
}

/**
 * Makes `db.transaction` run the whole transaction again once when PostgreSQL aborted it as a deadlock's victim or for
 * a serialization failure: the other transaction has gone through by then, and the retry checks what it left. Nested
 * transactions (savepoints) are left alone: the error reaches the outermost one, which is the one retried.
 */
export function retryTransactions(db: Db): Db {
  const run = db.transaction.bind(db);
  const retrying: Db['transaction'] = async (fn, config) => {
    try {
      return await run(fn, config);
    } catch (err) {
      if (!PG_CONCURRENT.has(pgCode(err) ?? '')) throw err;
      return run(fn, config);
    }
  };
  db.transaction = retrying;
  return db;
}
