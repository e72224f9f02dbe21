/**
 * Which shift applies to an employee on a day: a day override in the calendar wins, else the
 * weekly schedule assigned for that date, else none. Holidays: national (computed) + company.
 */
import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { computeDay, festivitaNazionali, validaTurno, type RisultatoGiorno, type Turno } from '@tulip/attendance';
import type { TAnteprimaTurno, TTurno } from '@tulip/contract';
import { anyOfPlaceholder, intArray, type Db } from '../../platform/db';
import { perDb } from '../../platform/db/batch';
import { addDays, eachDay, weekdayMon0 } from '../../platform/dates';
import { AppError, badRequest } from '../../platform/errors';
import { now } from '../../platform/clock';
import type { CurrentUser } from '../../platform/guard';
import { assegnazioniOrario, calendarioServizi, festivita, mesiChiusi, orariSettimanali, turni } from './tables';

export type TurnoRow = typeof turni.$inferSelect;
export type Cella = { turno: TurnoRow | null; origine: 'orario' | 'calendario' | 'nessuno' };

export function toEngineTurno(t: TurnoRow): Turno {
  return {
    codice: t.codice,
    fasce: t.fasce,
    ...(t.minuti_teorici != null ? { minuti_teorici: t.minuti_teorici } : {}),
    flessibilita: t.flessibilita,
    tolleranza: t.tolleranza,
    arrotondamento_entrata: t.arrotondamento_entrata,
    arrotondamento_uscita: t.arrotondamento_uscita,
    soglia_straordinario: t.soglia_straordinario,
    blocco_straordinario: t.blocco_straordinario,
    pausa_minima: t.pausa_minima,
    notturno: t.notturno,
  };
}

/** A shift's rules checked by the engine (bands, night window): the first fault is the answer's. */
export function checkTurno(t: TTurno) {
  const errors = validaTurno({ ...t, minuti_teorici: t.minuti_teorici ?? undefined });
  if (errors.length) throw badRequest({ [errors[0] === 'avvisi.fascia_notturna_non_valida' ? 'notturno' : 'fasce']: errors[0] });
}

/** The day a shift being edited makes of some sample punches and leave (POST /api/turni/anteprima). */
export function previewDay(b: TAnteprimaTurno): RisultatoGiorno {
  checkTurno(b.turno);
  const data = '2026-01-14'; // a plain Wednesday with no DST change: the preview is about the rules
  const turno = toEngineTurno({ ...b.turno, id: 0, minuti_teorici: b.turno.minuti_teorici ?? null } as TurnoRow);
  return computeDay({
    data, tipo_giorno: b.tipo_giorno, turno,
    timbrature: b.timbrature.map((t) => ({ ts: `${t.giorno_dopo ? addDays(data, 1) : data}T${t.ora}:00`, verso: t.verso })),
    giustificativi: b.giustificativi,
  });
}

/**
 * The schedule's reads, built once per database handle and named: every timecard, total and planning grid makes them,
 * and drizzle rendering a small query again at each call cost more than PostgreSQL running it (issue #30).
 */
const scheduleReads = perDb((db: Db) => {
  const dal = sql.placeholder('dal');
  const al = sql.placeholder('al');
  return {
    turni: db.select().from(turni).prepare('tulip_turni'),
    orari: db.select().from(orariSettimanali).prepare('tulip_orari_settimanali'),
    assegnazioni: db
      .select()
      .from(assegnazioniOrario)
      .where(and(anyOfPlaceholder(assegnazioniOrario.dipendente_id, 'ids'), lte(assegnazioniOrario.dal, al), or(isNull(assegnazioniOrario.al), gte(assegnazioniOrario.al, dal))))
      .prepare('tulip_assegnazioni_orario_periodo'),
    calendario: db
      .select()
      .from(calendarioServizi)
      .where(and(anyOfPlaceholder(calendarioServizi.dipendente_id, 'ids'), gte(calendarioServizi.data, dal), lte(calendarioServizi.data, al)))
      .prepare('tulip_calendario_servizi_periodo'),
    festivita: db.select().from(festivita).where(and(gte(festivita.data, dal), lte(festivita.data, al))).prepare('tulip_festivita_periodo'),
  };
});

/** Shift of every (employee, day) in the range, in a fixed number of queries whatever the size. */
export async function resolveSchedule(db: Db, dipendenti: number[], dal: string, al: string): Promise<Map<number, Map<string, Cella>>> {
  const days = eachDay(dal, al);
  const out = new Map<number, Map<string, Cella>>();
  for (const [dip, cells] of await scheduleByDay(db, dipendenti, dal, al)) out.set(dip, new Map(cells.map((c, i) => [days[i], c])));
  return out;
}

/**
 * The same as one array a person, a cell a day of eachDay(dal, al): a planning grid resolves 500 people x 84 days, and
 * keying each cell by its date cost more than the rest of the capacity (issue #30). The arrays are read-only: people
 * on the same schedule may share one.
 */
export async function scheduleByDay(db: Db, dipendenti: number[], dal: string, al: string): Promise<Map<number, Cella[]>> {
  const out = new Map<number, Cella[]>();
  if (!dipendenti.length) return out;
  const reads = scheduleReads(db);
  const range = { ids: intArray(dipendenti), dal, al };
  const [allTurni, orari, assegn, override] = await Promise.all([
    reads.turni.execute(),
    reads.orari.execute(),
    reads.assegnazioni.execute(range),
    reads.calendario.execute(range),
  ]);
  const turnoById = new Map(allTurni.map((t) => [t.id, t]));
  const orarioById = new Map(orari.map((o) => [o.id, o]));
  const days = eachDay(dal, al);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  // the weekday of each day once, not once per employee and day (a planning grid resolves 500 people x 84 days)
  const first = weekdayMon0(dal);
  const weekdays = days.map((_, i) => (first + i) % 7);
  // group once: scanning every assignment for every employee is quadratic at 10,000 people
  const byDip = new Map<number, typeof assegn>();
  for (const a of assegn) (byDip.get(a.dipendente_id) ?? byDip.set(a.dipendente_id, []).get(a.dipendente_id)!).push(a);
  // the cells are read, never changed: one per shift, shared by every day and person it holds
  const none: Cella = { turno: null, origine: 'nessuno' };
  const rest: Cella = { turno: null, origine: 'orario' };
  const fromOrario = new Map<number, Cella>();
  const cellOf = (id: number | null) => {
    const t = id ? turnoById.get(id) : undefined;
    return t ? fromOrario.get(t.id) ?? fromOrario.set(t.id, { turno: t, origine: 'orario' }).get(t.id)! : rest;
  };
  // the people on one weekly schedule over the whole range share one row (read-only, copied before a day override):
  // a company has a few schedules for hundreds of people, and the capacity sums a shared row once
  const wholeRange = new Map<number, Cella[]>();
  const shared = new Set<Cella[]>();
  for (const dip of dipendenti) {
    const mine = (byDip.get(dip) ?? []).sort((a, b) => (a.dal < b.dal ? 1 : -1));
    const only = mine.length && mine[0].dal <= dal && (!mine[0].al || mine[0].al >= al) ? mine[0] : undefined;
    const known = only && wholeRange.get(only.orario_id);
    if (known) {
      out.set(dip, known);
      continue;
    }
    const row = new Array<Cella>(days.length);
    for (let i = 0; i < days.length; i++) {
      const d = days[i];
      let a: (typeof mine)[number] | undefined;
      for (const x of mine)
        if (x.dal <= d && (!x.al || x.al >= d)) {
          a = x;
          break;
        }
      row[i] = a ? cellOf(orarioById.get(a.orario_id)?.giorni[weekdays[i]] ?? null) : none;
    }
    if (only) {
      wholeRange.set(only.orario_id, row);
      shared.add(row);
    }
    out.set(dip, row);
  }
  for (const o of override) {
    let row = out.get(o.dipendente_id);
    const i = dayIndex.get(o.data);
    if (!row || i === undefined) continue;
    if (shared.has(row)) out.set(o.dipendente_id, (row = row.slice()));
    row[i] = { turno: o.turno_id ? turnoById.get(o.turno_id) ?? null : null, origine: 'calendario' };
  }
  return out;
}

export type Festa = { data: string; descrizione: string; tipo: 'nazionale' | 'patrono' | 'chiusura' };

export async function holidays(db: Db, dal: string, al: string): Promise<Map<string, Festa>> {
  const out = new Map<string, Festa>();
  // the holiday calendar is the Gregorian one (1583-9999): a year outside it is a bad date, not a server error
  if (Number(dal.slice(0, 4)) < 1583 || Number(al.slice(0, 4)) > 9999) throw badRequest({ _: 'avvisi.data_non_valida' });
  for (let y = Number(dal.slice(0, 4)); y <= Number(al.slice(0, 4)); y++) {
    for (const f of festivitaNazionali(y)) if (f.data >= dal && f.data <= al) out.set(f.data, { ...f, tipo: 'nazionale' });
  }
  const company = await scheduleReads(db).festivita.execute({ dal, al });
  for (const f of company) out.set(f.data, { data: f.data, descrizione: f.descrizione, tipo: f.tipo as Festa['tipo'] });
  return out;
}

/** A year's holidays, national and the company's, by date. */
export async function holidaysOfYear(db: Db, anno: number): Promise<Festa[]> {
  const map = await holidays(db, `${anno}-01-01`, `${anno}-12-31`);
  return [...map.values()].sort((a, b) => (a.data < b.data ? -1 : 1));
}

/** Minutes of rest between the end of `prev` and the start of `next` on consecutive days (nominal clock). */
export function restBetween(prev: TurnoRow, next: TurnoRow): number {
  const toMin = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  const first = prev.fasce[0];
  const last = prev.fasce[prev.fasce.length - 1];
  // the previous shift ends on the following day when any band wraps past midnight
  let end = toMin(last.fine);
  let cursor = toMin(first.inizio);
  let dayOffset = 0;
  for (const f of prev.fasce) {
    if (toMin(f.inizio) < cursor) dayOffset = 1440;
    cursor = toMin(f.inizio);
    if (toMin(f.fine) <= toMin(f.inizio)) dayOffset = 1440;
  }
  end += dayOffset;
  return 1440 + toMin(next.fasce[0].inizio) - end;
}

/** A closed month (payroll) refuses every change to a day in it, whichever module makes it. */
export async function assertMonthOpen(db: Db, data: string) {
  const [row] = await db.select().from(mesiChiusi).where(eq(mesiChiusi.mese, data.slice(0, 7)));
  if (row) throw new AppError(409, 'avvisi.mese_chiuso', { mese: row.mese });
}

export type RestWarning = { dipendente_id: number; data: string; message: string; params: { ore: string } };

/** Days whose shift starts less than 11 hours after the previous one ends (D.Lgs. 66/2003 art. 7). */
export function restWarnings(dipId: number, row: Map<string, { turno: TurnoRow | null }>, days: string[]): RestWarning[] {
  const out: RestWarning[] = [];
  for (let i = 1; i < days.length; i++) {
    const a = row.get(days[i - 1])?.turno;
    const b = row.get(days[i])?.turno;
    if (!a || !b) continue;
    const rest = restBetween(a, b);
    if (rest < 660) out.push({ dipendente_id: dipId, data: days[i], message: 'avvisi.riposo_insufficiente', params: { ore: (rest / 60).toFixed(1) } });
  }
  return out;
}

/** Sets (or, with `turnoId` undefined, removes) a day's override in the calendar; returns what was there. */
export async function setCalendarCell(tx: Db, user: CurrentUser, dipId: number, data: string, turnoId: number | null | undefined) {
  await assertMonthOpen(tx, data);
  const [before] = await tx.select().from(calendarioServizi).where(and(eq(calendarioServizi.dipendente_id, dipId), eq(calendarioServizi.data, data)));
  if (turnoId === undefined) {
    await tx.delete(calendarioServizi).where(and(eq(calendarioServizi.dipendente_id, dipId), eq(calendarioServizi.data, data)));
  } else {
    await tx
      .insert(calendarioServizi)
      .values({ dipendente_id: dipId, data, turno_id: turnoId, modificato_da: user.id })
      .onConflictDoUpdate({
        target: [calendarioServizi.dipendente_id, calendarioServizi.data],
        set: { turno_id: turnoId, modificato_da: user.id, modificato_il: now() },
      });
  }
  return before ?? null;
}

/**
 * A rotation: employee i gets, on the k-th day, the shift at ((k / step) + i × sfasamento) of the sequence.
 * Returns how many cells it wrote.
 */
export async function applyRotation(
  tx: Db,
  user: CurrentUser,
  b: { dipendenti: number[]; dal: string; al: string; sequenza: (number | null)[]; periodo: 'giorno' | 'settimana'; sfasamento: number },
): Promise<number> {
  const days = eachDay(b.dal, b.al);
  const step = b.periodo === 'settimana' ? 7 : 1;
  let n = 0;
  for (const [i, dip] of b.dipendenti.entries()) {
    const values = days.map((d, k) => ({
      dipendente_id: dip, data: d, modificato_da: user.id,
      turno_id: b.sequenza[(Math.floor(k / step) + i * b.sfasamento) % b.sequenza.length],
    }));
    for (const d of days) await assertMonthOpen(tx, d);
    await tx
      .insert(calendarioServizi)
      .values(values)
      .onConflictDoUpdate({ target: [calendarioServizi.dipendente_id, calendarioServizi.data], set: { turno_id: sql`excluded.turno_id`, modificato_da: user.id, modificato_il: now() } });
    n += values.length;
  }
  return n;
}
