/**
 * Equipment and PPE (issue #17): stock as the sum of movements, serial-numbered units and their states, the standard
 * kit of a mansione, what each employee holds, lacks and must replace, deliveries (stock and units taken in the same
 * transaction as the delivery and its audit entry, the signed verbale stored with it), returns, write-offs and
 * replacements, training records. The legal rules are the contract's pure functions (dpi.ts).
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  fineVita, formazioneRichiesta, oltreFineVita, primaScadenza, prossimaIspezione, scadenzaConsegna, type TCategoriaDpi, type TConsegna, type TConsegnaRigaRow, type TConsegnaRow,
  type TKit, type TMovimento, type TProtezioneDpi, type TSchedaDipendente, type TTaglieDipendente, type TTipoTaglia,
} from '@tulip/contract';
import { audit } from '../../platform/audit';
import { enqueueWebhooks, kickWebhooks } from '../../platform/webhooks';
import { sqlNow } from '../../platform/clock';
import { lockRows, readIntParts, rowsOf, type Db } from '../../platform/db';
import { addDays, dataIt, instantToLocal, localNow } from '../../platform/dates';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { readFile } from '../../platform/files';
import { readSignature } from '../../platform/signature';
import { JsonBytes } from '../../platform/jsonBytes';
import { dipendenti, dipendentiScope, employeeInScope, mansioni, reparti, utenti } from '../anagrafica';
import { articoli, consegne, consegneRighe, formazione, kit, movimenti, resi, taglie, tipologie, unita } from './tables';
import { storeVerbale, storeVerbalePdf, verbalePdf, type Firme } from './verbale';

export const CONSEGNE_ROUTE = 'dotazioni.consegne';
const has = (user: CurrentUser, route: string) => !!user.profilo?.routes.includes(route);
const today = (tz: string) => localNow(tz).data;
const nome = sql<string>`${dipendenti.cognome} || ' ' || ${dipendenti.nome}`;
type Tx = Db;
const inTx = <T>(db: Db, fn: (tx: Tx) => Promise<T>) => db.transaction((t) => fn(t as unknown as Tx));

// ---- stock ---------------------------------------------------------------------------------------------------------

export type Giacenza = { taglia: string | null; quantita: number };

/** Stock per size of the given articles: the sum of their movements; for serial-numbered ones, the units available. */
export async function stockOf(db: Db, ids: number[]): Promise<Map<number, Giacenza[]>> {
  const out = new Map<number, Giacenza[]>();
  if (!ids.length) return out;
  const serial = await db
    .select({ id: articoli.id })
    .from(articoli)
    .innerJoin(tipologie, eq(tipologie.id, articoli.tipologia_id))
    .where(and(inArray(articoli.id, ids), eq(tipologie.numero_serie, true)));
  const serialIds = serial.map((s) => s.id);
  const sums = await db
    .select({ articolo_id: movimenti.articolo_id, taglia: movimenti.taglia, quantita: sql<number>`sum(${movimenti.quantita})::int` })
    .from(movimenti)
    .where(inArray(movimenti.articolo_id, ids))
    .groupBy(movimenti.articolo_id, movimenti.taglia)
    .orderBy(movimenti.articolo_id, movimenti.taglia);
  for (const s of sums) {
    if (serialIds.includes(s.articolo_id)) continue;
    const list = out.get(s.articolo_id) ?? [];
    list.push({ taglia: s.taglia || null, quantita: Number(s.quantita) });
    out.set(s.articolo_id, list);
  }
  if (serialIds.length) {
    const units = await db
      .select({ articolo_id: unita.articolo_id, n: sql<number>`count(*) filter (where ${unita.stato} = 'disponibile')::int` })
      .from(unita)
      .where(inArray(unita.articolo_id, serialIds))
      .groupBy(unita.articolo_id);
    for (const id of serialIds) out.set(id, [{ taglia: null, quantita: Number(units.find((u) => u.articolo_id === id)?.n ?? 0) }]);
  }
  // sizes sorted as people read them: numbers by value, letters by the usual order
  const ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL'];
  const rank = (t: string | null) => (t == null ? -1 : /^\d+([.,]\d+)?$/.test(t) ? Number(t.replace(',', '.')) : 1000 + (ORDER.indexOf(t.toUpperCase()) + 1 || 100));
  for (const list of out.values()) list.sort((a, b) => rank(a.taglia) - rank(b.taglia) || String(a.taglia).localeCompare(String(b.taglia)));
  return out;
}

export type Lotto = { lotto: string; taglia: string | null; data_fabbricazione: string | null };

/**
 * The lots loaded for the given articles, per size, each with the date of manufacture of its latest load, the most
 * recently made first (the delivery's choice and the proposal's default).
 */
export async function lotsOf(db: Db, ids: number[]): Promise<Map<number, Lotto[]>> {
  const out = new Map<number, Lotto[]>();
  if (!ids.length) return out;
  const rows = await db
    .selectDistinctOn([movimenti.articolo_id, movimenti.taglia, movimenti.lotto], { articolo_id: movimenti.articolo_id, taglia: movimenti.taglia, lotto: movimenti.lotto, data_fabbricazione: movimenti.data_fabbricazione })
    .from(movimenti)
    .where(and(inArray(movimenti.articolo_id, ids), eq(movimenti.causale, 'carico'), sql`${movimenti.lotto} is not null`))
    .orderBy(movimenti.articolo_id, movimenti.taglia, movimenti.lotto, desc(movimenti.id));
  for (const r of rows) out.set(r.articolo_id, [...(out.get(r.articolo_id) ?? []), { lotto: r.lotto!, taglia: r.taglia || null, data_fabbricazione: r.data_fabbricazione }]);
  for (const list of out.values()) list.sort((a, b) => String(b.data_fabbricazione ?? '').localeCompare(String(a.data_fabbricazione ?? '')) || a.lotto.localeCompare(b.lotto));
  return out;
}

/** The article's answer rows with their stock and lots (the resource's decoration). */
export async function withStock<R extends Record<string, unknown>>(db: Db, rows: R[]) {
  const stock = await stockOf(db, rows.map((r) => Number(r.id)));
  const lots = await lotsOf(db, rows.map((r) => Number(r.id)));
  return rows.map((r) => {
    const giacenze = stock.get(Number(r.id)) ?? [];
    const giacenza = giacenze.reduce((s, g) => s + g.quantita, 0);
    const min = r.scorta_minima == null ? null : Number(r.scorta_minima);
    const sotto = min != null && (giacenze.length ? giacenze.some((g) => g.quantita < min) : min > 0);
    return { ...r, giacenze, giacenza, sotto_scorta: sotto, lotti: lots.get(Number(r.id)) ?? [] };
  });
}

type ArticoloTipo = {
  id: number; marca: string; modello: string; attivo: boolean; tipologia_id: number; tipologia: string; codice: string; dpi: boolean; categoria: string | null;
  taglie: boolean; tipo_taglia: string | null; numero_serie: boolean; restituibile: boolean; formazione: boolean; protezione: string | null; durata_mesi: number | null;
  ispezione_mesi: number | null; vita_utile_mesi: number | null;
};

async function articlesWithType(db: Db, ids: number[]): Promise<Map<number, ArticoloTipo>> {
  if (!ids.length) return new Map();
  const q = db
    .select({
      id: articoli.id, marca: articoli.marca, modello: articoli.modello, attivo: articoli.attivo, tipologia_id: tipologie.id, tipologia: tipologie.descrizione,
      codice: tipologie.codice, dpi: tipologie.dpi, categoria: tipologie.categoria, taglie: tipologie.taglie, tipo_taglia: tipologie.tipo_taglia,
      numero_serie: tipologie.numero_serie, restituibile: tipologie.restituibile, formazione: tipologie.formazione, protezione: tipologie.protezione,
      durata_mesi: tipologie.durata_mesi, ispezione_mesi: tipologie.ispezione_mesi, vita_utile_mesi: tipologie.vita_utile_mesi,
    })
    .from(articoli)
    .innerJoin(tipologie, eq(tipologie.id, articoli.tipologia_id))
    .where(inArray(articoli.id, [...new Set(ids)].sort((a, b) => a - b)))
    .orderBy(articoli.id);
  return new Map((await q).map((r) => [r.id, r]));
}

/**
 * The locks of the module, taken through the platform's `lockRows` (one order: by table, then id), before anything is
 * checked. An article's row is the lock of its stock: every change of stock or of a unit's state holds it. A line's
 * return, write-off, inspection or cancellation holds the delivery, the line, the article and the unit.
 */
async function lockLines(tx: Tx, rigaIds: number[], also: { consegne?: number[]; articoli?: number[]; unita?: (number | null)[] } = {}) {
  const refs = rigaIds.length
    ? await tx.select({ consegna_id: consegneRighe.consegna_id, articolo_id: consegneRighe.articolo_id, unita_id: consegneRighe.unita_id }).from(consegneRighe).where(inArray(consegneRighe.id, rigaIds))
    : [];
  // a line's delivery, article and unit never change: read without a lock, they name the rows to lock
  await lockRows(tx, [
    { table: consegne, ids: [...refs.map((r) => r.consegna_id), ...(also.consegne ?? [])] },
    { table: consegneRighe, ids: rigaIds },
    { table: articoli, ids: [...refs.map((r) => r.articolo_id), ...(also.articoli ?? [])] },
    { table: unita, ids: [...refs.map((r) => r.unita_id), ...(also.unita ?? [])] },
  ]);
}

const articoloName = (a: Pick<ArticoloTipo, 'marca' | 'modello'>) => `${a.marca} ${a.modello}`;

/** The size a line of this type takes: required where the type has sizes, refused where it has none. */
function sizeFor(a: ArticoloTipo, taglia: string | null | undefined, field: string): string {
  if (a.taglie && !taglia) throw new AppError(400, 'avvisi.taglia_richiesta', { tipologia: a.tipologia, fields: { [field]: 'avvisi.campo_richiesto' } });
  if (!a.taglie && taglia) throw new AppError(400, 'avvisi.taglia_non_prevista', { tipologia: a.tipologia, fields: { [field]: 'avvisi.valore_non_valido' } });
  return taglia ?? '';
}

async function stockOfSize(tx: Tx, articoloId: number, taglia: string) {
  const [r] = await tx
    .select({ n: sql<number>`coalesce(sum(${movimenti.quantita}), 0)::int` })
    .from(movimenti)
    .where(and(eq(movimenti.articolo_id, articoloId), eq(movimenti.taglia, taglia)));
  return Number(r?.n ?? 0);
}

/** A load with its document, or an adjustment with its reason; serial-numbered articles load their units by number. */
export async function addMovement(db: Db, tz: string, user: CurrentUser, articoloId: number, b: TMovimento) {
  if (b.data_fabbricazione && b.data_fabbricazione > today(tz)) throw badRequest({ data_fabbricazione: 'avvisi.data_futura' });
  await inTx(db, async (tx) => {
    await lockRows(tx, [{ table: articoli, ids: [articoloId] }]);
    const a = (await articlesWithType(tx, [articoloId])).get(articoloId);
    if (!a) throw notFound();
    const taglia = sizeFor(a, b.taglia, 'taglia');
    // an item whose manufacturer states a life is loaded with its lot and date of manufacture (Reg. UE 2016/425 Annex II 1.4)
    if (b.causale === 'carico' && a.vita_utile_mesi && (!b.lotto || !b.data_fabbricazione))
      throw new AppError(400, 'avvisi.lotto_fabbricazione_richiesti', { tipologia: a.tipologia, fields: { [!b.lotto ? 'lotto' : 'data_fabbricazione']: 'avvisi.campo_richiesto' } });
    const lot = { lotto: b.lotto ?? null, data_fabbricazione: b.data_fabbricazione ?? null };
    if (a.numero_serie) {
      if (b.causale !== 'carico') throw badRequest({ causale: 'avvisi.valore_non_valido' });
      const numeri = b.numeri_serie ?? [];
      if (numeri.length !== b.quantita || new Set(numeri).size !== numeri.length) throw badRequest({ numeri_serie: 'avvisi.numeri_serie_quantita' });
      const known = await tx.select({ n: unita.numero_serie }).from(unita).where(and(eq(unita.articolo_id, articoloId), inArray(unita.numero_serie, numeri)));
      if (known.length) throw new AppError(409, 'avvisi.numero_serie_esistente', { numero_serie: known[0].n });
      await tx.insert(unita).values(numeri.map((n) => ({ articolo_id: articoloId, numero_serie: n, ...lot })));
    } else if (b.numeri_serie?.length) {
      throw badRequest({ numeri_serie: 'avvisi.valore_non_valido' });
    }
    if (b.causale === 'rettifica') {
      const disponibili = await stockOfSize(tx, articoloId, taglia);
      if (disponibili + b.quantita < 0) throw new AppError(409, 'avvisi.giacenza_negativa', { disponibili });
    }
    const [m] = await tx
      .insert(movimenti)
      .values({
        articolo_id: articoloId, taglia, quantita: b.quantita, causale: b.causale, riferimento: b.riferimento ?? null, motivo: b.motivo ?? null,
        numero_serie: b.numeri_serie?.length ? b.numeri_serie.join(', ').slice(0, 60) : null, ...lot, creato_da: user.id,
      })
      .returning();
    await audit(tx, user, { entita: 'dotazioni_movimenti', entita_id: m.id, azione: b.causale, dopo: { ...m, numeri_serie: b.numeri_serie }, motivo: b.motivo ?? null });
  });
}

export async function listMovements(db: Db, tz: string, articoloId: number) {
  const rows = await db
    .select({
      id: movimenti.id, articolo_id: movimenti.articolo_id, taglia: movimenti.taglia, quantita: movimenti.quantita, causale: movimenti.causale, riferimento: movimenti.riferimento,
      motivo: movimenti.motivo, consegna_id: movimenti.consegna_id, numero_serie: movimenti.numero_serie, lotto: movimenti.lotto, data_fabbricazione: movimenti.data_fabbricazione, creato_il: instantToLocal(movimenti.creato_il, tz), creato_da: utenti.username,
    })
    .from(movimenti)
    .leftJoin(utenti, eq(utenti.id, movimenti.creato_da))
    .where(eq(movimenti.articolo_id, articoloId))
    .orderBy(desc(movimenti.id))
    .limit(1000);
  return rows.map((r) => ({ ...r, taglia: r.taglia || null, causale: r.causale as 'carico' }));
}

export async function listUnits(db: Db, articoloId: number) {
  const held = db
    .select({ unita_id: consegneRighe.unita_id, dipendente_id: consegne.dipendente_id, data: consegne.data })
    .from(consegneRighe)
    .innerJoin(consegne, eq(consegne.id, consegneRighe.consegna_id))
    .where(and(eq(consegne.stato, 'valida'), gt(consegneRighe.in_dotazione, 0), eq(consegneRighe.articolo_id, articoloId)))
    .as('held');
  const rows = await db
    .select({
      id: unita.id, articolo_id: unita.articolo_id, numero_serie: unita.numero_serie, lotto: unita.lotto, data_fabbricazione: unita.data_fabbricazione, vita: tipologie.vita_utile_mesi, stato: unita.stato, dipendente_id: held.dipendente_id, dipendente_nome: sql<string | null>`${nome}`, consegnata_il: held.data })
    .from(unita)
    .innerJoin(articoli, eq(articoli.id, unita.articolo_id))
    .innerJoin(tipologie, eq(tipologie.id, articoli.tipologia_id))
    .leftJoin(held, eq(held.unita_id, unita.id))
    .leftJoin(dipendenti, eq(dipendenti.id, held.dipendente_id))
    .where(eq(unita.articolo_id, articoloId))
    .orderBy(unita.numero_serie);
  return rows.map(({ vita, ...r }) => ({ ...r, fine_vita: fineVita(r.data_fabbricazione, vita), stato: r.stato as 'disponibile', consegnata_il: r.consegnata_il ?? null }));
}

/** Repair, back available, written off: an assigned unit changes only through its delivery's return. */
export async function setUnitState(db: Db, user: CurrentUser, id: number, stato: 'disponibile' | 'in_riparazione' | 'dismesso', motivo: string) {
  const articoloId = await inTx(db, async (tx) => {
    // a unit's state is its article's stock: the article's lock first, as every other change of it
    const [ref] = await tx.select({ articolo_id: unita.articolo_id }).from(unita).where(eq(unita.id, id));
    await lockRows(tx, [{ table: articoli, ids: [ref?.articolo_id] }, { table: unita, ids: [id] }]);
    const [u] = await tx.select().from(unita).where(eq(unita.id, id));
    if (!u) throw notFound();
    if (u.stato === 'assegnato') throw new AppError(409, 'avvisi.unita_assegnata');
    if (u.stato === 'dismesso') throw new AppError(409, 'avvisi.numero_serie_dismesso', { numero_serie: u.numero_serie });
    const [after] = await tx.update(unita).set({ stato }).where(eq(unita.id, id)).returning();
    await audit(tx, user, { entita: 'dotazioni_unita', entita_id: id, azione: 'stato', prima: u, dopo: after, motivo });
    return u.articolo_id;
  });
  return (await listUnits(db, articoloId)).find((u) => u.id === id)!;
}

/** Articles and sizes below their minimum stock. */
export async function reorderList(db: Db) {
  const rows = await db
    .select({ id: articoli.id, tipologia_descrizione: tipologie.descrizione, marca: articoli.marca, modello: articoli.modello, fornitore: articoli.fornitore, scorta_minima: articoli.scorta_minima })
    .from(articoli)
    .innerJoin(tipologie, eq(tipologie.id, articoli.tipologia_id))
    .where(and(eq(articoli.attivo, true), sql`${articoli.scorta_minima} > 0`))
    .orderBy(tipologie.descrizione, articoli.marca, articoli.modello);
  const stock = await stockOf(db, rows.map((r) => r.id));
  return rows.flatMap((r) => {
    const min = Number(r.scorta_minima);
    const g = stock.get(r.id) ?? [];
    const sizes = g.length ? g : [{ taglia: null, quantita: 0 }];
    const { id, ...rest } = r;
    return sizes.filter((s) => s.quantita < min).map((s) => ({ ...rest, articolo_id: id, taglia: s.taglia, giacenza: s.quantita, scorta_minima: min }));
  });
}

// ---- the kit of a mansione -----------------------------------------------------------------------------------------

export async function listMansioniKit(db: Db) {
  const kits = db
    .select({ mansione_id: kit.mansione_id, tipologie: sql<number>`count(*)::int`.as('tipologie'), obbligatorie: sql<number>`count(*) filter (where ${kit.obbligatoria})::int`.as('obbligatorie') })
    .from(kit)
    .groupBy(kit.mansione_id)
    .as('kits');
  const people = db
    .select({ mansione_id: dipendenti.mansione_id, dipendenti: sql<number>`count(*)::int`.as('dipendenti') })
    .from(dipendenti)
    .where(isNull(dipendenti.data_cessazione))
    .groupBy(dipendenti.mansione_id)
    .as('people');
  const rows = await db
    .select({
      mansione_id: mansioni.id, codice: mansioni.codice, descrizione: mansioni.descrizione, tipologie: sql<number>`coalesce(${kits.tipologie}, 0)`,
      obbligatorie: sql<number>`coalesce(${kits.obbligatorie}, 0)`, dipendenti: sql<number>`coalesce(${people.dipendenti}, 0)`,
    })
    .from(mansioni)
    .leftJoin(kits, eq(kits.mansione_id, mansioni.id))
    .leftJoin(people, eq(people.mansione_id, mansioni.id))
    .orderBy(mansioni.descrizione);
  return rows.map((r) => ({ ...r, tipologie: Number(r.tipologie), obbligatorie: Number(r.obbligatorie), dipendenti: Number(r.dipendenti) }));
}

/** A manufacturer's information note (a PDF) that an article names, for whoever reads the articles; any other file: 404. */
export async function informationNote(db: Db, fileId: string) {
  const [a] = await db.select({ f: articoli.nota_file_id }).from(articoli).where(eq(articoli.nota_file_id, fileId)).limit(1);
  const f = a?.f ? await readFile(db, a.f) : undefined;
  if (!f) throw notFound();
  return f;
}

export async function readKit(db: Db, mansioneId: number) {
  const [m] = await db.select().from(mansioni).where(eq(mansioni.id, mansioneId));
  if (!m) throw notFound();
  const righe = await db
    .select({
      tipologia_id: kit.tipologia_id, tipologia_codice: tipologie.codice, tipologia_descrizione: tipologie.descrizione, dpi: tipologie.dpi,
      categoria: sql<TCategoriaDpi | null>`${tipologie.categoria}`, quantita: kit.quantita, obbligatoria: kit.obbligatoria, valida_dal: kit.valida_dal, valida_al: kit.valida_al,
    })
    .from(kit)
    .innerJoin(tipologie, eq(tipologie.id, kit.tipologia_id))
    .where(eq(kit.mansione_id, mansioneId))
    .orderBy(desc(kit.obbligatoria), tipologie.descrizione);
  return { mansione_id: m.id, mansione_descrizione: m.descrizione, righe };
}

/** Replaces the whole kit of a mansione (an update, DESIGN §3), audited with before and after. */
export async function saveKit(db: Db, user: CurrentUser, mansioneId: number, b: TKit) {
  await readKit(db, mansioneId); // 404 before anything else
  const ids = b.righe.map((r) => r.tipologia_id);
  if (ids.length) {
    const found = await db.select({ id: tipologie.id }).from(tipologie).where(inArray(tipologie.id, ids));
    const missing = b.righe.findIndex((r) => !found.some((f) => f.id === r.tipologia_id));
    if (missing >= 0) throw badRequest({ [`righe.${missing}.tipologia_id`]: 'avvisi.valore_non_valido' });
  }
  await inTx(db, async (tx) => {
    // the mansione's row is the lock of its kit: a second save waits, then replaces the first one's rows whole
    await lockRows(tx, [{ table: mansioni, ids: [mansioneId] }]);
    const prima = await readKit(tx, mansioneId);
    await tx.delete(kit).where(eq(kit.mansione_id, mansioneId));
    if (b.righe.length)
      await tx.insert(kit).values(b.righe.map((r) => ({ mansione_id: mansioneId, tipologia_id: r.tipologia_id, quantita: r.quantita, obbligatoria: r.obbligatoria, valida_dal: r.valida_dal ?? null, valida_al: r.valida_al ?? null })));
    await audit(tx, user, { entita: 'dotazioni_kit', entita_id: mansioneId, azione: 'kit', prima: prima.righe, dopo: b.righe });
  });
  return readKit(db, mansioneId);
}

// ---- what employees hold and lack ------------------------------------------------------------------------------------

const heldColumns = {
  id: consegneRighe.id, articolo_id: consegneRighe.articolo_id, tipologia_id: consegneRighe.tipologia_id, tipologia_descrizione: tipologie.descrizione,
  categoria: sql<TCategoriaDpi | null>`${tipologie.categoria}`, dpi: tipologie.dpi, articolo: sql<string>`${articoli.marca} || ' ' || ${articoli.modello}`,
  taglia: consegneRighe.taglia, quantita: consegneRighe.quantita, numero_serie: consegneRighe.numero_serie, lotto: consegneRighe.lotto, data_fabbricazione: consegneRighe.data_fabbricazione, scadenza: consegneRighe.scadenza, ispezione: consegneRighe.ispezione,
  in_dotazione: consegneRighe.in_dotazione, restituibile: tipologie.restituibile, consegna_id: consegne.id, data_consegna: consegne.data,
  causale: sql<TConsegna['causale']>`${consegne.causale}`,
};

/** The held lines (valid deliveries, something still in hand) matching `where`. */
function heldQuery(db: Db, where: SQL | undefined) {
  return db
    .select({ ...heldColumns, dipendente_id: consegne.dipendente_id })
    .from(consegneRighe)
    .innerJoin(consegne, eq(consegne.id, consegneRighe.consegna_id))
    .innerJoin(articoli, eq(articoli.id, consegneRighe.articolo_id))
    .innerJoin(tipologie, eq(tipologie.id, consegneRighe.tipologia_id))
    .where(and(eq(consegne.stato, 'valida'), gt(consegneRighe.in_dotazione, 0), where));
}

/** The kit rows in force on `day` for the employees' mansioni. */
const kitInForce = (day: string) => and(or(isNull(kit.valida_dal), lte(kit.valida_dal, day)), or(isNull(kit.valida_al), gte(kit.valida_al, day)));

/**
 * Per employee and kit type: required, held and valid (not expired), expired. One query for any number of employees:
 * the report, the home counts and the employee's card read the same numbers.
 */
async function kitStatus(db: Db, day: string, where: SQL | undefined, onlyMandatory: boolean, dipendenteId?: number, onlyLacking = false) {
  // what each employee holds per type, valid and expired, in one grouped scan joined to the kit (not a lookup per row)
  const held = db
    .select({
      dipendente_id: consegne.dipendente_id, tipologia_id: consegneRighe.tipologia_id,
      validi: sql<number>`sum(${consegneRighe.in_dotazione}) filter (where ${consegneRighe.scadenza} is null or ${consegneRighe.scadenza} >= ${day})`.as('validi'),
      scaduti: sql<number>`sum(${consegneRighe.in_dotazione}) filter (where ${consegneRighe.scadenza} < ${day})`.as('scaduti'),
    })
    .from(consegneRighe)
    .innerJoin(consegne, eq(consegne.id, consegneRighe.consegna_id))
    .where(and(eq(consegne.stato, 'valida'), gt(consegneRighe.in_dotazione, 0), dipendenteId ? eq(consegne.dipendente_id, dipendenteId) : undefined))
    .groupBy(consegne.dipendente_id, consegneRighe.tipologia_id)
    .as('held');
  const validi = sql<number>`coalesce(${held.validi}, 0)::int`;
  const scaduti = sql<number>`coalesce(${held.scaduti}, 0)::int`;
  const rows = await db
    .select({
      dipendente_id: dipendenti.id, matricola: dipendenti.matricola, dipendente_nome: nome, reparto_descrizione: reparti.descrizione, mansione_descrizione: mansioni.descrizione,
      tipologia_id: kit.tipologia_id, tipologia_descrizione: tipologie.descrizione, richiesti: kit.quantita, obbligatoria: kit.obbligatoria, validi, scaduti,
    })
    .from(dipendenti)
    .innerJoin(kit, eq(kit.mansione_id, dipendenti.mansione_id))
    .innerJoin(mansioni, eq(mansioni.id, dipendenti.mansione_id))
    .innerJoin(tipologie, eq(tipologie.id, kit.tipologia_id))
    .leftJoin(reparti, eq(reparti.id, dipendenti.reparto_id))
    .leftJoin(held, and(eq(held.dipendente_id, dipendenti.id), eq(held.tipologia_id, kit.tipologia_id)))
    .where(and(kitInForce(day), onlyLacking ? sql`${validi} < ${kit.quantita}` : undefined, onlyMandatory ? eq(kit.obbligatoria, true) : undefined, or(isNull(dipendenti.data_cessazione), gte(dipendenti.data_cessazione, day)), lte(dipendenti.data_assunzione, day), where))
    .orderBy(reparti.descrizione, dipendenti.cognome, dipendenti.nome, tipologie.descrizione);
  return rows.map((r) => {
    const validiN = Number(r.validi);
    return { ...r, validi: validiN, scaduti: Number(r.scaduti), mancanti: Math.max(0, r.richiesti - validiN) };
  });
}

type MissingQuery = { reparto_id?: number; mansione_id?: number; dipendente_id?: number };
type MissingPerson = { id: number; matricola: string; dipendente_nome: string; reparto_descrizione: string | null; mansione_descrizione: string };
type MissingType = { id: number; descrizione: string };
/** A lacking (employee, type) pair: required, held and valid, expired. */
type MissingPair = { richiesti: number; validi: number; scaduti: number };
export type MissingRow = ReturnType<typeof missingRow>;

/**
 * Who lacks what: employees in scope whose mandatory kit is incomplete or expired, in the report's order (department,
 * surname, name, then type). Over a whole company this is thousands of lines. The database groups the held lines per
 * (employee, type) and sends them as one list of numbers; the employees (in the report's order, the database's
 * collation), the kits in force and the types come once each; and the kits are matched with what each one holds here
 * (issue #30). Joining the kits in the database doubled the grouping's cost; joining the descriptions to every pair,
 * sorting the wide rows by text or reading each row through the driver cost several times the grouping itself.
 * `row` is called once per line of the report, in order.
 */
async function walkMissing(db: Db, tz: string, user: CurrentUser, q: MissingQuery, row: (p: MissingPerson, t: MissingType, l: MissingPair) => void) {
  const day = today(tz);
  const where = and(
    dipendentiScope(user),
    q.reparto_id ? eq(dipendenti.reparto_id, q.reparto_id) : undefined,
    q.mansione_id ? eq(dipendenti.mansione_id, q.mansione_id) : undefined,
    q.dipendente_id ? eq(dipendenti.id, q.dipendente_id) : undefined,
    or(isNull(dipendenti.data_cessazione), gte(dipendenti.data_cessazione, day)),
    lte(dipendenti.data_assunzione, day),
  );
  const [packed, people, types, kits] = await Promise.all([
    // employee, type, valid, expired: four integers per held pair (sums of positive quantities), in parts of up to
    // 1,000 employees (readIntParts says why)
    rowsOf<{ held: string }>(db, sql`
      select string_agg(dipendente_id || ',' || tipologia_id || ',' || coalesce(validi, 0) || ',' || coalesce(scaduti, 0), ',') as held from (
        select ${consegne.dipendente_id} as dipendente_id, ${consegneRighe.tipologia_id} as tipologia_id,
          sum(${consegneRighe.in_dotazione}) filter (where ${consegneRighe.scadenza} is null or ${consegneRighe.scadenza} >= ${day}) as validi,
          sum(${consegneRighe.in_dotazione}) filter (where ${consegneRighe.scadenza} < ${day}) as scaduti
        from ${consegneRighe} join ${consegne} on ${consegne.id} = ${consegneRighe.consegna_id}
        where ${consegne.stato} = 'valida' and ${consegneRighe.in_dotazione} > 0 ${q.dipendente_id ? sql`and ${consegne.dipendente_id} = ${q.dipendente_id}` : sql``}
        group by 1, 2) held
      group by dipendente_id / 1000`),
    // namesakes of one department: the older record first, so each one's lines stay together
    rowsOf<MissingPerson & { mansione_id: number }>(db, sql`
      select ${dipendenti.id} as id, ${dipendenti.matricola} as matricola, ${nome} as dipendente_nome, ${reparti.descrizione} as reparto_descrizione, ${mansioni.descrizione} as mansione_descrizione,
        ${dipendenti.mansione_id} as mansione_id
      from ${dipendenti} join ${mansioni} on ${mansioni.id} = ${dipendenti.mansione_id} left join ${reparti} on ${reparti.id} = ${dipendenti.reparto_id}
      where ${where ?? sql`true`}
      order by ${reparti.descrizione}, ${dipendenti.cognome}, ${dipendenti.nome}, ${dipendenti.id}`),
    rowsOf<MissingType>(db, sql`select ${tipologie.id} as id, ${tipologie.descrizione} as descrizione from ${tipologie} order by ${tipologie.descrizione}, ${tipologie.id}`),
    db
      .select({ mansione_id: kit.mansione_id, tipologia_id: kit.tipologia_id, quantita: kit.quantita })
      .from(kit)
      .where(and(eq(kit.obbligatoria, true), kitInForce(day))),
  ]);
  // the types' ranks in the report's order
  const rank = new Map(types.map((t, i) => [t.id, i]));
  const kitOf = new Map<number, typeof kits>();
  for (const k of kits) {
    const list = kitOf.get(k.mansione_id);
    if (list) list.push(k);
    else kitOf.set(k.mansione_id, [k]);
  }
  // each employee's held pairs, chained through `next` (indexes of pairs, -1 ends), without an array per employee
  const n = readIntParts(packed.map((p) => p.held));
  const first = new Map<number, number>();
  const next = new Int32Array(n.length / 4);
  for (let j = next.length - 1; j >= 0; j--) {
    next[j] = first.get(n[j * 4]) ?? -1;
    first.set(n[j * 4], j);
  }
  const held = (dipendenteId: number, tipologiaId: number) => {
    for (let j = first.get(dipendenteId) ?? -1; j >= 0; j = next[j]) if (n[j * 4 + 1] === tipologiaId) return j;
    return -1;
  };
  // an employee's lacking kit lines by the types' rank: a handful each, put in place as they come
  const mine: { t: number; l: MissingPair }[] = [];
  for (const p of people) {
    mine.length = 0;
    for (const k of kitOf.get(p.mansione_id) ?? []) {
      const j = held(p.id, k.tipologia_id);
      const validi = j < 0 ? 0 : n[j * 4 + 2];
      if (validi >= k.quantita) continue;
      const line = { t: rank.get(k.tipologia_id)!, l: { richiesti: k.quantita, validi, scaduti: j < 0 ? 0 : n[j * 4 + 3] } };
      let at = mine.length;
      mine.push(line);
      for (; at > 0 && mine[at - 1].t > line.t; at--) mine[at] = mine[at - 1];
      mine[at] = line;
    }
    for (const m of mine) row(p, types[m.t], m.l);
  }
}

const missingRow = (p: MissingPerson, t: MissingType, l: MissingPair) => ({
  dipendente_id: p.id, matricola: p.matricola, dipendente_nome: p.dipendente_nome, reparto_descrizione: p.reparto_descrizione, mansione_descrizione: p.mansione_descrizione,
  tipologia_id: t.id, tipologia_descrizione: t.descrizione, richiesti: l.richiesti, validi: l.validi, scaduti: l.scaduti, mancanti: l.richiesti - l.validi,
});

/** Who lacks what, as rows (the Excel export). */
export async function missingReport(db: Db, tz: string, user: CurrentUser, q: MissingQuery): Promise<MissingRow[]> {
  const rows: MissingRow[] = [];
  await walkMissing(db, tz, user, q, (p, t, l) => rows.push(missingRow(p, t, l)));
  return rows;
}

/**
 * Who lacks what as the JSON of the answer, written as it is read: each employee's and each type's part once, the
 * numbers per line, no object per line (thousands of rows: the objects, their parse through the response schema and
 * their serialisation cost more than the queries). The very bytes `JSON.stringify` writes of missingReport's rows
 * through the answer's schema (ZMancanteRow: same fields, same order; dotazioni.api.test.ts compares them).
 */
export async function missingReportJson(db: Db, tz: string, user: CurrentUser, q: MissingQuery): Promise<Buffer> {
  const out = new JsonBytes();
  const personPart = new Map<number, string>();
  const typePart = new Map<number, string>();
  const json = JSON.stringify;
  await walkMissing(db, tz, user, q, (p, t, l) => {
    let pp = personPart.get(p.id);
    if (pp === undefined) {
      pp = `{"dipendente_id":${json(p.id)},"matricola":${json(p.matricola)},"dipendente_nome":${json(p.dipendente_nome)},"reparto_descrizione":${json(p.reparto_descrizione)},"mansione_descrizione":${json(p.mansione_descrizione)}`;
      personPart.set(p.id, pp);
    }
    let tp = typePart.get(t.id);
    if (tp === undefined) {
      tp = `,"tipologia_id":${json(t.id)},"tipologia_descrizione":${json(t.descrizione)}`;
      typePart.set(t.id, tp);
    }
    // integers from int columns: their text is their JSON
    out.push(`${out.empty ? '[' : ','}${pp}${tp},"richiesti":${l.richiesti},"validi":${l.validi},"scaduti":${l.scaduti},"mancanti":${l.richiesti - l.validi}}`);
  });
  out.push(out.empty ? '[]' : ']');
  return out.bytes();
}

const row = <T extends { taglia: string | null; scadenza: string | null; ispezione: string | null }>(r: T) => ({ ...r, taglia: r.taglia || null });

/** What an employee holds, lacks (kit in force, expired items counting as lacking), must replace soon and give back. */
export async function employeeCard(db: Db, tz: string, id: number, giorni: number): Promise<TSchedaDipendente> {
  const day = today(tz);
  const [d] = await db
    .select({
      id: dipendenti.id, matricola: dipendenti.matricola, nome, reparto_descrizione: reparti.descrizione, mansione_id: dipendenti.mansione_id, mansione_descrizione: mansioni.descrizione,
      data_assunzione: dipendenti.data_assunzione, data_cessazione: dipendenti.data_cessazione,
    })
    .from(dipendenti)
    .leftJoin(reparti, eq(reparti.id, dipendenti.reparto_id))
    .leftJoin(mansioni, eq(mansioni.id, dipendenti.mansione_id))
    .where(eq(dipendenti.id, id));
  if (!d) throw notFound();
  const [t] = await db.select().from(taglie).where(eq(taglie.dipendente_id, id));
  const held = (await heldQuery(db, eq(consegne.dipendente_id, id)).orderBy(tipologie.descrizione, consegne.data)).map(({ dipendente_id: _d, ...r }) => row(r));
  const limit = addDays(day, giorni);
  const status = d.mansione_id ? await kitStatus(db, day, eq(dipendenti.id, id), false, id) : [];
  const training = await db
    .select({ id: formazione.id, dipendente_id: formazione.dipendente_id, tipologia_id: formazione.tipologia_id, tipologia_descrizione: tipologie.descrizione, data: formazione.data, docente: formazione.docente, note: formazione.note })
    .from(formazione)
    .innerJoin(tipologie, eq(tipologie.id, formazione.tipologia_id))
    .where(eq(formazione.dipendente_id, id))
    .orderBy(desc(formazione.data));
  return {
    dipendente: d,
    taglie: { scarpe: t?.scarpe ?? null, abbigliamento: t?.abbigliamento ?? null, guanti: t?.guanti ?? null },
    in_dotazione: held,
    mancanti: status.filter((s) => s.mancanti > 0).map((s) => ({ tipologia_id: s.tipologia_id, tipologia_descrizione: s.tipologia_descrizione, quantita: s.mancanti, obbligatoria: s.obbligatoria, scaduti: s.scaduti })),
    in_scadenza: held.filter((h) => {
      const due = primaScadenza(h.scadenza, h.ispezione);
      return due != null && due <= limit;
    }),
    da_restituire: d.data_cessazione ? held.filter((h) => h.restituibile) : [],
    formazione: training,
  };
}

export async function employeeCardInScope(db: Db, tz: string, user: CurrentUser, id: number, giorni: number) {
  await employeeInScope(db, user, id);
  return employeeCard(db, tz, id, giorni);
}

/** The caller's own card (their home page), or null for a user who is no employee. */
export async function ownCard(db: Db, tz: string, user: CurrentUser, giorni: number) {
  return user.dipendente_id ? employeeCard(db, tz, user.dipendente_id, giorni) : null;
}

/** Nobody records, cancels or writes off equipment of their own: the register is another person's evidence. */
function notOwn(user: CurrentUser, dipendenteId: number) {
  if (user.dipendente_id != null && user.dipendente_id === dipendenteId) throw new AppError(403, 'avvisi.dotazione_propria');
}

/** The contract's rule (D.Lgs 81/2008 art. 77 c. 5) over a type as its row reads (its columns are plain text). */
const needsTraining = (t: { dpi: boolean; categoria: string | null; protezione: string | null; formazione: boolean }) =>
  formazioneRichiesta({ dpi: t.dpi, categoria: t.categoria as TCategoriaDpi | null, protezione: t.protezione as TProtezioneDpi | null, formazione: t.formazione });

async function trainedTypes(db: Db, dipendenteId: number, day: string) {
  const rows = await db.select({ t: formazione.tipologia_id }).from(formazione).where(and(eq(formazione.dipendente_id, dipendenteId), lte(formazione.data, day)));
  return new Set(rows.map((r) => r.t));
}

/**
 * The delivery proposed to an employee: each lacking kit type and each held item falling due, in the employee's size,
 * with the active article of most stock in that size (for serial-numbered types, the first available unit).
 */
export async function proposal(db: Db, tz: string, user: CurrentUser, id: number, giorni: number) {
  const card = await employeeCardInScope(db, tz, user, id, giorni);
  const day = today(tz);
  const sizes = card.taglie as Record<TTipoTaglia, string | null>;
  const types = [...new Set([...card.mancanti.map((m) => m.tipologia_id), ...card.in_scadenza.map((s) => s.tipologia_id)])];
  const typeRows = types.length ? await db.select().from(tipologie).where(inArray(tipologie.id, types)) : [];
  const arts = types.length
    ? await db.select({ id: articoli.id, tipologia_id: articoli.tipologia_id, marca: articoli.marca, modello: articoli.modello }).from(articoli).where(and(inArray(articoli.tipologia_id, types), eq(articoli.attivo, true))).orderBy(articoli.id)
    : [];
  const stock = await stockOf(db, arts.map((a) => a.id));
  const lots = await lotsOf(db, arts.map((a) => a.id));
  const trained = await trainedTypes(db, id, day);
  const vita = (tipologiaId: number) => typeRows.find((t) => t.id === tipologiaId)?.vita_utile_mesi ?? null;
  // units and lots past their manufacturer's end of life are never proposed (they would be refused)
  const freeUnits = async (articoloId: number, tipologiaId: number, n: number) =>
    (await db.select({ n: unita.numero_serie, f: unita.data_fabbricazione }).from(unita).where(and(eq(unita.articolo_id, articoloId), eq(unita.stato, 'disponibile'))).orderBy(unita.numero_serie))
      .filter((u) => !oltreFineVita(day, u.f, vita(tipologiaId)))
      .slice(0, n)
      .map((u) => u.n);
  const lotFor = (articoloId: number | null, tipologiaId: number, taglia: string | null) =>
    articoloId == null ? null : ((lots.get(articoloId) ?? []).find((l) => (l.taglia ?? null) === (taglia ?? null) && !oltreFineVita(day, l.data_fabbricazione, vita(tipologiaId)))?.lotto ?? null);
  const pick = (tipologiaId: number, taglia: string | null, prefer?: number) => {
    const of = arts.filter((a) => a.tipologia_id === tipologiaId);
    const qty = (aid: number) => (stock.get(aid) ?? []).find((g) => (g.taglia ?? null) === (taglia ?? null))?.quantita ?? 0;
    const sorted = [...of].sort((a, b) => Number(b.id === prefer) - Number(a.id === prefer) || qty(b.id) - qty(a.id));
    const a = sorted[0];
    return a ? { articolo_id: a.id, articolo: `${a.marca} ${a.modello}`, disponibile: qty(a.id) } : { articolo_id: null, articolo: null, disponibile: 0 };
  };
  const righe: {
    tipologia_id: number; tipologia_descrizione: string; articolo_id: number | null; articolo: string | null; taglia: string | null; quantita: number; sostituisce_riga_id: number | null;
    motivo: 'mancante' | 'in_scadenza'; disponibile: number; numero_serie: string | null; lotto: string | null; formazione_mancante: boolean;
  }[] = [];
  const replaced = new Map<number, number>();
  for (const s of card.in_scadenza) {
    const t = typeRows.find((x) => x.id === s.tipologia_id)!;
    const p = pick(s.tipologia_id, s.taglia, s.articolo_id);
    const lines = t.numero_serie ? s.in_dotazione : 1;
    for (let i = 0; i < lines; i++)
      righe.push({ tipologia_id: s.tipologia_id, tipologia_descrizione: s.tipologia_descrizione, ...p, taglia: s.taglia, quantita: t.numero_serie ? 1 : s.in_dotazione, sostituisce_riga_id: s.id, motivo: 'in_scadenza', numero_serie: null, lotto: t.numero_serie ? null : lotFor(p.articolo_id, s.tipologia_id, s.taglia), formazione_mancante: needsTraining(t) && !trained.has(t.id) });
    replaced.set(s.tipologia_id, (replaced.get(s.tipologia_id) ?? 0) + s.in_dotazione);
  }
  for (const m of card.mancanti) {
    const t = typeRows.find((x) => x.id === m.tipologia_id)!;
    // expired items are both lacking and falling due: the replacement above already covers them
    const n = m.quantita - Math.min(replaced.get(m.tipologia_id) ?? 0, m.scaduti);
    if (n <= 0) continue;
    const taglia = t.taglie && t.tipo_taglia ? (sizes[t.tipo_taglia as TTipoTaglia] ?? null) : null;
    const p = pick(m.tipologia_id, taglia);
    const lines = t.numero_serie ? n : 1;
    for (let i = 0; i < lines; i++)
      righe.push({ tipologia_id: m.tipologia_id, tipologia_descrizione: m.tipologia_descrizione, ...p, taglia, quantita: t.numero_serie ? 1 : n, sostituisce_riga_id: null, motivo: 'mancante', numero_serie: null, lotto: t.numero_serie ? null : lotFor(p.articolo_id, m.tipologia_id, taglia), formazione_mancante: needsTraining(t) && !trained.has(t.id) });
  }
  // serial-numbered lines get distinct free units
  const byArticle = new Map<number, typeof righe>();
  for (const r of righe) if (r.articolo_id && typeRows.find((t) => t.id === r.tipologia_id)?.numero_serie) byArticle.set(r.articolo_id, [...(byArticle.get(r.articolo_id) ?? []), r]);
  for (const [aid, rs] of byArticle) {
    const free = await freeUnits(aid, rs[0].tipologia_id, rs.length);
    rs.forEach((r, i) => (r.numero_serie = free[i] ?? null));
  }
  const first = !card.in_dotazione.length;
  const causale: TConsegna['causale'] = first ? 'prima_consegna' : card.mancanti.length ? 'nuova_mansione' : 'sostituzione_scadenza';
  return { causale, righe };
}

// ---- sizes and training --------------------------------------------------------------------------------------------

export async function saveSizes(db: Db, user: CurrentUser, id: number, b: TTaglieDipendente) {
  await employeeInScope(db, user, id);
  const values = { scarpe: b.scarpe ?? null, abbigliamento: b.abbigliamento ?? null, guanti: b.guanti ?? null };
  await inTx(db, async (tx) => {
    const [prima] = await tx.select().from(taglie).where(eq(taglie.dipendente_id, id));
    await tx.insert(taglie).values({ dipendente_id: id, ...values }).onConflictDoUpdate({ target: taglie.dipendente_id, set: values });
    await audit(tx, user, { entita: 'dotazioni_taglie', entita_id: id, azione: 'taglie', prima: prima ?? null, dopo: values });
  });
  return values;
}

export async function addTraining(db: Db, tz: string, user: CurrentUser, b: { dipendente_id: number; tipologia_id: number; data: string; docente: string; note?: string | null }) {
  await employeeInScope(db, user, b.dipendente_id);
  if (b.data > today(tz)) throw badRequest({ data: 'avvisi.data_futura' });
  const [t] = await db.select().from(tipologie).where(eq(tipologie.id, b.tipologia_id));
  if (!t) throw badRequest({ tipologia_id: 'avvisi.valore_non_valido' });
  return inTx(db, async (tx) => {
    const [r] = await tx.insert(formazione).values({ dipendente_id: b.dipendente_id, tipologia_id: b.tipologia_id, data: b.data, docente: b.docente, note: b.note ?? null, creato_da: user.id }).returning();
    await audit(tx, user, { entita: 'dotazioni_formazione', entita_id: r.id, azione: 'formazione', dopo: r });
    return { id: r.id, dipendente_id: r.dipendente_id, tipologia_id: r.tipologia_id, tipologia_descrizione: t.descrizione, data: r.data, docente: r.docente, note: r.note };
  });
}

// ---- deliveries ------------------------------------------------------------------------------------------------------

async function readDeliveries(db: Db, where: SQL | undefined, page?: { page: number; size: number }): Promise<{ rows: TConsegnaRow[]; total: number }> {
  const base = db
    .select({
      id: consegne.id, dipendente_id: consegne.dipendente_id, dipendente_nome: nome, matricola: dipendenti.matricola, reparto_descrizione: reparti.descrizione, data: consegne.data,
      causale: sql<TConsegna['causale']>`${consegne.causale}`, stato: sql<'valida' | 'annullata'>`${consegne.stato}`, firmata: sql<boolean>`${consegne.firma_file_id} is not null`,
      note: consegne.note, motivo_annullamento: consegne.motivo_annullamento, creato_da: utenti.username,
    })
    .from(consegne)
    .innerJoin(dipendenti, eq(dipendenti.id, consegne.dipendente_id))
    .leftJoin(reparti, eq(reparti.id, dipendenti.reparto_id))
    .leftJoin(utenti, eq(utenti.id, consegne.creato_da))
    .where(where)
    .orderBy(desc(consegne.data), desc(consegne.id));
  const heads = page ? await base.limit(page.size).offset((page.page - 1) * page.size) : await base;
  const [{ n }] = page
    ? await db.select({ n: sql<number>`count(*)::int` }).from(consegne).innerJoin(dipendenti, eq(dipendenti.id, consegne.dipendente_id)).where(where)
    : [{ n: heads.length }];
  const ids = heads.map((h) => h.id);
  const lines = ids.length
    ? await db
        .select({ ...heldColumns })
        .from(consegneRighe)
        .innerJoin(consegne, eq(consegne.id, consegneRighe.consegna_id))
        .innerJoin(articoli, eq(articoli.id, consegneRighe.articolo_id))
        .innerJoin(tipologie, eq(tipologie.id, consegneRighe.tipologia_id))
        .where(inArray(consegneRighe.consegna_id, ids))
        .orderBy(consegneRighe.id)
    : [];
  const rows = heads.map((h) => ({
    ...h,
    firmata: !!h.firmata,
    righe: lines.filter((l) => l.consegna_id === h.id).map(({ consegna_id: _c, data_consegna: _d, causale: _k, ...l }): TConsegnaRigaRow => row(l)),
  }));
  return { rows, total: Number(n) };
}

export async function listDeliveries(db: Db, user: CurrentUser, q: { dipendente_id?: number; reparto_id?: number; dal?: string; al?: string; stato?: 'valida' | 'annullata'; page: number; size: number }) {
  return readDeliveries(
    db,
    and(
      dipendentiScope(user),
      q.dipendente_id ? eq(consegne.dipendente_id, q.dipendente_id) : undefined,
      q.reparto_id ? eq(dipendenti.reparto_id, q.reparto_id) : undefined,
      q.dal ? gte(consegne.data, q.dal) : undefined,
      q.al ? lte(consegne.data, q.al) : undefined,
      q.stato ? eq(consegne.stato, q.stato) : undefined,
    ),
    q,
  );
}

/** One delivery in the user's scope; with `ownOnly`, only the caller's own (an employee's verbale). */
export async function readDelivery(db: Db, user: CurrentUser, id: number, ownOnly = false) {
  const scope = ownOnly ? eq(consegne.dipendente_id, user.dipendente_id ?? -1) : dipendentiScope(user);
  const { rows } = await readDeliveries(db, and(eq(consegne.id, id), scope));
  if (!rows[0]) throw notFound();
  return rows[0];
}

/**
 * A delivery: every line checked (size, serial number, stock, training), stock taken or units assigned, the items it
 * replaces written off, all in one transaction with its audit entry. Two deliveries racing for the last unit: the
 * second waits on the article's lock, then finds no stock and answers 409. The verbale is drawn and stored after the
 * commit (issue #27 §2): no signature is decoded and no PDF drawn while the articles' rows are locked.
 */
export async function createDelivery(db: Db, tz: string, user: CurrentUser, b: TConsegna) {
  const dip = await employeeInScope(db, user, b.dipendente_id);
  notOwn(user, b.dipendente_id);
  const day = today(tz);
  if (b.data > day) throw badRequest({ data: 'avvisi.data_futura' });
  if (dip.data_cessazione && b.data > dip.data_cessazione) throw new AppError(409, 'avvisi.dipendente_cessato', { data: dip.data_cessazione });
  if (b.data < dip.data_assunzione) throw new AppError(400, 'avvisi.data_prima_assunzione', { data: dip.data_assunzione, fields: { data: 'avvisi.valore_non_valido' } });
  const firme: Firme = {
    lavoratore: b.firma ? (await readSignature(db, user.id, b.firma, 'firma')).bytes : null,
    incaricato: b.firma_incaricato ? (await readSignature(db, user.id, b.firma_incaricato, 'firma_incaricato')).bytes : null,
  };
  const id = await inTx(db, async (tx) => {
    // the articles' stock and the lines it replaces (with their deliveries and units), all before any check
    await lockLines(tx, b.righe.flatMap((r) => (r.sostituisce_riga_id ? [r.sostituisce_riga_id] : [])), { articoli: b.righe.map((r) => r.articolo_id) });
    const arts = await articlesWithType(tx, b.righe.map((r) => r.articolo_id));
    const trained = await trainedTypes(tx, b.dipendente_id, b.data);
    const lots = await lotsOf(tx, b.righe.map((r) => r.articolo_id));
    const need = new Map<string, number>();
    const sizes: string[] = [];
    // each line's lot and date of manufacture: a unit's own, or the lot named among those loaded in that size
    const made: { lotto: string | null; data_fabbricazione: string | null }[] = [];
    b.righe.forEach((r, i) => {
      const a = arts.get(r.articolo_id);
      if (!a) throw badRequest({ [`righe.${i}.articolo_id`]: 'avvisi.valore_non_valido' });
      if (!a.attivo) throw new AppError(409, 'avvisi.articolo_non_attivo', { articolo: articoloName(a) });
      const taglia = sizeFor(a, r.taglia, `righe.${i}.taglia`);
      sizes.push(taglia);
      if (a.numero_serie) {
        if (!r.numero_serie) throw new AppError(400, 'avvisi.numero_serie_richiesto', { tipologia: a.tipologia, fields: { [`righe.${i}.numero_serie`]: 'avvisi.campo_richiesto' } });
        if (r.quantita !== 1) throw new AppError(400, 'avvisi.serie_singola', { fields: { [`righe.${i}.quantita`]: 'avvisi.valore_non_valido' } });
      } else if (r.numero_serie) {
        throw new AppError(400, 'avvisi.numero_serie_non_previsto', { tipologia: a.tipologia, fields: { [`righe.${i}.numero_serie`]: 'avvisi.valore_non_valido' } });
      }
      if (a.numero_serie) {
        if (r.lotto) throw badRequest({ [`righe.${i}.lotto`]: 'avvisi.valore_non_valido' });
        made.push({ lotto: null, data_fabbricazione: null }); // the unit's, read when it is taken below
      } else {
        const loaded = (lots.get(a.id) ?? []).filter((l) => (l.taglia ?? '') === taglia);
        const lot = r.lotto ? loaded.find((l) => l.lotto === r.lotto) : undefined;
        if (r.lotto && !lot) throw new AppError(400, 'avvisi.lotto_sconosciuto', { lotto: r.lotto, articolo: articoloName(a), fields: { [`righe.${i}.lotto`]: 'avvisi.lotto_sconosciuto' } });
        // the manufacturer's life counts from the lot's manufacture: where lots are loaded, the delivery names one
        if (!r.lotto && a.vita_utile_mesi && loaded.length) throw new AppError(400, 'avvisi.lotto_richiesto', { articolo: articoloName(a), fields: { [`righe.${i}.lotto`]: 'avvisi.campo_richiesto' } });
        made.push({ lotto: lot?.lotto ?? null, data_fabbricazione: lot?.data_fabbricazione ?? null });
        expiredAtDelivery(a, made[i], b.data, `righe.${i}.lotto`);
      }
      // D.Lgs 81/2008 art. 77 c. 5: no category III DPI, no hearing protection, without the training first
      if (needsTraining(a) && !trained.has(a.tipologia_id))
        throw new AppError(409, 'avvisi.formazione_mancante', { tipologia: a.tipologia, tipologia_id: a.tipologia_id });
      if (!a.numero_serie) need.set(`${r.articolo_id}|${taglia}`, (need.get(`${r.articolo_id}|${taglia}`) ?? 0) + r.quantita);
    });
    for (const [key, n] of need) {
      const [aid, taglia] = key.split('|');
      const disponibili = await stockOfSize(tx, Number(aid), taglia);
      if (disponibili < n) throw new AppError(409, 'avvisi.giacenza_insufficiente', { articolo: articoloName(arts.get(Number(aid))!), taglia: taglia ? ` (${taglia})` : '', disponibili });
    }
    const [c] = await tx
      .insert(consegne)
      .values({ dipendente_id: b.dipendente_id, data: b.data, causale: b.causale, note: b.note ?? null, firma_file_id: b.firma ?? null, firma_incaricato_file_id: b.firma_incaricato ?? null, creato_da: user.id })
      .returning();
    const stored = [];
    for (const [i, r] of b.righe.entries()) {
      const a = arts.get(r.articolo_id)!;
      let unitaId: number | null = null;
      if (a.numero_serie) {
        const [u] = await tx
          .update(unita)
          .set({ stato: 'assegnato' })
          .where(and(eq(unita.articolo_id, a.id), eq(unita.numero_serie, r.numero_serie!), eq(unita.stato, 'disponibile')))
          .returning();
        if (!u) {
          const [k] = await tx.select().from(unita).where(and(eq(unita.articolo_id, a.id), eq(unita.numero_serie, r.numero_serie!)));
          const why = !k ? 'sconosciuto' : k.stato === 'assegnato' ? 'assegnato' : k.stato === 'dismesso' ? 'dismesso' : 'non_disponibile';
          throw new AppError(409, `avvisi.numero_serie_${why}`, { numero_serie: r.numero_serie, fields: { [`righe.${i}.numero_serie`]: 'avvisi.valore_non_valido' } });
        }
        unitaId = u.id;
        made[i] = { lotto: u.lotto, data_fabbricazione: u.data_fabbricazione };
        expiredAtDelivery(a, made[i], b.data, `righe.${i}.numero_serie`);
      }
      await tx.insert(movimenti).values({ articolo_id: a.id, taglia: sizes[i], quantita: -r.quantita, causale: 'consegna', consegna_id: c.id, numero_serie: r.numero_serie ?? null, lotto: made[i].lotto, creato_da: user.id });
      const [line] = await tx
        .insert(consegneRighe)
        .values({
          consegna_id: c.id, articolo_id: a.id, tipologia_id: a.tipologia_id, taglia: sizes[i] || null, quantita: r.quantita, unita_id: unitaId, numero_serie: r.numero_serie ?? null,
          ...made[i], scadenza: scadenzaConsegna(b.data, a.durata_mesi, made[i].data_fabbricazione, a.vita_utile_mesi), ispezione: prossimaIspezione(b.data, null, a.ispezione_mesi), in_dotazione: r.quantita,
        })
        .returning();
      stored.push(line);
      if (r.sostituisce_riga_id) await replaceLine(tx, user, b.dipendente_id, r.sostituisce_riga_id, c.id, b.data, `righe.${i}.sostituisce_riga_id`);
    }
    await audit(tx, user, { entita: 'dotazioni_consegne', entita_id: c.id, azione: 'consegna', dopo: { ...c, righe: stored } });
    // the webhooks' outbox, in the delivery's transaction: what was handed to whom
    await enqueueWebhooks(tx, 'consegna_dpi.registrata', [{
      id: c.id, dipendente_id: c.dipendente_id, data: c.data, causale: c.causale,
      righe: stored.map((l) => ({ articolo_id: l.articolo_id, tipologia_id: l.tipologia_id, taglia: l.taglia, quantita: l.quantita, numero_serie: l.numero_serie, scadenza: l.scadenza })),
    }]);
    return c.id;
  });
  kickWebhooks('consegna_dpi.registrata');
  try {
    const full = (await readDeliveries(db, eq(consegne.id, id))).rows[0];
    const pdf = await storeVerbale(db, user, full, firme);
    await db.update(consegne).set({ pdf_file_id: pdf }).where(eq(consegne.id, id));
  } catch (err) {
    // the delivery is recorded: its verbale is then drawn from the record on each read (verbaleOf), never lost
    console.error(`consegna ${id}: verbale non memorizzato`, err);
  }
  return readDelivery(db, user, id);
}

/**
 * No DPI is handed out past its manufacturer's end of life (D.Lgs 81/2008 art. 77 c. 4 lett. a; Reg. UE 2016/425
 * Annex II 1.4): a 400 naming the item, its lot and the day its life ended.
 */
function expiredAtDelivery(a: ArticoloTipo, m: { lotto: string | null; data_fabbricazione: string | null }, data: string, field: string) {
  if (!oltreFineVita(data, m.data_fabbricazione, a.vita_utile_mesi)) return;
  throw new AppError(400, 'avvisi.dpi_fine_vita', {
    articolo: articoloName(a), lotto: m.lotto ?? '', fine_vita: dataIt(fineVita(m.data_fabbricazione, a.vita_utile_mesi)!), fields: { [field]: 'avvisi.dpi_fine_vita' },
  });
}

/** The held line a new delivery replaces: the employee's own, still held; it leaves their hands with the delivery. */
async function replaceLine(tx: Tx, user: CurrentUser, dipendenteId: number, rigaId: number, consegnaId: number, data: string, field: string) {
  const [old] = await tx
    .select({ r: consegneRighe })
    .from(consegneRighe)
    .innerJoin(consegne, eq(consegne.id, consegneRighe.consegna_id))
    .where(and(eq(consegneRighe.id, rigaId), eq(consegne.dipendente_id, dipendenteId), eq(consegne.stato, 'valida'), gt(consegneRighe.in_dotazione, 0), sql`${consegne.id} <> ${consegnaId}`));
  if (!old) throw new AppError(409, 'avvisi.sostituzione_non_valida', { fields: { [field]: 'avvisi.valore_non_valido' } });
  await tx.update(consegneRighe).set({ in_dotazione: 0 }).where(eq(consegneRighe.id, rigaId));
  if (old.r.unita_id) await tx.update(unita).set({ stato: 'dismesso' }).where(eq(unita.id, old.r.unita_id));
  const [r] = await tx.insert(resi).values({ riga_id: rigaId, data, quantita: old.r.in_dotazione, esito: 'sostituito', consegna_id: consegnaId, creato_da: user.id }).returning();
  await audit(tx, user, { entita: 'dotazioni_resi', entita_id: r.id, azione: 'reso', prima: old.r, dopo: r });
}

async function signatureBytes(db: Db, id: string | null) {
  return id ? ((await readFile(db, id))?.contenuto ?? null) : null;
}

/** The employee signs afterwards (a delivery recorded without the signature): the verbale is made again, audited. */
export async function signDelivery(db: Db, user: CurrentUser, id: number, b: { firma: string; firma_incaricato?: string | null }) {
  const before = await readDelivery(db, user, id);
  if (before.stato === 'annullata') throw new AppError(409, 'avvisi.consegna_annullata');
  if (before.firmata) throw new AppError(409, 'avvisi.consegna_firmata');
  const lavoratore = await readSignature(db, user.id, b.firma, 'firma');
  const incaricato = b.firma_incaricato ? await readSignature(db, user.id, b.firma_incaricato, 'firma_incaricato') : null;
  // the verbale is drawn before the row is locked (issue #27 §2); the lock then checks nobody signed meanwhile
  const [unlocked] = await db.select().from(consegne).where(eq(consegne.id, id));
  const firme: Firme = { lavoratore: lavoratore.bytes, incaricato: incaricato?.bytes ?? (await signatureBytes(db, unlocked.firma_incaricato_file_id)) };
  const verbale = await verbalePdf(db, user, { ...before, firmata: true }, firme);
  await inTx(db, async (tx) => {
    await lockRows(tx, [{ table: consegne, ids: [id] }]);
    const [c] = await tx.select().from(consegne).where(eq(consegne.id, id));
    if (c.firma_file_id || c.firma_incaricato_file_id !== unlocked.firma_incaricato_file_id) throw new AppError(409, 'avvisi.consegna_firmata');
    const pdf = await storeVerbalePdf(tx, user, before.id, verbale);
    const [after] = await tx
      .update(consegne)
      .set({ firma_file_id: lavoratore.fileId, firma_incaricato_file_id: incaricato?.fileId ?? c.firma_incaricato_file_id, pdf_file_id: pdf })
      .where(eq(consegne.id, id))
      .returning();
    await audit(tx, user, { entita: 'dotazioni_consegne', entita_id: id, azione: 'firma', prima: c, dopo: after });
  });
  return readDelivery(db, user, id);
}

/**
 * A delivery cancelled with its reason (never deleted): its stock comes back, its units are free again, and the items
 * it replaced are in the employee's hands again. Refused once something on it was returned or replaced.
 */
export async function cancelDelivery(db: Db, user: CurrentUser, id: number, motivo: string) {
  notOwn(user, (await readDelivery(db, user, id)).dipendente_id);
  await inTx(db, async (tx) => {
    // its lines and the lines it replaced (both fixed when it was recorded) name every row it changes: all locked,
    // then checked, so a return at the same moment is either seen here or refused after
    const own = await tx.select({ id: consegneRighe.id }).from(consegneRighe).where(eq(consegneRighe.consegna_id, id));
    const was = await tx.select({ id: resi.riga_id }).from(resi).where(and(eq(resi.consegna_id, id), eq(resi.esito, 'sostituito')));
    await lockLines(tx, [...own, ...was].map((r) => r.id), { consegne: [id] });
    const [c] = await tx.select().from(consegne).where(eq(consegne.id, id));
    if (c.stato === 'annullata') throw new AppError(409, 'avvisi.consegna_annullata');
    const lines = await tx.select().from(consegneRighe).where(eq(consegneRighe.consegna_id, id));
    if (lines.some((l) => l.in_dotazione !== l.quantita)) throw new AppError(409, 'avvisi.consegna_con_resi');
    for (const l of lines) {
      await tx.insert(movimenti).values({ articolo_id: l.articolo_id, taglia: l.taglia ?? '', quantita: l.quantita, causale: 'annullamento', consegna_id: id, numero_serie: l.numero_serie, lotto: l.lotto, motivo, creato_da: user.id });
      if (l.unita_id) await tx.update(unita).set({ stato: 'disponibile' }).where(eq(unita.id, l.unita_id));
    }
    await tx.update(consegneRighe).set({ in_dotazione: 0 }).where(eq(consegneRighe.consegna_id, id));
    // what this delivery replaced goes back into the employee's hands
    const replaced = await tx.select({ r: resi, u: consegneRighe.unita_id }).from(resi).innerJoin(consegneRighe, eq(consegneRighe.id, resi.riga_id)).where(and(eq(resi.consegna_id, id), eq(resi.esito, 'sostituito')));
    for (const { r, u } of replaced) {
      await tx.update(consegneRighe).set({ in_dotazione: sql`${consegneRighe.in_dotazione} + ${r.quantita}` }).where(eq(consegneRighe.id, r.riga_id));
      if (u) await tx.update(unita).set({ stato: 'assegnato' }).where(eq(unita.id, u));
    }
    const [after] = await tx.update(consegne).set({ stato: 'annullata', motivo_annullamento: motivo, annullata_il: sqlNow() }).where(eq(consegne.id, id)).returning();
    await audit(tx, user, { entita: 'dotazioni_consegne', entita_id: id, azione: 'annulla', prima: c, dopo: after, motivo });
  });
  return readDelivery(db, user, id);
}

/**
 * The verbale of a delivery, the caller's own for a user without the deliveries' screen: the one stored when it was
 * recorded or signed; for a delivery recorded without one (the demo's history), made from its record on each read
 * (a read never writes).
 */
export async function verbaleOf(db: Db, user: CurrentUser, id: number): Promise<{ nome: string; tipo: string; contenuto: Buffer }> {
  const c = await readDelivery(db, user, id, !has(user, CONSEGNE_ROUTE));
  const [r] = await db.select().from(consegne).where(eq(consegne.id, id));
  const stored = r.pdf_file_id ? await readFile(db, r.pdf_file_id) : undefined;
  if (stored) return stored;
  const firme: Firme = { lavoratore: await signatureBytes(db, r.firma_file_id), incaricato: await signatureBytes(db, r.firma_incaricato_file_id) };
  const [author] = r.creato_da ? await db.select({ username: utenti.username }).from(utenti).where(eq(utenti.id, r.creato_da)) : [];
  return { nome: `verbale-consegna-${id}.pdf`, tipo: 'application/pdf', contenuto: Buffer.from(await verbalePdf(db, author ?? user, c, firme)) };
}

/**
 * A return (back in stock; a unit available again) or a write-off (worn, broken, lost; a unit written off), of at
 * most what the line still holds.
 */
export async function addReturn(db: Db, tz: string, user: CurrentUser, b: { riga_id: number; data: string; quantita: number; esito: 'restituito' | 'dismesso' | 'smarrito'; motivo?: string | null }) {
  if (b.data > today(tz)) throw badRequest({ data: 'avvisi.data_futura' });
  return inTx(db, async (tx) => {
    await lockLines(tx, [b.riga_id]);
    const [found] = await tx
      .select({ r: consegneRighe, c: consegne })
      .from(consegneRighe)
      .innerJoin(consegne, eq(consegne.id, consegneRighe.consegna_id))
      .innerJoin(dipendenti, eq(dipendenti.id, consegne.dipendente_id))
      .where(and(eq(consegneRighe.id, b.riga_id), dipendentiScope(user)));
    if (!found || found.c.stato !== 'valida' || found.r.in_dotazione <= 0) throw new AppError(409, 'avvisi.reso_non_consegnato');
    notOwn(user, found.c.dipendente_id);
    if (b.quantita > found.r.in_dotazione) throw new AppError(409, 'avvisi.reso_oltre', { quantita: found.r.in_dotazione });
    if (b.data < found.c.data) throw badRequest({ data: 'avvisi.valore_non_valido' });
    await tx.update(consegneRighe).set({ in_dotazione: found.r.in_dotazione - b.quantita }).where(eq(consegneRighe.id, b.riga_id));
    if (found.r.unita_id) await tx.update(unita).set({ stato: b.esito === 'restituito' ? 'disponibile' : 'dismesso' }).where(eq(unita.id, found.r.unita_id));
    else if (b.esito === 'restituito')
      await tx.insert(movimenti).values({ articolo_id: found.r.articolo_id, taglia: found.r.taglia ?? '', quantita: b.quantita, causale: 'reso', consegna_id: found.c.id, lotto: found.r.lotto, motivo: b.motivo ?? null, creato_da: user.id });
    const [r] = await tx.insert(resi).values({ riga_id: b.riga_id, data: b.data, quantita: b.quantita, esito: b.esito, motivo: b.motivo ?? null, creato_da: user.id }).returning();
    await audit(tx, user, { entita: 'dotazioni_resi', entita_id: r.id, azione: 'reso', prima: found.r, dopo: r, motivo: b.motivo ?? null });
    return { id: r.id, riga_id: r.riga_id, data: r.data, quantita: r.quantita, esito: r.esito as 'restituito', motivo: r.motivo };
  });
}

/**
 * A periodic inspection of a held item: fit, the next one falls due an interval later (from this one); unfit, the item is
 * written off (a unit too), and the employee lacks it until it is replaced.
 */
export async function recordInspection(db: Db, tz: string, user: CurrentUser, rigaId: number, b: { data: string; esito: 'idonea' | 'non_idonea'; note?: string | null }) {
  if (b.data > today(tz)) throw badRequest({ data: 'avvisi.data_futura' });
  const id = await inTx(db, async (tx) => {
    await lockLines(tx, [rigaId]);
    const [found] = await tx
      .select({ r: consegneRighe, c: consegne, mesi: tipologie.ispezione_mesi })
      .from(consegneRighe)
      .innerJoin(consegne, eq(consegne.id, consegneRighe.consegna_id))
      .innerJoin(tipologie, eq(tipologie.id, consegneRighe.tipologia_id))
      .innerJoin(dipendenti, eq(dipendenti.id, consegne.dipendente_id))
      .where(and(eq(consegneRighe.id, rigaId), dipendentiScope(user)));
    if (!found || found.c.stato !== 'valida' || found.r.in_dotazione <= 0) throw new AppError(409, 'avvisi.reso_non_consegnato');
    if (!found.mesi) throw new AppError(409, 'avvisi.ispezione_non_prevista');
    if (b.data < found.c.data) throw badRequest({ data: 'avvisi.valore_non_valido' });
    if (b.esito === 'idonea') {
      const [after] = await tx.update(consegneRighe).set({ ispezione: prossimaIspezione(found.c.data, b.data, found.mesi) }).where(eq(consegneRighe.id, rigaId)).returning();
      await audit(tx, user, { entita: 'dotazioni_consegne', entita_id: found.c.id, azione: 'ispezione', prima: found.r, dopo: after, motivo: b.note ?? null });
    } else {
      await tx.update(consegneRighe).set({ in_dotazione: 0 }).where(eq(consegneRighe.id, rigaId));
      if (found.r.unita_id) await tx.update(unita).set({ stato: 'dismesso' }).where(eq(unita.id, found.r.unita_id));
      const [r] = await tx.insert(resi).values({ riga_id: rigaId, data: b.data, quantita: found.r.in_dotazione, esito: 'dismesso', motivo: b.note ?? null, creato_da: user.id }).returning();
      await audit(tx, user, { entita: 'dotazioni_resi', entita_id: r.id, azione: 'ispezione', prima: found.r, dopo: r, motivo: b.note ?? null });
    }
    return found.c.id;
  });
  return (await readDelivery(db, user, id)).righe.find((r) => r.id === rigaId)!;
}

// ---- what falls due ------------------------------------------------------------------------------------------------

const dueDate = sql<string>`least(coalesce(${consegneRighe.scadenza}, ${consegneRighe.ispezione}), coalesce(${consegneRighe.ispezione}, ${consegneRighe.scadenza}))`;

/** Held items whose replacement or inspection falls in the window (overdue ones too when no start is given), by department. */
export async function dueList(db: Db, tz: string, user: CurrentUser, q: { dal?: string; al?: string; reparto_id?: number; page: number; size: number }) {
  const day = today(tz);
  const al = q.al ?? addDays(day, 30);
  const where = and(
    dipendentiScope(user),
    or(isNull(dipendenti.data_cessazione), gte(dipendenti.data_cessazione, day)),
    sql`${dueDate} is not null`,
    sql`${dueDate} <= ${al}`,
    q.dal ? sql`${dueDate} >= ${q.dal}` : undefined,
    q.reparto_id ? eq(dipendenti.reparto_id, q.reparto_id) : undefined,
  );
  const base = db
    .select({ ...heldColumns, dipendente_id: consegne.dipendente_id, dipendente_nome: nome, matricola: dipendenti.matricola, reparto_descrizione: reparti.descrizione, data_scadenza: dueDate })
    .from(consegneRighe)
    .innerJoin(consegne, eq(consegne.id, consegneRighe.consegna_id))
    .innerJoin(articoli, eq(articoli.id, consegneRighe.articolo_id))
    .innerJoin(tipologie, eq(tipologie.id, consegneRighe.tipologia_id))
    .innerJoin(dipendenti, eq(dipendenti.id, consegne.dipendente_id))
    .leftJoin(reparti, eq(reparti.id, dipendenti.reparto_id))
    .where(and(eq(consegne.stato, 'valida'), gt(consegneRighe.in_dotazione, 0), where));
  const rows = await base.orderBy(asc(dueDate), reparti.descrizione, dipendenti.cognome).limit(q.size).offset((q.page - 1) * q.size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(consegneRighe)
    .innerJoin(consegne, eq(consegne.id, consegneRighe.consegna_id))
    .innerJoin(dipendenti, eq(dipendenti.id, consegne.dipendente_id))
    .where(and(eq(consegne.stato, 'valida'), gt(consegneRighe.in_dotazione, 0), where));
  return {
    rows: rows.map((r) => ({ ...row(r), motivo: (r.scadenza && r.scadenza === r.data_scadenza ? 'scadenza' : 'ispezione') as 'scadenza' | 'ispezione' })),
    total: Number(n),
  };
}

/** The home page's numbers: items in scope falling due within 30 days, and mandatory kit items lacking. */
export async function countDpi(db: Db, tz: string, user: CurrentUser) {
  if (user.profilo?.scope === 'proprio') return {};
  const day = today(tz);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(consegneRighe)
    .innerJoin(consegne, eq(consegne.id, consegneRighe.consegna_id))
    .innerJoin(dipendenti, eq(dipendenti.id, consegne.dipendente_id))
    .innerJoin(tipologie, eq(tipologie.id, consegneRighe.tipologia_id))
    .where(and(eq(consegne.stato, 'valida'), gt(consegneRighe.in_dotazione, 0), eq(tipologie.dpi, true), dipendentiScope(user), or(isNull(dipendenti.data_cessazione), gte(dipendenti.data_cessazione, day)), sql`${dueDate} <= ${addDays(day, 30)}`));
  const missing = await kitStatus(db, day, and(dipendentiScope(user), eq(tipologie.dpi, true)), true, undefined, true);
  return { dpi_in_scadenza: Number(n), dpi_mancanti: missing.reduce((s, r) => s + r.mancanti, 0) };
}
