/**
 * The order's report (issue #14): per order and phase, budget, planned and recorded minutes, labour cost against the
 * budget cost. Answered only for orders the caller may report on: everyone's for a profile of scope `tutti`, those
 * its departments' people lead, are planned on or work in for scope `reparto`, and otherwise the caller's own as capo
 * commessa; any other order is a 404.
 * Recorded minutes and labour cost come from the bookings, through the source the module that keeps them passes in;
 * how an hour is costed (the job role's cost, or the employee's pay × the overhead coefficient) is this module's
 * parameter, read here and handed to that source.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { centesimiCoefficiente, type TConsuntivo } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, dipendentiScope } from '../anagrafica';
import { readParametriCommesse } from './parametri';
import type { Registrato } from './registrato';
import { clienti, commesse, fasi, pianificazioni, team } from './tables';

/** The orders a user may see the report of. */
export function reportScope(user: CurrentUser): SQL | undefined {
  if (user.profilo?.scope === 'tutti') return undefined;
  const me = sql`${commesse.capo_commessa_id} = ${user.dipendente_id ?? -1}`;
  if (user.profilo?.scope !== 'reparto') return me;
  const inScope = dipendentiScope(user);
  return sql`(${me}
    or exists (select 1 from ${dipendenti} where ${dipendenti.id} = ${commesse.capo_commessa_id} and ${inScope})
    or exists (select 1 from ${pianificazioni} p join ${dipendenti} on ${dipendenti.id} = p.dipendente_id where p.commessa_id = ${commesse.id} and ${inScope})
    or exists (select 1 from ${team} t join ${dipendenti} on ${dipendenti.id} = t.dipendente_id where t.commessa_id = ${commesse.id} and ${inScope}))`;
}

export async function orderReport(db: Db, user: CurrentUser, id: number, registrato: Registrato): Promise<TConsuntivo> {
  const [c] = await db
    .select({
      id: commesse.id, codice: commesse.codice, descrizione: commesse.descrizione, stato: sql<'aperta' | 'sospesa' | 'chiusa'>`${commesse.stato}`,
      cliente_ragione_sociale: clienti.ragione_sociale, minuti_budget: commesse.minuti_budget, costo_budget: commesse.costo_budget,
    })
    .from(commesse)
    .leftJoin(clienti, eq(clienti.id, commesse.cliente_id))
    .where(and(eq(commesse.id, id), reportScope(user)));
  if (!c) throw notFound();
  const parametri = await readParametriCommesse(db);
  const costo = { modo: parametri.costo_orario, coefficiente: centesimiCoefficiente(parametri.coefficiente_costi_indiretti) };
  const [phases, perPhase, perWeek, { fasi: recPhase, settimane: recWeek, minuti_costo_mansione }] = await Promise.all([
    db.select().from(fasi).where(eq(fasi.commessa_id, id)).orderBy(asc(fasi.ordine), asc(fasi.id)),
    db
      .select({ fase_id: pianificazioni.fase_id, minuti: sql<number>`sum(${pianificazioni.minuti})::int` })
      .from(pianificazioni)
      .where(eq(pianificazioni.commessa_id, id))
      .groupBy(pianificazioni.fase_id),
    db
      .select({ settimana: pianificazioni.settimana, minuti: sql<number>`sum(${pianificazioni.minuti})::int` })
      .from(pianificazioni)
      .where(eq(pianificazioni.commessa_id, id))
      .groupBy(pianificazioni.settimana)
      .orderBy(asc(pianificazioni.settimana)),
    registrato.perCommessaDettaglio(db, id, costo),
  ]);
  const recOf = (faseId: number | null) => recPhase.find((r) => r.fase_id === faseId) ?? { minuti: 0, costo: 0 };
  const weeks = [...new Set([...perWeek.map((w) => w.settimana), ...recWeek.map((w) => w.settimana)])].sort();
  const plannedOf = new Map(perPhase.map((p) => [p.fase_id, Number(p.minuti)]));
  const { id: _id, minuti_budget, costo_budget, ...commessa } = c;
  return {
    commessa: { id, ...commessa },
    minuti_budget,
    costo_budget,
    minuti_pianificati: perPhase.reduce((s, p) => s + Number(p.minuti), 0),
    minuti_registrati: recPhase.reduce((s, r) => s + r.minuti, 0),
    costo_registrato: recPhase.reduce((s, r) => s + r.costo, 0),
    fasi: phases.map((f) => ({
      fase_id: f.id, codice: f.codice, descrizione: f.descrizione, minuti_previsti: f.minuti_previsti, minuti_pianificati: plannedOf.get(f.id) ?? 0,
      minuti_registrati: recOf(f.id).minuti, costo_registrato: recOf(f.id).costo,
    })),
    settimane: weeks.map((w) => ({
      settimana: w, minuti_pianificati: Number(perWeek.find((x) => x.settimana === w)?.minuti ?? 0), minuti_registrati: recWeek.find((x) => x.settimana === w)?.minuti ?? 0,
    })),
    costo_orario: parametri.costo_orario,
    coefficiente_costi_indiretti: parametri.coefficiente_costi_indiretti,
    minuti_costo_mansione,
  };
}
