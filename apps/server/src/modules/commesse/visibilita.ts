/**
 * Who may see and book on an order (issue #14). The rules combine with OR, any one admits: everyone, the person's
 * department, their role (mansione), the person by name; the capo commessa and the order's team always see it. Each
 * reason is one SQL fragment, written once here: the lookup's filter is their OR, the views list which ones match.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MOTIVI_VISIBILITA, type TVisibilita } from '@tulip/contract';
import { audit } from '../../platform/audit';
import { lockRows, type Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, dipendentiScope, mansioni, reparti } from '../anagrafica';
import { assertIdsExist } from './service';
import { clienti, commesse, team, visibilita } from './tables';

type Motivo = (typeof MOTIVI_VISIBILITA)[number];
/** The person the rules are checked for: their id, department and role, as SQL (a column, or a value). */
type Persona = { id: SQL; reparto_id: SQL; mansione_id: SQL };

const rule = (tipo: string, ref: SQL) =>
  sql`exists (select 1 from ${visibilita} v where v.commessa_id = ${commesse.id} and v.tipo = ${tipo} and v.rif_id = ${ref})`;

/** Each reason an order is visible to a person, as a condition on the row of `commesse`. */
const REASONS: Record<Motivo, (p: Persona) => SQL> = {
  tutti: () => sql`${commesse.visibile_tutti}`,
  reparto: (p) => rule('reparto', p.reparto_id),
  mansione: (p) => rule('mansione', p.mansione_id),
  dipendente: (p) => rule('dipendente', p.id),
  capo: (p) => sql`${commesse.capo_commessa_id} = ${p.id}`,
  team: (p) => sql`exists (select 1 from ${team} t where t.commessa_id = ${commesse.id} and t.dipendente_id = ${p.id})`,
};

const visibleTo = (p: Persona) => sql`(${sql.join(MOTIVI_VISIBILITA.map((m) => REASONS[m](p)), sql` or `)})`;
/** The reasons that match, as a text array (empty: not visible). */
const reasonsOf = (p: Persona) =>
  sql<Motivo[]>`array_remove(array[${sql.join(
    MOTIVI_VISIBILITA.map((m) => sql`case when ${REASONS[m](p)} then ${m}::text end`),
    sql`, `,
  )}], null)`;

/** An employee by id, as the rules read them. */
const personaById = (id: number): Persona => ({
  id: sql`${id}::int`,
  reparto_id: sql`(select d.reparto_id from ${dipendenti} d where d.id = ${id})`,
  mansione_id: sql`(select d.mansione_id from ${dipendenti} d where d.id = ${id})`,
});
const personaColumns: Persona = { id: sql`${dipendenti.id}`, reparto_id: sql`${dipendenti.reparto_id}`, mansione_id: sql`${dipendenti.mansione_id}` };

/** Screens whose users work on every order: they see all of them. */
const MANAGING = ['commesse.anagrafica', 'commesse.visibilita', 'commesse.associa', 'commesse.pianificazione'];
export const managesOrders = (user: CurrentUser) => !!user.profilo?.routes.some((r) => MANAGING.includes(r));

/**
 * The orders a user may see: all of them for who manages orders company-wide; for a department's planner, those some
 * of its people may see; otherwise those visible to the user's own employee.
 */
export function commesseScope(user: CurrentUser): SQL | undefined {
  if (managesOrders(user) && user.profilo?.scope === 'tutti') return undefined;
  const own = user.dipendente_id ? visibleTo(personaById(user.dipendente_id)) : sql`false`;
  if (!managesOrders(user)) return own;
  return sql`(${own} or exists (select 1 from ${dipendenti} where ${dipendentiScope(user)} and ${visibleTo(personaColumns)}))`;
}

/** Whether an employee may see (and so book on, or be planned on) an order. */
export async function isVisibleTo(db: Db, commessaId: number, dipendenteId: number): Promise<boolean> {
  const [row] = await db.select({ id: commesse.id }).from(commesse).where(and(eq(commesse.id, commessaId), visibleTo(personaById(dipendenteId))));
  return !!row;
}

/** The condition "visible to the employee of this row", on a row of `commesse` joined with a row of `dipendenti`: many pairs in one read. */
export const visibleToEmployeeRow = () => visibleTo(personaColumns);

/** The condition "visible to this employee", for the modules that book on orders. */
export const visibleToEmployee = (dipendenteId: number) => visibleTo(personaById(dipendenteId));

async function orderOr404(db: Db, id: number) {
  const [c] = await db.select().from(commesse).where(eq(commesse.id, id));
  if (!c) throw notFound();
  return c;
}

export async function readVisibility(db: Db, id: number) {
  const c = await orderOr404(db, id);
  const rows = await db.select().from(visibilita).where(eq(visibilita.commessa_id, id));
  const of = (tipo: string) => rows.filter((r) => r.tipo === tipo).map((r) => r.rif_id).sort((a, b) => a - b);
  return { tutti: c.visibile_tutti, reparti: of('reparto'), mansioni: of('mansione'), dipendenti: of('dipendente') };
}

/** Replaces an order's rules, checking that every department, role and employee exists; audited. */
export async function saveVisibility(db: Db, user: CurrentUser, id: number, v: TVisibilita) {
  return db.transaction(async (tx) => {
    await lockRows(tx as unknown as Db, [{ table: commesse, ids: [id] }]);
    const before = await readVisibility(tx as unknown as Db, id);
    const unique = (ids: number[]) => [...new Set(ids)];
    const checks: [string, number[], PgColumn][] = [
      ['reparti', unique(v.reparti), reparti.id],
      ['mansioni', unique(v.mansioni), mansioni.id],
      ['dipendenti', unique(v.dipendenti), dipendenti.id],
    ];
    for (const [field, ids, col] of checks) await assertIdsExist(tx as unknown as Db, field, col, ids);
    await tx.update(commesse).set({ visibile_tutti: v.tutti }).where(eq(commesse.id, id));
    await tx.delete(visibilita).where(eq(visibilita.commessa_id, id));
    const rows = [
      ...unique(v.reparti).map((rif_id) => ({ commessa_id: id, tipo: 'reparto', rif_id })),
      ...unique(v.mansioni).map((rif_id) => ({ commessa_id: id, tipo: 'mansione', rif_id })),
      ...unique(v.dipendenti).map((rif_id) => ({ commessa_id: id, tipo: 'dipendente', rif_id })),
    ];
    if (rows.length) await tx.insert(visibilita).values(rows);
    const after = await readVisibility(tx as unknown as Db, id);
    await audit(tx as unknown as Db, user, { entita: 'commesse_visibilita', entita_id: String(id), azione: 'update', prima: before, dopo: after });
    return after;
  });
}

/** The employees (employed today or later) who see an order, and why. */
export async function peopleWhoSee(db: Db, id: number, oggi: string) {
  await orderOr404(db, id);
  const motivi = reasonsOf(personaColumns);
  const rows = await db
    .select({
      id: dipendenti.id, matricola: dipendenti.matricola, cognome: dipendenti.cognome, nome: dipendenti.nome, reparto_descrizione: reparti.descrizione,
      mansione_descrizione: mansioni.descrizione, motivi,
    })
    .from(dipendenti)
    .innerJoin(commesse, eq(commesse.id, id))
    .leftJoin(reparti, eq(reparti.id, dipendenti.reparto_id))
    .leftJoin(mansioni, eq(mansioni.id, dipendenti.mansione_id))
    .where(and(sql`(${dipendenti.data_cessazione} is null or ${dipendenti.data_cessazione} >= ${oggi})`, visibleTo(personaColumns)))
    .orderBy(asc(dipendenti.cognome), asc(dipendenti.nome));
  return rows;
}

/** The orders an employee sees, and why. */
export async function ordersSeenBy(db: Db, dipendenteId: number) {
  const [d] = await db.select({ id: dipendenti.id }).from(dipendenti).where(eq(dipendenti.id, dipendenteId));
  if (!d) throw notFound();
  const p = personaById(dipendenteId);
  return db
    .select({
      id: commesse.id, codice: commesse.codice, descrizione: commesse.descrizione, stato: sql<'aperta' | 'sospesa' | 'chiusa'>`${commesse.stato}`,
      cliente_ragione_sociale: clienti.ragione_sociale, motivi: reasonsOf(p),
    })
    .from(commesse)
    .leftJoin(clienti, eq(clienti.id, commesse.cliente_id))
    .where(visibleTo(p))
    .orderBy(asc(commesse.codice));
}
