/**
 * Expense notes (issue #16): the note and its optional trip, its lines and advances, its states
 * (bozza → inviata → approvata → liquidata; inviata | approvata → rifiutata → bozza), who may do what, and the
 * recomputation of every line by the tax rules (trattamentoFiscale, in the contract) whenever a line changes.
 */
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  erroreRiga, importoInEuro, rimborsoChilometrico, spesaDocumentata, trattamentoFiscale, type RigaFiscale, type TAvvisoSpesa, type TCategoriaSpesa, type TNotaSpeseDettaglio,
  type TNotaSpeseRow, type TNoteQuery, type TRigaSpesaInput, type TRigaSpesaRow, type TStatoNota, type TTotaliNota, type TTrasferta,
} from '@tulip/contract';
import { audit } from '../../platform/audit';
import { enqueueWebhooks, kickWebhooks } from '../../platform/webhooks';
import { auditLog } from '../../platform/db/tables';
import { sqlNow } from '../../platform/clock';
import { lockRows, type Db } from '../../platform/db';
import { importoIt, instantToLocal, localNow } from '../../platform/dates';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { readFile } from '../../platform/files';
import { containsPattern } from '../../platform/resource';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, dipendentiScope, employeeInScope, reparti, utenti } from '../anagrafica';
import { commesse, isVisibleTo } from '../commesse';
import { sendTranslatedMail, translate } from '../lingue';
import { rateFor } from './cambi';
import { readParametriSpese } from './parametri';
import { anticipi, note, righe, tariffeAci, tipiPagamento, tipiSpesa, valute, veicoli, veicoliCosti } from './tables';

const GESTIONE = 'notaspesaadmin';
const SPESE = 'speseadmin';
const RICEVUTE = ['image/jpeg', 'image/png', 'application/pdf'];

const has = (user: CurrentUser, route: string) => !!user.profilo?.routes.includes(route);
/** HR or administration: settles notes, records advances, writes for anyone in scope. */
export const isUfficio = (user: CurrentUser) => has(user, GESTIONE) && user.profilo?.scope === 'tutti';
/** Sees others' notes: a manager within their departments, HR everywhere. */
const managesNotes = (user: CurrentUser) => (has(user, GESTIONE) || has(user, SPESE)) && user.profilo?.scope !== 'proprio';

/** The notes a user may read: their own, and with a management screen those of the people in their scope. */
export function notesScope(user: CurrentUser, mine = false): SQL | undefined {
  const own = eq(note.dipendente_id, user.dipendente_id ?? -1);
  if (mine || !managesNotes(user)) return own;
  const scope = dipendentiScope(user);
  // a draft is its author's until it is sent: a manager or HR sees someone's draft only when they wrote it for them
  const sent = sql`(${note.stato} <> 'bozza' or ${note.creata_da} = ${user.id})`;
  return scope ? sql`((${scope} and ${sent}) or ${own})` : sql`(${sent} or ${own})`;
}

// ---- reading -----------------------------------------------------------------------------------------------------

/** Per note: the sums of its lines and advances, in one scan of each. */
const sommeRighe = (db: Db) =>
  db
    .select({
      nota_id: righe.nota_id,
      importo_eur: sql<number>`sum(${righe.importo_eur})::bigint`.as('s_importo_eur'),
      rimborsabile: sql<number>`sum(${righe.rimborsabile})::bigint`.as('s_rimborsabile'),
      esente: sql<number>`sum(${righe.esente})::bigint`.as('s_esente'),
      imponibile: sql<number>`sum(${righe.imponibile})::bigint`.as('s_imponibile'),
      n: sql<number>`count(*)::int`.as('s_n'),
      avvisi: sql<number>`count(*) filter (where jsonb_array_length(${righe.avvisi}) > 0)::int`.as('s_avvisi'),
    })
    .from(righe)
    .groupBy(righe.nota_id)
    .as('s');
const sommeAnticipi = (db: Db) =>
  db.select({ nota_id: anticipi.nota_id, importo: sql<number>`sum(${anticipi.importo})::bigint`.as('a_importo') }).from(anticipi).groupBy(anticipi.nota_id).as('a');

function noteFilters(user: CurrentUser, q: Partial<TNoteQuery>) {
  const mese = q.mese ? sql`${note.data} >= ${`${q.mese}-01`}::date and ${note.data} < (${`${q.mese}-01`}::date + interval '1 month')` : undefined;
  const commessa = q.commessa_id
    ? sql`(${note.commessa_id} = ${q.commessa_id} or exists (select 1 from ${righe} r where r.nota_id = ${note.id} and r.commessa_id = ${q.commessa_id}))`
    : undefined;
  const like = q.search ? containsPattern(q.search) : '';
  const search = q.search ? sql`(${note.descrizione} ilike ${like} or ${dipendenti.cognome} ilike ${like} or ${note.destinazione} ilike ${like})` : undefined;
  return and(
    notesScope(user, q.mie === 'si'),
    q.stato ? eq(note.stato, q.stato) : undefined,
    q.dipendente_id ? eq(note.dipendente_id, q.dipendente_id) : undefined,
    q.reparto_id ? eq(dipendenti.reparto_id, q.reparto_id) : undefined,
    mese,
    commessa,
    search,
  );
}

function noteColumns(db: Db, tz: string) {
  const s = sommeRighe(db);
  const a = sommeAnticipi(db);
  const columns = {
    id: note.id, dipendente_id: note.dipendente_id, matricola: dipendenti.matricola, dipendente_nome: sql<string>`${dipendenti.cognome} || ' ' || ${dipendenti.nome}`,
    reparto_descrizione: reparti.descrizione, descrizione: note.descrizione, stato: note.stato, data: note.data,
    destinazione: note.destinazione, estero: note.estero, comune_sede: note.comune_sede, dal: note.dal, al: note.al, regime: note.regime,
    commessa_id: note.commessa_id, commessa_codice: commesse.codice, motivo: note.motivo,
    inviata_il: sql<string | null>`${instantToLocal(note.inviata_il, tz)}`, approvata_il: sql<string | null>`${instantToLocal(note.approvata_il, tz)}`,
    liquidata_il: note.liquidata_il, mese_paghe: note.mese_paghe,
    s_importo_eur: sql<number>`coalesce(${s.importo_eur}, 0)`, s_rimborsabile: sql<number>`coalesce(${s.rimborsabile}, 0)`, s_esente: sql<number>`coalesce(${s.esente}, 0)`,
    s_imponibile: sql<number>`coalesce(${s.imponibile}, 0)`, s_n: sql<number>`coalesce(${s.n}, 0)`, s_avvisi: sql<number>`coalesce(${s.avvisi}, 0)`,
    a_importo: sql<number>`coalesce(${a.importo}, 0)`,
  };
  const from = (sel: Record<string, unknown>) =>
    db
      .select(sel as never)
      .from(note)
      .innerJoin(dipendenti, eq(dipendenti.id, note.dipendente_id))
      .leftJoin(reparti, eq(reparti.id, dipendenti.reparto_id))
      .leftJoin(commesse, eq(commesse.id, note.commessa_id))
      .leftJoin(s, eq(s.nota_id, note.id))
      .leftJoin(a, eq(a.nota_id, note.id));
  return { columns, from };
}

type NoteSel = ReturnType<typeof noteColumns>['columns'];
type NoteRaw = { [K in keyof NoteSel]: NoteSel[K] extends SQL<infer T> ? T : NoteSel[K] extends { _: { data: infer D; notNull: infer N } } ? (N extends true ? D : D | null) : unknown };

function toRow(r: NoteRaw): TNotaSpeseRow {
  const t = totali(Number(r.s_importo_eur), Number(r.s_rimborsabile), Number(r.s_esente), Number(r.s_imponibile), Number(r.a_importo));
  return {
    id: r.id, dipendente_id: r.dipendente_id, matricola: r.matricola, dipendente_nome: r.dipendente_nome, reparto_descrizione: r.reparto_descrizione,
    descrizione: r.descrizione, stato: r.stato as TStatoNota, data: r.data,
    trasferta: r.destinazione
      ? { destinazione: r.destinazione, estero: !!r.estero, comune_sede: !!r.comune_sede, dal: r.dal!, al: r.al!, regime: r.regime as TTrasferta['regime'], commessa_id: r.commessa_id, commessa_codice: r.commessa_codice }
      : null,
    motivo: r.motivo, inviata_il: r.inviata_il, approvata_il: r.approvata_il, liquidata_il: r.liquidata_il, mese_paghe: r.mese_paghe,
    n_righe: Number(r.s_n), n_avvisi: Number(r.s_avvisi), totali: t,
  };
}

const totali = (importo_eur: number, rimborsabile: number, esente: number, imponibile: number, ant: number): TTotaliNota => ({
  importo_eur, rimborsabile, esente, imponibile, anticipi: ant, da_liquidare: rimborsabile - ant,
});

/** The notes a user may see, filtered, a page of them, with each note's totals and the totals of all that match. */
export async function listNotes(db: Db, tz: string, user: CurrentUser, q: TNoteQuery) {
  const { columns, from } = noteColumns(db, tz);
  const where = noteFilters(user, q);
  const s = sommeRighe(db);
  const a = sommeAnticipi(db);
  const [rows, [sum]] = await Promise.all([
    (from(columns) as unknown as { where: (w: unknown) => { orderBy: (...o: unknown[]) => { limit: (n: number) => { offset: (n: number) => Promise<NoteRaw[]> } } } })
      .where(where)
      .orderBy(desc(note.data), desc(note.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({
        n: sql<number>`count(*)::int`, importo_eur: sql<number>`coalesce(sum(${s.importo_eur}), 0)::bigint`, rimborsabile: sql<number>`coalesce(sum(${s.rimborsabile}), 0)::bigint`,
        esente: sql<number>`coalesce(sum(${s.esente}), 0)::bigint`, imponibile: sql<number>`coalesce(sum(${s.imponibile}), 0)::bigint`, anticipi: sql<number>`coalesce(sum(${a.importo}), 0)::bigint`,
      })
      .from(note)
      .innerJoin(dipendenti, eq(dipendenti.id, note.dipendente_id))
      .leftJoin(s, eq(s.nota_id, note.id))
      .leftJoin(a, eq(a.nota_id, note.id))
      .where(where),
  ]);
  return {
    rows: rows.map(toRow),
    total: Number(sum.n),
    totali: totali(Number(sum.importo_eur), Number(sum.rimborsabile), Number(sum.esente), Number(sum.imponibile), Number(sum.anticipi)),
  };
}

/** One note as the caller may see it, or 404. */
async function noteRow(db: Db, tz: string, user: CurrentUser, id: number): Promise<TNotaSpeseRow> {
  const { columns, from } = noteColumns(db, tz);
  const [r] = (await (from(columns) as unknown as { where: (w: unknown) => Promise<NoteRaw[]> }).where(and(eq(note.id, id), notesScope(user)))) as NoteRaw[];
  if (!r) throw notFound();
  return toRow(r);
}

const lineColumns = {
  id: righe.id, nota_id: righe.nota_id, data: righe.data, tipo_spesa: tipiSpesa.codice, tipo_spesa_descrizione: tipiSpesa.descrizione, categoria: tipiSpesa.categoria,
  importo: righe.importo, valuta: righe.valuta, cambio: righe.cambio, cambio_data: righe.cambio_data, tipo_pagamento: tipiPagamento.codice,
  tipo_pagamento_descrizione: tipiPagamento.descrizione, tracciabile: sql<boolean>`coalesce(${tipiPagamento.tracciabile}, true)`,
  pagata_azienda: sql<boolean>`coalesce(${tipiPagamento.pagata_azienda}, false)`, documentata: righe.documentata, estero: righe.estero, file_id: righe.file_id, km: righe.km,
  veicolo_id: righe.veicolo_id, veicolo_targa: veicoli.targa, euro_km: righe.euro_km, da: righe.da, a: righe.a, descrizione: righe.descrizione,
  commessa_id: righe.commessa_id, commessa_codice: commesse.codice, esclusa: righe.esclusa, tetto: righe.tetto, motivo_revisione: righe.motivo_revisione, importo_dichiarato: righe.importo_dichiarato,
  importo_eur: righe.importo_eur, rimborsabile: righe.rimborsabile, esente: righe.esente, imponibile: righe.imponibile, avvisi: righe.avvisi, regola: righe.regola,
};

/** The lines of some notes (or those a condition picks), in date then insertion order. */
export function linesQuery(db: Db, extra: Record<string, unknown> = {}) {
  return db
    .select({ ...lineColumns, ...extra } as typeof lineColumns)
    .from(righe)
    .innerJoin(tipiSpesa, eq(tipiSpesa.id, righe.tipo_spesa_id))
    .leftJoin(tipiPagamento, eq(tipiPagamento.id, righe.tipo_pagamento_id))
    .leftJoin(veicoli, eq(veicoli.id, righe.veicolo_id))
    .leftJoin(commesse, eq(commesse.id, righe.commessa_id))
    .$dynamic();
}
export const lineRow = (r: Record<string, unknown>): TRigaSpesaRow =>
  ({ ...r, importo: r.importo == null ? null : Number(r.importo), importo_dichiarato: r.importo_dichiarato == null ? null : Number(r.importo_dichiarato), categoria: r.categoria, avvisi: (r.avvisi as string[]) ?? [] }) as TRigaSpesaRow;

/** A line's receipt file, for whoever may read its note (404 otherwise). */
export async function receiptOf(db: Db, user: CurrentUser, notaId: number, rigaId: number) {
  const [r] = await db
    .select({ file_id: righe.file_id })
    .from(righe)
    .innerJoin(note, eq(note.id, righe.nota_id))
    .innerJoin(dipendenti, eq(dipendenti.id, note.dipendente_id))
    .where(and(eq(righe.id, rigaId), eq(righe.nota_id, notaId), notesScope(user)));
  const f = r?.file_id ? await readFile(db, r.file_id) : undefined;
  if (!f) throw notFound();
  return f;
}

async function readLine(db: Db, id: number): Promise<TRigaSpesaRow> {
  const [r] = await linesQuery(db).where(eq(righe.id, id));
  return lineRow(r);
}

/** What the caller may do on a note now (the screen shows those buttons; the server checks each again). */
function actionsOf(user: CurrentUser, n: TNotaSpeseRow): TNotaSpeseDettaglio['azioni'] {
  const own = n.dipendente_id === user.dipendente_id;
  const writer = own || isUfficio(user);
  const approver = has(user, GESTIONE) && !own;
  const out: TNotaSpeseDettaglio['azioni'] = [];
  if (n.stato === 'bozza' && writer) out.push('modifica', 'invia', 'elimina');
  if (n.stato === 'rifiutata' && writer) out.push('riapri');
  if (n.stato === 'inviata' && approver) out.push('approva');
  if ((n.stato === 'inviata' || n.stato === 'approvata') && approver) out.push('rivedi');
  if ((n.stato === 'inviata' || n.stato === 'approvata') && approver) out.push('rifiuta');
  if (n.stato === 'approvata' && isUfficio(user)) out.push('liquida');
  if (n.stato !== 'liquidata' && isUfficio(user)) out.push('anticipi');
  return out;
}

export async function readNote(db: Db, tz: string, user: CurrentUser, id: number): Promise<TNotaSpeseDettaglio> {
  const n = await noteRow(db, tz, user, id);
  const [lines, advances, history] = await Promise.all([
    linesQuery(db).where(eq(righe.nota_id, id)).orderBy(asc(righe.data), asc(righe.id)),
    db.select({ id: anticipi.id, data: anticipi.data, importo: anticipi.importo, note: anticipi.note }).from(anticipi).where(eq(anticipi.nota_id, id)).orderBy(asc(anticipi.data), asc(anticipi.id)),
    db
      .select({ quando: sql<string>`${instantToLocal(auditLog.ts, tz)}`, chi: auditLog.username, azione: auditLog.azione, motivo: auditLog.motivo })
      .from(auditLog)
      .where(and(eq(auditLog.entita, 'note_spese'), eq(auditLog.entita_id, String(id))))
      .orderBy(asc(auditLog.id)),
  ]);
  return { ...n, righe: lines.map(lineRow), anticipi: advances, storia: history, azioni: actionsOf(user, n) };
}

// ---- writing the note --------------------------------------------------------------------------------------------

/** The note, locked for this transaction, that the caller may change now (a draft: its owner or HR), or why not. */
async function noteForWrite(tx: Db, user: CurrentUser, id: number, states: TStatoNota[] = ['bozza']) {
  const [found] = await tx.select({ n: note }).from(note).innerJoin(dipendenti, eq(dipendenti.id, note.dipendente_id)).where(and(eq(note.id, id), notesScope(user))).for('update', { of: note });
  if (!found) throw notFound();
  const n = found.n;
  if (n.dipendente_id !== user.dipendente_id && !isUfficio(user)) throw notFound();
  if (!states.includes(n.stato as TStatoNota)) throw new AppError(409, n.stato === 'liquidata' ? 'avvisi.nota_liquidata' : 'avvisi.nota_non_bozza');
  return n;
}

const trasfertaValues = (t: TTrasferta | null) => ({
  destinazione: t?.destinazione ?? null, estero: t ? t.estero : null, comune_sede: t ? t.comune_sede : null, dal: t?.dal ?? null, al: t?.al ?? null,
  regime: t?.regime ?? null, commessa_id: t?.commessa_id ?? null,
});

async function checkOrder(db: Db, commessaId: number | null | undefined, dipendenteId: number) {
  if (commessaId && !(await isVisibleTo(db, commessaId, dipendenteId))) throw badRequest({ commessa_id: 'avvisi.not_found' });
}

export async function createNote(db: Db, tz: string, user: CurrentUser, b: { dipendente_id?: number; descrizione: string; trasferta: TTrasferta | null }) {
  const dipendenteId = b.dipendente_id && b.dipendente_id !== user.dipendente_id ? (isUfficio(user) ? (await employeeInScope(db, user, b.dipendente_id)).id : -1) : user.dipendente_id;
  if (!dipendenteId || dipendenteId < 0) throw notFound();
  await checkOrder(db, b.trasferta?.commessa_id, dipendenteId);
  const id = await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const [n] = await tx
      .insert(note)
      .values({ dipendente_id: dipendenteId, descrizione: b.descrizione, data: b.trasferta?.dal ?? localNow(tz).data, ...trasfertaValues(b.trasferta), creata_da: user.id })
      .returning({ id: note.id });
    await audit(tx, user, { entita: 'note_spese', entita_id: n.id, azione: 'create', dopo: b });
    return n.id;
  });
  return readNote(db, tz, user, id);
}

export async function updateNote(db: Db, tz: string, user: CurrentUser, id: number, b: { descrizione: string; trasferta: TTrasferta | null }) {
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const n = await noteForWrite(tx, user, id);
    await checkOrder(tx, b.trasferta?.commessa_id, n.dipendente_id);
    const lines = await tx.select({ data: righe.data, categoria: tipiSpesa.categoria, estero: righe.estero }).from(righe).innerJoin(tipiSpesa, eq(tipiSpesa.id, righe.tipo_spesa_id)).where(eq(righe.nota_id, id));
    // a trip that changes country takes along the lines paid where it went; a line said otherwise keeps its place
    const prima = !!n.estero;
    const dopo = !!b.trasferta?.estero;
    const esteroOf = (l: { estero: boolean }) => (prima !== dopo && l.estero === prima ? dopo : l.estero);
    // the lines must still stand under the new trip (its dates, its regime, a trip at all, in Italy within the municipality)
    for (const [i, l] of lines.entries()) {
      const err = erroreRiga(fiscale(b.trasferta), { data: l.data, categoria: l.categoria as TCategoriaSpesa, estero: esteroOf(l) }, lines.slice(0, i).map((x) => ({ data: x.data, categoria: x.categoria as TCategoriaSpesa })));
      if (err) throw new AppError(err.status, err.message === 'avvisi.data_fuori_trasferta' ? 'avvisi.trasferta_righe_fuori' : err.message);
    }
    if (prima !== dopo) await tx.update(righe).set({ estero: dopo }).where(and(eq(righe.nota_id, id), eq(righe.estero, prima)));
    await tx.update(note).set({ descrizione: b.descrizione, data: b.trasferta?.dal ?? n.data, ...trasfertaValues(b.trasferta) }).where(eq(note.id, id));
    await audit(tx, user, { entita: 'note_spese', entita_id: id, azione: 'update', prima: n, dopo: b });
    await recompute(tx, id);
  });
  return readNote(db, tz, user, id);
}

export async function deleteNote(db: Db, user: CurrentUser, id: number) {
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const n = await noteForWrite(tx, user, id);
    await tx.delete(note).where(eq(note.id, id));
    await audit(tx, user, { entita: 'note_spese', entita_id: id, azione: 'delete', prima: n });
  });
}

const fiscale = (t: { estero: boolean | null; comune_sede: boolean | null; regime: string | null; dal: string | null; al: string | null; destinazione?: string | null } | TTrasferta | null) =>
  t && t.regime && t.dal && t.al ? { estero: !!t.estero, comune_sede: !!t.comune_sede, regime: t.regime as 'misto', dal: t.dal, al: t.al } : null;

/**
 * Every line of a note through the tax rules, in date then insertion order; writes back what changed. Run in the
 * transaction that changed a line, so a day's lines are never seen half computed.
 */
export async function recompute(tx: Db, notaId: number) {
  const [n] = await tx.select().from(note).where(eq(note.id, notaId));
  const lines = await tx
    .select({
      id: righe.id, data: righe.data, categoria: tipiSpesa.categoria, importo_eur: righe.importo_eur, pagata_azienda: sql<boolean>`coalesce(${tipiPagamento.pagata_azienda}, false)`,
      tracciabile: sql<boolean>`coalesce(${tipiPagamento.tracciabile}, false)`, documentata: righe.documentata, estero: righe.estero, esclusa: righe.esclusa, tetto: righe.tetto,
      massimale: tipiSpesa.massimale, massimale_per: tipiSpesa.massimale_per, ricevuta_obbligatoria: tipiSpesa.ricevuta_obbligatoria, file_id: righe.file_id,
      rimborsabile: righe.rimborsabile, esente: righe.esente, imponibile: righe.imponibile, avvisi: righe.avvisi, regola: righe.regola, provvisorio: righe.cambio_provvisorio,
      in_attesa: sql<boolean>`(${righe.km} is not null and ${righe.euro_km} is null)`,
    })
    .from(righe)
    .innerJoin(tipiSpesa, eq(tipiSpesa.id, righe.tipo_spesa_id))
    .leftJoin(tipiPagamento, eq(tipiPagamento.id, righe.tipo_pagamento_id))
    .where(eq(righe.nota_id, notaId))
    .orderBy(asc(righe.id));
  const input: RigaFiscale[] = lines.map((l) => ({
    data: l.data, categoria: l.categoria as TCategoriaSpesa, importo_eur: l.importo_eur, pagata_azienda: l.pagata_azienda, tracciabile: l.tracciabile, documentata: l.documentata,
    estero: l.estero, esclusa: l.esclusa, tetto: l.tetto, massimale: l.massimale != null ? { centesimi: l.massimale, per: l.massimale_per as 'voce' } : null,
    ricevuta_obbligatoria: l.ricevuta_obbligatoria, ha_ricevuta: !!l.file_id,
  }));
  const out = trattamentoFiscale(fiscale(n), input);
  for (const [i, l] of lines.entries()) {
    const e = out[i];
    const avvisi: TAvvisoSpesa[] = [...e.avvisi, ...(l.provvisorio ? (['cambio_non_aggiornato'] as const) : []), ...(l.in_attesa ? (['costo_km_da_definire'] as const) : [])];
    if (e.rimborsabile !== l.rimborsabile || e.esente !== l.esente || e.imponibile !== l.imponibile || e.regola !== l.regola || JSON.stringify(avvisi) !== JSON.stringify(l.avvisi)) {
      await tx.update(righe).set({ rimborsabile: e.rimborsabile, esente: e.esente, imponibile: e.imponibile, avvisi, regola: e.regola }).where(eq(righe.id, l.id));
    }
  }
}

// ---- lines -------------------------------------------------------------------------------------------------------

async function typeByCode(db: Db, codice: string) {
  const [t] = await db.select().from(tipiSpesa).where(and(eq(tipiSpesa.codice, codice), eq(tipiSpesa.attivo, true)));
  if (!t) throw new AppError(400, 'avvisi.tipo_spesa_sconosciuto', { codice });
  return t;
}

/** The table values of a line from its input: the type, the payment, the amount in EUR (rate or ACI cost), the receipt checked. */
async function lineValues(tx: Db, user: CurrentUser, n: typeof note.$inferSelect, b: TRigaSpesaInput, others: { id: number; data: string; categoria: string }[], keptFile?: string | null) {
  const tipo = await typeByCode(tx, b.tipo_spesa);
  const categoria = tipo.categoria as TCategoriaSpesa;
  // where the expense is paid: as the trip goes unless the line says otherwise (D.L. 84/2025)
  const estero = b.estero ?? !!n.estero;
  const err = erroreRiga(fiscale(n), { data: b.data, categoria, estero }, others.map((o) => ({ data: o.data, categoria: o.categoria as TCategoriaSpesa })));
  if (err) throw err.message === 'avvisi.spesa_estero_comune_sede' ? badRequest({ estero: err.message }) : new AppError(err.status, err.message);
  await checkOrder(tx, b.commessa_id, n.dipendente_id);
  if (b.file_id && b.file_id !== keptFile) {
    const f = await readFile(tx, b.file_id);
    // a receipt is the caller's own upload, and an image or a PDF by its content
    if (!f || (f.caricato_da !== user.id && f.caricato_da !== null)) throw badRequest({ file_id: 'avvisi.not_found' });
    if (!RICEVUTE.includes(f.tipo)) throw badRequest({ file_id: 'avvisi.ricevuta_non_valida' });
  }
  const documentata = spesaDocumentata({ categoria, documentata: b.documentata, ricevuta: !!b.file_id, veicolo: !!b.veicolo_id, km: !!b.km, motivo: b.descrizione });
  const common = {
    data: b.data, tipo_spesa_id: tipo.id, documentata, estero, file_id: b.file_id ?? null, da: b.da ?? null, a: b.a ?? null,
    descrizione: b.descrizione ?? null, commessa_id: b.commessa_id ?? null,
  };
  if (categoria === 'CHILOMETRICO') {
    if (!b.km || !b.veicolo_id) throw badRequest({ [b.km ? 'veicolo_id' : 'km']: 'avvisi.km_richiesti' });
    const [v] = await tx.select().from(veicoli).where(eq(veicoli.id, b.veicolo_id));
    if (!v || v.dipendente_id !== n.dipendente_id) throw badRequest({ veicolo_id: 'avvisi.veicolo_non_proprio' });
    const anno = Number(b.data.slice(0, 4));
    const [c] = await tx.select().from(veicoliCosti).where(and(eq(veicoliCosti.veicolo_id, v.id), eq(veicoliCosti.anno, anno)));
    // without HR's cost for the year the line waits for it (warned, nothing to pay), never priced at a guessed rate
    const importo_eur = c ? rimborsoChilometrico(b.km, c.euro_km) : 0;
    return {
      ...common, importo: null, importo_dichiarato: null, valuta: 'EUR', cambio: null, cambio_data: null, cambio_provvisorio: false, tipo_pagamento_id: null, km: b.km, veicolo_id: v.id,
      euro_km: c?.euro_km ?? null, importo_eur,
    };
  }
  if (!b.importo) throw badRequest({ importo: 'avvisi.importo_richiesto' });
  // a daily allowance is paid with the salary: no payment type of its own
  if (!b.tipo_pagamento && categoria !== 'DIARIA') throw badRequest({ tipo_pagamento: 'avvisi.tipo_pagamento_richiesto' });
  const [p] = b.tipo_pagamento ? await tx.select().from(tipiPagamento).where(and(eq(tipiPagamento.codice, b.tipo_pagamento), eq(tipiPagamento.attivo, true))) : [null];
  if (b.tipo_pagamento && !p) throw new AppError(400, 'avvisi.tipo_pagamento_sconosciuto', { codice: b.tipo_pagamento });
  const rate = await rateFor(tx, b.valuta, b.data);
  const [val] = await tx.select({ decimali: valute.decimali }).from(valute).where(eq(valute.codice, b.valuta));
  const importo_eur = importoInEuro(b.importo, val.decimali, rate.cambio);
  if (importo_eur > 2_000_000_000) throw badRequest({ importo: 'avvisi.valore_non_valido' });
  return {
    ...common, importo: b.importo, importo_dichiarato: b.importo, valuta: b.valuta, cambio: b.valuta === 'EUR' ? null : rate.cambio, cambio_data: rate.data, cambio_provvisorio: rate.provvisorio,
    tipo_pagamento_id: p?.id ?? null, km: null, veicolo_id: null, euro_km: null, importo_eur,
  };
}

const otherLines = (tx: Db, notaId: number, except?: number) =>
  tx
    .select({ id: righe.id, data: righe.data, categoria: tipiSpesa.categoria })
    .from(righe)
    .innerJoin(tipiSpesa, eq(tipiSpesa.id, righe.tipo_spesa_id))
    .where(and(eq(righe.nota_id, notaId), except ? ne(righe.id, except) : undefined))
    .orderBy(asc(righe.id));

export async function addLine(db: Db, user: CurrentUser, notaId: number, b: TRigaSpesaInput) {
  const id = await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const n = await noteForWrite(tx, user, notaId);
    const values = await lineValues(tx, user, n, b, await otherLines(tx, notaId));
    const [r] = await tx.insert(righe).values({ nota_id: notaId, ...values, rimborsabile: 0, esente: 0, imponibile: 0 }).returning({ id: righe.id });
    await recompute(tx, notaId);
    await audit(tx, user, { entita: 'note_spese_righe', entita_id: r.id, azione: 'create', dopo: { nota_id: notaId, ...b } });
    return r.id;
  });
  return readLine(db, id);
}

async function lineOf(tx: Db, notaId: number, rigaId: number) {
  const [r] = await tx.select().from(righe).where(and(eq(righe.id, rigaId), eq(righe.nota_id, notaId)));
  if (!r) throw notFound();
  return r;
}

export async function updateLine(db: Db, user: CurrentUser, notaId: number, rigaId: number, b: TRigaSpesaInput) {
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const n = await noteForWrite(tx, user, notaId);
    const prima = await lineOf(tx, notaId, rigaId);
    const values = await lineValues(tx, user, n, b, await otherLines(tx, notaId, rigaId), prima.file_id);
    await tx.update(righe).set(values).where(eq(righe.id, rigaId));
    await recompute(tx, notaId);
    await audit(tx, user, { entita: 'note_spese_righe', entita_id: rigaId, azione: 'update', prima, dopo: b });
  });
  return readLine(db, rigaId);
}

export async function deleteLine(db: Db, user: CurrentUser, notaId: number, rigaId: number) {
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await noteForWrite(tx, user, notaId);
    const prima = await lineOf(tx, notaId, rigaId);
    await tx.delete(righe).where(eq(righe.id, rigaId));
    await recompute(tx, notaId);
    await audit(tx, user, { entita: 'note_spese_righe', entita_id: rigaId, azione: 'delete', prima });
  });
}

const rimborsoNota = async (tx: Db, notaId: number) =>
  Number((await tx.select({ s: sql<number>`coalesce(sum(${righe.rimborsabile}), 0)::bigint` }).from(righe).where(eq(righe.nota_id, notaId)))[0].s);

/**
 * An approver's review while the note waits: exclude, cap, or correct type or amount, with a reason; the day is
 * recomputed. An amount is lowered, or given back up to what the employee claimed, never raised above it; an approved
 * note whose reimbursement grows goes back to waiting for approval (`riaperta`), so no higher total is settled unseen.
 */
export async function reviewLine(db: Db, user: CurrentUser, notaId: number, rigaId: number, b: { esclusa?: boolean; tetto?: number | null; tipo_spesa?: string; importo?: number; motivo: string }) {
  const riaperta = await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const n = await noteForDecision(tx, user, notaId, ['inviata', 'approvata']);
    const prima = await lineOf(tx, notaId, rigaId);
    const rimborsoPrima = await rimborsoNota(tx, notaId);
    const set: Partial<typeof righe.$inferInsert> = { motivo_revisione: b.motivo };
    if (b.esclusa !== undefined) set.esclusa = b.esclusa;
    if (b.tetto !== undefined) set.tetto = b.tetto;
    if (b.tipo_spesa) {
      const tipo = await typeByCode(tx, b.tipo_spesa);
      const was = (await tx.select({ categoria: tipiSpesa.categoria }).from(tipiSpesa).where(eq(tipiSpesa.id, prima.tipo_spesa_id)))[0].categoria;
      // a category that changes how the amount is made (mileage) is a new line, not a correction
      if ((was === 'CHILOMETRICO') !== (tipo.categoria === 'CHILOMETRICO')) throw badRequest({ tipo_spesa: 'avvisi.valore_non_valido' });
      const err = erroreRiga(fiscale(n), { data: prima.data, categoria: tipo.categoria as TCategoriaSpesa }, (await otherLines(tx, notaId, rigaId)).map((o) => ({ data: o.data, categoria: o.categoria as TCategoriaSpesa })));
      if (err) throw new AppError(err.status, err.message);
      set.tipo_spesa_id = tipo.id;
    }
    if (b.importo !== undefined) {
      if (prima.importo == null) throw badRequest({ importo: 'avvisi.valore_non_valido' });
      const [val] = await tx.select({ decimali: valute.decimali }).from(valute).where(eq(valute.codice, prima.valuta));
      const dichiarato = prima.importo_dichiarato ?? prima.importo;
      if (b.importo > dichiarato) {
        throw new AppError(400, 'avvisi.revisione_oltre_dichiarato', { dichiarato: `${importoIt(dichiarato, val.decimali)} ${prima.valuta}` });
      }
      set.importo = b.importo;
      set.importo_eur = importoInEuro(b.importo, val.decimali, prima.cambio ?? '1');
    }
    await tx.update(righe).set(set).where(eq(righe.id, rigaId));
    await recompute(tx, notaId);
    await audit(tx, user, { entita: 'note_spese_righe', entita_id: rigaId, azione: 'revisione', prima, dopo: b, motivo: b.motivo });
    await audit(tx, user, { entita: 'note_spese', entita_id: notaId, azione: 'revisione', dopo: { riga: rigaId, ...b }, motivo: b.motivo });
    if (n.stato !== 'approvata' || (await rimborsoNota(tx, notaId)) <= rimborsoPrima) return false;
    await tx.update(note).set({ stato: 'inviata', approvata_il: null }).where(eq(note.id, notaId));
    await audit(tx, user, { entita: 'note_spese', entita_id: notaId, azione: 'riporta_in_approvazione', motivo: b.motivo });
    return true;
  });
  return { riga: await readLine(db, rigaId), riaperta };
}

/** A mileage line still waiting for its car's cost per km: the note is not approved or settled until HR sets it. */
async function refuseWaitingLines(tx: Db, notaId: number) {
  const [w] = await tx.select({ id: righe.id }).from(righe).where(and(eq(righe.nota_id, notaId), sql`${righe.km} is not null`, sql`${righe.euro_km} is null`)).limit(1);
  if (w) throw new AppError(409, 'avvisi.costo_km_in_attesa');
}

/**
 * The mileage lines of a car that wait for a cost per km, priced with the costs now set (after HR writes them); the
 * notes touched are recomputed. Settled and approved notes have none (they cannot get there with one waiting).
 */
export async function priceWaitingLines(tx: Db, veicoloId: number) {
  const waiting = await tx
    .select({ id: righe.id, nota_id: righe.nota_id, km: righe.km, euro_km: veicoliCosti.euro_km })
    .from(righe)
    .innerJoin(veicoliCosti, and(eq(veicoliCosti.veicolo_id, righe.veicolo_id), sql`${veicoliCosti.anno} = extract(year from ${righe.data})::int`))
    .where(and(eq(righe.veicolo_id, veicoloId), sql`${righe.km} is not null`, sql`${righe.euro_km} is null`));
  for (const w of waiting) await tx.update(righe).set({ euro_km: w.euro_km, importo_eur: rimborsoChilometrico(w.km!, w.euro_km) }).where(eq(righe.id, w.id));
  for (const id of new Set(waiting.map((w) => w.nota_id))) await recompute(tx, id);
}

/** HR fills a car's cost per km of an ACI row's year from that row; the car's waiting lines are priced with it. */
export async function costFromAci(db: Db, user: CurrentUser, veicoloId: number, tariffaId: number) {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const [v] = await tx.select({ id: veicoli.id }).from(veicoli).where(eq(veicoli.id, veicoloId));
    const [t] = await tx.select().from(tariffeAci).where(eq(tariffeAci.id, tariffaId));
    if (!v) throw notFound();
    if (!t) throw badRequest({ tariffa_id: 'avvisi.not_found' });
    const prima = (await tx.select({ anno: veicoliCosti.anno, euro_km: veicoliCosti.euro_km }).from(veicoliCosti).where(and(eq(veicoliCosti.veicolo_id, v.id), eq(veicoliCosti.anno, t.anno))))[0] ?? null;
    await tx
      .insert(veicoliCosti)
      .values({ veicolo_id: v.id, anno: t.anno, euro_km: t.euro_km })
      .onConflictDoUpdate({ target: [veicoliCosti.veicolo_id, veicoliCosti.anno], set: { euro_km: t.euro_km } });
    await priceWaitingLines(tx, v.id);
    await audit(tx, user, { entita: 'veicoli', entita_id: v.id, azione: 'costo_aci', prima, dopo: { anno: t.anno, euro_km: t.euro_km, tariffa_aci: t.descrizione } });
    return t.anno;
  });
}

// ---- states ------------------------------------------------------------------------------------------------------

/** A note someone else decides on: in the decider's scope, never their own. */
async function noteForDecision(tx: Db, user: CurrentUser, id: number, states: TStatoNota[]) {
  const [n] = await tx.select().from(note).innerJoin(dipendenti, eq(dipendenti.id, note.dipendente_id)).where(and(eq(note.id, id), dipendentiScope(user))).for('update', { of: note });
  if (!n) throw notFound();
  if (n.spese_note.dipendente_id === user.dipendente_id) throw new AppError(403, 'avvisi.approvazione_nota_propria');
  const stato = n.spese_note.stato as TStatoNota;
  if (!states.includes(stato)) {
    throw new AppError(409, stato === 'liquidata' ? 'avvisi.nota_liquidata' : states.includes('approvata') && !states.includes('inviata') ? 'avvisi.nota_non_approvata' : 'avvisi.nota_non_inviata');
  }
  return n.spese_note;
}

export async function sendNote(db: Db, tz: string, user: CurrentUser, id: number) {
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await noteForWrite(tx, user, id);
    const [{ c }] = await tx.select({ c: sql<number>`count(*)::int` }).from(righe).where(eq(righe.nota_id, id));
    if (!Number(c)) throw new AppError(409, 'avvisi.nota_vuota');
    await tx.update(note).set({ stato: 'inviata', inviata_il: sql`${sqlNow()}`, motivo: null }).where(eq(note.id, id));
    await audit(tx, user, { entita: 'note_spese', entita_id: id, azione: 'invia' });
  });
  return readNote(db, tz, user, id);
}

export async function reopenNote(db: Db, tz: string, user: CurrentUser, id: number) {
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await noteForWrite(tx, user, id, ['rifiutata']);
    await tx.update(note).set({ stato: 'bozza' }).where(eq(note.id, id));
    await audit(tx, user, { entita: 'note_spese', entita_id: id, azione: 'riapri' });
  });
  return readNote(db, tz, user, id);
}

export async function decideNote(deps: AppDeps, user: CurrentUser, id: number, esito: 'approvata' | 'rifiutata', motivo?: string) {
  const { db } = deps;
  const tz = deps.config.timezone;
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await noteForDecision(tx, user, id, esito === 'approvata' ? ['inviata'] : ['inviata', 'approvata']);
    if (esito === 'approvata') await refuseWaitingLines(tx, id);
    await tx
      .update(note)
      .set({ stato: esito, decisa_da: user.id, decisa_il: sql`${sqlNow()}`, ...(esito === 'approvata' ? { approvata_il: sql`${sqlNow()}` } : { motivo: motivo ?? null, approvata_il: null }) })
      .where(eq(note.id, id));
    await audit(tx, user, { entita: 'note_spese', entita_id: id, azione: esito === 'approvata' ? 'approva' : 'rifiuta', motivo: motivo ?? null });
  });
  const out = await readNote(db, tz, user, id);
  await tellEmployee(deps, out, esito, motivo ?? null);
  return out;
}

/** Settles approved notes (all or none): a payment date, a payroll month (by default the date's), audited, the employees told. */
export async function settleNotes(deps: AppDeps, user: CurrentUser, ids: number[], b: { data?: string; mese_paghe?: string }) {
  const { db } = deps;
  const tz = deps.config.timezone;
  const data = b.data ?? localNow(tz).data;
  const mese = b.mese_paghe ?? data.slice(0, 7);
  const { quattro_occhi } = await readParametriSpese(db);
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    // every note at once, in the one order (lockRows): two settlements of overlapping notes never wait in a circle
    await lockRows(tx, [{ table: note, ids }]);
    for (const id of [...new Set(ids)].sort((x, y) => x - y)) {
      const n = await noteForDecision(tx, user, id, ['approvata']);
      // four eyes on money: who settles is neither who wrote the note nor who approved it
      if (quattro_occhi && (n.creata_da === user.id || n.decisa_da === user.id)) throw new AppError(403, 'avvisi.liquidazione_quattro_occhi', { id });
      await refuseWaitingLines(tx, id);
      await tx.update(note).set({ stato: 'liquidata', liquidata_da: user.id, liquidata_il: data, mese_paghe: mese, decisa_il: sql`${sqlNow()}`, decisa_da: user.id }).where(eq(note.id, id));
      await audit(tx, user, { entita: 'note_spese', entita_id: id, azione: 'liquida', dopo: { data, mese_paghe: mese } });
    }
    // the webhooks' outbox, in the settlement's transaction: one statement for all the notes
    await enqueueWebhooks(tx, 'nota_spese.liquidata', [...new Set(ids)].sort((x, y) => x - y).map((id) => ({ id, data, mese_paghe: mese, liquidata_da: user.id })));
  });
  kickWebhooks('nota_spese.liquidata');
  const notes = await Promise.all([...new Set(ids)].map((id) => readNote(db, tz, user, id)));
  for (const n of notes) await tellEmployee(deps, n, 'liquidata', null);
  return notes;
}

export async function addAdvance(db: Db, user: CurrentUser, id: number, b: { data: string; importo: number; note?: string | null }) {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await noteForWrite(tx, user, id, ['bozza', 'inviata', 'approvata', 'rifiutata']);
    const [a] = await tx.insert(anticipi).values({ nota_id: id, data: b.data, importo: b.importo, note: b.note ?? null, registrato_da: user.id }).returning();
    await audit(tx, user, { entita: 'note_spese', entita_id: id, azione: 'anticipo', dopo: b });
    return { id: a.id, data: a.data, importo: a.importo, note: a.note };
  });
}

export async function deleteAdvance(db: Db, user: CurrentUser, id: number, anticipoId: number) {
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await noteForWrite(tx, user, id, ['bozza', 'inviata', 'approvata', 'rifiutata']);
    const [a] = await tx.delete(anticipi).where(and(eq(anticipi.id, anticipoId), eq(anticipi.nota_id, id))).returning();
    if (!a) throw notFound();
    await audit(tx, user, { entita: 'note_spese', entita_id: id, azione: 'anticipo_eliminato', prima: a });
  });
}

async function tellEmployee(deps: AppDeps, n: TNotaSpeseRow, esito: 'approvata' | 'rifiutata' | 'liquidata', motivo: string | null) {
  const { db } = deps;
  const to = await db
    .select({ email: utenti.email, lingua: utenti.lingua, nome: dipendenti.nome })
    .from(utenti)
    .innerJoin(dipendenti, eq(dipendenti.id, utenti.dipendente_id))
    .where(and(eq(utenti.dipendente_id, n.dipendente_id), eq(utenti.attivo, true), eq(utenti.notifiche_email, true)));
  for (const u of to) {
    if (!u.email) continue;
    const lang = u.lingua ?? (await deps.defaultLang());
    const params = {
      nome: u.nome, descrizione: n.descrizione, esito: await translate(db, lang, `mail.nota_${esito}`),
      motivo: motivo ? await translate(db, lang, 'mail.decisione_motivo', { motivo }) : '',
      importo: esito === 'liquidata' ? await translate(db, lang, 'mail.nota_importo', { importo: `${importoIt(n.totali.da_liquidare)} €` }) : '',
    };
    await sendTranslatedMail(db, deps.mailer, u.email, lang, 'nota_decisa', params).catch(() => undefined);
  }
}

/** The caller's notes decided by someone else in the last two weeks (the home page tells them). */
export async function recentDecisions(db: Db, tz: string, user: CurrentUser) {
  if (!user.dipendente_id) return [];
  const rows = await db
    .select({ id: note.id, descrizione: note.descrizione, stato: note.stato, motivo: note.motivo, decisa_il: sql<string>`${instantToLocal(note.decisa_il, tz)}` })
    .from(note)
    .where(and(eq(note.dipendente_id, user.dipendente_id), sql`${note.decisa_il} >= ${sqlNow()} - interval '14 days'`, ne(note.decisa_da, user.id), inArray(note.stato, ['approvata', 'rifiutata', 'liquidata'])))
    .orderBy(desc(note.decisa_il))
    .limit(20);
  return rows.map((r) => ({ ...r, stato: r.stato as TStatoNota }));
}

/** Notes waiting for the caller: sent, in their scope, not their own (approvers); approved, for HR to settle. */
export async function countNotesToAct(db: Db, user: CurrentUser) {
  const out: { note_da_approvare?: number; note_da_liquidare?: number } = {};
  if (!has(user, GESTIONE) || user.profilo?.scope === 'proprio') return out;
  const base = and(dipendentiScope(user), ne(note.dipendente_id, user.dipendente_id ?? -1));
  const [{ inviate, approvate }] = await db
    .select({ inviate: sql<number>`count(*) filter (where ${note.stato} = 'inviata')::int`, approvate: sql<number>`count(*) filter (where ${note.stato} = 'approvata')::int` })
    .from(note)
    .innerJoin(dipendenti, eq(dipendenti.id, note.dipendente_id))
    .where(base);
  out.note_da_approvare = Number(inviate);
  if (isUfficio(user)) out.note_da_liquidare = Number(approvate);
  return out;
}

