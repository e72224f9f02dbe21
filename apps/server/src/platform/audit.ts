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

const isSecret = (field: string) => /password|pin|hash|secret|token/i.test(field);

/**
 * Secrets never reach the log. A row without a secret field is logged as it is: nearly every one, and a copy (a
 * prototype-less one at that, which JSON.stringify walks slowly) cost a batch of hundreds of entries more than its write.
 */
export function scrub(v: unknown): unknown {
  if (!v || typeof v !== 'object') return v ?? null;
  const keys = Object.keys(v);
  if (!keys.some(isSecret)) return v;
  const out: Record<string, unknown> = Object.create(null);
  for (const k of keys) {
    const val = (v as Record<string, unknown>)[k];
    out[k] = isSecret(k) ? (val == null ? null : '***') : val;
  }
  return out;
}

/**
 * jsonb refuses the escape of a lone surrogate ("\ud800"), which a client's JSON text may carry into a string: such an
 * entry would fail the whole change. Stored as U+FFFD instead, as any UTF-8 encoder does. JSON.stringify writes a
 * paired surrogate as itself and only a lone one as a `\udXXX` escape, so the escapes are replaced in the JSON text,
 * in one pass over a text that nearly never has one (not preceded by an odd run of backslashes, which would make it
 * literal text).
 */
const LONE_SURROGATE_ESCAPE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g;
export function jsonbText(json: string): string {
  return json.includes('\\ud') ? json.replace(LONE_SURROGATE_ESCAPE, '$1\\ufffd') : json;
}

const entryRow = (user: Pick<CurrentUser, 'id' | 'username'> | null | undefined, e: AuditEntry) => ({
  utente_id: user?.id ?? null,
  username: user?.username ?? null,
  entita: e.entita,
  entita_id: e.entita_id == null ? null : String(e.entita_id),
  azione: e.azione,
  prima: scrub(e.prima),
  dopo: scrub(e.dopo),
  motivo: e.motivo ?? null,
});

export async function audit(db: Db, user: Pick<CurrentUser, 'id' | 'username'> | null | undefined, e: AuditEntry) {
  await db.execute(auditInsert([[user, e]]));
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
  const rows = jsonbText(JSON.stringify(entries.map(([user, e]) => ({ ts, ...entryRow(user, e) }))));
  return sql`insert into ${auditLog} (ts, utente_id, username, entita, entita_id, azione, prima, dopo, motivo)
    select ts, utente_id, username, entita, entita_id, azione, prima, dopo, motivo from jsonb_to_recordset(${rows}::jsonb)
      as x(ts timestamptz, utente_id int, username varchar, entita varchar, entita_id varchar, azione varchar, prima jsonb, dopo jsonb, motivo text)`;
}

export async function auditAll(db: Db, entries: Audited[]) {
  if (entries.length) await db.execute(auditInsert(entries));
}
