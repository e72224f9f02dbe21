/**
 * Data scope: which employees a user may see. Every module that lists or touches employees' data filters through
 * these, so the rule lives once, with the data it is about.
 */
import { aliasedTable, and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { anyOfPlaceholder, intArray, type Db } from '../../platform/db';
import { perDb } from '../../platform/db/batch';
import { notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, reparti } from './tables';

/** Which employees a user may see: everyone, its departments (and itself), or only itself. */
export function dipendentiScope(user: CurrentUser) {
  switch (user.profilo?.scope) {
    case 'tutti':
      return undefined;
    case 'reparto':
      return sql`(${inArray(dipendenti.reparto_id, user.reparti.length ? user.reparti : [-1])} or ${dipendenti.id} = ${user.dipendente_id ?? -1})`;
    default:
      return eq(dipendenti.id, user.dipendente_id ?? -1);
  }
}

/** The employee a request is about, checked against the user's scope (another scope's employee: 404). */
export async function employeeInScope(db: Db, user: CurrentUser, id: number) {
  const scope = user.profilo?.scope;
  const [row] = await employeeRead(db).execute({
    id,
    tutti: scope === 'tutti',
    reparti: intArray(scope === 'reparto' ? user.reparti : []),
    self: user.dipendente_id ?? -1,
  });
  if (!row) throw notFound();
  return row;
}

/**
 * dipendentiScope's rule for one employee, as one statement built once per database handle and named (most requests
 * about an employee start here): everyone, the departments' employees, or the user's own record.
 */
const employeeRead = perDb((db: Db) =>
  db
    .select()
    .from(dipendenti)
    .where(
      and(
        eq(dipendenti.id, sql.placeholder('id')),
        sql`(${sql.placeholder('tutti')}::boolean or ${anyOfPlaceholder(dipendenti.reparto_id, 'reparti')} or ${dipendenti.id} = ${sql.placeholder('self')})`,
      ),
    )
    .prepare('tulip_dipendente_in_ambito'),
);


export type Staff = { id: number; matricola: string; cognome: string; nome: string; reparto_id: number | null; cdc_id: number | null; reparto_descrizione: string | null; data_assunzione: string; data_cessazione: string | null };

/** Employees the user may see, employed at some point in [dal, al], optionally of one department, cost centre or id. */
export async function staffInScope(db: Db, user: CurrentUser, dal: string, al: string, repartoId?: number, cdcId?: number, dipendenteId?: number): Promise<Staff[]> {
  const rep = aliasedTable(reparti, 'rep_s');
  return db
    .select({
      id: dipendenti.id, matricola: dipendenti.matricola, cognome: dipendenti.cognome, nome: dipendenti.nome, reparto_id: dipendenti.reparto_id,
      cdc_id: dipendenti.cdc_id, reparto_descrizione: rep.descrizione, data_assunzione: dipendenti.data_assunzione, data_cessazione: dipendenti.data_cessazione,
    })
    .from(dipendenti)
    .leftJoin(rep, eq(rep.id, dipendenti.reparto_id))
    .where(
      and(
        dipendentiScope(user),
        repartoId ? eq(dipendenti.reparto_id, repartoId) : undefined,
        cdcId ? eq(dipendenti.cdc_id, cdcId) : undefined,
        dipendenteId ? eq(dipendenti.id, dipendenteId) : undefined,
        lte(dipendenti.data_assunzione, al),
        or(isNull(dipendenti.data_cessazione), gte(dipendenti.data_cessazione, dal)),
      ),
    )
    .orderBy(asc(dipendenti.cognome), asc(dipendenti.nome));
}
