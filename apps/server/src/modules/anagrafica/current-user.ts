/**
 * The signed-in user of a request, as the guard needs it (platform/guard.ts): given to the guard by app.ts, since
 * the users are this module's data.
 */
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { TScope } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { batched, perDb } from '../../platform/db/batch';
import { refreshTokens } from '../../platform/db/tables';
import type { CurrentUser } from '../../platform/guard';
import { profili, repartiResponsabili, utenti } from './tables';

/**
 * The query every authenticated request runs, prepared once per database and batched: the users of
 * the requests that arrive together are read in one round trip (see platform/db/batch.ts).
 */
function usersQuery(db: Db) {
  return db
    .select({
      id: utenti.id,
      username: utenti.username,
      attivo: utenti.attivo,
      dipendente_id: utenti.dipendente_id,
      profilo_id: profili.id,
      codice: profili.codice,
      descrizione: profili.descrizione,
      scope: profili.scope,
      routes: profili.routes,
      // a login revoked (e.g. a reused refresh token) takes its access tokens with it: which of the asked families are
      revocate: sql<string[] | null>`(select array_agg(${refreshTokens.famiglia}::text) from ${refreshTokens} where ${refreshTokens.utente_id} = ${utenti.id}
        and ${refreshTokens.famiglia} = any(${sql.placeholder('famiglie')}::uuid[]) and ${isNotNull(refreshTokens.revocato_il)})`,
      reparti: sql<number[] | null>`(select array_agg(${repartiResponsabili.reparto_id}) from ${repartiResponsabili} where ${repartiResponsabili.dipendente_id} = ${utenti.dipendente_id})`,
    })
    .from(utenti)
    .leftJoin(profili, eq(profili.id, utenti.profilo_attivo_id))
    .where(sql`${utenti.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('tulip_load_users');
}

type Asked = { id: number; famiglia?: string };

const userLoader = perDb((db: Db) => {
  const q = usersQuery(db);
  return batched<Asked, CurrentUser | null>('utenti', async (asked) => {
    const ids = [...new Set(asked.map((a) => a.id))];
    const famiglie = [...new Set(asked.flatMap((a) => (a.famiglia && UUID.test(a.famiglia) ? [a.famiglia] : [])))];
    const rows = await q.execute({ ids, famiglie });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return asked.map(({ id, famiglia }) => {
      const row = byId.get(id);
      if (!row || !row.attivo || (famiglia && row.revocate?.includes(famiglia.toLowerCase()))) return null;
      return {
        id: row.id,
        username: row.username,
        dipendente_id: row.dipendente_id,
        famiglia,
        profilo: row.profilo_id
          ? { id: row.profilo_id, codice: row.codice!, descrizione: row.descrizione!, scope: row.scope as TScope, routes: row.routes ?? [] }
          : null,
        reparti: row.reparti ?? [],
      };
    });
  });
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function loadUser(db: Db, userId: number, famiglia?: string): Promise<CurrentUser | null> {
  return userLoader(db)({ id: userId, famiglia });
}

