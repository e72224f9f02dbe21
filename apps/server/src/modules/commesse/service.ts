/**
 * Orders (issue #14): the checks of a write, the import from the ERP's file, and the order as the job sheet reads it.
 */
import { inArray, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ZCommessaImportRiga, type TCommessaImportRiga } from '@tulip/contract';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError, badRequest, fieldsFromIssues } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { centriCosto, dipendenti } from '../anagrafica';
import { clienti, commesse, fasi } from './tables';

/** Every id of a list must name a row of `col`'s table: a clear 400 on the field, not a foreign-key conflict. */
export async function assertIdsExist(db: Db, field: string, col: PgColumn, ids: (number | null | undefined)[]) {
  const unique = [...new Set(ids.filter((x): x is number => !!x))];
  if (!unique.length) return;
  const found = await db.select({ id: col }).from(col.table as PgTable).where(inArray(col, unique));
  if (found.length !== unique.length) throw badRequest({ [field]: 'avvisi.valore_non_valido' });
}

/** The ids an order refers to must exist: a clear 400 on the field, not a foreign-key conflict. */
export async function checkOrderRefs(db: Db, c: { cliente_id?: number | null; capo_commessa_id?: number | null; cdc_id?: number | null }) {
  const refs: [string, number | null | undefined, PgColumn][] = [
    ['cliente_id', c.cliente_id, clienti.id],
    ['capo_commessa_id', c.capo_commessa_id, dipendenti.id],
    ['cdc_id', c.cdc_id, centriCosto.id],
  ];
  for (const [field, id, col] of refs) await assertIdsExist(db, field, col, [id]);
}

/** "12,5", "1.250,00", "3" or 3 -> a number; undefined when absent. */
function numberOf(v: string | number | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'number') return v;
  const s = v.includes(',') ? v.replace(/\./g, '').replace(',', '.') : v;
  return Number(s);
}
const minutesOfHours = (v: string | number | undefined) => {
  const n = numberOf(v);
  return n === undefined ? null : Math.round(n * 60);
};
const centsOfEuros = (v: string | number | undefined) => {
  const n = numberOf(v);
  return n === undefined ? null : Math.round(n * 100);
};

type Parsed = { riga: number; r: TCommessaImportRiga };
type PlannedOrder = {
  codice: string; descrizione: string; cliente_id: number | null; stato: string; data_inizio: string; data_fine: string | null; minuti_budget: number | null;
  costo_budget: number | null; capo_commessa_id: number | null; fasi: { codice: string; descrizione: string; ordine: number; minuti_previsti: number | null }[];
};

/**
 * The order import (one row per phase, the order's columns repeated): every row checked — its columns, the customer
 * (partita IVA or ragione sociale), the capo commessa's matricola, dates, numbers, a code already stored, a phase
 * repeated, rows of one order that disagree — and the errors listed by row. The preview stores nothing; the
 * confirmation stores every order with its phases, or nothing.
 */
export async function importOrders(db: Db, user: CurrentUser, righe: Record<string, unknown>[], conferma: boolean) {
  const errori: { riga: number; campi: Record<string, string> }[] = [];
  const fail = (riga: number, campi: Record<string, string>) => {
    const e = errori.find((x) => x.riga === riga);
    if (e) Object.assign(e.campi, campi);
    else errori.push({ riga, campi });
  };
  const parsed: Parsed[] = [];
  righe.forEach((row, i) => {
    const p = ZCommessaImportRiga.safeParse(row);
    if (!p.success) fail(i + 1, fieldsFromIssues(p.error.issues as never));
    else parsed.push({ riga: i + 1, r: p.data });
  });

  const codes = [...new Set(parsed.map((p) => p.r.commessa))];
  const wantedClients = [...new Set(parsed.flatMap((p) => (p.r.cliente ? [p.r.cliente] : [])))];
  const wantedBosses = [...new Set(parsed.flatMap((p) => (p.r.capo_commessa ? [p.r.capo_commessa] : [])))];
  const [existing, clients, bosses] = await Promise.all([
    codes.length ? db.select({ codice: commesse.codice }).from(commesse).where(inArray(commesse.codice, codes)) : [],
    wantedClients.length
      ? db
          .select({ id: clienti.id, partita_iva: clienti.partita_iva, ragione_sociale: clienti.ragione_sociale })
          .from(clienti)
          .where(or(inArray(clienti.partita_iva, wantedClients), inArray(sql`upper(${clienti.ragione_sociale})`, wantedClients.map((c) => c.toUpperCase()))))
      : [],
    wantedBosses.length ? db.select({ id: dipendenti.id, matricola: dipendenti.matricola }).from(dipendenti).where(inArray(dipendenti.matricola, wantedBosses)) : [],
  ]);
  const stored = new Set(existing.map((e) => e.codice.toUpperCase()));
  const clientOf = (s: string) => clients.find((c) => c.partita_iva === s) ?? clients.find((c) => c.ragione_sociale.toUpperCase() === s.toUpperCase());
  const bossOf = new Map(bosses.map((b) => [b.matricola, b.id]));

  const orders = new Map<string, PlannedOrder>();
  for (const { riga, r } of parsed) {
    const campi: Record<string, string> = {}; // keys from code: the import's own column names
    const cliente = r.cliente ? clientOf(r.cliente) : undefined;
    if (r.cliente && !cliente) campi.cliente = 'avvisi.cliente_sconosciuto';
    if (r.capo_commessa && !bossOf.has(r.capo_commessa)) campi.capo_commessa = 'avvisi.capo_sconosciuto';
    if (r.data_fine && r.data_fine < r.data_inizio) campi.data_fine = 'avvisi.fine_prima_inizio';
    if (stored.has(r.commessa.toUpperCase())) campi.commessa = 'avvisi.commessa_esistente';
    if (r.fase && !r.fase_descrizione) campi.fase_descrizione = 'avvisi.fase_descrizione_richiesta';
    const key = r.commessa.toUpperCase();
    let order = orders.get(key);
    const values = {
      codice: r.commessa, descrizione: r.descrizione, cliente_id: cliente?.id ?? null, stato: r.stato, data_inizio: r.data_inizio, data_fine: r.data_fine ?? null,
      minuti_budget: minutesOfHours(r.ore_budget), costo_budget: centsOfEuros(r.costo_budget), capo_commessa_id: r.capo_commessa ? bossOf.get(r.capo_commessa) ?? null : null,
    };
    if (!order) {
      order = { ...values, fasi: [] };
      orders.set(key, order);
    } else {
      // the order's columns repeat on each of its rows: a row that says otherwise is a mistake in the file
      for (const k of ['descrizione', 'data_inizio', 'stato'] as const) if (values[k] !== order[k]) campi[k] = 'avvisi.commessa_incoerente';
    }
    if (r.fase) {
      if (order.fasi.some((f) => f.codice.toUpperCase() === r.fase!.toUpperCase())) campi.fase = 'avvisi.fase_ripetuta';
      else order.fasi.push({ codice: r.fase, descrizione: r.fase_descrizione ?? '', ordine: order.fasi.length + 1, minuti_previsti: minutesOfHours(r.fase_ore_previste) });
    }
    if (Object.keys(campi).length) fail(riga, campi);
  }
  errori.sort((a, b) => a.riga - b.riga);
  const nFasi = [...orders.values()].reduce((s, o) => s + o.fasi.length, 0);
  if (!conferma) return { righe: righe.length, valide: righe.length - errori.length, commesse: orders.size, fasi: nFasi, errori };
  if (errori.length) throw new AppError(400, 'avvisi.import_errori', { righe: righe.length, count: errori.length, errori });

  await db.transaction(async (tx) => {
    for (const o of orders.values()) {
      const { fasi: phases, ...order } = o;
      const [created] = await tx.insert(commesse).values(order).returning();
      const createdPhases = phases.length ? await tx.insert(fasi).values(phases.map((f) => ({ ...f, commessa_id: created.id }))).returning() : [];
      await audit(tx as unknown as Db, user, { entita: 'commesse', entita_id: String(created.id), azione: 'create', dopo: { ...created, fasi: createdPhases } });
    }
  });
  return { message: 'avvisi.import_completato', params: { count: righe.length }, data: { righe: righe.length, commesse: orders.size, fasi: nFasi } };
}
