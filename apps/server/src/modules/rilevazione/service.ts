/**
 * Bookings (issue #15): one record whatever screen made it, on an order the person may see and that is open, in a
 * week that is not locked (sent or approved) and a month that is not closed, at most 24 hours a day. A create is
 * idempotent on its request id; a correction of someone else's booking needs a reason; every change is audited.
 */
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { MINUTI_REGISTRABILI_GIORNO, type TOreInput, type TParametriRilevazione, type TRegistrazione } from '@tulip/contract';
import { audit } from '../../platform/audit';
import { anyOf, rowsOf, type Db } from '../../platform/db';
import { perDb } from '../../platform/db/batch';
import { addDays, instantToLocal, localNow, localToInstant, mondayOf } from '../../platform/dates';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { readSettings, writeSettings } from '../../platform/settings';
import { dipendenti, employeeInScope } from '../anagrafica';
import { commesse, fasi, isVisibleTo } from '../commesse';
import { addMinutes, timbrature } from '../timbrature';
import { assertMonthOpen } from '../turni';
import { registrazioni, settimane } from './tables';

export const PARAMETRI_KEY = 'parametri_rilevazione';
export const PARAMETRI_DEFAULT: TParametriRilevazione = { tolleranza_minuti: 15, timer_senza_presenza: 'rifiuta', fasi_parallele: false };
export const readParametri = (db: Db) => readSettings(db, PARAMETRI_KEY, PARAMETRI_DEFAULT);
export const saveParametri = (db: Db, user: CurrentUser, p: TParametriRilevazione) => writeSettings(db, user, PARAMETRI_KEY, PARAMETRI_DEFAULT, p);

/** Bookings as the contract answers them, with their order, phase and person. */
export function bookingsQuery(db: Db, tz: string, where: SQL | undefined) {
  return db
    .select({
      id: registrazioni.id, dipendente_id: registrazioni.dipendente_id, dipendente_nome: sql<string>`${dipendenti.cognome} || ' ' || ${dipendenti.nome}`,
      data: registrazioni.data, commessa_id: registrazioni.commessa_id, commessa_codice: commesse.codice, commessa_descrizione: commesse.descrizione,
      fase_id: registrazioni.fase_id, fase_codice: fasi.codice, fase_descrizione: fasi.descrizione, fase_quantita: sql<boolean>`coalesce(${fasi.quantita}, false)`,
      minuti: registrazioni.minuti, inizio: sql<string | null>`${instantToLocal(registrazioni.inizio, tz)}`, fine: sql<string | null>`${instantToLocal(registrazioni.fine, tz)}`,
      quantita: registrazioni.quantita, scarto: registrazioni.scarto, note: registrazioni.note, origine: sql<TRegistrazione['origine']>`${registrazioni.origine}`,
      stato: sql<TRegistrazione['stato']>`${registrazioni.stato}`, da_verificare: registrazioni.da_verificare, motivo_verifica: registrazioni.motivo_verifica,
    })
    .from(registrazioni)
    .innerJoin(dipendenti, eq(dipendenti.id, registrazioni.dipendente_id))
    .innerJoin(commesse, eq(commesse.id, registrazioni.commessa_id))
    .leftJoin(fasi, eq(fasi.id, registrazioni.fase_id))
    .where(where)
    .orderBy(asc(registrazioni.data), asc(registrazioni.inizio), asc(registrazioni.id));
}

export async function readBooking(db: Db, tz: string, id: number): Promise<TRegistrazione> {
  const [row] = await bookingsQuery(db, tz, eq(registrazioni.id, id));
  if (!row) throw notFound();
  return row;
}

/** The employee a request is about: the caller's own, or one within the caller's scope (else 404). */
export async function targetEmployee(db: Db, user: CurrentUser, id: number | undefined) {
  if (id === undefined || id === user.dipendente_id) {
    if (!user.dipendente_id) throw notFound();
    return employeeInScope(db, user, user.dipendente_id);
  }
  return employeeInScope(db, user, id);
}

/**
 * An order and phase a person may book on: visible to them (else 404, as in the lookup), open (a suspended or
 * closed order refuses), the phase its own and open; an order with phases needs one.
 */
export async function assertBookable(db: Db, dipendenteId: number, commessaId: number, faseId: number | null | undefined) {
  const [c] = await db.select().from(commesse).where(eq(commesse.id, commessaId));
  if (!c || !(await isVisibleTo(db, commessaId, dipendenteId))) throw notFound();
  if (c.stato !== 'aperta') throw new AppError(409, 'avvisi.commessa_non_attiva', { codice: c.codice, stato: c.stato });
  if (faseId) {
    const [f] = await db.select().from(fasi).where(eq(fasi.id, faseId));
    if (!f || f.commessa_id !== c.id) throw badRequest({ fase_id: 'avvisi.fase_non_della_commessa' });
    if (f.stato !== 'aperta') throw new AppError(409, 'avvisi.fase_chiusa', { codice: f.codice });
  } else {
    const [any] = await db.select({ id: fasi.id }).from(fasi).where(eq(fasi.commessa_id, c.id)).limit(1);
    if (any) throw badRequest({ fase_id: 'avvisi.campo_richiesto' });
  }
}

/** The state of a person's week: a week without a record is a draft. */
export async function weekState(db: Db, dipendenteId: number, lunedi: string) {
  const [w] = await weekStateRead(db).execute({ dipendente: dipendenteId, lunedi });
  return w ?? null;
}

/** Built once per database handle and named: every booking and every weekly grid reads it. */
const weekStateRead = perDb((db: Db) =>
  db
    .select()
    .from(settimane)
    .where(and(eq(settimane.dipendente_id, sql.placeholder('dipendente')), eq(settimane.lunedi, sql.placeholder('lunedi'))))
    .prepare('tulip_settimana_stato'),
);

/** A day can take a change: its month open, its week neither sent nor approved. */
export async function assertDayWritable(db: Db, dipendenteId: number, data: string) {
  await assertMonthOpen(db, data);
  const w = await weekState(db, dipendenteId, mondayOf(data));
  if (w?.stato === 'approvata') throw new AppError(409, 'avvisi.settimana_approvata');
  if (w?.stato === 'inviata') throw new AppError(409, 'avvisi.settimana_inviata');
}

/** At most 13 hours booked on one day (D.Lgs 66/2003 art. 7), `exceptId` left out (the booking being corrected). */
export async function assertDayTotal(db: Db, dipendenteId: number, data: string, adding: number, exceptId?: number) {
  const [{ n }] = await db
    .select({ n: sql<number>`coalesce(sum(${registrazioni.minuti}), 0)::int` })
    .from(registrazioni)
    .where(and(eq(registrazioni.dipendente_id, dipendenteId), eq(registrazioni.data, data), exceptId ? ne(registrazioni.id, exceptId) : undefined));
  if (Number(n) + adding > MINUTI_REGISTRABILI_GIORNO) throw badRequest({ minuti: 'avvisi.oltre_giornata' });
}

/** The content a request id stands for: a retry with the same content gets the same booking, other content a 409. */
const sameContent = (a: Record<string, unknown>, b: Record<string, unknown>) => Object.keys(b).every((k) => (a[k] ?? null) === (b[k] ?? null));

/** A booking of minutes on a day (`PUT /api/rilevazione/ore`). */
export async function createBooking(db: Db, tz: string, user: CurrentUser, b: TOreInput): Promise<{ row: TRegistrazione; created: boolean }> {
  const dip = await targetEmployee(db, user, b.dipendente_id);
  const content = { dipendente_id: dip.id, data: b.data, commessa_id: b.commessa_id, fase_id: b.fase_id ?? null, minuti: b.minuti };
  const [prior] = await db.select().from(registrazioni).where(eq(registrazioni.id_richiesta, b.id_richiesta));
  if (prior) {
    if (!sameContent(prior, content)) throw new AppError(409, 'avvisi.richiesta_diversa');
    return { row: await readBooking(db, tz, prior.id), created: false };
  }
  const id = await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await lockPerson(tx, dip.id);
    await assertBookable(tx, dip.id, b.commessa_id, b.fase_id);
    await assertDayWritable(tx, dip.id, b.data);
    await assertDayTotal(tx, dip.id, b.data, b.minuti);
    const [row] = await tx
      .insert(registrazioni)
      .values({ ...content, quantita: b.quantita ?? null, scarto: b.scarto ?? null, note: b.note ?? null, origine: 'manuale', id_richiesta: b.id_richiesta, creata_da: user.id })
      .onConflictDoNothing({ target: registrazioni.id_richiesta })
      .returning();
    if (!row) return null; // the same request id won a race: answered below as a retry
    await audit(tx, user, { entita: 'registrazioni', entita_id: String(row.id), azione: 'create', dopo: row });
    return row.id;
  });
  if (id === null) return createBooking(db, tz, user, b);
  return { row: await readBooking(db, tz, id), created: true };
}

/** Serialises one person's bookings (phase switches, grid saves): a transaction-scoped lock per employee. */
export async function lockPerson(tx: Db, dipendenteId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(1550, ${dipendenteId}::int)`);
}

/** The locks of several people in one statement, in ascending order (the canonical one, so two batches never deadlock). */
export async function lockPeople(tx: Db, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  // unnest yields the array's order, and the locks are taken row by row in it
  if (sorted.length) await tx.execute(sql`select pg_advisory_xact_lock(1550, x) from unnest(${sql.param(sorted)}::int[]) as x`);
}

/** The timed bookings still running of some people, the latest started first. */
export const runningBookings = (db: Db, ids: number[]) =>
  db
    .select()
    .from(registrazioni)
    .where(and(anyOf(registrazioni.dipendente_id, ids), isNotNull(registrazioni.inizio), isNull(registrazioni.fine)))
    .orderBy(desc(registrazioni.inizio));

/** What closes a running booking at an instant (never before its start): its end, and the whole minutes elapsed, rounded. */
export function closingAt(at: SQL) {
  const fine = sql`greatest(${registrazioni.inizio}, ${at})`;
  return { fine, minuti: sql`greatest(0, round(extract(epoch from (${fine} - ${registrazioni.inizio})) / 60))::int` };
}

/**
 * The work day each person's open entry began (a night shift's began yesterday), for those clocked in now: each one's
 * last valid punch of the last 20 hours, read from the (person, time) index, one row each however many punches they have.
 */
export async function clockedInDays(db: Db, tz: string, people: number[]): Promise<Map<number, string>> {
  const now = localNow(tz);
  const rows = await rowsOf<{ dipendente_id: number; verso: string | null; ts: string | null }>(
    db,
    sql`select k.id as dipendente_id, last.verso, to_char(last.ts at time zone ${tz}, 'YYYY-MM-DD') as ts
      from unnest(${sql.param(people)}::int[]) as k(id)
      left join lateral (select * from (select t.verso, t.ts from ${timbrature} t
          where t.dipendente_id = k.id and t.stato = 'valida' and t.ts < ${localToInstant(addMinutes(now.ts, 1), tz)}
          order by t.ts desc, t.id desc limit 1) x
        -- the window's start outside the scan: within it, a planner whose statistics predate a busy day (hundreds of
        -- punches a person) read every punch of the window and sorted them; the last one is an index entry away
        where x.ts >= ${localToInstant(addMinutes(now.ts, -20 * 60), tz)}) last on true`,
  );
  return new Map(rows.filter((r) => r.verso === 'E' && r.ts).map((r) => [Number(r.dipendente_id), r.ts!]));
}

/**
 * A booking the caller may change: theirs, or one within their scope with a reason. Its person's lock is taken first
 * (the person never changes), and the booking read and checked after it: a correction racing another correction, a
 * deletion or a phase closing sees what the other wrote, never a copy from before it.
 */
async function changeableBooking(db: Db, user: CurrentUser, id: number, motivo: string | undefined) {
  const [ref] = await db.select({ dipendente_id: registrazioni.dipendente_id }).from(registrazioni).where(eq(registrazioni.id, id));
  if (ref) await lockPerson(db, ref.dipendente_id);
  const [row] = await db.select().from(registrazioni).where(eq(registrazioni.id, id));
  if (!row) throw notFound();
  await employeeInScope(db, user, row.dipendente_id);
  const own = row.dipendente_id === user.dipendente_id;
  if (!own && !motivo) throw badRequest({ motivo: 'avvisi.motivo_richiesto' });
  if (row.inizio && !row.fine) throw new AppError(409, 'avvisi.fase_in_corso');
  return row;
}

export async function correctBooking(
  db: Db, tz: string, user: CurrentUser, id: number,
  b: { data?: string; commessa_id?: number; fase_id?: number | null; minuti?: number; quantita?: number | null; scarto?: number | null; note?: string | null; motivo?: string },
) {
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const before = await changeableBooking(tx, user, id, b.motivo);
    const { motivo, ...changes } = b;
    const next = { ...before, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as typeof before;
    await assertDayWritable(tx, before.dipendente_id, before.data);
    if (next.data !== before.data) await assertDayWritable(tx, before.dipendente_id, next.data);
    if (next.commessa_id !== before.commessa_id || next.fase_id !== before.fase_id) await assertBookable(tx, before.dipendente_id, next.commessa_id, next.fase_id);
    await assertDayTotal(tx, before.dipendente_id, next.data, next.minuti, id);
    const [after] = await tx
      .update(registrazioni)
      .set({ data: next.data, commessa_id: next.commessa_id, fase_id: next.fase_id, minuti: next.minuti, quantita: next.quantita, scarto: next.scarto, note: next.note, da_verificare: false, motivo_verifica: null })
      .where(eq(registrazioni.id, id))
      .returning();
    await audit(tx, user, { entita: 'registrazioni', entita_id: String(id), azione: 'update', prima: before, dopo: { ...after, motivo: motivo ?? null } });
  });
  return readBooking(db, tz, id);
}

export async function deleteBooking(db: Db, tz: string, user: CurrentUser, id: number, motivo: string | undefined) {
  const shown = await readBooking(db, tz, id);
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const before = await changeableBooking(tx, user, id, motivo);
    await assertDayWritable(tx, before.dipendente_id, before.data);
    await tx.delete(registrazioni).where(eq(registrazioni.id, id));
    await audit(tx, user, { entita: 'registrazioni', entita_id: String(id), azione: 'delete', prima: { ...before, motivo: motivo ?? null } });
  });
  return shown;
}

export async function listBookings(
  db: Db, tz: string, user: CurrentUser,
  q: { dipendente_id?: number; dal: string; al: string; commessa_id?: number; stato?: string; da_verificare?: 'si' | 'no' },
) {
  if (q.al < q.dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
  if (addDays(q.dal, 400) < q.al) throw badRequest({ al: 'avvisi.periodo_troppo_lungo' });
  const dip = await targetEmployee(db, user, q.dipendente_id);
  const rows = await bookingsQuery(
    db, tz,
    and(
      eq(registrazioni.dipendente_id, dip.id), gte(registrazioni.data, q.dal), lte(registrazioni.data, q.al),
      q.commessa_id ? eq(registrazioni.commessa_id, q.commessa_id) : undefined, q.stato ? eq(registrazioni.stato, q.stato) : undefined,
      q.da_verificare ? eq(registrazioni.da_verificare, q.da_verificare === 'si') : undefined,
    ),
  );
  return { rows, total: rows.length };
}
