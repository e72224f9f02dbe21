/** Read-only view of the audit log, for administrators. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { ZAuditQuery, ZListQuery } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { auditLog } from '../../platform/db/tables';
import { toWireDateTime } from '../../platform/time';
import { containsPattern } from '../../platform/resource';

export function auditRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const query = ZListQuery.omit({ sort: true }).extend(ZAuditQuery.shape).strict();
  r.get('/api/audit', { config: { access: { routes: ['audit'] } }, schema: { tags: ['audit'], querystring: query } }, async (req) => {
    const q = req.query;
    const tz = config.timezone;
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
  });
}
