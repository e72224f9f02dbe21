/** Append-only audit log: who, when, entity, before, after, why (DESIGN §4). */
import { sql, type SQL } from 'drizzle-orm';
import { now } from './clock';
import type { Db } from './db';
import { auditLog } from './db/tables';
import type { CurrentUser } from './guard';

export type AuditEntry = {
  entita: string;
  entita_id?: string | number | null;
  azione: 'create' | 'update' | 'delete' | string;
  prima?: unknown;
  dopo?: unknown;
  motivo?: string | null;
};

/** Secrets never reach the log. */
function scrub(v: unknown): unknown {
  if (!v || typeof v !== 'object') return v ?? null;
  const out: Record<string, unknown> = Object.create(null);
  for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
    out[k] = /password|pin|hash|secret|token/i.test(k) ? (val == null ? null : '***') : val;
  }
  return out;
}

/**
 * jsonb refuses the escape of a lone surrogate ("\ud800"), which a client's JSON text may carry into a string:
 * such an entry would fail the whole change. Stored as U+FFFD instead, as any UTF-8 encoder does.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
function wellFormed(v: unknown): unknown {
  if (typeof v === 'string') return v.replace(LONE_SURROGATE, '\ufffd');
  if (Array.isArray(v)) return v.map(wellFormed);
  if (v && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v))) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [wellFormed(k), wellFormed(x)]));
  }
  return v;
}

const entryRow = (user: Pick<CurrentUser, 'id' | 'username'> | null | undefined, e: AuditEntry) => ({
  utente_id: user?.id ?? null,
  username: user?.username ?? null,
  entita: e.entita,
  entita_id: e.entita_id == null ? null : String(e.entita_id),
  azione: e.azione,
  prima: wellFormed(scrub(e.prima)) as object | null,
  dopo: wellFormed(scrub(e.dopo)) as object | null,
  motivo: e.motivo ?? null,
});

export async function audit(db: Db, user: Pick<CurrentUser, 'id' | 'username'> | null | undefined, e: AuditEntry) {
  await db.insert(auditLog).values(entryRow(user, e));
}

/** An entry with its actor. */
export type Audited = [Pick<CurrentUser, 'id' | 'username'> | null | undefined, AuditEntry];

/**
 * The INSERT of several entries, each with its actor, as one statement: a batch's changes (issue #30) cost one
 * statement, not one each, and a caller may make it a CTE of its own write. The rows travel as one JSON parameter:
 * a batch of a hundred entries is not nine hundred bound values to build.
 */
export function auditInsert(entries: Audited[]): SQL {
  const ts = now().toISOString();
  const rows = JSON.stringify(entries.map(([user, e]) => ({ ts, ...entryRow(user, e) })));
  return sql`insert into ${auditLog} (ts, utente_id, username, entita, entita_id, azione, prima, dopo, motivo)
    select ts, utente_id, username, entita, entita_id, azione, prima, dopo, motivo from jsonb_to_recordset(${rows}::jsonb)
      as x(ts timestamptz, utente_id int, username varchar, entita varchar, entita_id varchar, azione varchar, prima jsonb, dopo jsonb, motivo text)`;
}

export async function auditAll(db: Db, entries: Audited[]) {
  if (entries.length) await db.execute(auditInsert(entries));
}
