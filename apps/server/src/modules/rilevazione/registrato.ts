/**
 * The bookings as the job-order reports read them (commesse's `Registrato`): minutes and labour cost per phase and
 * week of an order, per person and week, per order. Labour cost is per booking: its minutes at the hourly cost of the
 * booker's job role on that phase (the order's associations), else the role's standard cost, half up to the cent,
 * then summed. It is computed in SQL so a year of bookings is never carried to the server; `costoLavoroSql` is the
 * contract's costoLavoro written for the database, and registrato.test.ts holds the two to the same answers.
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../platform/db';
import { mondayOf } from '../../platform/dates';
import { dipendenti } from '../anagrafica';
import { costiMansione, fasiMansioni, type Registrato } from '../commesse';
import { registrazioni } from './tables';

/** minutes × cents per hour / 60, half up, for non-negative integers: the contract's costoLavoro in SQL. */
export const costoLavoroSql = (minuti: SQL, centesimiOra: SQL) => sql`((2 * (${minuti})::bigint * (${centesimiOra})::bigint + 60) / 120)`;

const week = sql<string>`to_char(date_trunc('week', ${registrazioni.data}), 'YYYY-MM-DD')`;

export const registrato: Registrato = {
  async perCommessaDettaglio(db, commessaId) {
    // a booking's cost depends only on its minutes and its booker's rate on the phase: the bookings are counted by
    // phase, person and minutes first (one scan, as a plain SUM reads them), and each such group is costed once
    const g = db
      .select({ fase_id: registrazioni.fase_id, dipendente_id: registrazioni.dipendente_id, minuti: registrazioni.minuti, n: sql<number>`count(*)`.as('n') })
      .from(registrazioni)
      .where(eq(registrazioni.commessa_id, commessaId))
      .groupBy(registrazioni.fase_id, registrazioni.dipendente_id, registrazioni.minuti)
      .as('g');
    const rate = sql`coalesce(${fasiMansioni.costo_orario}, ${costiMansione.costo_orario}, 0)`;
    const [phases, days] = await Promise.all([
      db
        .select({
          fase_id: g.fase_id, minuti: sql<number>`sum(${g.minuti} * ${g.n})::bigint`,
          costo: sql<number>`sum(${g.n} * ${costoLavoroSql(sql`${g.minuti}`, rate)})::bigint`,
        })
        .from(g)
        .innerJoin(dipendenti, eq(dipendenti.id, g.dipendente_id))
        .leftJoin(fasiMansioni, and(eq(fasiMansioni.fase_id, g.fase_id), eq(fasiMansioni.mansione_id, dipendenti.mansione_id)))
        .leftJoin(costiMansione, eq(costiMansione.mansione_id, dipendenti.mansione_id))
        .groupBy(g.fase_id),
      // by day, folded into weeks here: cheaper than a week's function on every booking
      db
        .select({ data: registrazioni.data, minuti: sql<number>`sum(${registrazioni.minuti})::bigint` })
        .from(registrazioni)
        .where(eq(registrazioni.commessa_id, commessaId))
        .groupBy(registrazioni.data),
    ]);
    const weeks = new Map<string, number>();
    for (const d of days) {
      const monday = mondayOf(d.data);
      weeks.set(monday, (weeks.get(monday) ?? 0) + Number(d.minuti));
    }
    return {
      fasi: phases.map((r) => ({ fase_id: r.fase_id, minuti: Number(r.minuti), costo: Number(r.costo) })),
      settimane: [...weeks].sort(([a], [b]) => (a < b ? -1 : 1)).map(([settimana, minuti]) => ({ settimana, minuti })),
    };
  },
  async perDipendente(db, ids, dal, al) {
    if (!ids.length) return [];
    const rows = await db
      .select({ dipendente_id: registrazioni.dipendente_id, settimana: week, minuti: sql<number>`sum(${registrazioni.minuti})::int` })
      .from(registrazioni)
      .where(and(anyOf(registrazioni.dipendente_id, ids), gte(registrazioni.data, dal), lte(registrazioni.data, al)))
      .groupBy(registrazioni.dipendente_id, week);
    return rows.map((r) => ({ dipendente_id: r.dipendente_id, settimana: r.settimana, minuti: Number(r.minuti) }));
  },
  async perCommessa(db, ids) {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ commessa_id: registrazioni.commessa_id, minuti: sql<number>`sum(${registrazioni.minuti})::int` })
      .from(registrazioni)
      .where(anyOf(registrazioni.commessa_id, ids))
      .groupBy(registrazioni.commessa_id);
    return new Map(rows.map((r) => [r.commessa_id, Number(r.minuti)]));
  },
};
