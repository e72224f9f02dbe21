/**
 * Phase starts and switches (`inf`, `closePrevious`) that arrive in the same event-loop round, done together (issue
 * #30): at a shift change hundreds of people switch at once, and one transaction each, under each one's lock, queued
 * on a pool of ten connections, made every switch wait for the others.
 *
 * The batch reads what every start needs in one statement per kind, before any lock (replays, order and phase open and
 * visible, clocked in, month and week writable); then one transaction takes the people's locks in one statement (in
 * ascending order), re-reads what they have running, closes it, starts the next phases, audits, reads the answers and
 * records them under their request ids: a fixed number of statements for the batch. Each request is still checked and
 * answered on its own: one the batch cannot answer exactly as the one-request path would (any refusal, a replay, a
 * second request of the same person in the batch) answers null, and its caller takes the one-request path, which
 * gives the precise answer or error.
 */
import { and, inArray, sql } from 'drizzle-orm';
import { auditInsert, type Audited } from '../../platform/audit';
import { now, sqlNow } from '../../platform/clock';
import { anyOf, rowsOf, tableRows, type Db } from '../../platform/db';
import { batched, perDb } from '../../platform/db/batch';
import { localNow, mondayOf } from '../../platform/dates';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti } from '../anagrafica';
import { commesse, fasi, visibleToEmployeeRow } from '../commesse';
import { mesiChiusi } from '../turni';
import { bookingsQuery, clockedInDays, closingAt, lockPeople, readParametri, runningBookings } from './service';
import { registrazioni, richiesteFase, settimane } from './tables';

type Actor = Pick<CurrentUser, 'id' | 'username'> | null;
export type Switch = {
  tz: string;
  user: Actor;
  dipendenteId: number;
  op: 'inf' | 'closePrevious';
  target: { commessa_id: number; fase_id: number | null };
  idRichiesta: string;
  impronta: string;
};
type Answer = { esito: { aperta: unknown; chiusa: unknown }; senzaPresenza: boolean };

/** Which (order, phase, person) triples may start now: order open and visible to the person, the phase its own and open. */
async function bookable(db: Db, items: Switch[]): Promise<boolean[]> {
  const rows = await rowsOf<{ ord: number }>(
    db,
    sql`select k.ord from unnest(${sql.param(items.map((i) => i.target.commessa_id))}::int[], ${sql.param(items.map((i) => i.target.fase_id))}::int[],
        ${sql.param(items.map((i) => i.dipendenteId))}::int[]) with ordinality as k(commessa_id, fase_id, dipendente_id, ord)
      join ${commesse} on ${commesse.id} = k.commessa_id
      join ${dipendenti} on ${dipendenti.id} = k.dipendente_id
      where ${commesse.stato} = 'aperta' and ${visibleToEmployeeRow()}
        and case when k.fase_id is null then not exists (select 1 from ${fasi} f where f.commessa_id = k.commessa_id)
          else exists (select 1 from ${fasi} f where f.id = k.fase_id and f.commessa_id = k.commessa_id and f.stato = 'aperta') end`,
  );
  const ok = new Set(rows.map((r) => Number(r.ord)));
  return items.map((_, i) => ok.has(i + 1));
}

/** Which (person, day) pairs may take a change: the month open, the week neither sent nor approved. */
async function writableDays(db: Db, pairs: { dipendenteId: number; data: string }[]): Promise<boolean[]> {
  const months = [...new Set(pairs.map((p) => p.data.slice(0, 7)))];
  const [closed, locked] = await Promise.all([
    db.select({ mese: mesiChiusi.mese }).from(mesiChiusi).where(inArray(mesiChiusi.mese, months)),
    db
      .select({ dipendente_id: settimane.dipendente_id, lunedi: settimane.lunedi })
      .from(settimane)
      .where(and(anyOf(settimane.dipendente_id, pairs.map((p) => p.dipendenteId)), inArray(settimane.stato, ['inviata', 'approvata']))),
  ]);
  const shut = new Set(closed.map((m) => m.mese));
  const busy = new Set(locked.map((w) => `${w.dipendente_id}|${w.lunedi}`));
  return pairs.map((p) => !shut.has(p.data.slice(0, 7)) && !busy.has(`${p.dipendenteId}|${mondayOf(p.data)}`));
}

async function run(db: Db, items: Switch[]): Promise<(Answer | null)[]> {
  const out: (Answer | null)[] = items.map(() => null);
  const tz = items[0].tz;
  // one request per person and request id in the batch, all in the same zone; the others take the one-request path
  const people = new Set<number>();
  const ids = new Set<string>();
  let todo = items.flatMap((it, i) => {
    if (it.tz !== tz || people.has(it.dipendenteId) || ids.has(it.idRichiesta.toLowerCase())) return [];
    people.add(it.dipendenteId);
    ids.add(it.idRichiesta.toLowerCase());
    return [i];
  });
  if (!todo.length) return out;

  // the reads, before any lock, side by side; whether the day is writable is read for today, the day nearly every
  // start is booked on (a night shift's start, booked on the day its entry began, is read again below)
  const today = localNow(tz).data;
  const [prior, params, ok, days, writableToday] = await Promise.all([
    db.select({ id: richiesteFase.id_richiesta }).from(richiesteFase).where(inArray(richiesteFase.id_richiesta, todo.map((i) => items[i].idRichiesta))),
    readParametri(db),
    bookable(db, todo.map((i) => items[i])),
    clockedInDays(db, tz, todo.map((i) => items[i].dipendenteId)),
    writableDays(db, todo.map((i) => ({ dipendenteId: items[i].dipendenteId, data: today }))),
  ]);
  const replayed = new Set(prior.map((p) => String(p.id).toLowerCase()));
  const warn = params.timer_senza_presenza === 'avvisa';
  const start = new Map<number, { data: string; senzaPresenza: boolean }>();
  const writable = new Map(todo.map((i, k) => [i, writableToday[k]]));
  todo = todo.filter((i, k) => {
    const it = items[i];
    const day = days.get(it.dipendenteId);
    if (replayed.has(it.idRichiesta.toLowerCase()) || !ok[k] || (!day && !warn)) return false;
    start.set(i, { data: day ?? today, senzaPresenza: !day });
    return true;
  });
  const otherDay = todo.filter((i) => start.get(i)!.data !== today);
  if (otherDay.length) {
    const w = await writableDays(db, otherDay.map((i) => ({ dipendenteId: items[i].dipendenteId, data: start.get(i)!.data })));
    otherDay.forEach((i, k) => writable.set(i, w[k]));
  }
  todo = todo.filter((i) => writable.get(i));
  if (!todo.length) return out;

  const answers = await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const who = todo.map((i) => items[i].dipendenteId);
    await lockPeople(tx, who);
    // a retry that waited on the lock behind its own first try takes the one-request path, which finds its answer
    const done = await tx.select({ id: richiesteFase.id_richiesta }).from(richiesteFase).where(inArray(richiesteFase.id_richiesta, todo.map((i) => items[i].idRichiesta)));
    const seen = new Set(done.map((d) => String(d.id).toLowerCase()));
    const open = await runningBookings(tx, who);
    const openOf = (d: number) => open.filter((r) => r.dipendente_id === d);
    // a start beside a running phase is refused unless parallel phases are allowed: the one-request path says so
    const go = todo.filter((i) => !seen.has(items[i].idRichiesta.toLowerCase()) && !(items[i].op === 'inf' && openOf(items[i].dipendenteId).length && !params.fasi_parallele));
    if (!go.length) return new Map<number, Answer>();
    // one instant for the batch: a switch closes the running phase exactly when the next one starts
    const at = sqlNow();
    const closing = go.filter((i) => items[i].op === 'closePrevious').flatMap((i) => openOf(items[i].dipendenteId).map((r) => ({ i, r })));
    // the closes and the starts in one statement, read back by the columns' own mappings exactly as the query builder
    // would (the audit stores them): the builder checked and wrapped every value of every row of the batch's INSERT, some
    // 12 % of the server's time at a shift change, and each statement more is a round trip under the people's locks
    const close = closingAt(at);
    const rowsIn = JSON.stringify(
      go.map((i) => ({ dipendente_id: items[i].dipendenteId, data: start.get(i)!.data, commessa_id: items[i].target.commessa_id, fase_id: items[i].target.fase_id, id_richiesta: items[i].idRichiesta, creata_da: items[i].user?.id ?? null })),
    );
    const written = await rowsOf<Record<string, unknown> & { scritta: 'chiusa' | 'aperta' }>(
      tx,
      sql`with chiuse as (
          update ${registrazioni} set fine = ${close.fine}, minuti = ${close.minuti}
          where ${registrazioni.id} = any(${sql.param(closing.map((c) => c.r.id))}::bigint[])
          returning *),
        aperte as (
          insert into ${registrazioni} (dipendente_id, data, commessa_id, fase_id, minuti, inizio, origine, id_richiesta, creata_da, creata_il)
          select x.dipendente_id, x.data, x.commessa_id, x.fase_id, 0, ${at}, 'timer', x.id_richiesta, x.creata_da, ${now().toISOString()}::timestamptz
          from jsonb_to_recordset(${rowsIn}::jsonb) as x(dipendente_id int, data date, commessa_id int, fase_id int, id_richiesta uuid, creata_da int)
          returning *)
        select 'chiusa' as scritta, * from chiuse union all select 'aperta' as scritta, * from aperte`,
    );
    const closed = tableRows(registrazioni, written.filter((r) => r.scritta === 'chiusa'));
    const started = tableRows(registrazioni, written.filter((r) => r.scritta === 'aperta'));
    // in the order of go, whatever order the statement returned them in
    const rank = new Map(go.map((i, k) => [items[i].idRichiesta.toLowerCase(), k]));
    started.sort((a, b) => rank.get(String(a.id_richiesta).toLowerCase())! - rank.get(String(b.id_richiesta).toLowerCase())!);
    const read = new Map((await bookingsQuery(tx, tz, inArray(registrazioni.id, [...started.map((r) => r.id), ...closed.map((r) => r.id)]))).map((b) => [b.id, b]));
    const result = new Map<number, Answer>();
    go.forEach((i, k) => {
      // the running phase closed for this person (the last one, when parallel phases ran)
      const chiusa = closing.filter((c) => c.i === i).map((c) => c.r.id).at(-1);
      result.set(i, { esito: { aperta: read.get(started[k].id) ?? null, chiusa: chiusa ? (read.get(chiusa) ?? null) : null }, senzaPresenza: start.get(i)!.senzaPresenza });
    });
    // the audit, and the answers recorded with the writes (issue #27 §4: a resend finds them), in one statement
    const after = new Map(closed.map((r) => [r.id, r]));
    const audited = auditInsert([
      ...closing.map(({ i, r }): Audited => [items[i].user, { entita: 'registrazioni', entita_id: String(r.id), azione: 'update', prima: r, dopo: after.get(r.id) ?? null }]),
      ...started.map((r, k): Audited => [items[go[k]].user, { entita: 'registrazioni', entita_id: String(r.id), azione: 'create', dopo: r }]),
    ]);
    const answered = JSON.stringify(
      go.map((i) => ({ id_richiesta: items[i].idRichiesta, dipendente_id: items[i].dipendenteId, impronta: items[i].impronta, risposta: result.get(i)! })),
    );
    await tx.execute(sql`with audited as (${audited})
      insert into ${richiesteFase} (id_richiesta, dipendente_id, impronta, risposta, creata_il)
      select id_richiesta, dipendente_id, impronta, risposta, ${now().toISOString()}::timestamptz
      from jsonb_to_recordset(${answered}::jsonb) as x(id_richiesta uuid, dipendente_id int, impronta text, risposta jsonb)`);
    return result;
  });
  for (const [i, a] of answers) out[i] = a;
  return out;
}

const switches = perDb((db: Db) => batched<Switch, Answer | null>('fasi', (items) => run(db, items), 500, 1));

/**
 * A start or switch through the batch of its event-loop round: its answer, or null when the one-request path must
 * answer it (a refusal, a replay, a second request of the same person in the batch, or a batch that failed as a whole).
 */
export function switchInBatch(db: Db, s: Switch): Promise<Answer | null> {
  return switches(db)(s).catch(() => null);
}
