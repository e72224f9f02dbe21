/**
 * Builds the engine's input for many employees and days in a fixed number of queries, runs the
 * engine, and shapes the timecard. Used by the cartellino, the punch calendar, anomalies and totals.
 */
import { eq, sql } from 'drizzle-orm';
import { attribuisciTimbrature, collocaFasce, computeMonth, minutiDaOrario, type Giorno } from '@tulip/attendance';
import type { z } from 'zod';
import { limiteSupplementareSettimanale, minutiTempoPieno, CONTATORE_DI, deviceTimeIfLate, seesLeaveType, STATI_PRESENZA, type OrdinePresenze, type StatoPresenza, type TCellaCalendario, type TPresenzeQuery, type TTimbraturaGiorno, type ZCalendarioQuery, type ZTotalizQuery } from '@tulip/contract';
import { audit } from '../../platform/audit';
import { enqueueWebhooks, kickWebhooks } from '../../platform/webhooks';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Db } from '../../platform/db';
import { addDays, daysBetween, eachDay, localNow, monthRange, weekdayMon0 } from '../../platform/dates';
import { sqlNow } from '../../platform/clock';
import { checkMonthClose } from '../../platform/monthClose';
import { partTimePeriods, type PartTimePeriod } from '../../platform/partTime';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, dipendentiScope, employeeInScope, reparti, staffInScope, type Staff } from '../anagrafica';
import { holidays, mesiChiusi, resolveSchedule, restWarnings, toEngineTurno, type TurnoRow } from '../turni';
import { assegnazioniOrario, calendarioServizi, orariSettimanali, turni } from '../turni';
import { leanPunchesBetween, type LeanPunch } from '../timbrature';
import { localToInstant } from '../../platform/dates';
import { timbrature } from '../timbrature';
import { approvedLeave } from '../giustificativi';
import { causali, giustificativi } from '../giustificativi';


/** `differita`: the device's time of a punch that reached the server over 2 minutes later (queued offline), else null. */
type Punch = TTimbraturaGiorno;


/** `detail: false` skips what only a screen needs (punch lists, shift names): totals and payroll need none of it. */
export async function buildMonths(db: Db, tz: string, staff: Staff[], dal: string, al: string, opts: { detail?: boolean } = {}) {
  const detail = opts.detail ?? true;
  const now = localNow(tz);
  const ids = staff.map((s) => s.id);
  // one day either side: night shifts and the 11-hour rest check cross the range's edges
  const to = addDays(al, 1);
  // a part-timer's supplementary work is limited by the week (D.Lgs 81/2015 art. 6 c. 2): with part-timers in the range,
  // its first week is computed from its Monday (contratti's periods, read in one query: platform/partTime.ts)
  const lunedi = addDays(dal, -weekdayMon0(dal));
  const dayBefore = addDays(dal, -1);
  const read = (from: string) =>
    Promise.all([
      resolveSchedule(db, ids, from, to),
      holidays(db, from, to),
      approvedLeave(db, ids, from, to, false),
      leanPunchesBetween(db, tz, ids, `${from}T00:00:00`, `${addDays(to, 1)}T00:00:00`),
    ]);
  // a range that starts on a Monday or a Tuesday (every week, a month that begins on one) reads from the day before either way:
  // the rest is read beside the periods, not after them (issue #30: the weekly grid waited for one more round trip)
  const fromMonday = lunedi < dayBefore;
  const early = fromMonday ? null : read(dayBefore);
  early?.catch(() => undefined); // awaited below: failing while the periods are read is no unhandled rejection
  const periodi = await partTimePeriods(db, ids, lunedi < dal ? lunedi : dayBefore, to);
  const from = periodi.length && fromMonday ? lunedi : dayBefore;
  const partTimeOf = partTimeDays(periodi);
  const [schedule, feste, leave, punches] = await (early ?? read(from));
  const days = eachDay(from, to);
  // one engine shift object per shift, not per employee-day
  const engineTurni = new Map<number, ReturnType<typeof toEngineTurno>>();
  const engineTurno = (t: Parameters<typeof toEngineTurno>[0]) => engineTurni.get(t.id) ?? engineTurni.set(t.id, toEngineTurno(t)).get(t.id)!;
  const byDip = new Map<number, LeanPunch[]>();
  for (const p of punches) (byDip.get(p.dipendente_id) ?? byDip.set(p.dipendente_id, []).get(p.dipendente_id)!).push(p);

  return staff.map((s) => {
    const row = schedule.get(s.id)!;
    const employed = (d: string) => d >= s.data_assunzione && (!s.data_cessazione || d <= s.data_cessazione);
    const turnoOf = (d: string) => (employed(d) ? row.get(d)?.turno ?? null : null);
    const mine = byDip.get(s.id) ?? [];
    const valid = mine.filter((p) => p.stato === 'valida');
    const attributed = attribuisciTimbrature(
      valid as (LeanPunch & { verso: 'E' | 'U' })[],
      days.map((d) => {
        const t = turnoOf(d);
        return { data: d, turno: t ? engineTurno(t) : null };
      }),
    );
    const myLeave = leave.filter((l) => l.dipendente_id === s.id);
    const partTime = partTimeOf(s.id);
    const giorni: Giorno[] = days.map((d) => {
      const t = turnoOf(d);
      const pt = partTime?.(d);
      return {
        ...(pt ? { part_time: pt } : {}),
        data: d,
        tipo_giorno: feste.has(d) ? 'festivo' : t ? 'lavorativo' : 'riposo',
        turno: t ? engineTurno(t) : null,
        timbrature: attributed.get(d) ?? [],
        giustificativi: myLeave
          .filter((l) => l.dal <= d && l.al >= d)
          .map((l) => ({ codice: l.codice, unita: l.unita as 'G' | 'H', ...(l.minuti != null ? { minuti: l.minuti } : {}) })),
      };
    });
    // a work day whose window has not closed (a night shift at 05:30, today's day shift) is in progress, later days
    // have not happened: the engine finds nothing missing or odd there yet
    const result = computeMonth(giorni, { timeZone: tz, adesso: now.ts });
    const inRange = result.giorni.filter((g) => g.data >= dal && g.data <= al);
    const totali = sumTotals(inRange);
    const dipendente = { id: s.id, matricola: s.matricola, cognome: s.cognome, nome: s.nome, reparto_descrizione: s.reparto_descrizione };
    const tipo = new Map(giorni.map((g) => [g.data, g.tipo_giorno]));
    if (!detail) {
      // totals and payroll read only the minutes: fill the day results in place rather than copy them
      for (const g of inRange) Object.assign(g, { tipo_giorno: tipo.get(g.data)!, festivita: null, turno: null, timbrature: [], modificato: false, pausa_retribuita: turnoOf(g.data)?.pausa_retribuita ?? 0 });
      return { dipendente, giorni: inRange as (typeof inRange[number] & { tipo_giorno: Giorno['tipo_giorno']; festivita: string | null; turno: null; timbrature: Punch[]; modificato: boolean; pausa_retribuita: number })[], totali };
    }
    // the punches shown on a day: the valid ones the engine attributed, plus cancelled ones of that date
    return {
      dipendente,
      giorni: inRange.map((g) => {
        const t = turnoOf(g.data);
        const a = attributed.get(g.data) ?? [];
        const p = mine
          .filter((x) => (x.stato === 'valida' ? a.some((y) => y.ts === x.ts && y.verso === x.verso) : x.ts.slice(0, 10) === g.data))
          .map((x) => ({ id: x.id, ts: x.ts, verso: x.verso, fonte: x.fonte, manuale: x.fonte === 'manuale', stato: x.stato, differita: deviceTimeIfLate(x.ts, x.ts_dispositivo) }));
        return {
          ...g,
          tipo_giorno: tipo.get(g.data)!,
          festivita: (feste.get(g.data)?.descrizione ?? null) as string | null,
          turno: (t ? { id: t.id, codice: t.codice, descrizione: t.descrizione, colore: t.colore } : null) as { id: number; codice: string; descrizione: string; colore: string } | null,
          timbrature: p,
          modificato: p.some((x) => x.manuale || x.stato !== 'valida'),
          /** a paid break within the shift, taken without punching (the working-time rules read it) */
          pausa_retribuita: t?.pausa_retribuita ?? 0,
        };
      }),
      totali,
    };
  });
}

/**
 * Each part-timer's day for the engine (D.Lgs 81/2015 art. 6): the CCNL's full-time day on the date and the week's limit
 * of supplementary work (supplementare.ts), from the contract row in force; undefined for a full-timer.
 */
function partTimeDays(periodi: PartTimePeriod[]) {
  const byDip = new Map<number, PartTimePeriod[]>();
  for (const p of periodi) (byDip.get(p.dipendente_id) ?? byDip.set(p.dipendente_id, []).get(p.dipendente_id)!).push(p);
  return (id: number) => {
    const mine = byDip.get(id);
    if (!mine) return undefined;
    return (d: string) => {
      const p = mine.find((x) => x.dal <= d && (x.al === null || d <= x.al));
      return p ? { minuti_tempo_pieno: minutiTempoPieno(p.ore_settimanali, d), limite_settimanale: limiteSupplementareSettimanale(p.ore_settimanali, p.percentuale, p.limite_supplementare) } : undefined;
    };
  };
}

type DayResult = ReturnType<typeof computeMonth>['giorni'][number];

/** Totals of a range of days (the engine's month totals restricted to the requested dates). */
export function sumTotals(days: DayResult[]) {
  const keys = [
    'minuti_teorici', 'minuti_lavorati', 'minuti_ordinari', 'minuti_straordinari', 'minuti_supplementari', 'minuti_notturni', 'minuti_festivi',
    'minuti_ritardo', 'minuti_uscita_anticipata', 'minuti_mancanti', 'minuti_giustificati',
  ] as const;
  const totali: Record<string, unknown> = Object.fromEntries(keys.map((k) => [k, days.reduce((s, g) => s + (g[k] as number), 0)]));
  // keyed by leave-type codes (data): no prototype to collide with
  const perCausale: Record<string, number> = Object.create(null);
  const anomalie: Record<string, number> = Object.create(null);
  for (const g of days) {
    for (const x of g.giustificativi) perCausale[x.codice] = (perCausale[x.codice] ?? 0) + x.minuti;
    for (const a of g.anomalie) anomalie[a] = (anomalie[a] ?? 0) + 1;
  }
  totali.giorni_lavorati = days.filter((g) => g.minuti_lavorati > 0).length;
  totali.per_causale = perCausale;
  totali.anomalie = anomalie;
  return totali as Record<(typeof keys)[number], number> & { giorni_lavorati: number; per_causale: Record<string, number>; anomalie: Record<string, number> };
}

/**
 * A shift's thresholds for the presence states, in minutes from midnight with the bands laid out from it (a band
 * past midnight ends the next day), issue #12:
 *  - `atteso_fino`: someone not in yet is expected until the first band's start plus the flexibility and the
 *    tolerance (DESIGN §8 rules 2 and 6), late until `ritardo_fino` (the first band's end), absent after;
 *  - an exit between `inizio` and `uscito_fino` (the last band's end less the tolerance) is "uscito" (a break, an
 *    errand); any other exit ends the day ("turno concluso").
 */
export function presenceThresholds(turno: Pick<TurnoRow, 'fasce' | 'flessibilita' | 'tolleranza'>) {
  const bands = collocaFasce(turno.fasce);
  return {
    atteso_fino: bands[0].inizio + turno.flessibilita + turno.tolleranza,
    ritardo_fino: bands[0].fine,
    inizio: bands[0].inizio,
    uscito_fino: bands[bands.length - 1].fine - turno.tolleranza,
  };
}

/** The SQL order of each sort of the board, over the columns of `t` (fixed fragments, never user text). */
const ORDINE_SQL: Record<string, (t: string) => string[]> = {
  dipendente: (t) => [`${t}cognome`, `${t}nome`],
  // numbers of different lengths in numeric order
  matricola: (t) => [`length(${t}matricola)`, `${t}matricola`],
  reparto: (t) => [`(select descrizione from reparti where reparti.id = ${t}reparto_id)`],
  stato: (t) => [`array_position(array[${STATI_PRESENZA.map((x) => `'${x}'`).join(', ')}], ${t}stato)`],
  ultima: (t) => [`${t}ts`],
};
/** `-` first: descending; ties go by surname, name and id. */
function orderOf(sort: OrdinePresenze, t: string) {
  const desc = sort.startsWith('-');
  const by = ORDINE_SQL[desc ? sort.slice(1) : sort](t).map((c) => (desc ? `${c} desc nulls last` : `${c} asc nulls first`));
  return sql.raw([...by, `${t}cognome`, `${t}nome`, `${t}id`].join(', '));
}

/** Accented letters and their plain ones: the search ignores accents (Niccolò is found by "niccolo"). */
const ACCENTI = ['àáâäãèéêëìíîïòóôöõùúûüçñÀÁÂÄÃÈÉÊËÌÍÎÏÒÓÔÖÕÙÚÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'] as const;
const plain = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/**
 * Who is in right now, for everyone the user may see: the counters, the departments and one page of the board.
 * One SQL statement works out each employee's state from today's shift (a calendar override, else the weekly
 * schedule), approved leave and last valid punch since yesterday noon (a night shift started yesterday is still
 * "in") with the shift's thresholds; counts the states per department; and sends the rows of the page asked, the
 * only ones mapped, checked and serialised: at 10,000 employees, building every row cost more than the query
 * (issue #12 §17). The state rules live in this query only. `size: 0` gives the counters alone (the home page).
 */
export async function presenceBoard(db: Db, tz: string, user: CurrentUser, opts: { seesCausale: boolean; query?: Partial<TPresenzeQuery> }) {
  const q = { sort: 'dipendente' as const, page: 1, size: 50, ...opts.query };
  const now = localNow(tz);
  const today = now.data;
  const nowMin = minutiDaOrario(now.ts.slice(11, 16));
  const [feste, shifts] = await Promise.all([holidays(db, today, today), db.select().from(turni)]);
  const festa = feste.has(today);
  const soglie = shifts.map((t) => ({ id: t.id, codice: t.codice, ...presenceThresholds(t) }));
  const since = localToInstant(`${addDays(today, -1)}T12:00:00`, tz);
  const midnight = localToInstant(`${today}T00:00:00`, tz);
  const scope = dipendentiScope(user);
  // the counters follow the department filter; the page and its total follow every filter
  const delReparto = q.reparto_id ? sql`reparto_id = ${q.reparto_id}` : sql`true`;
  const words = plain(q.search ?? '').split(/\s+/).filter(Boolean);
  const hay = sql`lower(translate(cognome || ' ' || nome || ' ' || matricola, ${ACCENTI[0]}, ${ACCENTI[1]}))`;
  const filtro = sql.join([delReparto, q.stato ? sql`stato = ${q.stato}` : sql`true`, ...words.map((w) => sql`strpos(${hay}, ${w}) > 0`)], sql` and `);
  const res = await db.execute(sql`
    with soglie as (
      select * from jsonb_to_recordset(${JSON.stringify(soglie)}::jsonb) as x(id int, codice text, atteso_fino int, ritardo_fino int, inizio int, uscito_fino int)
    ), orari as materialized (
      select id, (giorni->>${weekdayMon0(today)}::int)::int as turno_id from ${orariSettimanali}
    ), asg as (
      -- the weekly schedule assigned for today (the latest that started by today and has not ended), and its shift of today
      select a.dipendente_id, o.turno_id
      from (select distinct on (dipendente_id) dipendente_id, orario_id from ${assegnazioniOrario}
        where dal <= ${today} and (al is null or al >= ${today}) order by dipendente_id, dal desc) a
      join orari o on o.id = a.orario_id
    ), lv as (
      select distinct on (g.dipendente_id) g.dipendente_id, c.codice from ${giustificativi} g join ${causali} c on c.id = g.causale_id
      where g.stato = 'approvato' and g.dal <= ${today} and g.al >= ${today} order by g.dipendente_id, g.id
    ), ultima as (
      -- each employee's last valid punch since yesterday noon: one range scan of the recent punches (timbrature_ts_idx)
      select distinct on (t.dipendente_id) t.dipendente_id, t.verso, t.ts from ${timbrature} t
      where t.stato = 'valida' and t.ts >= ${since} and t.ts < ${sqlNow()} + interval '1 minute'
      order by t.dipendente_id, t.ts desc
    ), staff as (
      -- today's shift: a calendar override (a rest day when it has no shift), else the weekly schedule's
      -- (the table keeps its name: the data scope's condition names it)
      select dipendenti.id, dipendenti.matricola, dipendenti.cognome, dipendenti.nome, dipendenti.reparto_id, lv.codice as causale, p.verso, p.ts,
        case when cs.dipendente_id is not null then cs.turno_id else a.turno_id end as turno_id
      from ${dipendenti}
      left join ${calendarioServizi} cs on cs.dipendente_id = dipendenti.id and cs.data = ${today}
      left join asg a on a.dipendente_id = dipendenti.id
      left join lv on lv.dipendente_id = dipendenti.id
      left join ultima p on p.dipendente_id = dipendenti.id
      where ${scope ?? sql`true`}
        and dipendenti.data_assunzione <= ${today} and (dipendenti.data_cessazione is null or dipendenti.data_cessazione >= ${today})
    ), righe as materialized (
      -- the last punch counts for today if it is an entry (a night shift still running) or was made today
      select s.id, s.matricola, s.cognome, s.nome, s.reparto_id, s.causale, s.turno_id,
        case when s.verso = 'E' or s.ts >= ${midnight} then s.ts end as ts,
        case when s.verso = 'E' or s.ts >= ${midnight} then s.verso end as verso,
        case
          when s.verso = 'E' then 'presente'
          -- out today: a break within the shift (minutes from midnight on the company's clock), else the day is over
          when s.ts >= ${midnight} then
            case when tu.id is not null and not ${festa} and extract(epoch from (s.ts at time zone ${tz})::time)::int / 60 between tu.inizio and tu.uscito_fino - 1
              then 'uscito' else 'turno_concluso' end
          when s.causale is not null then 'assente_giustificato'
          when tu.id is null or ${festa} then 'riposo'
          when ${nowMin}::int < tu.atteso_fino then 'atteso'
          when ${nowMin}::int < tu.ritardo_fino then 'in_ritardo'
          else 'assente'
        end as stato
      from staff s
      left join soglie tu on tu.id = s.turno_id
    )
    select
      (select coalesce(json_agg(json_build_array(g.reparto_id, r.descrizione, g.stato, g.n, g.scelti)), '[]')::text
        from (select reparto_id, stato, count(*) filter (where ${delReparto})::int as n, count(*) filter (where ${filtro})::int as scelti
          from righe group by reparto_id, stato) g
        left join ${reparti} r on r.id = g.reparto_id) as gruppi,
      (select coalesce(json_agg(json_build_array(p.id, p.matricola, p.cognome, p.nome, r.descrizione, p.stato, to_char(p.ts at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS'),
          p.verso, case when ${opts.seesCausale}::boolean then p.causale end, tu.codice) order by ${orderOf(q.sort, 'p.')}), '[]')::text
        from (select * from righe where ${filtro} order by ${orderOf(q.sort, 'righe.')} limit ${q.size} offset ${(q.page - 1) * q.size}) p
        left join ${reparti} r on r.id = p.reparto_id
        left join soglie tu on tu.id = p.turno_id) as rows`);
  const [r] = (res as unknown as { rows: { gruppi: string; rows: string }[] }).rows;
  // each (department, state) with its employees under the department filter, and those under every filter
  const gruppi = JSON.parse(r.gruppi) as [repartoId: number | null, descrizione: string | null, stato: StatoPresenza, n: number, scelti: number][];
  const contatori = { presenti: 0, in_ritardo: 0, attesi: 0, usciti: 0, turno_concluso: 0, assenti_giustificati: 0, assenti: 0, riposo: 0, totale: 0 };
  const deps = new Map<number, string>();
  let total = 0;
  for (const [repartoId, descrizione, stato, n, scelti] of gruppi) {
    contatori[CONTATORE_DI[stato]] += n;
    contatori.totale += n;
    total += scelti;
    if (repartoId !== null) deps.set(repartoId, descrizione ?? '');
  }
  const rows = (JSON.parse(r.rows) as PresenceRow[]).map(([id, matricola, cognome, nome, reparto_descrizione, stato, ts, verso, causale, turno]) => ({
    dipendente: { id, matricola, cognome, nome, reparto_descrizione },
    stato,
    ultima_timbratura: ts && verso ? { ts, verso } : null,
    // why someone is absent (sickness is health data, GDPR art. 9) only for who manages leave: the query sends it to them alone
    causale,
    turno,
  }));
  const repartiBoard = [...deps].map(([id, descrizione]) => ({ id, descrizione })).sort((a, b) => a.descrizione.localeCompare(b.descrizione) || a.id - b.id);
  return { aggiornato_il: now.ts, contatori, reparti: repartiBoard, total, rows };
}
/** A row of the board as the query sends it: `ts` and `verso` of the last punch come together, or not at all (it does not count for today). */
type PresenceRow = [
  id: number, matricola: string, cognome: string, nome: string, reparto_descrizione: string | null, stato: StatoPresenza,
  ts: string | null, verso: 'E' | 'U' | null, causale: string | null, turno: string | null,
];

/**
 * (Employee, day) pairs with an open anomaly in [dal, al]: what the anomaly list shows. A work day still in progress
 * has none (the engine's `adesso`), so a night shift at 05:30 is not counted.
 */
export async function countAnomalies(db: Db, tz: string, staff: Staff[], dal: string, al: string): Promise<number> {
  if (!staff.length) return 0;
  const months = await buildMonths(db, tz, staff, dal, al, { detail: false });
  return months.reduce((n, m) => n + m.giorni.filter((g) => g.anomalie.length).length, 0);
}

const MAX_GIORNI_CALENDARIO = 62;

/**
 * The service calendar of a period: each employee in scope with, per day, the shift (from the calendar or the weekly
 * schedule), the leave over it (approved or pending) and the rest warnings. Shown by /turni/calendario and exported.
 */
export async function serviceCalendar(db: Db, user: CurrentUser, q: z.infer<typeof ZCalendarioQuery>) {
  if (q.al < q.dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
  if (daysBetween(q.dal, q.al) >= MAX_GIORNI_CALENDARIO) throw badRequest({ al: 'avvisi.periodo_troppo_lungo' });
  const people = await staffInScope(db, user, q.dal, q.al, q.reparto_id, undefined, q.dipendente_id);
  const ids = people.map((p) => p.id);
  // one day earlier, for the rest check of the first day
  const [schedule, feste, leave] = await Promise.all([
    resolveSchedule(db, ids, addDays(q.dal, -1), q.al),
    holidays(db, q.dal, q.al),
    approvedLeave(db, ids, q.dal, q.al, true),
  ]);
  const days = eachDay(q.dal, q.al);
  const avvisi: ReturnType<typeof restWarnings> = [];
  const righe = people.map((p) => {
    const row = schedule.get(p.id)!;
    avvisi.push(...restWarnings(p.id, row, [addDays(q.dal, -1), ...days]));
    const celle: Record<string, TCellaCalendario> = Object.create(null); // keyed by dates
    for (const d of days) {
      const c = row.get(d)!;
      const g = leave.find((l) => l.dipendente_id === p.id && l.dal <= d && l.al >= d);
      celle[d] = {
        turno_id: c.turno?.id ?? null, codice: c.turno?.codice ?? null, colore: c.turno?.colore ?? null, origine: c.origine,
        giustificativo: g ? { codice: g.codice, colore: g.colore, stato: g.stato } : null,
      };
    }
    return { dipendente: p, celle };
  });
  return {
    giorni: days.map((d) => ({ data: d, festivo: feste.has(d), ...(feste.has(d) ? { festivita: feste.get(d)!.descrizione } : {}) })),
    righe,
    avvisi,
  };
}

export const isMonthClosed = async (db: Db, mese: string) => (await db.select().from(mesiChiusi).where(eq(mesiChiusi.mese, mese))).length > 0;

/** One employee's timecard of a month: the days, the totals, the department they were in, and whether the month is closed. */
export async function timecard(db: Db, tz: string, user: CurrentUser, dipId: number, mese: string) {
  const dip = await employeeInScope(db, user, dipId);
  const { dal, al } = monthRange(mese);
  const [month] = await buildMonths(db, tz, [{ ...dip, reparto_descrizione: null } as Staff], dal, al);
  const rep = await staffInScope(db, user, dal, al).then((s) => s.find((x) => x.id === dip.id));
  return {
    dipendente: { ...month.dipendente, reparto_descrizione: rep?.reparto_descrizione ?? null },
    mese,
    chiuso: await isMonthClosed(db, mese),
    giorni: month.giorni,
    totali: month.totali,
  };
}

/** Closes a past month for everyone (HR): punches, leave and the calendar of its days are locked. */
export async function closeMonth(db: Db, tz: string, user: CurrentUser, mese: string) {
  if (mese >= localNow(tz).data.slice(0, 7)) throw new AppError(409, 'avvisi.mese_in_corso');
  await checkMonthClose(db, mese, tz);
  const closed = await db.transaction(async (tx) => {
    const rows = await tx.insert(mesiChiusi).values({ mese, chiuso_da: user.id }).onConflictDoNothing().returning({ mese: mesiChiusi.mese });
    await audit(tx as never, user, { entita: 'mesi_chiusi', entita_id: mese, azione: 'chiusura' });
    // a month closed once is told once (a repeat closes nothing); the webhooks' outbox, in the closing's transaction
    if (rows.length) await enqueueWebhooks(tx as never, 'mese.chiuso', [{ mese, chiuso_da: user.id }]);
    return rows.length > 0;
  });
  if (closed) kickWebhooks('mese.chiuso');
}

/** Reopens a closed month (HR); a month that is not closed is not found. */
export async function reopenMonth(db: Db, user: CurrentUser, mese: string) {
  const gone = await db.delete(mesiChiusi).where(eq(mesiChiusi.mese, mese)).returning();
  if (!gone.length) throw notFound();
  await audit(db, user, { entita: 'mesi_chiusi', entita_id: mese, azione: 'riapertura' });
}

/**
 * Who is in right now, for everyone in scope (or one department). Why someone is absent (sickness is health data,
 * GDPR art. 9) only for who manages leave; reception sees "on leave".
 */
export const presenceNow = (db: Db, tz: string, user: CurrentUser, query: TPresenzeQuery) =>
  presenceBoard(db, tz, user, { query, seesCausale: seesLeaveType(user.profilo) });

/**
 * The board of the manager's own departments, whatever the profile's wider scope; who manages none but sees everyone
 * (HR, an administrator) gets every department, to pick one from, rather than an empty page.
 */
export function departmentPresence(db: Db, tz: string, user: CurrentUser, query: TPresenzeQuery) {
  const mine = user.reparti.length || user.profilo?.scope !== 'tutti' ? { ...user, profilo: user.profilo ? { ...user.profilo, scope: 'reparto' as const } : null } : user;
  return presenceNow(db, tz, mine, query);
}

/** A month's totals of everyone in scope (or a department, a cost centre), with each one's days for the payroll export. */
export async function monthTotals(db: Db, tz: string, user: CurrentUser, q: z.infer<typeof ZTotalizQuery>) {
  const { dal, al } = monthRange(q.mese);
  const staff = await staffInScope(db, user, dal, al, q.reparto_id, q.cdc_id);
  const months = await buildMonths(db, tz, staff, dal, al, { detail: false });
  const codes = [...new Set(months.flatMap((m) => Object.keys(m.totali.per_causale)))].sort();
  return { mese: q.mese, chiuso: await isMonthClosed(db, q.mese), causali: codes, righe: months.map((m) => ({ dipendente: m.dipendente, totali: m.totali, giorni: m.giorni })) };
}

/** The totals screen: a month's totals without the days. */
export async function totalsOfMonth(db: Db, tz: string, user: CurrentUser, q: z.infer<typeof ZTotalizQuery>) {
  const t = await monthTotals(db, tz, user, q);
  return { ...t, righe: t.righe.map(({ giorni: _g, ...rest }) => rest) };
}

/** Payroll needs a closed month: its figures no longer change. */
export async function assertMonthClosed(db: Db, mese: string) {
  if (!(await isMonthClosed(db, mese))) throw new AppError(409, 'avvisi.mese_non_chiuso');
}
