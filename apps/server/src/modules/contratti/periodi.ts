/**
 * The hourly pay of every employee over time, as one SQL subquery (issue #18: labour cost feeds the job orders): the
 * periods in which one hourly rate holds, for a report to join its rows to by date without reading a row per day.
 *
 * A period starts at a contract row's `dal` and at every decorrenza of a component of that row's level, and ends
 * (exclusive) at the next of them, at the next contract row, the day after a fixed term's `data_fine` or the day after
 * the employee's leaving date, whichever comes first (`al` null: open). Its rate is `pagaOraria` of the contract: the
 * level's components in force on its start (per component, the latest decorrenza on or before it) + the superminimo,
 * the FULL-TIME monthly pay over the CCNL's hourly divisor, half up to the cent (retribuzione.ts; part-time does not
 * change an hourly rate). Days with no contract row in force, or before the level's first decorrenza, are in no period.
 */
import { and, asc, desc, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { anyOfPlaceholder, intArray, type Db } from '../../platform/db';
import { perDb } from '../../platform/db/batch';
import type { PartTimePeriod } from '../../platform/partTime';
import { dipendenti } from '../anagrafica';
import { ccnl, contrattiDipendenti, voci } from './tables';

/**
 * The subquery (dipendente_id, dal, al exclusive or null, paga_oraria cents) to join by `dal <= data and (al is null or
 * data < al)`. PostgreSQL's `least` skips nulls, so an open end never shortens a period. (Drizzle names a computed
 * column of a subquery without its alias: each inner one has a name of its own.)
 */
export function hourlyRatePeriods(db: Db, alias = 'paga_oraria_periodi') {
  const cd = contrattiDipendenti;
  // the contract rows with their end: the next row's dal, a fixed term's end, the leaving date
  const rows = db
    .select({
      dipendente_id: cd.dipendente_id, livello_id: cd.livello_id, superminimo: cd.superminimo, divisore: ccnl.divisore_orario, dal: cd.dal,
      al: sql<string | null>`least(lead(${cd.dal}) over (partition by ${cd.dipendente_id} order by ${cd.dal}), ${cd.data_fine} + 1, ${dipendenti.data_cessazione} + 1)`.as('contratto_al'),
    })
    .from(cd)
    .innerJoin(ccnl, eq(ccnl.id, cd.ccnl_id))
    .innerJoin(dipendenti, eq(dipendenti.id, cd.dipendente_id))
    .as('pr_contratti');
  // every decorrenza of a level starts a version of its table
  const starts = db.selectDistinct({ livello_id: voci.livello_id, dal: voci.decorrenza }).from(voci).as('pr_inizi');
  // the components in force from each start: per component, the latest version on or before it
  const inForce = db
    .selectDistinctOn([starts.livello_id, starts.dal, voci.voce], { livello_id: starts.livello_id, dal: starts.dal, importo: voci.importo })
    .from(starts)
    .innerJoin(voci, and(eq(voci.livello_id, starts.livello_id), lte(voci.decorrenza, starts.dal)))
    .orderBy(asc(starts.livello_id), asc(starts.dal), asc(voci.voce), desc(voci.decorrenza))
    .as('pr_in_vigore');
  const tables = db
    .select({
      livello_id: inForce.livello_id, dal: inForce.dal,
      al: sql<string | null>`lead(${inForce.dal}) over (partition by ${inForce.livello_id} order by ${inForce.dal})`.as('tabella_al'),
      totale: sql<number>`sum(${inForce.importo})::bigint`.as('tabella_totale'),
    })
    .from(inForce)
    .groupBy(inForce.livello_id, inForce.dal)
    .as('pr_tabelle');
  const dal = sql<string>`greatest(${rows.dal}, ${tables.dal})`;
  const al = sql<string | null>`least(${rows.al}, ${tables.al})`;
  return db
    .select({
      dipendente_id: rows.dipendente_id,
      dal: dal.as('dal'),
      al: al.as('al'),
      // pagaOraria(totale + superminimo, divisore): non-negative integers, half up
      paga_oraria: sql<number>`((2 * (${tables.totale} + ${rows.superminimo}) + ${rows.divisore}) / (2 * ${rows.divisore}))::int`.as('paga_oraria'),
    })
    .from(rows)
    .innerJoin(
      tables,
      and(
        eq(tables.livello_id, rows.livello_id),
        sql`(${rows.al} is null or ${tables.dal} < ${rows.al})`,
        sql`(${tables.al} is null or ${tables.al} > ${rows.dal})`,
      ),
    )
    // a fixed term ended before its row began, say: an empty period is none
    .where(sql`(${al} is null or ${dal} < ${al})`)
    .as(alias);
}

/**
 * Every date on which someone's hourly rate may change, sorted, as a scalar subquery: the decorrenze of the components,
 * the contract rows' starts, the day after a fixed term's end and after a leaving date (a superset of the periods'
 * starts and ends, read straight from the tables). `width_bucket(data, ...)` cuts time into spans in which nobody's
 * rate changes, so a report can count its rows by person and span first (a binary search on a constant array, no
 * join) and join only those counts to the periods.
 */
export function rateBoundaries(): SQL<string[]> {
  const cd = contrattiDipendenti;
  return sql<string[]>`(select array_agg(distinct d order by d) from (
    select ${voci.decorrenza} as d from ${voci}
    union all select ${cd.dal} from ${cd}
    union all select ${cd.data_fine} + 1 from ${cd} where ${cd.data_fine} is not null
    union all select ${dipendenti.data_cessazione} + 1 from ${dipendenti} where ${dipendenti.data_cessazione} is not null
  ) as date_di_cambio)`;
}

/**
 * The part-time periods of these employees overlapping [dal, al] (platform/partTime.ts, read by the timecard engine's
 * input): a part-time contract row runs from its `dal` to the day before the next row's, or to a fixed term's
 * `data_fine`. One statement for every employee of the range.
 */
export async function partTimePeriods(db: Db, ids: number[], dal: string, al: string): Promise<PartTimePeriod[]> {
  const rows = await partTimeRead(db).execute({ ids: intArray(ids), dal, al });
  return rows.map((r) => ({ ...r, percentuale: r.percentuale!, ore_settimanali: Number(r.ore_settimanali) }));
}

/** Built once per database handle and named: every timecard reads it (as the schedule's reads: turni). */
const partTimeRead = perDb((db: Db) => {
  const cd = contrattiDipendenti;
  const righe = db
    .select({
      dipendente_id: cd.dipendente_id, dal: cd.dal, part_time: cd.part_time, percentuale: cd.percentuale_part_time,
      // the last day: the day before the next row, a fixed term's end, whichever comes first (least skips nulls)
      al: sql<string | null>`least(lead(${cd.dal}) over (partition by ${cd.dipendente_id} order by ${cd.dal}) - 1, ${cd.data_fine})`.as('pt_al'),
      ore_settimanali: ccnl.ore_settimanali, limite_supplementare: ccnl.limite_supplementare,
    })
    .from(cd)
    .innerJoin(ccnl, eq(ccnl.id, cd.ccnl_id))
    .where(anyOfPlaceholder(cd.dipendente_id, 'ids'))
    .as('pt_righe');
  return db
    .select({
      dipendente_id: righe.dipendente_id, dal: righe.dal, al: sql<string | null>`${righe.al}::text`, percentuale: righe.percentuale,
      ore_settimanali: righe.ore_settimanali, limite_supplementare: righe.limite_supplementare,
    })
    .from(righe)
    .where(and(eq(righe.part_time, true), isNotNull(righe.percentuale), lte(righe.dal, sql.placeholder('al')), sql`(${righe.al} is null or ${righe.al} >= ${sql.placeholder('dal')})`))
    .prepare('tulip_part_time_periodi');
});
