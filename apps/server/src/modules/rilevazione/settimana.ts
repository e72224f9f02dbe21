/**
 * The weekly grid and its approval (issue #15): a person's week by order and phase, Monday to Sunday, beside the
 * timecard's worked minutes; saved as the grid's own bookings (origin `settimanale`), never below what timers and
 * reports recorded; sent, then approved by the department's manager or HR, or sent back with a reason (also by the
 * capo commessa of an order booked that week). An approved week is locked; HR reopens it with a reason. The
 * employee is told of each decision by e-mail.
 */
import { and, asc, desc, eq, gte, lte, ne, or, sql } from 'drizzle-orm';
import { isoWeekMonday, isoWeekOf, MINUTI_REGISTRABILI_GIORNO, type TSettimana, type TSettimanaSalva, type TStatoSettimana } from '@tulip/contract';
import { audit } from '../../platform/audit';
import { sqlNow } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { perDb } from '../../platform/db/batch';
import { addDays, dataIt, eachDay, instantToLocal } from '../../platform/dates';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { enqueueWebhooks, kickWebhooks } from '../../platform/webhooks';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, dipendentiScope, employeeInScope, reparti, utenti } from '../anagrafica';
import { commesse, fasi } from '../commesse';
import { buildMonths } from '../consultazione';
import { sendTranslatedMail, translate } from '../lingue';
import { mesiChiusi } from '../turni';
import { assertBookable, assertDayWritable, lockPerson, readParametri, targetEmployee, weekState } from './service';
import { registrazioni, settimane } from './tables';

const mondayOfWeek = (settimana: string) => {
  const m = isoWeekMonday(settimana);
  if (!m) throw badRequest({ settimana: 'avvisi.settimana_non_valida' });
  return m;
};

/** Whether the caller leads an order the person booked on that week (a capo commessa reads and sends back such weeks). */
async function leadsBookedOrder(db: Db, user: CurrentUser, dipendenteId: number, lunedi: string) {
  if (!user.dipendente_id) return false;
  const [row] = await db
    .select({ id: registrazioni.id })
    .from(registrazioni)
    .innerJoin(commesse, eq(commesse.id, registrazioni.commessa_id))
    .where(and(eq(registrazioni.dipendente_id, dipendenteId), gte(registrazioni.data, lunedi), lte(registrazioni.data, addDays(lunedi, 6)), eq(commesse.capo_commessa_id, user.dipendente_id)))
    .limit(1);
  return !!row;
}

/** The person whose week the caller reads: theirs, one in their scope, or one who booked on an order they lead. */
async function weekPerson(db: Db, user: CurrentUser, id: number | undefined, lunedi: string) {
  try {
    return await targetEmployee(db, user, id);
  } catch (e) {
    if (id === undefined || !(await leadsBookedOrder(db, user, id, lunedi))) throw e;
    const [d] = await db.select().from(dipendenti).where(eq(dipendenti.id, id));
    if (!d) throw notFound();
    return d;
  }
}

export async function readWeek(db: Db, tz: string, user: CurrentUser, q: { dipendente?: number; settimana: string }): Promise<TSettimana> {
  const lunedi = mondayOfWeek(q.settimana);
  const dip = await weekPerson(db, user, q.dipendente, lunedi);
  return weekOf(db, tz, dip, q.settimana, lunedi);
}

/** What the grid reads besides the timecard, built once per database handle and named (as the schedule's reads: turni). */
const weekReads = perDb((db: Db) => ({
  bookings: db
    .select({
      commessa_id: registrazioni.commessa_id, commessa_codice: commesse.codice, commessa_descrizione: commesse.descrizione, commessa_stato: commesse.stato,
      fase_id: registrazioni.fase_id, fase_codice: fasi.codice, fase_descrizione: fasi.descrizione, data: registrazioni.data, origine: registrazioni.origine,
      minuti: registrazioni.minuti,
    })
    .from(registrazioni)
    .innerJoin(commesse, eq(commesse.id, registrazioni.commessa_id))
    .leftJoin(fasi, eq(fasi.id, registrazioni.fase_id))
    .where(and(eq(registrazioni.dipendente_id, sql.placeholder('dipendente')), gte(registrazioni.data, sql.placeholder('dal')), lte(registrazioni.data, sql.placeholder('al'))))
    .orderBy(asc(commesse.codice), asc(fasi.ordine))
    .prepare('tulip_settimana_registrazioni'),
  // the week's months (one, or two when it straddles): 'YYYY-MM' compares as it reads
  closedMonths: db
    .select()
    .from(mesiChiusi)
    .where(and(gte(mesiChiusi.mese, sql.placeholder('dal')), lte(mesiChiusi.mese, sql.placeholder('al'))))
    .prepare('tulip_settimana_mesi_chiusi'),
}));

async function weekOf(db: Db, tz: string, dip: typeof dipendenti.$inferSelect, settimana: string, lunedi: string): Promise<TSettimana> {
  const giorni = eachDay(lunedi, addDays(lunedi, 6));
  const reads = weekReads(db);
  const [rows, state, params, closed, [month]] = await Promise.all([
    reads.bookings.execute({ dipendente: dip.id, dal: lunedi, al: giorni[6] }),
    weekState(db, dip.id, lunedi),
    readParametri(db),
    reads.closedMonths.execute({ dal: giorni[0].slice(0, 7), al: giorni[6].slice(0, 7) }),
    buildMonths(db, tz, [{ ...dip, reparto_descrizione: null }], lunedi, giorni[6], { detail: false }),
  ]);
  const righe = new Map<string, TSettimana['righe'][number]>();
  for (const r of rows) {
    const key = `${r.commessa_id}:${r.fase_id ?? ''}`;
    const riga =
      righe.get(key) ??
      righe
        .set(key, {
          commessa_id: r.commessa_id, commessa_codice: r.commessa_codice, commessa_descrizione: r.commessa_descrizione,
          commessa_stato: r.commessa_stato as TSettimana['righe'][number]['commessa_stato'], fase_id: r.fase_id, fase_codice: r.fase_codice,
          fase_descrizione: r.fase_descrizione, minuti: [0, 0, 0, 0, 0, 0, 0], minimi: [0, 0, 0, 0, 0, 0, 0],
        })
        .get(key)!;
    const i = giorni.indexOf(r.data);
    riga.minuti[i] += r.minuti;
    if (r.origine !== 'settimanale') riga.minimi[i] += r.minuti;
  }
  const list = [...righe.values()];
  const lavorati = giorni.map((d) => month?.giorni.find((g) => g.data === d)?.minuti_lavorati ?? 0);
  const closedMonths = new Set(closed.map((c) => c.mese));
  return {
    dipendente_id: dip.id, settimana, giorni, righe: list,
    totali_giorno: giorni.map((_, i) => list.reduce((s, r) => s + r.minuti[i], 0)),
    lavorati_giorno: lavorati, tolleranza: params.tolleranza_minuti, stato: (state?.stato ?? 'bozza') as TStatoSettimana, motivo_rifiuto: state?.motivo ?? null,
    chiusi: giorni.map((d) => closedMonths.has(d.slice(0, 7))),
  };
}

/**
 * Saves the grid: each cell's minutes become the total of that order, phase and day. The grid's own booking of the
 * cell takes the difference from what timers and reports recorded (never below it); a row left out loses its grid
 * minutes. Only cells that change are checked (an order closed since can still be read back as it was).
 */
export async function saveWeek(db: Db, tz: string, user: CurrentUser, b: TSettimanaSalva): Promise<TSettimana> {
  const lunedi = mondayOfWeek(b.settimana);
  const dip = await targetEmployee(db, user, b.dipendente_id);
  const giorni = eachDay(lunedi, addDays(lunedi, 6));
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await lockPerson(tx, dip.id);
    const w = await weekState(tx, dip.id, lunedi);
    if (w?.stato === 'approvata') throw new AppError(409, 'avvisi.settimana_approvata');
    if (w?.stato === 'inviata') throw new AppError(409, 'avvisi.settimana_inviata');
    const existing = await tx.select().from(registrazioni).where(and(eq(registrazioni.dipendente_id, dip.id), gte(registrazioni.data, lunedi), lte(registrazioni.data, giorni[6])));
    const keyOf = (c: number, f: number | null | undefined, d: string) => `${c}:${f ?? ''}:${d}`;
    const wanted = new Map<string, { commessa_id: number; fase_id: number | null; data: string; minuti: number }>();
    for (const r of b.righe) giorni.forEach((d, i) => wanted.set(keyOf(r.commessa_id, r.fase_id, d), { commessa_id: r.commessa_id, fase_id: r.fase_id ?? null, data: d, minuti: r.minuti[i] }));
    const own = new Map<string, (typeof existing)[number]>();
    const fixed = new Map<string, number>();
    for (const e of existing) {
      const k = keyOf(e.commessa_id, e.fase_id, e.data);
      if (e.origine === 'settimanale') own.set(k, e);
      else fixed.set(k, (fixed.get(k) ?? 0) + e.minuti);
    }
    // cells of rows left out: their grid minutes go
    for (const [k, e] of own) if (!wanted.has(k)) wanted.set(k, { commessa_id: e.commessa_id, fase_id: e.fase_id, data: e.data, minuti: fixed.get(k) ?? 0 });
    const checked = new Set<string>();
    for (const [k, cell] of wanted) {
      const floor = fixed.get(k) ?? 0;
      if (cell.minuti < floor) throw badRequest({ righe: 'avvisi.sotto_minimi' });
      const target = cell.minuti - floor;
      const e = own.get(k);
      if ((e?.minuti ?? 0) === target) continue;
      await assertDayWritable(tx, dip.id, cell.data);
      const pair = `${cell.commessa_id}:${cell.fase_id ?? ''}`;
      if (target > (e?.minuti ?? 0) && !checked.has(pair)) {
        await assertBookable(tx, dip.id, cell.commessa_id, cell.fase_id);
        checked.add(pair);
      }
      if (e && target === 0) {
        await tx.delete(registrazioni).where(eq(registrazioni.id, e.id));
        await audit(tx, user, { entita: 'registrazioni', entita_id: String(e.id), azione: 'delete', prima: e });
      } else if (e) {
        const [after] = await tx.update(registrazioni).set({ minuti: target }).where(eq(registrazioni.id, e.id)).returning();
        await audit(tx, user, { entita: 'registrazioni', entita_id: String(e.id), azione: 'update', prima: e, dopo: after });
      } else {
        const [row] = await tx
          .insert(registrazioni)
          .values({ dipendente_id: dip.id, commessa_id: cell.commessa_id, fase_id: cell.fase_id, data: cell.data, minuti: target, origine: 'settimanale', creata_da: user.id })
          .returning();
        await audit(tx, user, { entita: 'registrazioni', entita_id: String(row.id), azione: 'create', dopo: row });
      }
    }
    // at most 13 hours a day (D.Lgs 66/2003 art. 7)
    const totals = await tx
      .select({ data: registrazioni.data, n: sql<number>`sum(${registrazioni.minuti})::int` })
      .from(registrazioni)
      .where(and(eq(registrazioni.dipendente_id, dip.id), gte(registrazioni.data, lunedi), lte(registrazioni.data, giorni[6])))
      .groupBy(registrazioni.data);
    if (totals.some((t) => Number(t.n) > MINUTI_REGISTRABILI_GIORNO)) throw badRequest({ righe: 'avvisi.oltre_giornata' });
  });
  return weekOf(db, tz, dip, b.settimana, lunedi);
}

async function setWeekState(tx: Db, user: CurrentUser, dipendenteId: number, lunedi: string, stato: TStatoSettimana, motivo: string | null) {
  const before = await weekState(tx, dipendenteId, lunedi);
  const values = {
    stato, motivo,
    ...(stato === 'inviata' ? { inviata_il: sqlNow() as never, decisa_da: null, decisa_il: null } : { decisa_da: user.id, decisa_il: sqlNow() as never }),
  };
  await tx.insert(settimane).values({ dipendente_id: dipendenteId, lunedi, ...values }).onConflictDoUpdate({ target: [settimane.dipendente_id, settimane.lunedi], set: values });
  await tx
    .update(registrazioni)
    .set({ stato })
    .where(and(eq(registrazioni.dipendente_id, dipendenteId), gte(registrazioni.data, lunedi), lte(registrazioni.data, addDays(lunedi, 6))));
  await audit(tx, user, { entita: 'registrazioni_settimane', entita_id: `${dipendenteId}:${lunedi}`, azione: 'update', prima: before, dopo: { stato, motivo } });
}

const stateAnswer = (dipendente_id: number, settimana: string, stato: TStatoSettimana, motivo: string | null) => ({ dipendente_id, settimana, stato, motivo_rifiuto: motivo });

/** Sends a week for approval: a draft with bookings and no phase still running. */
export async function sendWeek(db: Db, user: CurrentUser, b: { dipendente_id: number; settimana: string }) {
  const lunedi = mondayOfWeek(b.settimana);
  const dip = await targetEmployee(db, user, b.dipendente_id);
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await lockPerson(tx, dip.id);
    const w = await weekState(tx, dip.id, lunedi);
    if (w && w.stato !== 'bozza') throw new AppError(409, w.stato === 'approvata' ? 'avvisi.settimana_approvata' : 'avvisi.settimana_inviata');
    const rows = await tx
      .select({ fine: registrazioni.fine, inizio: registrazioni.inizio })
      .from(registrazioni)
      .where(and(eq(registrazioni.dipendente_id, dip.id), gte(registrazioni.data, lunedi), lte(registrazioni.data, addDays(lunedi, 6))));
    if (!rows.length) throw new AppError(409, 'avvisi.settimana_vuota');
    if (rows.some((r) => r.inizio && !r.fine)) throw new AppError(409, 'avvisi.fase_in_corso', { codice: '' });
    await setWeekState(tx, user, dip.id, lunedi, 'inviata', null);
  });
  return stateAnswer(dip.id, b.settimana, 'inviata', null);
}

/** A decision on a sent week: approve (a manager or HR of the person, never one's own) or send back with a reason. */
export async function decideWeek(deps: AppDeps, user: CurrentUser, b: { dipendente_id: number; settimana: string; motivo?: string }, esito: 'approvata' | 'bozza') {
  const { db } = deps;
  const lunedi = mondayOfWeek(b.settimana);
  let dip: typeof dipendenti.$inferSelect;
  try {
    dip = await employeeInScope(db, user, b.dipendente_id);
    if (user.profilo?.scope === 'proprio' && !user.profilo.routes.includes('rilevazione.commessa2')) throw notFound();
  } catch (e) {
    // a capo commessa may send back a week booked on their order, never approve it
    if (esito === 'approvata' || !(await leadsBookedOrder(db, user, b.dipendente_id, lunedi))) throw e;
    [dip] = await db.select().from(dipendenti).where(eq(dipendenti.id, b.dipendente_id));
  }
  if (dip.id === user.dipendente_id) throw new AppError(403, 'avvisi.approvazione_propria');
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await lockPerson(tx, dip.id);
    const w = await weekState(tx, dip.id, lunedi);
    if (w?.stato !== 'inviata') throw new AppError(409, w?.stato === 'approvata' ? 'avvisi.settimana_approvata' : 'avvisi.settimana_non_inviata');
    await setWeekState(tx, user, dip.id, lunedi, esito, b.motivo ?? null);
    // the webhooks' outbox, in the approval's transaction (a week sent back is no event)
    if (esito === 'approvata') await enqueueWebhooks(tx, 'settimana.approvata', [{ dipendente_id: dip.id, settimana: b.settimana, lunedi, approvata_da: user.id }]);
  });
  if (esito === 'approvata') kickWebhooks('settimana.approvata');
  await tellEmployee(deps, dip, b.settimana, lunedi, esito, b.motivo ?? null);
  return stateAnswer(dip.id, b.settimana, esito, b.motivo ?? null);
}

/** HR reopens an approved week, with a reason: it returns to draft, audited. */
export async function reopenWeek(deps: AppDeps, user: CurrentUser, b: { dipendente_id: number; settimana: string; motivo: string }) {
  const { db } = deps;
  const lunedi = mondayOfWeek(b.settimana);
  const dip = await employeeInScope(db, user, b.dipendente_id);
  // HR does not reopen its own approved hours: another office does
  if (dip.id === user.dipendente_id) throw new AppError(403, 'avvisi.approvazione_propria');
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await lockPerson(tx, dip.id);
    const w = await weekState(tx, dip.id, lunedi);
    if (w?.stato !== 'approvata') throw new AppError(409, 'avvisi.settimana_non_approvata');
    await setWeekState(tx, user, dip.id, lunedi, 'bozza', b.motivo);
  });
  await tellEmployee(deps, dip, b.settimana, lunedi, 'riaperta', b.motivo);
  return stateAnswer(dip.id, b.settimana, 'bozza', b.motivo);
}

async function tellEmployee(deps: AppDeps, dip: typeof dipendenti.$inferSelect, settimana: string, lunedi: string, esito: 'approvata' | 'bozza' | 'riaperta', motivo: string | null) {
  const { db } = deps;
  const to = await db
    .select({ email: utenti.email, lingua: utenti.lingua })
    .from(utenti)
    .where(and(eq(utenti.dipendente_id, dip.id), eq(utenti.attivo, true), eq(utenti.notifiche_email, true)));
  for (const u of to) {
    if (!u.email) continue;
    const lang = u.lingua ?? (await deps.defaultLang());
    const params = {
      nome: `${dip.nome} ${dip.cognome}`, settimana: settimana.slice(6), dal: dataIt(lunedi), al: dataIt(addDays(lunedi, 6)),
      esito: await translate(db, lang, `mail.settimana_${esito}`),
      motivo: motivo ? await translate(db, lang, 'mail.decisione_motivo', { motivo }) : '',
    };
    await sendTranslatedMail(db, deps.mailer, u.email, lang, 'settimana_decisa', params);
  }
}

/** Sent weeks waiting for the caller: of people in their scope (never their own), or booked on orders they lead. */
function waitingFor(user: CurrentUser) {
  const leads = user.dipendente_id
    ? sql`exists (select 1 from ${registrazioni} r join ${commesse} c on c.id = r.commessa_id where r.dipendente_id = ${settimane.dipendente_id}
        and r.data between ${settimane.lunedi} and ${settimane.lunedi} + 6 and c.capo_commessa_id = ${user.dipendente_id})`
    : sql`false`;
  const manages = user.profilo?.routes.includes('rilevazione.commessa2') ? dipendentiScope(user) ?? sql`true` : sql`false`;
  return and(eq(settimane.stato, 'inviata'), ne(settimane.dipendente_id, user.dipendente_id ?? -1), or(manages, leads));
}

/** How many sent weeks wait for the caller's decision (the home page's count). */
export async function countWeeksToDecide(db: Db, user: CurrentUser): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(settimane).innerJoin(dipendenti, eq(dipendenti.id, settimane.dipendente_id)).where(waitingFor(user));
  return Number(n);
}

/** The caller's weeks decided by someone else in the last two weeks: the home page tells them, as for leave. */
export async function recentWeekDecisions(db: Db, tz: string, user: CurrentUser) {
  if (!user.dipendente_id) return [];
  const rows = await db
    .select({ lunedi: settimane.lunedi, stato: settimane.stato, motivo: settimane.motivo, decisa_il: sql<string>`${instantToLocal(settimane.decisa_il, tz)}` })
    .from(settimane)
    .where(and(eq(settimane.dipendente_id, user.dipendente_id), sql`${settimane.decisa_il} >= ${sqlNow()} - interval '14 days'`, ne(settimane.decisa_da, user.id), ne(settimane.stato, 'inviata')))
    .orderBy(desc(settimane.decisa_il));
  return rows.map((r) => ({ settimana: isoWeekOf(r.lunedi), stato: r.stato as TStatoSettimana, motivo: r.motivo, decisa_il: r.decisa_il }));
}

export async function weeksToDecide(db: Db, tz: string, user: CurrentUser) {
  const minutes = db
    .select({ dipendente_id: registrazioni.dipendente_id, lunedi: sql<string>`date_trunc('week', ${registrazioni.data})::date`.as('m_lunedi'), minuti: sql<number>`sum(${registrazioni.minuti})::int`.as('m_minuti') })
    .from(registrazioni)
    .where(eq(registrazioni.stato, 'inviata'))
    .groupBy(registrazioni.dipendente_id, sql`date_trunc('week', ${registrazioni.data})::date`)
    .as('m');
  const rows = await db
    .select({
      dipendente_id: settimane.dipendente_id, matricola: dipendenti.matricola, nome: sql<string>`${dipendenti.cognome} || ' ' || ${dipendenti.nome}`,
      reparto_descrizione: reparti.descrizione, lunedi: settimane.lunedi, minuti: sql<number>`coalesce(${minutes.minuti}, 0)::int`,
      inviata_il: sql<string | null>`${instantToLocal(settimane.inviata_il, tz)}`,
      data_assunzione: dipendenti.data_assunzione, data_cessazione: dipendenti.data_cessazione, reparto_id: dipendenti.reparto_id, cdc_id: dipendenti.cdc_id,
      cognome: dipendenti.cognome, nome_proprio: dipendenti.nome,
    })
    .from(settimane)
    .innerJoin(dipendenti, eq(dipendenti.id, settimane.dipendente_id))
    .leftJoin(reparti, eq(reparti.id, dipendenti.reparto_id))
    .leftJoin(minutes, and(eq(minutes.dipendente_id, settimane.dipendente_id), eq(minutes.lunedi, settimane.lunedi)))
    .where(waitingFor(user))
    .orderBy(asc(settimane.lunedi), asc(dipendenti.cognome));
  // the timecard's worked minutes of each week, beside what was booked: one timecard read per week, for all its people
  const worked = new Map<string, number>();
  for (const lunedi of new Set(rows.map((r) => r.lunedi))) {
    const staff = rows
      .filter((r) => r.lunedi === lunedi)
      .map((r) => ({ id: r.dipendente_id, matricola: r.matricola, cognome: r.cognome, nome: r.nome_proprio, reparto_id: r.reparto_id, cdc_id: r.cdc_id, reparto_descrizione: r.reparto_descrizione, data_assunzione: r.data_assunzione, data_cessazione: r.data_cessazione }));
    for (const m of await buildMonths(db, tz, staff, lunedi, addDays(lunedi, 6), { detail: false })) worked.set(`${m.dipendente.id}:${lunedi}`, m.totali.minuti_lavorati);
  }
  return rows.map((r) => ({
    dipendente_id: r.dipendente_id, matricola: r.matricola, nome: r.nome, reparto_descrizione: r.reparto_descrizione, settimana: isoWeekOf(r.lunedi),
    minuti: Number(r.minuti), lavorati: worked.get(`${r.dipendente_id}:${r.lunedi}`) ?? 0, inviata_il: r.inviata_il,
  }));
}
