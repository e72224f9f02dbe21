/** Append-only audit log: who, when, entity, before, after, why (DESIGN §4). */
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
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
    out[k] = /password|pin|hash|secret|token/i.test(k) ? (val == null ? null : '***') : val;
  }
  return out;
}

export async function audit(db: Db, user: Pick<CurrentUser, 'id' | 'username'> | null | undefined, e: AuditEntry) {
  await db.insert(auditLog).values({
    utente_id: user?.id ?? null,
    username: user?.username ?? null,
    entita: e.entita,
    entita_id: e.entita_id == null ? null : String(e.entita_id),
    azione: e.azione,
    prima: scrub(e.prima) as object | null,
    dopo: scrub(e.dopo) as object | null,
    motivo: e.motivo ?? null,
  });
}
