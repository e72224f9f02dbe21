import type { FastifyBaseLogger } from 'fastify';
import { aliasedTable, and, count, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { durataFasce } from '@tulip/attendance';
import type { TAssenzaCdc, TGiustificativo, TSaldo, ZGiustificativiQuery, ZGiustificativoInput, ZSaldiQuery } from '@tulip/contract';
import { anyOfPlaceholder, intArray, lockRows, type Db } from '../../platform/db';
import { perDb } from '../../platform/db/batch';
import { audit } from '../../platform/audit';
import { enqueueWebhooks, kickWebhooks } from '../../platform/webhooks';
import { now } from '../../platform/clock';
import type { AppDeps } from '../../platform/deps';
import { dataIt, eachDay, instantToLocal, localNow, oreMinuti } from '../../platform/dates';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { centriCosto, dipendenti, dipendentiScope, employeeInScope, reparti, utenti } from '../anagrafica';
import { sendTranslatedMail, translate } from '../lingue';
import { assertMonthOpen, holidays, resolveSchedule, toEngineTurno } from '../turni';
import { causali, giustificativi, spettanze } from './tables';


export type LeaveRow = {
  id: number; dipendente_id: number; codice: string; colore: string; unita: string; dal: string; al: string; minuti: number | null; stato: string;
};

/** The leave the timecards read, built once per database handle and named (as the schedule's reads: turni). */
const leaveReads = perDb((db: Db) => {
  const read = (stati: string[], name: string) =>
    db
      .select({
        id: giustificativi.id, dipendente_id: giustificativi.dipendente_id, codice: causali.codice, colore: causali.colore, unita: causali.unita,
        dal: giustificativi.dal, al: giustificativi.al, minuti: giustificativi.minuti, stato: giustificativi.stato,
      })
      .from(giustificativi)
      .innerJoin(causali, eq(causali.id, giustificativi.causale_id))
      .where(
        and(
          anyOfPlaceholder(giustificativi.dipendente_id, 'ids'),
          lte(giustificativi.dal, sql.placeholder('al')),
          gte(giustificativi.al, sql.placeholder('dal')),
          inArray(giustificativi.stato, stati),
        ),
      )
      .prepare(name);
  return { approved: read(['approvato'], 'tulip_assenze_approvate'), withPending: read(['approvato', 'richiesto'], 'tulip_assenze_approvate_richieste') };
});

/** Approved (and, when asked, pending) leave of some employees overlapping [dal, al]. */
export async function approvedLeave(db: Db, ids: number[], dal: string, al: string, includePending: boolean): Promise<LeaveRow[]> {
  if (!ids.length) return [];
  const reads = leaveReads(db);
  return (includePending ? reads.withPending : reads.approved).execute({ ids: intArray(ids), dal, al });
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
export async function balances(db: Db, tz: string, dipId: number, anno: number): Promise<TSaldo[]> {
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
        codice: c.codice, descrizione: c.descrizione, unita: c.unita as TSaldo['unita'], spettanza,
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
        throw new AppError(409, 'avvisi.saldo_insufficiente', { anno, residuo: oreMinuti(saldo.residuo), richiesto: oreMinuti(need) });
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

// ---- the requests as the screens list them ------------------------------------------------------------------------

const dipL = aliasedTable(dipendenti, 'dip_l');
const repL = aliasedTable(reparti, 'rep_l');
const decider = aliasedTable(utenti, 'ut_l');

function listColumns(tz: string) {
  return {
    id: giustificativi.id, dipendente_id: giustificativi.dipendente_id, dipendente_nome: sql<string>`${dipL.cognome} || ' ' || ${dipL.nome}`,
    matricola: dipL.matricola, reparto_descrizione: repL.descrizione, codice: causali.codice, causale_descrizione: causali.descrizione,
    colore: causali.colore, unita: causali.unita, dal: giustificativi.dal, al: giustificativi.al, minuti: giustificativi.minuti,
    stato: giustificativi.stato, note: giustificativi.note, certificato: giustificativi.certificato,
    richiesto_il: instantToLocal(giustificativi.richiesto_il, tz),
    deciso_da_nome: decider.username, motivo_decisione: giustificativi.motivo_decisione,
  };
}

const listFrom = (db: Db, tz: string) =>
  db
    .select(listColumns(tz))
    .from(giustificativi)
    .innerJoin(dipL, eq(dipL.id, giustificativi.dipendente_id))
    .leftJoin(repL, eq(repL.id, dipL.reparto_id))
    .innerJoin(causali, eq(causali.id, giustificativi.causale_id))
    .leftJoin(decider, eq(decider.id, giustificativi.deciso_da))
    .$dynamic();

/** The requests of the employees the user sees (undefined: all of them). */
function scopeOf(user: CurrentUser) {
  const s = dipendentiScope(user);
  return s ? sql`${giustificativi.dipendente_id} in (select ${dipendenti.id} from ${dipendenti} where ${s})` : undefined;
}

/** One request as the lists show it. */
export async function readLeave(db: Db, tz: string, id: number): Promise<TGiustificativo> {
  return (await listFrom(db, tz).where(eq(giustificativi.id, id)))[0] as TGiustificativo;
}

/** A page of the requests in the user's scope overlapping the period, filtered, latest first, with their count. */
export async function listLeave(db: Db, tz: string, user: CurrentUser, q: z.infer<typeof ZGiustificativiQuery>) {
  const where = and(
    scopeOf(user),
    q.dal ? gte(giustificativi.al, q.dal) : undefined,
    q.al ? lte(giustificativi.dal, q.al) : undefined,
    q.dipendente_id ? eq(giustificativi.dipendente_id, q.dipendente_id) : undefined,
    q.reparto_id ? eq(dipL.reparto_id, q.reparto_id) : undefined,
    q.cdc_id ? eq(dipL.cdc_id, q.cdc_id) : undefined,
    q.causale ? eq(causali.codice, q.causale) : undefined,
    q.stato ? eq(giustificativi.stato, q.stato) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    listFrom(db, tz).where(where).orderBy(desc(giustificativi.dal), desc(giustificativi.id)).limit(q.size).offset((q.page - 1) * q.size),
    db
      .select({ n: count() })
      .from(giustificativi)
      .innerJoin(dipL, eq(dipL.id, giustificativi.dipendente_id))
      .innerJoin(causali, eq(causali.id, giustificativi.causale_id))
      .where(where),
  ]);
  return { rows: rows as TGiustificativo[], total: Number(n) };
}

/** A leave request (requestLeave's rules), given back as the lists show it. */
export async function submitLeave(db: Db, tz: string, user: CurrentUser, b: z.infer<typeof ZGiustificativoInput>): Promise<TGiustificativo> {
  return readLeave(db, tz, await requestLeave(db, tz, user, b));
}

/** The user's own requests decided by someone else in the last two weeks: what the home page tells them. */
export async function recentDecisions(db: Db, tz: string, user: CurrentUser): Promise<TGiustificativo[]> {
  if (!user.dipendente_id) return [];
  return (await listFrom(db, tz)
    .where(
      and(
        eq(giustificativi.dipendente_id, user.dipendente_id), inArray(giustificativi.stato, ['approvato', 'rifiutato']), ne(giustificativi.deciso_da, user.id),
        gte(giustificativi.deciso_il, new Date(now().getTime() - 14 * 86_400_000)),
      ),
    )
    .orderBy(desc(giustificativi.deciso_il))
    .limit(20)) as TGiustificativo[];
}

/** The pending requests this user decides: in scope, never their own (the rule of decideLeave). */
export async function awaitingDecision(db: Db, tz: string, user: CurrentUser): Promise<TGiustificativo[]> {
  if (user.profilo?.scope === 'proprio') return [];
  return (await listFrom(db, tz)
    .where(and(scopeOf(user), eq(giustificativi.stato, 'richiesto'), user.dipendente_id ? ne(giustificativi.dipendente_id, user.dipendente_id) : undefined))
    .orderBy(giustificativi.dal)
    .limit(200)) as TGiustificativo[];
}

/**
 * Approves or refuses a pending request. Approvers: HR (scope tutti) and the managers of the employee's department,
 * never for their own leave. The requester hears of it by e-mail; the answer does not wait for the mail (`log` tells
 * of a mail that failed).
 */
export async function decideLeave(
  deps: AppDeps, log: FastifyBaseLogger, user: CurrentUser, id: number, stato: 'approvato' | 'rifiutato', motivo?: string,
): Promise<TGiustificativo> {
  const { db, config } = deps;
  if (user.profilo?.scope === 'proprio') throw forbidden();
  const [g] = await db.select().from(giustificativi).where(eq(giustificativi.id, id));
  if (!g) throw notFound();
  await employeeInScope(db, user, g.dipendente_id);
  if (g.dipendente_id === user.dipendente_id) throw new AppError(403, 'avvisi.approvazione_propria');
  if (g.stato !== 'richiesto') throw new AppError(409, 'avvisi.stato_non_valido', { stato: g.stato });
  await db.transaction(async (tx) => {
    await stillIn(tx as never, id, g.stato);
    await assertMonthOpen(tx as never, g.dal);
    await tx.update(giustificativi).set({ stato, deciso_da: user.id, deciso_il: now(), motivo_decisione: motivo ?? null }).where(eq(giustificativi.id, id));
    await audit(tx as never, user, { entita: 'giustificativi', entita_id: id, azione: stato, prima: { stato: g.stato }, dopo: { stato }, motivo });
    // the webhooks' outbox, in the decision's transaction (platform/webhooks.ts)
    await enqueueWebhooks(tx as never, 'giustificativo.deciso', [
      { id, dipendente_id: g.dipendente_id, causale_id: g.causale_id, dal: g.dal, al: g.al, stato, motivo: motivo ?? null, deciso_da: user.id },
    ]);
  });
  kickWebhooks('giustificativo.deciso');
  const data = await readLeave(db, config.timezone, id);
  // the requester hears of it (unless they switched the e-mails off); the answer does not wait for the mail
  tellRequester(deps, data).catch((err) => log.error({ err }, 'decision mail failed'));
  return data;
}

/**
 * The request locked (platform/db/locks.ts) and still in the state its checks were made on: a decision and a
 * withdrawal at the same moment are one after the other, and the second is refused, not written over the first.
 */
async function stillIn(tx: Db, id: number, stato: string) {
  await lockRows(tx, [{ table: giustificativi, ids: [id] }]);
  const [cur] = await tx.select({ stato: giustificativi.stato }).from(giustificativi).where(eq(giustificativi.id, id));
  if (!cur) throw notFound();
  if (cur.stato !== stato) throw new AppError(409, 'avvisi.stato_non_valido', { stato: cur.stato });
}

/** An e-mail to the users of the employee a decided request is about, in their language, when they want one. */
async function tellRequester(deps: AppDeps, g: TGiustificativo) {
  const { db } = deps;
  const to = await db
    .select({ email: utenti.email, lingua: utenti.lingua })
    .from(utenti)
    .where(and(eq(utenti.dipendente_id, g.dipendente_id), eq(utenti.attivo, true), eq(utenti.notifiche_email, true)));
  for (const u of to) {
    if (!u.email) continue;
    const lang = u.lingua ?? (await deps.defaultLang());
    const esito = await translate(db, lang, `mail.esito_${g.stato}`);
    const params = {
      nome: g.dipendente_nome, causale: g.causale_descrizione, dal: dataIt(g.dal), al: dataIt(g.al), esito,
      motivo: g.motivo_decisione ? await translate(db, lang, 'mail.decisione_motivo', { motivo: g.motivo_decisione }) : '',
    };
    await sendTranslatedMail(db, deps.mailer, u.email, lang, 'decisione', params);
  }
}

/** Cancels a request: the requester withdraws a pending one; HR may also cancel an approved one, but not one of its own. */
export async function cancelLeave(db: Db, tz: string, user: CurrentUser, id: number, motivo?: string): Promise<TGiustificativo> {
  const [g] = await db.select().from(giustificativi).where(eq(giustificativi.id, id));
  if (!g) throw notFound();
  await employeeInScope(db, user, g.dipendente_id);
  const own = g.dipendente_id === user.dipendente_id;
  const allowed = (own && g.stato === 'richiesto') || (!own && user.profilo?.scope === 'tutti' && ACTIVE.includes(g.stato));
  if (!allowed) throw new AppError(409, 'avvisi.stato_non_valido', { stato: g.stato });
  await db.transaction(async (tx) => {
    await stillIn(tx as never, id, g.stato);
    await assertMonthOpen(tx as never, g.dal);
    await tx.update(giustificativi).set({ stato: 'annullato', deciso_da: user.id, deciso_il: now(), motivo_decisione: motivo ?? null }).where(eq(giustificativi.id, g.id));
    await audit(tx as never, user, { entita: 'giustificativi', entita_id: g.id, azione: 'annullato', prima: { stato: g.stato }, dopo: { stato: 'annullato' } });
  });
  return readLeave(db, tz, g.id);
}

/** The balances of an employee in scope (default: the user's own) for a year (default: this one). */
export async function employeeBalances(db: Db, tz: string, user: CurrentUser, q: z.infer<typeof ZSaldiQuery>): Promise<TSaldo[]> {
  const dipId = q.dipendente_id ?? user.dipendente_id;
  if (!dipId) throw badRequest({ dipendente_id: 'avvisi.campo_richiesto' });
  await employeeInScope(db, user, dipId);
  return balances(db, tz, dipId, q.anno ?? Number(localNow(tz).data.slice(0, 4)));
}

/** Approved absence in [dal, al] of the employees in scope, by cost centre and leave type. */
export async function absencesByCostCentre(db: Db, user: CurrentUser, dal: string, al: string): Promise<TAssenzaCdc[]> {
  if (al < dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
  // full days count Monday to Friday only (weekends cost no leave); hours count as asked
  const workDays = sql<number>`(select count(*) from generate_series(greatest(${giustificativi.dal}, ${dal}::date), least(${giustificativi.al}, ${al}::date), interval '1 day') g where extract(isodow from g) < 6)`;
  const rows = await db
    .select({
      cdc_id: centriCosto.id, cdc_descrizione: sql<string | null>`${centriCosto.descrizione}`, codice: causali.codice, unita: causali.unita,
      giorni: sql<number>`coalesce(sum(case when ${giustificativi.minuti} is null then ${workDays} else 0 end), 0)::int`,
      minuti: sql<number>`coalesce(sum(${giustificativi.minuti}), 0)::int`,
    })
    .from(giustificativi)
    .innerJoin(dipL, eq(dipL.id, giustificativi.dipendente_id))
    .leftJoin(centriCosto, eq(centriCosto.id, dipL.cdc_id))
    .innerJoin(causali, eq(causali.id, giustificativi.causale_id))
    .where(and(scopeOf(user), eq(giustificativi.stato, 'approvato'), lte(giustificativi.dal, al), gte(giustificativi.al, dal)))
    .groupBy(centriCosto.id, centriCosto.descrizione, causali.codice, causali.unita)
    .orderBy(centriCosto.descrizione, causali.codice);
  return rows as TAssenzaCdc[];
}
