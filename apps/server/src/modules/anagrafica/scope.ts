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

/**
 * Which employees a user may see, as values: everyone (`tutti`), the employees of its departments (`reparti`, null
 * when its scope is not the department's) and itself (`self`, -1 for a user who is no employee). dipendentiScope and
 * employeeInScope both write their condition from these, so the rule is read from the profile in one place.
 */
function scopeOf(user: CurrentUser) {
  const scope = user.profilo?.scope;
  return { tutti: scope === 'tutti', reparti: scope === 'reparto' ? user.reparti : null, self: user.dipendente_id ?? -1 };
}

/** Which employees a user may see: everyone, its departments (and itself), or only itself. */
export function dipendentiScope(user: CurrentUser) {
  const s = scopeOf(user);
  if (s.tutti) return undefined;
  if (s.reparti) return sql`(${inArray(dipendenti.reparto_id, s.reparti.length ? s.reparti : [-1])} or ${dipendenti.id} = ${s.self})`;
  return eq(dipendenti.id, s.self);
}

/** The employee a request is about, checked against the user's scope (another scope's employee: 404). */
export async function employeeInScope(db: Db, user: CurrentUser, id: number) {
  const s = scopeOf(user);
  const [row] = await employeeRead(db).execute({ id, tutti: s.tutti, reparti: intArray(s.reparti ?? []), self: s.self });
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
