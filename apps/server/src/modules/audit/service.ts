/** The audit log's consultation: filtered, newest first, paged. */
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZAuditQuery, ZListQuery } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { auditLog } from '../../platform/db/tables';
import { toWireDateTime } from '../../platform/time';
import { containsPattern } from '../../platform/resource';

export type AuditQuery = Omit<z.infer<typeof ZListQuery>, 'sort'> & z.infer<typeof ZAuditQuery>;

export async function auditEntries(db: Db, tz: string, q: AuditQuery) {
  const where = and(
    q.entita ? eq(auditLog.entita, q.entita) : undefined,
    q.dal ? gte(auditLog.ts, sql`(${q.dal}::date)::timestamp at time zone ${tz}`) : undefined,
    q.al ? lt(auditLog.ts, sql`((${q.al}::date + 1)::timestamp) at time zone ${tz}`) : undefined,
    q.search ? sql`(${auditLog.username} ilike ${containsPattern(q.search)} or ${auditLog.entita_id} = ${q.search})` : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(q.size).offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows: rows.map((x) => ({ ...x, ts: toWireDateTime(x.ts, tz) })), total: Number(n) };
}
