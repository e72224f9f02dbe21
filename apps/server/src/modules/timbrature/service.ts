import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { anyOf, anyOfPlaceholder, intArray, lockRows, preparedSql, type Db } from '../../platform/db';
import { batched, perDb } from '../../platform/db/batch';
import type { z } from 'zod';
import type { TTimbratura, ZTimbraturaBadge, ZTimbraturaCorrezione, ZTimbraturaInput, ZTimbratureQuery } from '@tulip/contract';
import { audit } from '../../platform/audit';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, employeeInScope, staffInScope } from '../anagrafica';
import { timbrature } from './tables';
import { assertMonthOpen, mesiChiusi, resolveSchedule, toEngineTurno } from '../turni';
import { giornoDiEntrata } from '@tulip/attendance';
import { addDays, daysBetween, instantToLocal, localNow, localToInstant } from '../../platform/dates';
import { now, sqlNow } from '../../platform/clock';
import { publish } from '../../platform/events';
import { kickWebhooks, outboxCte } from '../../platform/webhooks';

/** A punch as the contract sends it (`ZTimbratura`): wall-clock times in the company's zone. */
export type PunchRow = TTimbratura;

export function punchColumns(tz: string) {
  return {
    id: timbrature.id, dipendente_id: timbrature.dipendente_id, ts: instantToLocal(timbrature.ts, tz), verso: timbrature.verso,
    fonte: timbrature.fonte, stato: timbrature.stato, corregge_id: timbrature.corregge_id, motivo: timbrature.motivo,
    motivo_annullamento: timbrature.motivo_annullamento, lat: timbrature.lat, lon: timbrature.lon, terminale_id: timbrature.terminale_id,
    id_richiesta: timbrature.id_richiesta, ts_dispositivo: instantToLocal(timbrature.ts_dispositivo, tz),
  };
}

export type LeanPunch = Pick<PunchRow, 'id' | 'dipendente_id' | 'ts' | 'verso' | 'fonte' | 'stato' | 'ts_dispositivo'>;

/** Punches (valid and cancelled) of some employees between two wall-clock instants [da, a). */
export async function punchesBetween(db: Db, tz: string, ids: number[], da: string, a: string): Promise<PunchRow[]> {
  if (!ids.length) return [];
  return (await db
    .select(punchColumns(tz))
    .from(timbrature)
    .where(and(anyOf(timbrature.dipendente_id, ids), gte(timbrature.ts, localToInstant(da, tz)), lt(timbrature.ts, localToInstant(a, tz))))
    .orderBy(asc(timbrature.ts), asc(timbrature.id))) as PunchRow[];
}

/**
 * The same with only what the timecard needs, read as raw rows: a timecard of 1,000 people reads some
 * 90,000 punches, and mapping each row through the query builder costs more than the query.
 */
export async function leanPunchesBetween(db: Db, tz: string, ids: number[], da: string, a: string): Promise<LeanPunch[]> {
  if (!ids.length) return [];
  return leanPunchesRead(db)({ tz, ids: intArray(ids), da, a });
}

/** Rendered once per database handle and named: every timecard reads it (as the schedule's reads: turni). */
const leanPunchesRead = perDb((db: Db) => {
  const tz = sql.placeholder('tz');
  return preparedSql<LeanPunch>(
    db,
    'tulip_timbrature_periodo',
    sql`
      select id::float8 as id, dipendente_id, to_char(ts at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS') as ts, verso, fonte, stato,
        to_char(ts_dispositivo at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS') as ts_dispositivo
      from timbrature
      where ${anyOfPlaceholder(sql.raw('dipendente_id'), 'ids')} and ts >= (${sql.placeholder('da')}::timestamp at time zone ${tz}) and ts < (${sql.placeholder('a')}::timestamp at time zone ${tz})
      order by ts, id`,
  );
});

export type NewPunch = {
  dipendente_id: number; ts: string | null; verso: 'E' | 'U'; fonte: string; id_richiesta: string; motivo?: string | null;
  utente_id?: number | null; lat?: number | null; lon?: number | null; terminale_id?: number | null; corregge_id?: number | null;
  /** The device's own instant (ISO with offset) of a punch queued offline. */
  ts_dispositivo?: string | null;
  /** When set (YYYY-MM), the punch is stored only if that month is not closed for payroll (409 avvisi.mese_chiuso). */
  mese?: string;
  /** When set (YYYY-MM-DD), only if the employee is employed on that day (400 on `ts`, as the manual checks say). */
  attivoIl?: string;
};

/** What a stored punch answers, for the raw inserts below: the very fields of punchColumns. */
const returningPunch = (tz: string) =>
  sql`returning ${sql.join(Object.entries(punchColumns(tz)).map(([name, col]) => sql`${col} as ${sql.identifier(name)}`), sql`, `)}`;

// bigserial/bigint come back as strings from some drivers
const fromRaw = (row: PunchRow): PunchRow => ({ ...row, id: Number(row.id), corregge_id: row.corregge_id === null ? null : Number(row.corregge_id) });

type ClockIn = { tz: string; p: NewPunch };

/** The clock-ins' INSERT in one zone, rendered and prepared once: only the punches' arrays and the instant vary. */
function clockInStatement(db: Db, tz: string) {
  const arr = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
  const stamp = sql`${sql.placeholder('stamp')}::timestamptz`;
  return preparedSql<PunchRow>(
    db,
    `tulip_clock_in_${tz.replace(/\W/g, '_')}`,
    sql`
      with k as (
        select * from unnest(${arr('dipendente_id', 'int')}, ${arr('verso', 'text')}, ${arr('fonte', 'text')}, ${arr('id_richiesta', 'uuid')},
          ${arr('motivo', 'text')}, ${arr('utente_id', 'int')}, ${arr('lat', 'float8')}, ${arr('lon', 'float8')}, ${arr('terminale_id', 'int')},
          ${arr('mese', 'text')}, ${arr('attivo_il', 'date')}, ${arr('ts_dispositivo', 'timestamptz')})
          with ordinality as k(dipendente_id, verso, fonte, id_richiesta, motivo, utente_id, lat, lon, terminale_id, mese, attivo_il, ts_dispositivo, ord)
      ),
      ins as (insert into ${timbrature} (dipendente_id, ts, creata_il, verso, fonte, id_richiesta, motivo, utente_id, lat, lon, terminale_id, ts_dispositivo)
      select k.dipendente_id, ${stamp}, ${stamp}, k.verso, k.fonte, k.id_richiesta, k.motivo, k.utente_id, k.lat, k.lon, k.terminale_id, k.ts_dispositivo
      from k
      where (k.mese is null or not exists (select 1 from ${mesiChiusi} m where m.mese = k.mese))
        and (k.attivo_il is null or exists (select 1 from ${dipendenti} d where d.id = k.dipendente_id
          and d.data_assunzione <= k.attivo_il and (d.data_cessazione is null or d.data_cessazione >= k.attivo_il)))
      order by k.ord
      on conflict (id_richiesta) do nothing
      ${returningPunch(tz)}),
      -- the webhooks' outbox (platform/webhooks.ts), in the same statement: nothing added to the punch's round trip
      o as (${outboxCte('timbratura.registrata', 'ins', stamp)})
      select * from ins`,
  );
}

/**
 * Clock-ins (at the server's time) of the requests that arrive together, stored by one INSERT over
 * the arrays of their fields: under load, one round trip and one statement carry dozens of punches.
 * Each punch is checked on its own (its month open, its employee employed that day); a punch the
 * statement does not store (refused, an id_richiesta already there, twice in the batch) answers null,
 * and its caller takes the one-punch path, which tells which case it is.
 */
const clockIns = perDb((db: Db) => {
  const statements = new Map<string, ReturnType<typeof clockInStatement>>();
  return batched<ClockIn, PunchRow | null>('timbrature', async (items) => {
    const tz = items[0].tz;
    const seen = new Set<string>();
    const sent = items.filter(({ tz: itemTz, p }) => {
      const key = p.id_richiesta.toLowerCase();
      if (itemTz !== tz || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    let insert = statements.get(tz);
    if (!insert) statements.set(tz, (insert = clockInStatement(db, tz)));
    const col = <T>(f: (p: NewPunch) => T) => sent.map(({ p }) => f(p));
    const rows = await insert({
      dipendente_id: col((p) => p.dipendente_id), verso: col((p) => p.verso), fonte: col((p) => p.fonte), id_richiesta: col((p) => p.id_richiesta),
      motivo: col((p) => p.motivo ?? null), utente_id: col((p) => p.utente_id ?? null), lat: col((p) => p.lat ?? null), lon: col((p) => p.lon ?? null),
      terminale_id: col((p) => p.terminale_id ?? null), mese: col((p) => p.mese ?? null), attivo_il: col((p) => p.attivoIl ?? null),
      ts_dispositivo: col((p) => p.ts_dispositivo ?? null),
      // one instant for the batch: they arrived in the same event-loop round
      stamp: now().toISOString(),
    });
    const stored = new Map(rows.map((r) => [String(r.id_richiesta).toLowerCase(), fromRaw(r)]));
    const answered = new Set<string>();
    return items.map(({ p }) => {
      const key = p.id_richiesta.toLowerCase();
      const row = stored.get(key);
      // only the first request with an id is the one that created the punch
      if (!row || answered.has(key)) return null;
      answered.add(key);
      return row;
    });
  });
});

/**
 * Stores a punch once per id_richiesta: the same request again answers the stored punch, a different
 * request under the same id is a conflict. `ts` null = the server's current time.
 * One statement on the way in (the closed-month check folded into the insert, conflicts absorbed by the
 * unique index), so a clock-in needs no explicit transaction; only a refusal costs a second read.
 * Clock-ins go through the batch above first.
 */
/** A punch just stored: the modules that act on punches hear of it (an exit closes the running phases, later). */
async function stored(db: Db, row: PunchRow): Promise<{ row: PunchRow; created: true }> {
  await publish(db, 'timbratura.registrata', row);
  // its webhooks' deliveries are in the outbox; a punch stored inside a transaction is kicked again after the commit
  kickWebhooks('timbratura.registrata');
  return { row, created: true };
}

export async function storePunch(db: Db, tz: string, p: NewPunch): Promise<{ row: PunchRow; created: boolean }> {
  if (p.ts === null && !p.corregge_id) {
    // a batch that fails as a whole (a dropped connection, say) is retried punch by punch below: each gets its own answer
    const row = await clockIns(db)({ tz, p }).catch(() => null);
    if (row) return stored(db, row);
  }
  const same = (row: PunchRow) =>
    row.dipendente_id === p.dipendente_id && row.verso === p.verso && (p.ts === null || row.ts === p.ts) && (!p.corregge_id || row.corregge_id === p.corregge_id);
  const ts = p.ts ? sql`(${p.ts}::timestamp at time zone ${tz})` : sqlNow();
  const inserted = (await db.execute(sql`
    with ins as (insert into ${timbrature} (dipendente_id, ts, creata_il, verso, fonte, id_richiesta, motivo, utente_id, lat, lon, terminale_id, corregge_id, ts_dispositivo)
    select ${p.dipendente_id}::int, ${ts}, ${sqlNow()}, ${p.verso}::char(1), ${p.fonte}::varchar, ${p.id_richiesta}::uuid, ${p.motivo ?? null}::text,
      ${p.utente_id ?? null}::int, ${p.lat ?? null}::float8, ${p.lon ?? null}::float8, ${p.terminale_id ?? null}::int, ${p.corregge_id ?? null}::bigint,
      ${p.ts_dispositivo ?? null}::timestamptz
    where ${p.mese ? sql`not exists (select 1 from ${mesiChiusi} where ${mesiChiusi.mese} = ${p.mese})` : sql`true`}
      and ${p.attivoIl ? sql`exists (select 1 from ${dipendenti} where ${dipendenti.id} = ${p.dipendente_id}::int and ${dipendenti.data_assunzione} <= ${p.attivoIl}::date and (${dipendenti.data_cessazione} is null or ${dipendenti.data_cessazione} >= ${p.attivoIl}::date))` : sql`true`}
    on conflict (id_richiesta) do nothing
    ${returningPunch(tz)}),
    o as (${outboxCte('timbratura.registrata', 'ins')})
    select * from ins`)) as unknown as { rows: PunchRow[] };
  if (inserted.rows.length) return stored(db, fromRaw(inserted.rows[0]));
  const existing = await byRequest(db, tz, p.id_richiesta);
  if (existing) {
    if (!same(existing)) throw new AppError(409, 'avvisi.richiesta_duplicata');
    return { row: existing, created: false };
  }
  // refused by a condition: say which (only refusals pay for this read)
  if (p.attivoIl) {
    const [d] = await db.select({ dal: dipendenti.data_assunzione, al: dipendenti.data_cessazione }).from(dipendenti).where(eq(dipendenti.id, p.dipendente_id));
    if (!d) throw new AppError(404, 'avvisi.not_found');
    if (p.attivoIl < d.dal) throw badRequest({ ts: 'avvisi.timbratura_prima_assunzione' });
    if (d.al && p.attivoIl > d.al) throw badRequest({ ts: 'avvisi.timbratura_dopo_cessazione' });
  }
  if (p.mese) throw new AppError(409, 'avvisi.mese_chiuso', { mese: p.mese });
  throw new AppError(409, 'avvisi.richiesta_duplicata');
}

async function byRequest(db: Db, tz: string, id: string): Promise<PunchRow | undefined> {
  const [row] = await db.select(punchColumns(tz)).from(timbrature).where(eq(timbrature.id_richiesta, id));
  return row as PunchRow | undefined;
}

export async function punchById(db: Db, tz: string, id: number): Promise<PunchRow | undefined> {
  const [row] = await db.select(punchColumns(tz)).from(timbrature).where(eq(timbrature.id, id));
  return row as PunchRow | undefined;
}

const canManage = (u: CurrentUser) => u.profilo?.scope === 'tutti' || u.profilo?.scope === 'reparto';

export function addMinutes(local: string, n: number): string {
  const d = new Date(`${local}Z`);
  d.setUTCMinutes(d.getUTCMinutes() + n);
  return d.toISOString().slice(0, 19);
}

/**
 * A punch from the web or the phone: one's own clock-in at the server's time; or, for HR and managers, a punch at a
 * chosen time with a reason (a correction, audited), never one's own and never in the future or outside employment.
 */
export async function recordPunch(db: Db, tz: string, user: CurrentUser, b: z.infer<typeof ZTimbraturaInput>): Promise<PunchRow> {
  const forOther = b.dipendente_id !== undefined && b.dipendente_id !== user.dipendente_id;
  let dipId: number;
  if (forOther || b.ts !== undefined) {
    // inserting a punch at a chosen time is a correction: HR or the manager, with a reason
    // someone else's punch is out of an employee's scope (404) whatever the body says; their own only at the current time
    if (!canManage(user)) throw forOther ? notFound() : badRequest({ ts: 'avvisi.ora_non_ammessa' });
    const fields: Record<string, string> = {}; // keys from code: the request's field names
    if (b.dipendente_id === undefined && !user.dipendente_id) fields.dipendente_id = 'avvisi.campo_richiesto';
    if (!b.ts) fields.ts = 'avvisi.campo_richiesto';
    if (!b.motivo) fields.motivo = 'avvisi.campo_richiesto';
    if (Object.keys(fields).length) throw badRequest(fields);
    dipId = b.dipendente_id ?? user.dipendente_id!;
  } else {
    if (!user.dipendente_id) throw badRequest({ dipendente_id: 'avvisi.campo_richiesto' });
    // clocking in: one's own employee is always in scope, and employment and the open month are checked by the insert itself
    const now = localNow(tz);
    const { row } = await storePunch(db, tz, {
      dipendente_id: user.dipendente_id, ts: null, verso: b.verso, fonte: b.fonte ?? 'web', id_richiesta: b.id_richiesta, utente_id: user.id,
      motivo: b.motivo ?? null, lat: b.lat, lon: b.lon, ts_dispositivo: b.ts_dispositivo ?? null, mese: now.data.slice(0, 7), attivoIl: now.data,
    });
    return row;
  }
  const dip = await employeeInScope(db, user, dipId);
  // nobody back-dates their own attendance: a punch of one's own at a chosen time goes to HR, or to another manager
  if (dip.id === user.dipendente_id) throw new AppError(403, 'avvisi.correzione_propria');
  // the device's time belongs to an employee's own clock-in sent late, never to a punch at a chosen time
  if (b.ts_dispositivo !== undefined) throw badRequest({ ts_dispositivo: 'avvisi.valore_non_valido' });
  const now = localNow(tz);
  const ts = b.ts!;
  if (ts > addMinutes(now.ts, 1)) throw badRequest({ ts: 'avvisi.timbratura_futura' });
  if (ts.slice(0, 10) < dip.data_assunzione) throw badRequest({ ts: 'avvisi.timbratura_prima_assunzione' });
  if (dip.data_cessazione && ts.slice(0, 10) > dip.data_cessazione) throw badRequest({ ts: 'avvisi.timbratura_dopo_cessazione' });
  // a manual punch is stored together with its audit entry
  const result = await db.transaction(async (tx) => {
    const res = await storePunch(tx as never, tz, {
      dipendente_id: dipId, ts, verso: b.verso, fonte: 'manuale', id_richiesta: b.id_richiesta, motivo: b.motivo ?? null, utente_id: user.id, mese: ts.slice(0, 7),
    });
    if (res.created) await audit(tx as never, user, { entita: 'timbrature', entita_id: res.row.id, azione: 'inserimento_manuale', dopo: res.row, motivo: b.motivo });
    return res;
  });
  kickWebhooks('timbratura.registrata');
  return result.row;
}

/**
 * A punch from another system's badge reader (issue #32 §3), made with an API token: the employee by badge code (as at
 * the kiosk, without a PIN: the reader is the trusted device), at the server's time, through the clock-ins' batch,
 * once per id_richiesta, refused in a closed month or outside employment like every punch; audited under the token's
 * name. `created` false: a repeat of a stored request, answered with the same punch.
 */
export async function badgePunch(db: Db, tz: string, user: CurrentUser, b: z.infer<typeof ZTimbraturaBadge>): Promise<{ row: PunchRow; created: boolean }> {
  const [dip] = await db.select({ id: dipendenti.id }).from(dipendenti).where(eq(dipendenti.badge, b.badge));
  if (!dip) throw new AppError(404, 'avvisi.badge_sconosciuto', { badge: b.badge });
  const now = localNow(tz);
  const res = await storePunch(db, tz, {
    dipendente_id: dip.id, ts: null, verso: b.verso, fonte: 'terminale', id_richiesta: b.id_richiesta, ts_dispositivo: b.ts_dispositivo ?? null,
    mese: now.data.slice(0, 7), attivoIl: now.data,
  });
  if (res.created) await audit(db, user, { entita: 'timbrature', entita_id: res.row.id, azione: 'badge', dopo: { dipendente_id: dip.id, verso: res.row.verso, ts: res.row.ts } });
  return res;
}

const MAX_GIORNI = 92;

/** Punches of one employee in scope, or of everyone in scope (a department's), over at most 92 days. */
export async function listPunches(db: Db, tz: string, user: CurrentUser, q: z.infer<typeof ZTimbratureQuery>): Promise<PunchRow[]> {
  if (q.al < q.dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
  if (daysBetween(q.dal, q.al) > MAX_GIORNI) throw badRequest({ al: 'avvisi.periodo_troppo_lungo' });
  const ids = q.dipendente_id
    ? [(await employeeInScope(db, user, q.dipendente_id)).id]
    : (await staffInScope(db, user, q.dal, q.al, q.reparto_id)).map((d) => d.id);
  return punchesBetween(db, tz, ids, `${q.dal}T00:00:00`, `${addDays(q.al, 1)}T00:00:00`);
}

/** The user's own work day in progress: since last night's open entry for a night shift still running, else today. */
export async function todaysPunches(db: Db, tz: string, user: CurrentUser) {
  if (!user.dipendente_id) throw notFound();
  const dip = await employeeInScope(db, user, user.dipendente_id);
  const now = localNow(tz);
  const today = now.data;
  const midnight = `${today}T00:00:00`;
  // since yesterday noon: a night shift that began yesterday and is still open is the work day in progress
  const rows = (await punchesBetween(db, tz, [dip.id], `${addDays(today, -1)}T12:00:00`, `${addDays(today, 1)}T00:00:00`)).filter((t) => t.stato === 'valida');
  const before = rows.filter((t) => t.ts < midnight);
  const open = before.length && before[before.length - 1].verso === 'E' ? before[before.length - 1] : null;
  // the day an entry made now would count for, among yesterday, today and tomorrow's shifts
  const giorni = [addDays(today, -1), today, addDays(today, 1)];
  const schedule = (await resolveSchedule(db, [dip.id], giorni[0], giorni[2])).get(dip.id);
  const turnoDi = (d: string) => schedule?.get(d)?.turno ?? null;
  const found = giornoDiEntrata(now.ts, giorni.map((d) => ({ data: d, turno: turnoDi(d) ? toEngineTurno(turnoDi(d)!) : null })));
  const shift = found ? turnoDi(found.data) : null;
  const entrata = found
    ? { data: found.data, turno: shift && found.inizio ? { codice: shift.codice, descrizione: shift.descrizione, inizio: found.inizio } : null, anticipo_minuti: found.anticipo_minuti }
    : null;
  return {
    entrata,
    dipendente: { id: dip.id, matricola: dip.matricola, cognome: dip.cognome, nome: dip.nome },
    // the day the running shift began: yesterday for a night shift still open at 05:30, else today
    data: open ? open.ts.slice(0, 10) : today,
    // the company's wall clock: the page's clock shows the time a punch is recorded at, whatever the device's zone
    ora: now.ts,
    timbrature: rows.filter((t) => t.ts >= (open ? open.ts : midnight)),
  };
}

/** A punch the user may correct or cancel: in scope, valid, and never their own. */
async function editablePunch(db: Db, tz: string, user: CurrentUser, id: number): Promise<PunchRow> {
  const orig = await punchById(db, tz, id);
  if (!orig) throw notFound();
  await employeeInScope(db, user, orig.dipendente_id);
  // nobody corrects their own records: the request goes to HR (or another manager)
  if (orig.dipendente_id === user.dipendente_id) throw new AppError(403, 'avvisi.correzione_propria');
  if (orig.stato !== 'valida') throw new AppError(409, 'avvisi.timbratura_annullata');
  return orig;
}

/**
 * The punch locked (platform/db/locks.ts) and still valid: two corrections or cancellations of one punch at the same
 * moment are one after the other, and the second is refused instead of storing a second corrected punch.
 */
async function stillValid(tx: Db, id: number) {
  await lockRows(tx, [{ table: timbrature, ids: [id] }]);
  const [p] = await tx.select({ stato: timbrature.stato }).from(timbrature).where(eq(timbrature.id, id));
  if (p?.stato !== 'valida') throw new AppError(409, 'avvisi.timbratura_annullata');
}

/** A correction: the original stays, cancelled with the reason, and the corrected punch points at it; audited. */
export async function correctPunch(db: Db, tz: string, user: CurrentUser, id: number, b: z.infer<typeof ZTimbraturaCorrezione>): Promise<PunchRow> {
  const orig = await editablePunch(db, tz, user, id);
  const ts = b.ts ?? orig.ts;
  if (ts > addMinutes(localNow(tz).ts, 1)) throw badRequest({ ts: 'avvisi.timbratura_futura' });
  const corrected = await db.transaction(async (tx) => {
    await stillValid(tx as never, orig.id);
    await assertMonthOpen(tx as never, orig.ts.slice(0, 10));
    await assertMonthOpen(tx as never, ts.slice(0, 10));
    await tx.update(timbrature).set({ stato: 'annullata', motivo_annullamento: b.motivo }).where(eq(timbrature.id, orig.id));
    const { row } = await storePunch(tx as never, tz, {
      dipendente_id: orig.dipendente_id, ts, verso: b.verso ?? orig.verso, fonte: 'manuale', id_richiesta: randomUUID(),
      motivo: b.motivo, utente_id: user.id, corregge_id: orig.id,
    });
    await audit(tx as never, user, { entita: 'timbrature', entita_id: orig.id, azione: 'correzione', prima: orig, dopo: row, motivo: b.motivo });
    return row;
  });
  kickWebhooks('timbratura.registrata');
  return corrected;
}

/** A cancellation: the punch stays, marked cancelled with its reason; audited. */
export async function cancelPunch(db: Db, tz: string, user: CurrentUser, id: number, motivo: string): Promise<void> {
  const orig = await editablePunch(db, tz, user, id);
  await db.transaction(async (tx) => {
    await stillValid(tx as never, orig.id);
    await assertMonthOpen(tx as never, orig.ts.slice(0, 10));
    await tx.update(timbrature).set({ stato: 'annullata', motivo_annullamento: motivo }).where(eq(timbrature.id, orig.id));
    await audit(tx as never, user, { entita: 'timbrature', entita_id: orig.id, azione: 'annullamento', prima: orig, motivo });
  });
}
