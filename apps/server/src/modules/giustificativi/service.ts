import { and, count, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { anyOf, type Db } from '../../platform/db';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti } from '../anagrafica';
import { dipendentiScope } from '../anagrafica';
import { causali, giustificativi } from './tables';

export type LeaveRow = {
  id: number; dipendente_id: number; codice: string; colore: string; unita: string; dal: string; al: string; minuti: number | null; stato: string;
};

/** Approved (and, when asked, pending) leave of some employees overlapping [dal, al]. */
export async function approvedLeave(db: Db, ids: number[], dal: string, al: string, includePending: boolean): Promise<LeaveRow[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: giustificativi.id, dipendente_id: giustificativi.dipendente_id, codice: causali.codice, colore: causali.colore, unita: causali.unita,
      dal: giustificativi.dal, al: giustificativi.al, minuti: giustificativi.minuti, stato: giustificativi.stato,
    })
    .from(giustificativi)
    .innerJoin(causali, eq(causali.id, giustificativi.causale_id))
    .where(
      and(
        anyOf(giustificativi.dipendente_id, ids),
        lte(giustificativi.dal, al),
        gte(giustificativi.al, dal),
        includePending ? inArray(giustificativi.stato, ['approvato', 'richiesto']) : eq(giustificativi.stato, 'approvato'),
      ),
    );
}

export const ACTIVE = ['richiesto', 'approvato'];
export const overlapCond = (dipId: number, dal: string, al: string) =>
  and(eq(giustificativi.dipendente_id, dipId), lte(giustificativi.dal, al), gte(giustificativi.al, dal), inArray(giustificativi.stato, ACTIVE));

/** Leave requests waiting for this user's decision: in their scope, never their own (the approval rule of the routes). */
export async function countPending(db: Db, user: CurrentUser): Promise<number> {
  if (user.profilo?.scope === 'proprio') return 0;
  const scope = dipendentiScope(user);
  const [{ n }] = await db
    .select({ n: count() })
    .from(giustificativi)
    .where(
      and(
        eq(giustificativi.stato, 'richiesto'),
        scope ? sql`${giustificativi.dipendente_id} in (select ${dipendenti.id} from ${dipendenti} where ${scope})` : undefined,
        user.dipendente_id ? ne(giustificativi.dipendente_id, user.dipendente_id) : undefined,
      ),
    );
  return n;
}
