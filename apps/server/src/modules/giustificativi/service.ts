import { and, count, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { durataFasce } from '@tulip/attendance';
import type { ZGiustificativoInput } from '@tulip/contract';
import { anyOf, type Db } from '../../platform/db';
import { audit } from '../../platform/audit';
import { now } from '../../platform/clock';
import { eachDay, localNow } from '../../platform/dates';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, dipendentiScope, employeeInScope } from '../anagrafica';
import { assertMonthOpen, holidays, resolveSchedule, toEngineTurno } from '../turni';
import { causali, giustificativi, spettanze } from './tables';

export const fmtHours = (min: number) => `${min < 0 ? '-' : ''}${Math.floor(Math.abs(min) / 60)}:${String(Math.abs(min) % 60).padStart(2, '0')}`;

export type LeaveRow = {
  id: number; dipendente_id: number; codice: string; colore: string; unita: string; dal: string; al: string; minuti: number | null; stato: string;
};

/** Approved (and, when asked, pending) leave of some employees overlapping [dal, al]. */
export async function approvedLeave(db: Db, ids: number[], dal: string, al: string, includePending: boolean): Promise<LeaveRow[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: giustificativi.id, dipendente_id: giustificativi.dipendente_id, codice: causali.codice, colore: causali.colore, unita: causali.unita,
      dal: giustificativi.dal, al: giustificativi.al, minuti: giustificativi.minuti, stato: giustificativi.stato,
    })
    .from(giustificativi)
    .innerJoin(causali, eq(causali.id, giustificativi.causale_id))
    .where(
      and(
        anyOf(giustificativi.dipendente_id, ids),
        lte(giustificativi.dal, al),
        gte(giustificativi.al, dal),
        includePending ? inArray(giustificativi.stato, ['approvato', 'richiesto']) : eq(giustificativi.stato, 'approvato'),
      ),
    );
}

export const ACTIVE = ['richiesto', 'approvato'];
export const overlapCond = (dipId: number, dal: string, al: string) =>
  and(eq(giustificativi.dipendente_id, dipId), lte(giustificativi.dal, al), gte(giustificativi.al, dal), inArray(giustificativi.stato, ACTIVE));

/** Leave requests waiting for this user's decision: in their scope, never their own (the approval rule of the routes). */
export async function countPending(db: Db, user: CurrentUser): Promise<number> {
  if (user.profilo?.scope === 'proprio') return 0;
  const scope = dipendentiScope(user);
  const [{ n }] = await db
    .select({ n: count() })
    .from(giustificativi)
    .where(
      and(
        eq(giustificativi.stato, 'richiesto'),
        scope ? sql`${giustificativi.dipendente_id} in (select ${dipendenti.id} from ${dipendenti} where ${scope})` : undefined,
        user.dipendente_id ? ne(giustificativi.dipendente_id, user.dipendente_id) : undefined,
      ),
    );
  return n;
}

/** Minutes a set of leave takes in a year: hours as asked, full days as the shift's theoretical time. */
export async function leaveMinutes(db: Db, dipId: number, anno: number, leaves: { dal: string; al: string; minuti: number | null }[]) {
  const dal = `${anno}-01-01`;
  const al = `${anno}-12-31`;
  const [schedule, feste] = await Promise.all([resolveSchedule(db, [dipId], dal, al), holidays(db, dal, al)]);
  const row = schedule.get(dipId)!;
  const dayMinutes = (d: string) => {
    const t = row.get(d)?.turno;
    if (!t || feste.has(d)) return 0;
    return t.minuti_teorici ?? durataFasce(toEngineTurno(t));
  };
  return leaves.reduce((sum, l) => {
    if (l.minuti != null) return l.dal.slice(0, 4) === String(anno) ? sum + l.minuti : sum;
    return sum + eachDay(l.dal < dal ? dal : l.dal, l.al > al ? al : l.al).reduce((s, d) => s + dayMinutes(d), 0);
  }, 0);
}

/** Each tracked reason's balance of a year: entitlement, accrued, taken, requested, left. */
export async function balances(db: Db, tz: string, dipId: number, anno: number) {
  const tracked = await db.select().from(causali).where(eq(causali.saldo, true)).orderBy(causali.codice);
  const own = await db.select().from(spettanze).where(and(eq(spettanze.dipendente_id, dipId), eq(spettanze.anno, anno)));
  const leave = await db
    .select({ causale_id: giustificativi.causale_id, dal: giustificativi.dal, al: giustificativi.al, minuti: giustificativi.minuti, stato: giustificativi.stato })
    .from(giustificativi)
    .where(and(eq(giustificativi.dipendente_id, dipId), inArray(giustificativi.stato, ACTIVE), lte(giustificativi.dal, `${anno}-12-31`), gte(giustificativi.al, `${anno}-01-01`)));
  const today = localNow(tz).data;
  const monthsAccrued = Number(today.slice(0, 4)) > anno ? 12 : Number(today.slice(0, 4)) < anno ? 0 : Number(today.slice(5, 7));
  return Promise.all(
    tracked.map(async (c) => {
      const o = own.find((x) => x.causale_id === c.id);
      const spettanza = o ? o.minuti + o.residuo_precedente : c.spettanza_annua_minuti ?? 0;
      const mine = leave.filter((l) => l.causale_id === c.id);
      const goduto = await leaveMinutes(db, dipId, anno, mine.filter((l) => l.stato === 'approvato'));
      const richiesto = await leaveMinutes(db, dipId, anno, mine.filter((l) => l.stato === 'richiesto'));
      return {
        codice: c.codice, descrizione: c.descrizione, unita: c.unita, spettanza,
        maturato: Math.round((spettanza * monthsAccrued) / 12), goduto, richiesto, residuo: spettanza - goduto - richiesto,
      };
    }),
  );
}

/**
 * A leave request, for oneself or (HR, a manager) for an employee in scope: checked against the reason, the employment,
 * the day's hours, the balance of every year it draws on, the closed months and the overlaps. HR's own entries and
 * reasons needing no approval are approved at once. Returns the new id.
 */
export async function requestLeave(db: Db, tz: string, user: CurrentUser, b: z.infer<typeof ZGiustificativoInput>): Promise<number> {
  const dipId = b.dipendente_id ?? user.dipendente_id;
  if (!dipId) throw badRequest({ dipendente_id: 'avvisi.campo_richiesto' });
  const forOther = dipId !== user.dipendente_id;
  if (forOther && user.profilo?.scope === 'proprio') throw notFound();
  const dip = await employeeInScope(db, user, dipId);
  const [c] = await db.select().from(causali).where(and(eq(causali.codice, b.codice), eq(causali.attiva, true)));
  if (!c) throw badRequest({ codice: 'avvisi.causale_sconosciuta' });
  if (c.unita === 'H' && b.minuti === undefined) throw badRequest({ minuti: 'avvisi.campo_richiesto' });
  if (c.unita === 'G' && b.minuti !== undefined) throw badRequest({ minuti: 'avvisi.causale_a_giorni' });
  if (c.richiede_certificato && !b.certificato) throw badRequest({ certificato: 'avvisi.campo_richiesto' });
  if (b.dal < dip.data_assunzione || (dip.data_cessazione && b.al > dip.data_cessazione)) throw badRequest({ dal: 'avvisi.fuori_rapporto' });
  if (b.minuti !== undefined) {
    // hours may not exceed the day's theoretical time (or a whole day where there is no shift)
    const [day] = [(await resolveSchedule(db, [dipId], b.dal, b.dal)).get(dipId)!.get(b.dal)!];
    const max = day.turno ? day.turno.minuti_teorici ?? durataFasce(toEngineTurno(day.turno)) : 0;
    if (b.minuti > max) throw badRequest({ minuti: 'avvisi.ore_oltre_giornata' });
  }
  const hr = user.profilo?.scope === 'tutti' && forOther;
  const stato = hr || !c.richiede_approvazione ? 'approvato' : 'richiesto';
  // read before the transaction: on the embedded database a query outside an open transaction would wait for it
  if (c.saldo) {
    // leave across the year end draws each year's days from that year's balance (a year not begun yet has its full entitlement)
    for (let anno = Number(b.dal.slice(0, 4)); anno <= Number(b.al.slice(0, 4)); anno++) {
      const saldo = (await balances(db, tz, dipId, anno)).find((s) => s.codice === c.codice)!;
      const need = await leaveMinutes(db, dipId, anno, [{ dal: b.dal, al: b.al, minuti: b.minuti ?? null }]);
      if (need > saldo.residuo) {
        throw new AppError(409, 'avvisi.saldo_insufficiente', { anno, residuo: fmtHours(saldo.residuo), richiesto: fmtHours(need) });
      }
    }
  }
  const id = await db.transaction(async (tx) => {
    for (const m of new Set(eachDay(b.dal, b.al).map((d) => d.slice(0, 7)))) await assertMonthOpen(tx as never, `${m}-01`);
    const clash = await tx
      .select({ id: giustificativi.id, minuti: giustificativi.minuti })
      .from(giustificativi)
      .where(overlapCond(dipId, b.dal, b.al));
    // two hour-based requests may share a day; anything with a full day may not
    if (clash.some((x) => x.minuti == null || b.minuti === undefined)) throw new AppError(409, 'avvisi.giustificativo_sovrapposto');
    const [row] = await tx
      .insert(giustificativi)
      .values({
        dipendente_id: dipId, causale_id: c.id, dal: b.dal, al: b.al, minuti: b.minuti ?? null, stato, note: b.note ?? null,
        certificato: b.certificato ?? null, richiesto_da: user.id, ...(stato === 'approvato' ? { deciso_da: user.id, deciso_il: now() } : {}),
      })
      .returning({ id: giustificativi.id });
    await audit(tx as never, user, { entita: 'giustificativi', entita_id: row.id, azione: 'richiesta', dopo: { ...b, dipendente_id: dipId, stato } });
    return row.id;
  });
  return id;
}
