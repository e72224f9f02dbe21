/**
 * Shop-floor phase timers (issue #15): `inf` starts a phase now, `closePrevious` closes the running one at the same
 * instant and starts the next, `cf` closes the running one, `rtf` records a phase already done. Each runs under the
 * person's lock, so two concurrent switches leave one running phase and no overlap; each is idempotent on its request
 * id. Time is real elapsed time between instants (timestamptz), right across clock changes. Timers follow attendance:
 * a phase starts only while the person is clocked in (or with a warning, by parameter); the exit punch closes what is
 * running and flags it; a phase still running when its work day's window ends is closed at the shift's end, flagged.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { finestraGiorno, MARGINE_FINESTRA } from '@tulip/attendance';
import type { z } from 'zod';
import { leggiCodiceFase, type TFaseAzione, type TRegistrazione, type ZFaseTerminale, type ZIdentificazioneTerminale } from '@tulip/contract';
import { audit, auditAll } from '../../platform/audit';
import { sqlNow } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { localNow, localToInstant } from '../../platform/dates';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { commesse, fasi } from '../commesse';
import { terminalEmployee } from '../kiosk';
import { addMinutes, timbrature, type PunchRow } from '../timbrature';
import { resolveSchedule, toEngineTurno } from '../turni';
import { assertBookable, assertDayTotal, assertDayWritable, clockedInDays, closingAt, lockPeople, lockPerson, readBooking, readParametri, runningBookings, targetEmployee } from './service';
import { registrazioni, richiesteFase } from './tables';
import { switchInBatch } from './fasi-batch';

type Esito = { aperta: TRegistrazione | null; chiusa: TRegistrazione | null };


/** Whether the person is clocked in now, and the work day that entry opened (a night shift's began yesterday). */
export async function clockedIn(db: Db, tz: string, dipendenteId: number): Promise<{ data: string } | null> {
  const data = (await clockedInDays(db, tz, [dipendenteId])).get(dipendenteId);
  return data ? { data } : null;
}

/** The order and phase an action names: by ids, or by a scanned job-sheet barcode. */
async function phaseOf(db: Db, b: Pick<TFaseAzione, 'codice' | 'commessa_id' | 'fase_id'>): Promise<{ commessa_id: number; fase_id: number | null }> {
  if (b.codice) {
    const read = leggiCodiceFase(b.codice);
    if (!read) throw badRequest({ codice: 'avvisi.codice_fase_non_valido' });
    const [row] = await db
      .select({ commessa_id: commesse.id, fase_id: fasi.id })
      .from(fasi)
      .innerJoin(commesse, eq(commesse.id, fasi.commessa_id))
      .where(and(sql`upper(${commesse.codice}) = upper(${read.commessa})`, sql`upper(${fasi.codice}) = upper(${read.fase})`));
    if (!row) throw notFound();
    return row;
  }
  if (!b.commessa_id) throw badRequest({ commessa_id: 'avvisi.campo_richiesto' });
  return { commessa_id: b.commessa_id, fase_id: b.fase_id ?? null };
}

/**
 * Closes a running booking at an instant (never before its start): its minutes are the whole minutes elapsed, rounded,
 * in one statement; `set` adds the quantities, or the flag of a close nobody asked for. Audited.
 */
async function closeBooking(tx: Db, user: Actor, row: typeof registrazioni.$inferSelect, at: SQL, set: Partial<typeof registrazioni.$inferInsert> = {}) {
  const [done] = await tx
    .update(registrazioni)
    .set({ ...set, ...closingAt(at) })
    .where(eq(registrazioni.id, row.id))
    .returning();
  await audit(tx, user, { entita: 'registrazioni', entita_id: String(row.id), azione: 'update', prima: row, dopo: done });
  return done;
}

const closeRunning = (tx: Db, user: Actor, row: typeof registrazioni.$inferSelect, at: SQL, extra: { quantita?: number; scarto?: number; note?: string } = {}) =>
  closeBooking(tx, user, row, at, { quantita: extra.quantita ?? row.quantita, scarto: extra.scarto ?? row.scarto, note: extra.note ?? row.note });

/**
 * What a start needs, checked before the person's lock is taken (reads only, so the lock is held for the writes
 * alone): the order and phase bookable, the person clocked in (or the warning), the day writable.
 */
async function prepareStart(db: Db, tz: string, dipendenteId: number, target: { commessa_id: number; fase_id: number | null }, warn: boolean) {
  const [, wd] = await Promise.all([assertBookable(db, dipendenteId, target.commessa_id, target.fase_id), clockedIn(db, tz, dipendenteId)]);
  if (!wd && !warn) throw new AppError(409, 'avvisi.non_in_servizio');
  const data = wd?.data ?? localNow(tz).data;
  await assertDayWritable(db, dipendenteId, data);
  return { data, senzaPresenza: !wd };
}

async function start(tx: Db, user: Actor, dipendenteId: number, target: { commessa_id: number; fase_id: number | null }, data: string, idRichiesta: string, at: SQL) {
  const [row] = await tx
    .insert(registrazioni)
    .values({ dipendente_id: dipendenteId, data, ...target, minuti: 0, inizio: at, origine: 'timer', id_richiesta: idRichiesta, creata_da: user?.id ?? null })
    .returning();
  await audit(tx, user, { entita: 'registrazioni', entita_id: String(row.id), azione: 'create', dopo: row });
  return row;
}

/** A phase already done: from-to (never in the future, never over another timed booking) or minutes today. */
async function recordDone(tx: Db, tz: string, user: Actor, dipendenteId: number, target: { commessa_id: number; fase_id: number | null }, b: Omit<TFaseAzione, 'dipendente_id'>) {
  await assertBookable(tx, dipendenteId, target.commessa_id, target.fase_id);
  const now = localNow(tz);
  let values: Partial<typeof registrazioni.$inferInsert> & { data: string; minuti: number };
  if (b.inizio || b.fine) {
    if (!b.inizio || !b.fine) throw badRequest({ [b.inizio ? 'fine' : 'inizio']: 'avvisi.campo_richiesto' });
    if (b.fine > now.ts) throw badRequest({ fine: 'avvisi.nel_futuro' });
    const from = localToInstant(b.inizio, tz);
    const to = localToInstant(b.fine, tz);
    const [overlap] = await tx
      .select({ id: registrazioni.id })
      .from(registrazioni)
      .where(
        and(
          eq(registrazioni.dipendente_id, dipendenteId), isNotNull(registrazioni.inizio), lt(registrazioni.inizio, to),
          or(isNull(registrazioni.fine), gt(registrazioni.fine, from)),
        ),
      )
      .limit(1);
    if (overlap) throw new AppError(409, 'avvisi.sovrapposizione');
    // real elapsed time between the two instants: an hour of the autumn clock change counts twice
    const res = (await tx.execute(sql`select round(extract(epoch from (${to} - ${from})) / 60)::int as minuti`)) as unknown as { rows: { minuti: number }[] };
    values = { data: b.inizio.slice(0, 10), minuti: Number(res.rows[0].minuti), inizio: sql`${from}` as never, fine: sql`${to}` as never };
  } else {
    if (!b.minuti) throw badRequest({ minuti: 'avvisi.campo_richiesto' });
    values = { data: (await clockedIn(tx, tz, dipendenteId))?.data ?? now.data, minuti: b.minuti };
  }
  if (values.minuti < 1 || values.minuti > 1440) throw badRequest({ minuti: 'avvisi.minuti_non_validi' });
  await assertDayWritable(tx, dipendenteId, values.data);
  await assertDayTotal(tx, dipendenteId, values.data, values.minuti);
  const [row] = await tx
    .insert(registrazioni)
    .values({
      dipendente_id: dipendenteId, ...target, ...values, quantita: b.quantita ?? null, scarto: b.scarto ?? null, note: b.note ?? null, origine: 'timer',
      id_richiesta: b.id_richiesta, creata_da: user?.id ?? null,
    })
    .returning();
  await audit(tx, user, { entita: 'registrazioni', entita_id: String(row.id), azione: 'create', dopo: row });
  return row;
}

/** Who acts: a logged-in user, or nobody when a registered terminal identified the person by badge and PIN. */
type Actor = Pick<CurrentUser, 'id' | 'username'> | null;

/** `POST /api/rilevazione/fasi`: one of the four phase actions, for the caller (or, for HR, the employee named). */
export async function phaseAction(db: Db, tz: string, user: CurrentUser, b: TFaseAzione) {
  // one's own employee is in every scope (the guard read it with the user): a read less at every shift change's switch
  const own = user.dipendente_id != null && (b.dipendente_id === undefined || b.dipendente_id === user.dipendente_id);
  const dip = own ? { id: user.dipendente_id! } : await targetEmployee(db, user, b.dipendente_id);
  return phaseActionOf(db, tz, user, dip.id, b);
}

/** The same from a shop-floor terminal: the person identified as at the kiosk (badge and PIN, the same lockout). */
export async function terminalPhaseAction(db: Db, tz: string, key: unknown, ip: string, b: z.infer<typeof ZFaseTerminale>) {
  const { badge, matricola, utente, pin, ...azione } = b;
  const { dipendente } = await terminalEmployee(db, tz, key, ip, { badge, matricola, utente, pin });
  return phaseActionOf(db, tz, null, dipendente.id, azione);
}

/** Who stands at the terminal, and what they have running. */
export async function terminalState(db: Db, tz: string, key: unknown, ip: string, b: z.infer<typeof ZIdentificazioneTerminale>) {
  const { dipendente } = await terminalEmployee(db, tz, key, ip, b);
  const [row] = await runningBookings(db, [dipendente.id]);
  return { dipendente: { nome: dipendente.nome, cognome: dipendente.cognome }, aperta: row ? await readBooking(db, tz, row.id) : null };
}

async function phaseActionOf(db: Db, tz: string, user: Actor, dipendenteId: number, b: Omit<TFaseAzione, 'dipendente_id'>): Promise<{ esito: Esito; senzaPresenza: boolean }> {
  const dip = { id: dipendenteId };
  const { id_richiesta, ...rest } = b;
  const impronta = JSON.stringify({ ...rest, dipendente_id: dip.id });
  const replay = async () => {
    const [prior] = await db.select().from(richiesteFase).where(eq(richiesteFase.id_richiesta, id_richiesta));
    if (!prior) return null;
    if (prior.impronta !== impronta) throw new AppError(409, 'avvisi.richiesta_diversa');
    return prior.risposta as { esito: Esito; senzaPresenza: boolean };
  };
  // starts and switches go through the batch of their event-loop round (issue #30); what it cannot answer exactly, below
  if ((b.op === 'inf' || b.op === 'closePrevious') && (b.commessa_id || b.codice)) {
    const target = await phaseOf(db, b).catch(() => null);
    const batched = target && (await switchInBatch(db, { tz, user, dipendenteId: dip.id, op: b.op, target, idRichiesta: id_richiesta, impronta }));
    if (batched) return batched as { esito: Esito; senzaPresenza: boolean };
  }
  const [seen, params] = await Promise.all([replay(), readParametri(db)]);
  if (seen) return seen;
  const starting = b.op === 'inf' || b.op === 'closePrevious';
  const target = starting || b.op === 'rtf' || b.commessa_id || b.codice ? await phaseOf(db, b) : null;
  const ready = starting ? await prepareStart(db, tz, dip.id, target!, params.timer_senza_presenza === 'avvisa') : null;
  const answer = await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await lockPerson(tx, dip.id);
    // a retry that waited on the lock behind its own first try finds its answer here
    const [done] = await tx.select({ id: richiesteFase.id_richiesta }).from(richiesteFase).where(eq(richiesteFase.id_richiesta, id_richiesta));
    if (done) return null;
    const open = await runningBookings(tx, [dip.id]);
    let aperta: number | null = null;
    let chiusa: number | null = null;
    let senzaPresenza = false;
    // one request, one instant: a switch closes the running phase exactly when the next one starts
    const at = sqlNow();
    if (starting) {
      if (b.op === 'inf' && open.length && !params.fasi_parallele) throw new AppError(409, 'avvisi.fase_in_corso', { codice: await phaseLabel(tx, open[0]) });
      if (b.op === 'closePrevious') for (const r of open) chiusa = (await closeRunning(tx, user, r, at)).id;
      aperta = (await start(tx, user, dip.id, target!, ready!.data, id_richiesta, at)).id;
      senzaPresenza = ready!.senzaPresenza;
    } else if (b.op === 'cf') {
      if (!open.length) throw new AppError(409, 'avvisi.nessuna_fase');
      const which = target;
      const row = which ? open.find((r) => r.commessa_id === which.commessa_id && (which.fase_id === null || r.fase_id === which.fase_id)) : open[0];
      if (!row) throw new AppError(409, 'avvisi.nessuna_fase');
      chiusa = (await closeRunning(tx, user, row, at, { quantita: b.quantita, scarto: b.scarto, note: b.note })).id;
    } else {
      chiusa = (await recordDone(tx, tz, user, dip.id, target!, b)).id;
      aperta = open[0]?.id ?? null;
    }
    // the answer is recorded with the write, in its transaction (issue #27 §4): a resend that waited on the person's lock
    // finds it above, and one that comes later gets it from replay()
    const esito: Esito = {
      aperta: aperta ? await readBooking(tx, tz, aperta) : null,
      chiusa: chiusa ? await readBooking(tx, tz, chiusa) : null,
    };
    const answer = { esito, senzaPresenza };
    await tx.insert(richiesteFase).values({ id_richiesta, dipendente_id: dip.id, impronta, risposta: answer });
    return answer;
  });
  return answer ?? (await replay())!;
}

async function phaseLabel(db: Db, r: typeof registrazioni.$inferSelect) {
  const [row] = await db.select({ c: commesse.codice, f: fasi.codice }).from(commesse).leftJoin(fasi, eq(fasi.id, r.fase_id ?? -1)).where(eq(commesse.id, r.commessa_id));
  return row ? `${row.c}${row.f ? `/${row.f}` : ''}` : '';
}

/** The caller's running booking (or the named employee's), or null. */
export async function runningPhase(db: Db, tz: string, user: CurrentUser, dipendenteId: number | undefined) {
  const dip = await targetEmployee(db, user, dipendenteId);
  const [row] = await runningBookings(db, [dip.id]);
  return row ? readBooking(db, tz, row.id) : null;
}

/**
 * The exit punches stored together close what their people have running, each at its punch's instant, flagged for
 * review: one transaction for the batch (the people's locks in one statement, one UPDATE, one audit INSERT), never one
 * per punch — a shift change is when hundreds of exits arrive at once (issue #30).
 */
export async function closeAtExit(db: Db, punches: PunchRow[]) {
  // a person's first exit of the batch is the one that closes (a second one finds nothing running)
  const exits = new Map<number, number>();
  for (const p of punches) if (p.verso === 'U' && p.stato === 'valida' && !exits.has(p.dipendente_id)) exits.set(p.dipendente_id, p.id);
  if (!exits.size) return;
  const people = [...exits.keys()];
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await lockPeople(tx, people);
    const open = await runningBookings(tx, people);
    if (!open.length) return;
    // each row's exit instant: its person's punch, read from the stored row
    const at = sql`(select t.ts from unnest(${sql.param(people)}::int[], ${sql.param(people.map((d) => exits.get(d)!))}::bigint[]) as k(dip, punch)
      join ${timbrature} t on t.id = k.punch where k.dip = ${registrazioni.dipendente_id})`;
    const done = await tx
      .update(registrazioni)
      .set({ ...closingAt(at), da_verificare: true, motivo_verifica: 'uscita' })
      .where(and(inArray(registrazioni.id, open.map((r) => r.id)), isNull(registrazioni.fine)))
      .returning();
    const after = new Map(done.map((r) => [r.id, r]));
    await auditAll(tx, open.map((r) => [null, { entita: 'registrazioni', entita_id: String(r.id), azione: 'update', prima: r, dopo: after.get(r.id) ?? null }]));
  });
}

/**
 * The scheduled sweep: a phase still running after its work day's window (the last band's end + 4 h, DESIGN §8 rule
 * 13) with no exit punch is closed at the shift's end, flagged. A T3 night is never cut at midnight: its window ends
 * the next morning. Without a shift that day, the window is the calendar day, closed at its end.
 */
export async function closeAfterWindow(db: Db, tz: string): Promise<number> {
  const now = localNow(tz);
  const candidates = await db
    .select({ id: registrazioni.id, dipendente_id: registrazioni.dipendente_id, data: registrazioni.data })
    .from(registrazioni)
    .where(and(isNotNull(registrazioni.inizio), isNull(registrazioni.fine), lte(registrazioni.data, now.data)));
  if (!candidates.length) return 0;
  // every candidate's shift in one read of the calendar
  const days = candidates.map((c) => c.data).sort();
  const schedule = await resolveSchedule(db, [...new Set(candidates.map((c) => c.dipendente_id))], days[0], days[days.length - 1]);
  let closed = 0;
  for (const c of candidates) {
    const t = schedule.get(c.dipendente_id)?.get(c.data)?.turno ?? null;
    const window = finestraGiorno(c.data, t ? toEngineTurno(t) : null);
    if (window.a >= now.ts) continue;
    const end = t ? addMinutes(window.a, -MARGINE_FINESTRA) : window.a;
    await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      await lockPerson(tx, c.dipendente_id);
      const [before] = await tx.select().from(registrazioni).where(and(eq(registrazioni.id, c.id), isNull(registrazioni.fine)));
      if (!before) return;
      await closeBooking(tx, null, before, localToInstant(end, tz), { da_verificare: true, motivo_verifica: 'fine_turno' });
      closed++;
    });
  }
  return closed;
}
