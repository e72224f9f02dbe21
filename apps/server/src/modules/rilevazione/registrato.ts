/**
 * The bookings as the job-order reports read them (commesse's `Registrato`): minutes and labour cost per phase and
 * week of an order, per person and week, per order. Labour cost is per booking: its minutes at the hourly cost of the
 * booker's job role on that phase (the order's associations), else the role's standard cost, half up to the cent,
 * then summed; or, when commesse's parameters say so, at the booker's hourly pay on its date × the overhead coefficient.
 * It is computed in SQL so a year of bookings is never carried to the server; `costoLavoroSql` and
 * `costoLavoroCoefficienteSql` are the contract's costoLavoro and costoLavoroCoefficiente written for the database, and
 * registrato.api.test.ts holds each pair to the same answers.
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { anyOf, type Db } from '../../platform/db';
import { mondayOf } from '../../platform/dates';
import { dipendenti } from '../anagrafica';
import { costiMansione, fasiMansioni, type Registrato } from '../commesse';
import { hourlyRatePeriods, rateBoundaries } from '../contratti';
import { registrazioni } from './tables';

/** minutes × cents per hour / 60, half up, for non-negative integers: the contract's costoLavoro in SQL. */
export const costoLavoroSql = (minuti: SQL, centesimiOra: SQL) => sql`((2 * (${minuti})::bigint * (${centesimiOra})::bigint + 60) / 120)`;

const week = sql<string>`to_char(date_trunc('week', ${registrazioni.data}), 'YYYY-MM-DD')`;

/** minutes × cents per hour × coefficient in hundredths / 6000, half up, for non-negative integers: the contract's costoLavoroCoefficiente in SQL. */
export const costoLavoroCoefficienteSql = (minuti: SQL, centesimiOra: SQL, coefficiente: SQL) =>
  sql`((2 * (${minuti})::bigint * (${centesimiOra})::bigint * (${coefficiente})::bigint + 6000) / 12000)`;

/** The job role's hourly cost on a phase: its association on the phase, else its standard cost, else nothing. */
const roleRate = sql`coalesce(${fasiMansioni.costo_orario}, ${costiMansione.costo_orario}, 0)`;

/**
 * Mode `mansione`: a booking's cost depends only on its minutes and its booker's rate on the phase: the bookings are
 * counted by phase, person and minutes first (one scan, as a plain SUM reads them), and each such group is costed once.
 */
function costByRole(db: Db, commessaId: number) {
  const g = db
    .select({ fase_id: registrazioni.fase_id, dipendente_id: registrazioni.dipendente_id, minuti: registrazioni.minuti, n: sql<number>`count(*)`.as('n') })
    .from(registrazioni)
    .where(eq(registrazioni.commessa_id, commessaId))
    .groupBy(registrazioni.fase_id, registrazioni.dipendente_id, registrazioni.minuti)
    .as('g');
  return db
    .select({
      fase_id: g.fase_id, minuti: sql<number>`sum(${g.minuti} * ${g.n})::bigint`,
      costo: sql<number>`sum(${g.n} * ${costoLavoroSql(sql`${g.minuti}`, roleRate)})::bigint`, mansione: sql<number>`0`,
    })
    .from(g)
    .innerJoin(dipendenti, eq(dipendenti.id, g.dipendente_id))
    .leftJoin(fasiMansioni, and(eq(fasiMansioni.fase_id, g.fase_id), eq(fasiMansioni.mansione_id, dipendenti.mansione_id)))
    .leftJoin(costiMansione, eq(costiMansione.mansione_id, dipendenti.mansione_id))
    .groupBy(g.fase_id);
}

/**
 * Mode `retribuzione` (issue #18): a booking costs its minutes at the booker's hourly pay on the booking's date
 * (contratti's periods of one rate) times the overhead coefficient, half up to the cent once per booking. The bookings
 * are counted by phase, person, minutes and span of time in which no one's rate changes (contratti's `rateBoundaries`),
 * the counts joined to the booker's period by date range, and each group costed once.
 * A booking on a day with no contract row (or no pay table) in force is costed at the job role's cost, as in mode
 * `mansione`, without the coefficient: the role's standard cost is already a full cost, and a controller expects the
 * order to carry every booked hour at a plausible cost rather than at zero; the report counts those minutes
 * (`minuti_costo_mansione`) so that the gap in the contracts shows.
 */
function costByPay(db: Db, commessaId: number, coefficiente: number) {
  // the bookings counted by phase, person, minutes and span of time in which nobody's rate changes (a binary search on
  // the sorted dates of change), then each count matched to its booker's period by one of its dates (all of a span's
  // dates are in the same period)
  const span = sql<number>`width_bucket(${registrazioni.data}, ${rateBoundaries()})`;
  const counted = db
    .select({
      fase_id: registrazioni.fase_id, dipendente_id: registrazioni.dipendente_id, minuti: registrazioni.minuti,
      data: sql<string>`min(${registrazioni.data})`.as('data_del_tratto'), n: sql<number>`count(*)`.as('n'),
    })
    .from(registrazioni)
    .where(eq(registrazioni.commessa_id, commessaId))
    .groupBy(registrazioni.fase_id, registrazioni.dipendente_id, registrazioni.minuti, span)
    .as('conteggi');
  const p = hourlyRatePeriods(db);
  const g = db
    .select({ fase_id: counted.fase_id, dipendente_id: counted.dipendente_id, minuti: counted.minuti, paga: sql<number | null>`${p.paga_oraria}`.as('paga'), n: counted.n })
    .from(counted)
    .leftJoin(p, and(eq(p.dipendente_id, counted.dipendente_id), lte(p.dal, counted.data), sql`(${p.al} is null or ${counted.data} < ${p.al})`))
    .as('g');
  const perBooking = sql`case when ${g.paga} is null then ${costoLavoroSql(sql`${g.minuti}`, roleRate)} else ${costoLavoroCoefficienteSql(sql`${g.minuti}`, sql`${g.paga}`, sql`${coefficiente}::int`)} end`;
  return db
    .select({
      fase_id: g.fase_id, minuti: sql<number>`sum(${g.minuti} * ${g.n})::bigint`,
      costo: sql<number>`sum(${g.n} * ${perBooking})::bigint`,
      mansione: sql<number>`sum(case when ${g.paga} is null then ${g.minuti} * ${g.n} else 0 end)::bigint`,
    })
    .from(g)
    .innerJoin(dipendenti, eq(dipendenti.id, g.dipendente_id))
    .leftJoin(fasiMansioni, and(eq(fasiMansioni.fase_id, g.fase_id), eq(fasiMansioni.mansione_id, dipendenti.mansione_id)))
    .leftJoin(costiMansione, eq(costiMansione.mansione_id, dipendenti.mansione_id))
    .groupBy(g.fase_id);
}

/** Minutes by day folded into weeks (their Monday), oldest first. */
function foldWeeks(days: { data: string; minuti: number }[]) {
  const weeks = new Map<string, number>();
  for (const d of days) {
    const monday = mondayOf(d.data);
    weeks.set(monday, (weeks.get(monday) ?? 0) + Number(d.minuti));
  }
  return { settimane: [...weeks].sort(([a], [b]) => (a < b ? -1 : 1)).map(([settimana, minuti]) => ({ settimana, minuti })) };
}

export const registrato: Registrato = {
  async perCommessaDettaglio(db, commessaId, costo) {
    // by day, folded into weeks below: cheaper than a week's function on every booking
    const days = db
      .select({ data: registrazioni.data, minuti: sql<number>`sum(${registrazioni.minuti})::bigint` })
      .from(registrazioni)
      .where(eq(registrazioni.commessa_id, commessaId))
      .groupBy(registrazioni.data);
    const [phases, perDay] = await Promise.all([costo.modo === 'retribuzione' ? costByPay(db, commessaId, costo.coefficiente) : costByRole(db, commessaId), days]);
    return { ...foldWeeks(perDay), fasi: phases.map((r) => ({ fase_id: r.fase_id, minuti: Number(r.minuti), costo: Number(r.costo) })), minuti_costo_mansione: phases.reduce((s, r) => s + Number(r.mansione), 0) };
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
