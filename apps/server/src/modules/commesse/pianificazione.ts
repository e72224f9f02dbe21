/**
 * Planning (issue #14): minutes per order (and phase), employee and week, against each person's capacity — the
 * theoretical minutes of their shifts that week less approved leave and holidays (consultazione's weeklyCapacity).
 * Who plans: a planner within their data scope (HR everyone, a RESPONSABILE their departments); a capo commessa sees
 * the planning of their own orders. Recorded minutes come from the bookings, through the source passed in.
 */
import { and, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TAssegnazione, TCommessaPianificata, TFasePianificata, TPianificazioneBody, TPianificazioneGriglia, TPianificazioneQuery } from '@tulip/contract';
import { audit } from '../../platform/audit';
import { anyOf, readIntParts, rowsOf, type Db } from '../../platform/db';
import { JsonBytes } from '../../platform/jsonBytes';
import { addDays, mondayOf, weekdayMon0 } from '../../platform/dates';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, employeeInScope, reparti, staffInScope, type Staff } from '../anagrafica';
import { weeklyCapacity } from '../consultazione';
import { clienti, commesse, fasi, pianificazioni } from './tables';
import type { Registrato } from './registrato';
import { isVisibleTo } from './visibilita';

const plans = (user: CurrentUser) => !!user.profilo?.routes.includes('commesse.pianificazione');

/** How many numbers an assignment is read as: id, order, phase (0 for none), minutes, employee, week's index. */
const N = 6;

/**
 * The assignments matching `where` (over pianificazioni, and commesse when `byOrder`) in the grid's order (week, order
 * code, phase's place with none last, id), each with its employee and its week's index from `lunedi`; and the orders
 * and phases they name, once each (issue #30). A grid of 500 people over 12 weeks holds some 12,000: they are read as
 * one list of numbers, and sorted here by the orders' rank (the database's collation orders the few codes): rows
 * parsed one by one, or sorted by the codes joined to each, cost the database and Node several times the reading.
 */
async function assignments(db: Db, where: SQL | undefined, byOrder: boolean, lunedi: string) {
  const p = pianificazioni;
  // in parts of a week of up to 200 people (readIntParts says why)
  const parts = await rowsOf<{ numeri: string }>(
    db,
    sql`
    select string_agg(${p.id} || ',' || ${p.commessa_id} || ',' || coalesce(${p.fase_id}, 0) || ',' || ${p.minuti} || ',' || ${p.dipendente_id}
      || ',' || ((${p.settimana} - ${lunedi}::date) / 7), ',') as numeri
    from ${p} ${byOrder ? sql`join ${commesse} on ${commesse.id} = ${p.commessa_id}` : sql``}
    where ${where ?? sql`true`}
    group by ${p.settimana}, ${p.dipendente_id} / 200`,
  );
  if (!parts.length) return { v: new Int32Array(0), order: new Int32Array(0), commesse: [] as TCommessaPianificata[], fasi: [] as TFasePianificata[] };
  const v = readIntParts(parts.map((r) => r.numeri));
  const n = v.length / N;
  const orderIds = new Set<number>();
  const phaseIds = new Set<number>();
  for (let k = 0; k < v.length; k += N) {
    orderIds.add(v[k + 1]);
    if (v[k + 2]) phaseIds.add(v[k + 2]);
  }
  const [orders, phases] = await Promise.all([
    rowsOf<TCommessaPianificata>(
      db,
      sql`select ${commesse.id} as id, ${commesse.codice} as codice, ${commesse.descrizione} as descrizione, ${commesse.stato} as stato
        from ${commesse} where ${anyOf(commesse.id, [...orderIds])} order by ${commesse.codice}, ${commesse.id}`,
    ),
    phaseIds.size
      ? rowsOf<TFasePianificata>(
          db,
          sql`select ${fasi.id} as id, ${fasi.commessa_id} as commessa_id, ${fasi.codice} as codice, ${fasi.ordine} as ordine
            from ${fasi} join ${commesse} on ${commesse.id} = ${fasi.commessa_id}
            where ${anyOf(fasi.id, [...phaseIds])} order by ${commesse.codice}, ${fasi.ordine}, ${fasi.id}`,
        )
      : [],
  ]);
  const rankOf = new Map(orders.map((o, i) => [o.id, i]));
  const placeOf = new Map(phases.map((f) => [f.id, f.ordine]));
  const rank = new Int32Array(n);
  // no phase sorts last, as NULL does in an ascending ORDER BY
  const place = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    rank[i] = rankOf.get(v[i * N + 1])!;
    place[i] = v[i * N + 2] ? placeOf.get(v[i * N + 2])! : Infinity;
  }
  const order = Int32Array.from({ length: n }, (_, i) => i).sort(
    (x, y) => v[x * N + 5] - v[y * N + 5] || rank[x] - rank[y] || place[x] - place[y] || v[x * N] - v[y * N],
  );
  return { v, order, commesse: orders, fasi: phases };
}

/** The assignments read by `assignments`, in the grid's order: `order[k]` is the k-th's index into the numbers. */
type Planned = Awaited<ReturnType<typeof assignments>>;
const plannedAt = (p: Planned, k: number) => p.order[k] * N;
const plannedEmployee = (p: Planned, k: number) => p.v[plannedAt(p, k) + 4];
const plannedWeek = (p: Planned, k: number) => p.v[plannedAt(p, k) + 5];
const plannedMinutes = (p: Planned, k: number) => p.v[plannedAt(p, k) + 3];
function plannedItem(p: Planned, k: number): TAssegnazione {
  const o = plannedAt(p, k);
  return { id: p.v[o], commessa_id: p.v[o + 1], fase_id: p.v[o + 2] || null, minuti: p.v[o + 3] };
}

/** The employees of the grid: the planner's scope, or for a capo commessa the people planned on their orders. */
async function gridStaff(db: Db, user: CurrentUser, q: TPianificazioneQuery, dal: string, al: string): Promise<Staff[]> {
  const orderFilter = and(
    q.commessa_id ? eq(pianificazioni.commessa_id, q.commessa_id) : undefined,
    q.capo_commessa_id ? eq(commesse.capo_commessa_id, q.capo_commessa_id) : undefined,
    plans(user) ? undefined : eq(commesse.capo_commessa_id, user.dipendente_id ?? -1),
  );
  // the people planned on the orders asked for (a capo commessa's are their orders'): read once, when it narrows the grid
  const planned =
    !plans(user) || q.commessa_id || q.capo_commessa_id
      ? new Set(
          (
            await db
              .selectDistinct({ id: pianificazioni.dipendente_id })
              .from(pianificazioni)
              .innerJoin(commesse, eq(commesse.id, pianificazioni.commessa_id))
              .where(and(orderFilter, gte(pianificazioni.settimana, dal), lte(pianificazioni.settimana, al)))
          ).map((p) => p.id),
        )
      : null;
  if (planned && !planned.size) return [];
  let staff: Staff[];
  if (plans(user)) staff = await staffInScope(db, user, dal, al, q.reparto_id, undefined, q.dipendente_id);
  else {
    staff = await db
      .select({
        id: dipendenti.id, matricola: dipendenti.matricola, cognome: dipendenti.cognome, nome: dipendenti.nome, reparto_id: dipendenti.reparto_id,
        cdc_id: dipendenti.cdc_id, reparto_descrizione: reparti.descrizione, data_assunzione: dipendenti.data_assunzione, data_cessazione: dipendenti.data_cessazione,
      })
      .from(dipendenti)
      .leftJoin(reparti, eq(reparti.id, dipendenti.reparto_id))
      .where(and(anyOf(dipendenti.id, [...planned!]), q.reparto_id ? eq(dipendenti.reparto_id, q.reparto_id) : undefined, q.dipendente_id ? eq(dipendenti.id, q.dipendente_id) : undefined))
      .orderBy(asc(dipendenti.cognome), asc(dipendenti.nome));
  }
  if (q.search) {
    const s = q.search.toLowerCase();
    staff = staff.filter((x) => `${x.cognome} ${x.nome}`.toLowerCase().includes(s) || `${x.nome} ${x.cognome}`.toLowerCase().includes(s) || x.matricola.toLowerCase().includes(s));
  }
  // filtered by order: the people planned on it
  if (planned) staff = staff.filter((x) => planned.has(x.id));
  return staff;
}

/** An assignment of the grid with its employee and week, in the grid's order over every cell (the Excel's list). */
export type AssegnazioneInGriglia = { a: TAssegnazione; dipendente: TPianificazioneGriglia['righe'][number]['dipendente']; settimana: string };

/**
 * What the grid is made of, read once: its weeks, its people, their capacity, planned totals (over every order, when the
 * grid is filtered) and recorded minutes per (person, week) cell, and the assignments. The cells are numbered row by
 * row (`row * weeks + week`); each cell's assignments are chained in the grid's order (`first[cell]`, then `next[k]`,
 * -1 ends), so neither writer makes an array per cell.
 */
async function gridParts(db: Db, user: CurrentUser, q: TPianificazioneQuery, registrato: Registrato) {
  const { settimane } = emptyGrid(q);
  const lunedi = settimane[0];
  const al = settimane[settimane.length - 1];
  const staff = await gridStaff(db, user, q, lunedi, addDays(al, 6));
  const ids = staff.map((s) => s.id);
  if (!ids.length) return null;
  const inRange = and(anyOf(pianificazioni.dipendente_id, ids), gte(pianificazioni.settimana, lunedi), lte(pianificazioni.settimana, al));
  // the grid of every order: its assignments are all of the people's, and their weekly totals are summed from them
  const everyOrder = plans(user) && !q.commessa_id && !q.capo_commessa_id;
  const [capacity, totals, planned, recorded] = await Promise.all([
    weeklyCapacity(db, staff, lunedi, q.settimane),
    // each person's planned total per week, over every order: overbooking is about the person
    everyOrder
      ? null
      : db
          .select({ dipendente_id: pianificazioni.dipendente_id, settimana: pianificazioni.settimana, minuti: sql<number>`sum(${pianificazioni.minuti})::int` })
          .from(pianificazioni)
          .where(inRange)
          .groupBy(pianificazioni.dipendente_id, pianificazioni.settimana),
    assignments(
      db,
      and(
        inRange,
        q.commessa_id ? eq(pianificazioni.commessa_id, q.commessa_id) : undefined,
        q.capo_commessa_id ? eq(commesse.capo_commessa_id, q.capo_commessa_id) : undefined,
        plans(user) ? undefined : eq(commesse.capo_commessa_id, user.dipendente_id ?? -1),
      ),
      !!q.capo_commessa_id || !plans(user),
      lunedi,
    ),
    registrato.perDipendente(db, ids, lunedi, addDays(al, 6)),
  ]);
  const weeks = settimane.length;
  const rowOf = new Map(staff.map((s, r) => [s.id, r]));
  const weekIndex = new Map(settimane.map((w, i) => [w, i]));
  const cellOf = (id: number, week: number | undefined) => {
    const r = rowOf.get(id);
    return r === undefined || week === undefined || week < 0 || week >= weeks ? -1 : r * weeks + week;
  };
  const pianificati = new Float64Array(staff.length * weeks);
  const registrati = new Float64Array(staff.length * weeks);
  for (const r of recorded) {
    const c = cellOf(r.dipendente_id, weekIndex.get(r.settimana));
    if (c >= 0) registrati[c] += r.minuti;
  }
  if (totals)
    for (const t of totals) {
      const c = cellOf(t.dipendente_id, weekIndex.get(t.settimana));
      if (c >= 0) pianificati[c] += Number(t.minuti);
    }
  const first = new Int32Array(staff.length * weeks).fill(-1);
  const next = new Int32Array(planned.order.length);
  for (let k = planned.order.length - 1; k >= 0; k--) {
    const c = cellOf(plannedEmployee(planned, k), plannedWeek(planned, k));
    next[k] = -1;
    if (c < 0) continue;
    next[k] = first[c];
    first[c] = k;
    if (!totals) pianificati[c] += plannedMinutes(planned, k);
  }
  const capacita = (r: number, w: number) => capacity.get(staff[r].id)?.get(settimane[w]) ?? 0;
  return { settimane, staff, planned, pianificati, registrati, capacita, first, next };
}

const gridEmployee = (s: Staff) => ({ id: s.id, matricola: s.matricola, cognome: s.cognome, nome: s.nome, reparto_descrizione: s.reparto_descrizione });

/** The grid, and its assignments as one list in the grid's order (week, order code, phase's place with none last, id). */
export async function planningGridInOrder(
  db: Db,
  user: CurrentUser,
  q: TPianificazioneQuery,
  registrato: Registrato,
): Promise<{ grid: TPianificazioneGriglia; ordered: AssegnazioneInGriglia[] }> {
  const g = await gridParts(db, user, q, registrato);
  if (!g) return { grid: emptyGrid(q), ordered: [] };
  const { settimane, planned } = g;
  // each placed assignment's object and row, by its place in the grid's order
  const items = new Array<TAssegnazione | undefined>(planned.order.length);
  const rowAt = new Int32Array(planned.order.length);
  const righe = g.staff.map((s, r) => ({
    dipendente: gridEmployee(s),
    celle: settimane.map((settimana, w) => {
      const c = r * settimane.length + w;
      const assegnazioni: TAssegnazione[] = [];
      for (let k = g.first[c]; k >= 0; k = g.next[k]) {
        assegnazioni.push((items[k] = plannedItem(planned, k)));
        rowAt[k] = r;
      }
      return { settimana, capacita: g.capacita(r, w), pianificati: g.pianificati[c], registrati: g.registrati[c], assegnazioni };
    }),
  }));
  const ordered: AssegnazioneInGriglia[] = [];
  items.forEach((a, k) => a && ordered.push({ a, dipendente: righe[rowAt[k]].dipendente, settimana: settimane[plannedWeek(planned, k)] }));
  return { grid: { settimane, righe, commesse: planned.commesse, fasi: planned.fasi }, ordered };
}

const emptyGrid = (q: TPianificazioneQuery): TPianificazioneGriglia => ({
  settimane: Array.from({ length: q.settimane }, (_, i) => addDays(mondayOf(q.dal), i * 7)),
  righe: [],
  commesse: [],
  fasi: [],
});

/**
 * The grid as the JSON text its response schema writes, byte for byte (sent by sendJsonText): 500 people over 12 weeks
 * are some 18,000 objects, and building them, then serialising them and encoding the text, cost twice the reading
 * (issue #30). Written straight into bytes from the grid's parts instead: each person's and each week's text once, the
 * numbers per cell and per assignment. The same fields in the schema's order as planningGridInOrder's objects; the API
 * test compares the text with the schema's serialisation.
 */
export async function planningGridJson(db: Db, user: CurrentUser, q: TPianificazioneQuery, registrato: Registrato): Promise<Buffer> {
  const g = await gridParts(db, user, q, registrato);
  if (!g) return Buffer.from(JSON.stringify(emptyGrid(q)));
  const json = JSON.stringify;
  const { settimane, planned } = g;
  const v = planned.v;
  const out = new JsonBytes();
  const weekPart = settimane.map((w) => `{"settimana":${json(w)},"capacita":`);
  out.push(`{"settimane":${json(settimane)},"righe":[`);
  g.staff.forEach((s, r) => {
    out.push(`${r ? ',' : ''}{"dipendente":${json(gridEmployee(s))},"celle":[`);
    for (let w = 0; w < settimane.length; w++) {
      const c = r * settimane.length + w;
      // minutes are integers (sums of int columns, the shifts' minutes): their text is their JSON
      let cell = `${w ? ',' : ''}${weekPart[w]}${g.capacita(r, w)},"pianificati":${g.pianificati[c]},"registrati":${g.registrati[c]},"assegnazioni":[`;
      for (let k = g.first[c]; k >= 0; k = g.next[k]) {
        const o = plannedAt(planned, k);
        cell += `${k === g.first[c] ? '' : ','}{"id":${v[o]},"commessa_id":${v[o + 1]},"fase_id":${v[o + 2] || 'null'},"minuti":${v[o + 3]}}`;
      }
      out.push(`${cell}]}`);
    }
    out.push(']}');
  });
  out.push(`],"commesse":${json(planned.commesse)},"fasi":${json(planned.fasi)}}`);
  return out.bytes();
}

/**
 * Sets planned minutes (0 removes), all rows or none: each employee within the planner's scope, a Monday, an order
 * that is not closed and that the employee may see, a phase of that order that is open. Audited.
 */
export async function savePlanning(db: Db, user: CurrentUser, body: TPianificazioneBody) {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const orderIds = [...new Set(body.righe.map((r) => r.commessa_id))];
    const orders = new Map((await tx.select().from(commesse).where(inArray(commesse.id, orderIds))).map((c) => [c.id, c]));
    const phaseIds = [...new Set(body.righe.flatMap((r) => (r.fase_id ? [r.fase_id] : [])))];
    const phases = new Map((phaseIds.length ? await tx.select().from(fasi).where(inArray(fasi.id, phaseIds)) : []).map((f) => [f.id, f]));
    const people = new Map<number, { nome: string }>();
    let salvate = 0;
    for (const r of body.righe) {
      if (weekdayMon0(r.settimana) !== 0) throw badRequest({ settimana: 'avvisi.settimana_non_lunedi' });
      if (!people.has(r.dipendente_id)) {
        const d = await employeeInScope(tx, user, r.dipendente_id);
        people.set(r.dipendente_id, { nome: `${d.cognome} ${d.nome}` });
      }
      const c = orders.get(r.commessa_id);
      if (!c) throw notFound();
      if (c.stato === 'chiusa') throw new AppError(409, 'avvisi.commessa_chiusa', { codice: c.codice });
      const f = r.fase_id ? phases.get(r.fase_id) : undefined;
      if (r.fase_id && (!f || f.commessa_id !== c.id)) throw badRequest({ fase_id: 'avvisi.fase_non_della_commessa' });
      if (f && f.stato === 'chiusa' && r.minuti > 0) throw new AppError(409, 'avvisi.fase_chiusa', { codice: f.codice });
      if (r.minuti > 0 && !(await isVisibleTo(tx, c.id, r.dipendente_id)))
        throw new AppError(400, 'avvisi.commessa_non_visibile', { codice: c.codice, nome: people.get(r.dipendente_id)!.nome });
      const key = and(
        eq(pianificazioni.commessa_id, c.id),
        r.fase_id ? eq(pianificazioni.fase_id, r.fase_id) : sql`${pianificazioni.fase_id} is null`,
        eq(pianificazioni.dipendente_id, r.dipendente_id),
        eq(pianificazioni.settimana, r.settimana),
      );
      const [before] = await tx.select().from(pianificazioni).where(key);
      if (r.minuti === 0) {
        if (!before) continue;
        await tx.delete(pianificazioni).where(eq(pianificazioni.id, before.id));
        await audit(tx, user, { entita: 'commesse_pianificazioni', entita_id: String(before.id), azione: 'delete', prima: before });
      } else if (before) {
        if (before.minuti === r.minuti) continue;
        const [after] = await tx.update(pianificazioni).set({ minuti: r.minuti }).where(eq(pianificazioni.id, before.id)).returning();
        await audit(tx, user, { entita: 'commesse_pianificazioni', entita_id: String(before.id), azione: 'update', prima: before, dopo: after });
      } else {
        const [after] = await tx
          .insert(pianificazioni)
          .values({ commessa_id: c.id, fase_id: r.fase_id ?? null, dipendente_id: r.dipendente_id, settimana: r.settimana, minuti: r.minuti })
          .returning();
        await audit(tx, user, { entita: 'commesse_pianificazioni', entita_id: String(after.id), azione: 'create', dopo: after });
      }
      salvate++;
    }
    return { salvate };
  });
}

/** The orders running in [dal, al] with their progress: planned and recorded against the budget. */
export async function ordersTimeline(db: Db, user: CurrentUser, q: { dal: string; al: string; stato?: string; capo_commessa_id?: number }, registrato: Registrato) {
  if (q.al < q.dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
  const planned = db
    .select({ commessa_id: pianificazioni.commessa_id, minuti: sql<number>`sum(${pianificazioni.minuti})::int`.as('minuti') })
    .from(pianificazioni)
    .groupBy(pianificazioni.commessa_id)
    .as('pian');
  const rows = await db
    .select({
      id: commesse.id, codice: commesse.codice, descrizione: commesse.descrizione, stato: sql<'aperta' | 'sospesa' | 'chiusa'>`${commesse.stato}`,
      cliente_ragione_sociale: clienti.ragione_sociale, data_inizio: commesse.data_inizio, data_fine: commesse.data_fine, minuti_budget: commesse.minuti_budget,
      minuti_pianificati: sql<number>`coalesce(${planned.minuti}, 0)::int`,
    })
    .from(commesse)
    .leftJoin(clienti, eq(clienti.id, commesse.cliente_id))
    .leftJoin(planned, eq(planned.commessa_id, commesse.id))
    .where(
      and(
        lte(commesse.data_inizio, q.al),
        or(sql`${commesse.data_fine} is null`, gte(commesse.data_fine, q.dal)),
        q.stato ? eq(commesse.stato, q.stato) : undefined,
        q.capo_commessa_id ? eq(commesse.capo_commessa_id, q.capo_commessa_id) : undefined,
        plans(user) ? undefined : eq(commesse.capo_commessa_id, user.dipendente_id ?? -1),
      ),
    )
    .orderBy(asc(commesse.data_inizio), asc(commesse.codice));
  const recorded = await registrato.perCommessa(db, rows.map((r) => r.id));
  return { rows: rows.map((r) => ({ ...r, minuti_pianificati: Number(r.minuti_pianificati), minuti_registrati: recorded.get(r.id) ?? 0 })), total: rows.length };
}

