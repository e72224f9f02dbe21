/**
 * Builds the engine's input for many employees and days in a fixed number of queries, runs the
 * engine, and shapes the timecard. Used by the cartellino, the punch calendar, anomalies and totals.
 */
import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { aliasedTable } from 'drizzle-orm';
import { attribuisciTimbrature, computeMonth, type Giorno } from '@tulip/attendance';
import { deviceTimeIfLate } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { addDays, eachDay, localNow } from '../../platform/dates';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, reparti } from '../anagrafica/tables';
import { dipendentiScope } from '../anagrafica/routes';
import { holidays, resolveSchedule, toEngineTurno } from '../turni/service';
import { leanPunchesBetween, type LeanPunch } from '../timbrature/service';
import { approvedLeave } from '../giustificativi/service';

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

/** `differita`: the device's time of a punch that reached the server over 2 minutes later (queued offline), else null. */
type Punch = { id: number; ts: string; verso: 'E' | 'U'; fonte: string; manuale: boolean; stato: string; differita: string | null };


/** `detail: false` skips what only a screen needs (punch lists, shift names): totals and payroll need none of it. */
export async function buildMonths(db: Db, tz: string, staff: Staff[], dal: string, al: string, opts: { detail?: boolean } = {}) {
  const detail = opts.detail ?? true;
  const now = localNow(tz);
  const ids = staff.map((s) => s.id);
  // one day either side: night shifts and the 11-hour rest check cross the range's edges
  const from = addDays(dal, -1);
  const to = addDays(al, 1);
  const [schedule, feste, leave, punches] = await Promise.all([
    resolveSchedule(db, ids, from, to),
    holidays(db, from, to),
    approvedLeave(db, ids, from, to, false),
    leanPunchesBetween(db, tz, ids, `${from}T00:00:00`, `${addDays(to, 1)}T00:00:00`),
  ]);
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
    const giorni: Giorno[] = days.map((d) => {
      const t = turnoOf(d);
      return {
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
      for (const g of inRange) Object.assign(g, { tipo_giorno: tipo.get(g.data)!, festivita: null, turno: null, timbrature: [], modificato: false });
      return { dipendente, giorni: inRange as (typeof inRange[number] & { tipo_giorno: Giorno['tipo_giorno']; festivita: string | null; turno: null; timbrature: Punch[]; modificato: boolean })[], totali };
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
        };
      }),
      totali,
    };
  });
}

type DayResult = ReturnType<typeof computeMonth>['giorni'][number];

/** Totals of a range of days (the engine's month totals restricted to the requested dates). */
export function sumTotals(days: DayResult[]) {
  const keys = [
    'minuti_teorici', 'minuti_lavorati', 'minuti_ordinari', 'minuti_straordinari', 'minuti_notturni', 'minuti_festivi',
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
