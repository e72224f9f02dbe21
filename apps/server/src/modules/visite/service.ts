/** Counts of the visitor register, for the home page of reception (issue #12). */
import { and, count, eq, gte, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { autorizzazioni, visite } from './tables';

/** Authorised visitors expected today who have not come in yet (the register's "Attesi oggi"). */
export async function countExpectedToday(db: Db, today: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(autorizzazioni)
    .where(and(eq(autorizzazioni.stato, 'attiva'), lte(autorizzazioni.dal, today), gte(autorizzazioni.al, today)));
  return n;
}

/** Visitors on site now: in, not out yet. */
export async function countOnSite(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(visite).where(isNull(visite.uscita));
  return n;
}
