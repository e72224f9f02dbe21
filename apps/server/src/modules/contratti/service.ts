/**
 * Contracts (issue #18), first slice: the CCNL's pay components by decorrenza (added, never overwritten), the table in
 * force on a date for a level, for the whole CCNL and for an employee, a level's timeline, the change between two
 * dates, the import of components from a file, and the employee's contract rows valid from a date. The rules are the
 * contract's pure functions (retribuzione.ts); the employees' scope is anagrafica's.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte, max, sql, type SQL } from 'drizzle-orm';
import {
  centesimiDaEuro, mensileLordo, modificheArt1, pagaOraria, tabellaLivello, tabellaScaduta, ultimaDecorrenza, variazione, verificaContratto, ZVoce,
  type TContratto, type TContrattoCorrezione, type TContrattoRow, type TDistribuzionePartTime, type TQualifica, type TTipoContratto, type TVoce, type VoceTabellare,
} from '@tulip/contract';
import { audit } from '../../platform/audit';
import { rowsOf, type Db } from '../../platform/db';
import { addDays, instantToLocal } from '../../platform/dates';
import { AppError, badRequest, conflict, fieldsFromIssues, forbidden, notFound, pgCode, PG_UNIQUE } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { employeeInScope, mansioni, sedi, utenti } from '../anagrafica';
import { assertChain } from './catena';
import { ccnl, contrattiDipendenti, documenti, livelli, modelli, voci } from './tables';

type Tx = Db;
const inTx = <T>(db: Db, fn: (tx: Tx) => Promise<T>) => db.transaction((t) => fn(t as unknown as Tx));

// ---- the CCNL and its components ---------------------------------------------------------------------------------------

export type Ccnl = typeof ccnl.$inferSelect;
type Livello = typeof livelli.$inferSelect;

export async function ccnlOf(db: Db, id: number): Promise<Ccnl> {
  const [c] = await db.select().from(ccnl).where(eq(ccnl.id, id));
  if (!c) throw notFound();
  return c;
}

export async function levelsOf(db: Db, ccnlId: number): Promise<Livello[]> {
  return db.select().from(livelli).where(eq(livelli.ccnl_id, ccnlId)).orderBy(asc(livelli.ordine), asc(livelli.id));
}

/** A level of the CCNL by its code, or the 400 that names it. */
export function levelByCode(levels: Livello[], codice: string, field = 'livello'): Livello {
  const l = levels.find((x) => x.codice.toUpperCase() === codice.toUpperCase());
  if (!l) throw new AppError(400, 'avvisi.livello_sconosciuto', { livello: codice, fields: { [field]: 'avvisi.livello_sconosciuto' } });
  return l;
}

const voceColumns = (tz: string) => ({
  id: voci.id, ccnl_id: voci.ccnl_id, livello: livelli.codice, voce: voci.voce, decorrenza: voci.decorrenza, importo: voci.importo,
  creato_il: instantToLocal(voci.creato_il, tz), creato_da: utenti.username,
});

/** Every version of the CCNL's components (of one level when asked, its code in any case), by level, component and decorrenza. */
export async function listVoci(db: Db, tz: string, ccnlId: number, livello?: string) {
  await ccnlOf(db, ccnlId);
  const rows = await db
    .select(voceColumns(tz))
    .from(voci)
    .innerJoin(livelli, eq(livelli.id, voci.livello_id))
    .leftJoin(utenti, eq(utenti.id, voci.creato_da))
    // the level's code in any case, as levelByCode reads it ("d2" is D2)
    .where(and(eq(voci.ccnl_id, ccnlId), livello ? sql`upper(${livelli.codice}) = upper(${livello})` : undefined))
    .orderBy(asc(livelli.ordine), asc(livelli.id), asc(voci.voce), asc(voci.decorrenza));
  return { rows, total: rows.length };
}

const duplicate = (v: { livello: string; voce: string; decorrenza: string }) =>
  new AppError(409, 'avvisi.decorrenza_esistente', { livello: v.livello, voce: v.voce, decorrenza: v.decorrenza, fields: { decorrenza: 'avvisi.decorrenza_esistente' } });

/**
 * The components' names already used in the CCNL: a name typed in another case or spacing ("edr", "EDR ") is the same
 * component, written as first stored, so that a level never sums two versions of one component as two components.
 */
async function voceNames(db: Db, ccnlId: number) {
  const names = await db.selectDistinct({ voce: voci.voce }).from(voci).where(eq(voci.ccnl_id, ccnlId));
  const byKey = new Map(names.map((n) => [voceKey(n.voce), n.voce]));
  // a new name is remembered too: the rows of one file spell it as its first row does
  return (voce: string) => {
    const k = voceKey(voce);
    if (!byKey.has(k)) byKey.set(k, voce.trim().replace(/\s+/g, ' '));
    return byKey.get(k)!;
  };
}
const voceKey = (voce: string) => voce.trim().replace(/\s+/g, ' ').toLowerCase();

/** A component of a level from a decorrenza: a new version beside the older ones; the same decorrenza again is a 409. */
export async function addVoce(db: Db, tz: string, user: CurrentUser, ccnlId: number, given: TVoce) {
  const id = await inTx(db, async (tx) => {
    await ccnlOf(tx, ccnlId);
    const b = { ...given, voce: (await voceNames(tx, ccnlId))(given.voce) };
    const level = levelByCode(await levelsOf(tx, ccnlId), b.livello);
    const [same] = await tx
      .select({ id: voci.id })
      .from(voci)
      .where(and(eq(voci.ccnl_id, ccnlId), eq(voci.livello_id, level.id), eq(voci.voce, b.voce), eq(voci.decorrenza, b.decorrenza)));
    if (same) throw duplicate({ ...b, livello: level.codice });
    try {
      const [row] = await tx.insert(voci).values({ ccnl_id: ccnlId, livello_id: level.id, voce: b.voce, decorrenza: b.decorrenza, importo: b.importo, creato_da: user.id }).returning();
      await audit(tx, user, { entita: 'contratti_voci', entita_id: row.id, azione: 'create', dopo: { ...row, livello: level.codice } });
      return row.id;
    } catch (err) {
      // two requests at once: the unique index decides
      if (pgCode(err) === PG_UNIQUE) throw duplicate({ ...b, livello: level.codice });
      throw err;
    }
  });
  const [row] = await db.select(voceColumns(tz)).from(voci).innerJoin(livelli, eq(livelli.id, voci.livello_id)).leftJoin(utenti, eq(utenti.id, voci.creato_da)).where(eq(voci.id, id));
  return row;
}

/** A cell of a file: digits as a number (cents), anything else as it came (the schema says what is wrong). */
const cell = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);

/**
 * Components from a CSV or Excel file (read by the screen into rows: livello, voce, decorrenza, and the amount either as
 * importo in cents or as importo_euro, "1.742,03" or "1742.03", converted to cents exactly): the preview lists what is
 * wrong row by row and stores nothing; the confirmation stores every row or none.
 */
export async function importVoci(db: Db, user: CurrentUser, ccnlId: number, righe: Record<string, unknown>[], conferma: boolean) {
  await ccnlOf(db, ccnlId);
  const levels = await levelsOf(db, ccnlId);
  const stored = await db.select({ livello_id: voci.livello_id, voce: voci.voce, decorrenza: voci.decorrenza }).from(voci).where(eq(voci.ccnl_id, ccnlId));
  const key = (livelloId: number, voce: string, decorrenza: string) => `${livelloId}\u0000${voce}\u0000${decorrenza}`;
  const known = new Set(stored.map((s) => key(s.livello_id, s.voce, s.decorrenza)));
  const seen = new Set<string>();
  const named = await voceNames(db, ccnlId);
  const errori: { riga: number; campi: Record<string, string> }[] = [];
  const valid: { livello_id: number; livello: string; voce: string; decorrenza: string; importo: number }[] = [];
  righe.forEach((row, i) => {
    const riga = i + 1;
    const { importo_euro, ...rest } = row;
    const euro = importo_euro === undefined || importo_euro === null || importo_euro === '' ? undefined : centesimiDaEuro(importo_euro);
    // a bad amount in euros, or one given twice: the row's error names the euro column
    if (euro === null || (euro !== undefined && rest.importo !== undefined && rest.importo !== null && rest.importo !== '')) {
      return void errori.push({ riga, campi: { importo_euro: 'avvisi.valore_non_valido' } });
    }
    const p = ZVoce.safeParse({ ...rest, importo: euro ?? cell(rest.importo) });
    if (!p.success) return void errori.push({ riga, campi: fieldsFromIssues(p.error.issues as never) });
    const level = levels.find((l) => l.codice.toUpperCase() === p.data.livello.toUpperCase());
    if (!level) return void errori.push({ riga, campi: { livello: 'avvisi.livello_sconosciuto' } });
    const voce = named(p.data.voce);
    const k = key(level.id, voce, p.data.decorrenza);
    if (known.has(k)) return void errori.push({ riga, campi: { decorrenza: 'avvisi.decorrenza_esistente' } });
    if (seen.has(k)) return void errori.push({ riga, campi: { decorrenza: 'avvisi.voce_ripetuta_file' } });
    seen.add(k);
    valid.push({ livello_id: level.id, livello: level.codice, voce, decorrenza: p.data.decorrenza, importo: p.data.importo });
  });
  if (!conferma) return { righe: righe.length, valide: righe.length - errori.length, errori };
  if (errori.length) throw new AppError(400, 'avvisi.import_errori', { righe: righe.length, count: errori.length, errori });
  await inTx(db, async (tx) => {
    try {
      const rows = await tx.insert(voci).values(valid.map(({ livello: _l, ...v }) => ({ ...v, ccnl_id: ccnlId, creato_da: user.id }))).returning({ id: voci.id });
      await audit(tx, user, { entita: 'contratti_voci', entita_id: ccnlId, azione: 'importazione', dopo: { ccnl_id: ccnlId, voci: valid.map((v, i) => ({ id: rows[i].id, ...v })) } });
    } catch (err) {
      // another import or entry of the same rows meanwhile: nothing of this file is stored
      if (pgCode(err) === PG_UNIQUE) throw conflict();
      throw err;
    }
  });
  return { message: 'avvisi.import_completato', params: { count: righe.length }, data: { righe: righe.length } };
}

/** The CCNL's components as the pure functions read them (level by code). */
export async function tableRows(db: Db, ccnlId: number, livelloId?: number): Promise<VoceTabellare[]> {
  return db
    .select({ livello: livelli.codice, voce: voci.voce, decorrenza: voci.decorrenza, importo: voci.importo })
    .from(voci)
    .innerJoin(livelli, eq(livelli.id, voci.livello_id))
    .where(and(eq(voci.ccnl_id, ccnlId), livelloId ? eq(voci.livello_id, livelloId) : undefined))
    .orderBy(asc(voci.id));
}

export const noTable = (livello: string, data: string) => new AppError(404, 'avvisi.tabella_non_in_vigore', { livello, data });

/** A level's pay on a date, without superminimo: the components in force, their total, the hourly rate. */
export async function levelPay(db: Db, q: { ccnl: number; livello: string; data: string }) {
  const c = await ccnlOf(db, q.ccnl);
  const level = levelByCode(await levelsOf(db, c.id), q.livello);
  const t = tabellaLivello(await tableRows(db, c.id, level.id), level.codice, q.data);
  if (!t) throw noTable(level.codice, q.data);
  return {
    ccnl_id: c.id, livello: level.codice, data: q.data, decorrenza: t.decorrenza, voci: t.voci, totale_mensile: t.totale,
    paga_oraria: pagaOraria(t.totale, c.divisore_orario), divisore_orario: c.divisore_orario,
  };
}

/**
 * The whole table of a CCNL on a date: each level with its components in force (a level with none: zero, no date); and,
 * whatever the date asked, whether the table is stale today (retribuzione.ts tabellaScaduta: the screen warns HR).
 */
export async function ccnlTable(db: Db, ccnlId: number, data: string, oggi: string) {
  const c = await ccnlOf(db, ccnlId);
  const [levels, rows] = await Promise.all([levelsOf(db, c.id), tableRows(db, c.id)]);
  const columns: string[] = [];
  for (const r of rows) if (r.decorrenza <= data && !columns.includes(r.voce)) columns.push(r.voce);
  const out = levels.map((l) => {
    const t = tabellaLivello(rows, l.codice, data);
    return {
      livello: l.codice, descrizione: l.descrizione, decorrenza: t?.decorrenza ?? null, voci: t?.voci ?? [], totale_mensile: t?.totale ?? 0,
      paga_oraria: t ? pagaOraria(t.totale, c.divisore_orario) : 0,
    };
  });
  if (!out.some((l) => l.decorrenza)) throw new AppError(404, 'avvisi.tabella_ccnl_non_in_vigore', { data });
  const ultima = ultimaDecorrenza(rows);
  return {
    ccnl_id: c.id, codice: c.codice, descrizione: c.descrizione, data, mensilita: c.mensilita, divisore_orario: c.divisore_orario, voci: columns, livelli: out,
    ultima_decorrenza: ultima, tabella_scaduta: tabellaScaduta(ultima, oggi),
  };
}

/** How many CCNL have a stale table today (HR's home: retribuzione.ts tabellaScaduta). */
export async function countStaleTables(db: Db, oggi: string): Promise<number> {
  const latest = await db.select({ ultima: max(voci.decorrenza) }).from(voci).groupBy(voci.ccnl_id);
  return latest.filter((r) => tabellaScaduta(r.ultima, oggi)).length;
}

/** A level's timeline: the table in force from each of its decorrenze, oldest first. */
export async function levelHistory(db: Db, ccnlId: number, livello: string) {
  const c = await ccnlOf(db, ccnlId);
  const level = levelByCode(await levelsOf(db, c.id), livello);
  const rows = await tableRows(db, c.id, level.id);
  const dates = [...new Set(rows.map((r) => r.decorrenza))].sort();
  const versioni = dates.map((d) => {
    const t = tabellaLivello(rows, level.codice, d)!;
    return { decorrenza: d, voci: t.voci, totale_mensile: t.totale, paga_oraria: pagaOraria(t.totale, c.divisore_orario) };
  });
  return { ccnl_id: c.id, livello: level.codice, descrizione: level.descrizione, versioni };
}

/** Two dates' tables side by side: per level, the monthly totals and the change in cents and per cent. */
export async function compareDates(db: Db, ccnlId: number, dal: string, al: string) {
  const c = await ccnlOf(db, ccnlId);
  const [levels, rows] = await Promise.all([levelsOf(db, c.id), tableRows(db, c.id)]);
  const out = levels.map((l) => {
    const a = tabellaLivello(rows, l.codice, dal)?.totale ?? null;
    const b = tabellaLivello(rows, l.codice, al)?.totale ?? null;
    const v = a != null && b != null ? variazione(a, b) : { differenza: null, percentuale: null };
    return { livello: l.codice, descrizione: l.descrizione, totale_dal: a, totale_al: b, ...v };
  });
  if (!out.some((l) => l.totale_dal != null || l.totale_al != null)) throw new AppError(404, 'avvisi.tabella_ccnl_non_in_vigore', { data: dal < al ? dal : al });
  return { ccnl_id: c.id, dal, al, livelli: out };
}

// ---- the employee's contract rows --------------------------------------------------------------------------------------

type ContrattoDb = typeof contrattiDipendenti.$inferSelect;

/** The employee's contract rows, oldest first, with what each changes from the one before (no scope check: the caller's). */
export const contractRows = (db: Db, tz: string, dipendenteId: number) => contractRowsOf(db, tz, dipendenteId);

async function contractRowsOf(db: Db, tz: string, dipendenteId: number, where?: SQL): Promise<TContrattoRow[]> {
  const rows = await db
    .select({
      c: contrattiDipendenti, ccnl_codice: ccnl.codice, livello: livelli.codice, livello_descrizione: livelli.descrizione, sede_descrizione: sedi.descrizione,
      mansione_descrizione: mansioni.descrizione, creato_il: instantToLocal(contrattiDipendenti.creato_il, tz), creato_da: utenti.username,
    })
    .from(contrattiDipendenti)
    .innerJoin(ccnl, eq(ccnl.id, contrattiDipendenti.ccnl_id))
    .innerJoin(livelli, eq(livelli.id, contrattiDipendenti.livello_id))
    .leftJoin(sedi, eq(sedi.id, contrattiDipendenti.sede_id))
    .leftJoin(mansioni, eq(mansioni.id, contrattiDipendenti.mansione_id))
    .leftJoin(utenti, eq(utenti.id, contrattiDipendenti.creato_da))
    .where(and(eq(contrattiDipendenti.dipendente_id, dipendenteId), where))
    .orderBy(asc(contrattiDipendenti.dal));
  const notificate = await notifiedRows(db, dipendenteId);
  const art1 = (x: (typeof rows)[number]) => ({ ...x.c, livello: x.livello });
  return rows.map(({ c, ...r }, i) => {
    const modifiche = i > 0 ? modificheArt1(art1(rows[i - 1]), art1(rows[i])) : [];
    return {
    id: c.id, dipendente_id: c.dipendente_id, dal: c.dal, al: rows[i + 1] ? addDays(rows[i + 1].c.dal, -1) : null, ccnl_id: c.ccnl_id, ccnl_codice: r.ccnl_codice,
    livello: r.livello, livello_descrizione: r.livello_descrizione, qualifica: c.qualifica as TQualifica, tipo_contratto: c.tipo_contratto as TTipoContratto,
    data_fine: c.data_fine, causale: c.causale, part_time: c.part_time, percentuale_part_time: c.percentuale_part_time,
    distribuzione_part_time: c.distribuzione_part_time as TDistribuzionePartTime | null, orario_part_time: c.orario_part_time ?? null, superminimo: c.superminimo,
    sede_id: c.sede_id, sede_descrizione: r.sede_descrizione,
    mansione_id: c.mansione_id, mansione_descrizione: r.mansione_descrizione, periodo_prova_giorni: c.periodo_prova_giorni,
    periodo_prova: c.periodo_prova as TContrattoRow['periodo_prova'], note: c.note, creato_il: r.creato_il, creato_da: r.creato_da,
    modifiche_art1: modifiche, da_comunicare: modifiche.length > 0 && !notificate.has(c.id),
    };
  });
}

/**
 * The employee's contract rows an art. 3 notice is about (D.Lgs 152/1997 art. 3): a document in the dossier made for
 * the row from a template that states a change (it uses the `modifica.*` fields).
 */
async function notifiedRows(db: Db, dipendenteId: number): Promise<Set<number>> {
  const docs = await db
    .select({ contratto_id: documenti.contratto_id, campi: modelli.campi })
    .from(documenti)
    .innerJoin(modelli, eq(modelli.id, documenti.modello_id))
    .where(and(eq(documenti.dipendente_id, dipendenteId), isNotNull(documenti.contratto_id)));
  return new Set(docs.filter((d) => d.campi.some((c) => c.startsWith('modifica.'))).map((d) => d.contratto_id!));
}

/** The employee's contract history, oldest first, each row valid until the day before the next one's. */
export async function listContracts(db: Db, tz: string, user: CurrentUser, dipendenteId: number) {
  await employeeInScope(db, user, dipendenteId);
  return contractRowsOf(db, tz, dipendenteId);
}

/** The contract row in force on a date (the latest `dal` on or before it), or null; a fixed term past its end: none. */
export async function contractInForce(db: Db, dipendenteId: number, data: string): Promise<ContrattoDb | null> {
  const [row] = await db
    .select()
    .from(contrattiDipendenti)
    .where(and(eq(contrattiDipendenti.dipendente_id, dipendenteId), lte(contrattiDipendenti.dal, data)))
    .orderBy(desc(contrattiDipendenti.dal))
    .limit(1);
  if (!row || (row.data_fine && row.data_fine < data)) return null;
  return row;
}

/**
 * The employee's pay on a date: the level's components in force + the superminimo, times the part-time percentage;
 * the hourly rate from the full-time monthly pay. No row in force, or no table for its level: a 404 that says which.
 */
export async function employeePay(db: Db, user: CurrentUser, dipendenteId: number, data: string) {
  const emp = await employeeInScope(db, user, dipendenteId);
  const row = emp.data_cessazione && emp.data_cessazione < data ? null : await contractInForce(db, dipendenteId, data);
  if (!row) throw new AppError(404, 'avvisi.contratto_non_in_vigore', { data });
  const c = await ccnlOf(db, row.ccnl_id);
  const [level] = await db.select().from(livelli).where(eq(livelli.id, row.livello_id));
  const t = tabellaLivello(await tableRows(db, c.id, level.id), level.codice, data);
  if (!t) throw noTable(level.codice, data);
  const pieno = mensileLordo(t.totale, row.superminimo, null);
  const percentuale = row.part_time ? (row.percentuale_part_time ?? 100) : 100;
  return {
    ccnl_id: c.id, ccnl_codice: c.codice, livello: level.codice, data, decorrenza: t.decorrenza, voci: t.voci,
    totale_mensile: mensileLordo(t.totale, row.superminimo, row.part_time ? row.percentuale_part_time : null),
    paga_oraria: pagaOraria(pieno, c.divisore_orario), divisore_orario: c.divisore_orario,
    dipendente_id: dipendenteId, contratto_id: row.id, dal: row.dal, qualifica: row.qualifica as TQualifica, tipo_contratto: row.tipo_contratto as TTipoContratto,
    superminimo: row.superminimo, percentuale, mensile_tempo_pieno: pieno,
  };
}

/** A contract row's failed check as a 400: its key, its params (a trial's maximum) and the field it names. */
export const contractError = (wrong: NonNullable<ReturnType<typeof verificaContratto>>) =>
  new AppError(400, `avvisi.${wrong.errore}`, { ...wrong.params, ...(wrong.params ? { campo: wrong.campo } : {}), fields: { [wrong.campo]: `avvisi.${wrong.errore}` } });

/** A contract row's checks (retribuzione.ts), its CCNL level, workplace and mansione: the values to store, or a 400. */
export async function contractValues(tx: Tx, emp: { data_assunzione: string; data_cessazione: string | null }, b: TContratto) {
  const wrong = verificaContratto(b);
  if (wrong) throw contractError(wrong);
  if (b.dal < emp.data_assunzione) throw new AppError(400, 'avvisi.contratto_prima_assunzione', { data: emp.data_assunzione, fields: { dal: 'avvisi.contratto_prima_assunzione' } });
  if (emp.data_cessazione && b.dal > emp.data_cessazione) throw new AppError(400, 'avvisi.contratto_dopo_cessazione', { data: emp.data_cessazione, fields: { dal: 'avvisi.contratto_dopo_cessazione' } });
  const [c] = await tx.select({ id: ccnl.id }).from(ccnl).where(eq(ccnl.id, b.ccnl_id));
  if (!c) throw badRequest({ ccnl_id: 'avvisi.valore_non_valido' });
  const level = levelByCode(await levelsOf(tx, c.id), b.livello);
  if (b.sede_id && !(await tx.select({ id: sedi.id }).from(sedi).where(eq(sedi.id, b.sede_id))).length) throw badRequest({ sede_id: 'avvisi.valore_non_valido' });
  if (b.mansione_id && !(await tx.select({ id: mansioni.id }).from(mansioni).where(eq(mansioni.id, b.mansione_id))).length) throw badRequest({ mansione_id: 'avvisi.valore_non_valido' });
  return {
    dal: b.dal, ccnl_id: c.id, livello_id: level.id, qualifica: b.qualifica, tipo_contratto: b.tipo_contratto,
    data_fine: b.tipo_contratto === 'determinato' ? (b.data_fine ?? null) : null, causale: b.tipo_contratto === 'determinato' ? (b.causale?.trim() || null) : null,
    part_time: b.part_time, percentuale_part_time: b.part_time ? (b.percentuale_part_time ?? null) : null,
    distribuzione_part_time: b.part_time ? (b.distribuzione_part_time ?? null) : null, orario_part_time: b.part_time ? (b.orario_part_time ?? null) : null,
    superminimo: b.superminimo, sede_id: b.sede_id ?? null,
    mansione_id: b.mansione_id ?? null, periodo_prova_giorni: b.periodo_prova_giorni ?? null,
    periodo_prova: b.periodo_prova_giorni ? null : (b.periodo_prova ?? null), note: b.note ?? null,
  };
}

const sameDate = (data: string) => new AppError(409, 'avvisi.contratto_data_esistente', { data, fields: { dal: 'avvisi.contratto_data_esistente' } });

/** Nobody sets their own contract: another person in HR records it. */
function notOwn(user: CurrentUser, dipendenteId: number) {
  if (user.dipendente_id === dipendenteId) throw forbidden();
}

/** A new contract row from a date: the older rows stay as they were (a promotion, a new part-time, a renewal). */
export async function addContract(db: Db, tz: string, user: CurrentUser, dipendenteId: number, b: TContratto) {
  const emp = await employeeInScope(db, user, dipendenteId);
  notOwn(user, dipendenteId);
  const id = await inTx(db, async (tx) => {
    const values = await contractValues(tx, emp, b);
    // the fixed-term chain across the stored rows (D.Lgs 81/2015 art. 19 and 21)
    await assertChain(tx, dipendenteId, { ...values, livello: b.livello });
    const [same] = await tx.select({ id: contrattiDipendenti.id }).from(contrattiDipendenti).where(and(eq(contrattiDipendenti.dipendente_id, dipendenteId), eq(contrattiDipendenti.dal, b.dal)));
    if (same) throw sameDate(b.dal);
    try {
      const [row] = await tx.insert(contrattiDipendenti).values({ ...values, dipendente_id: dipendenteId, creato_da: user.id }).returning();
      await audit(tx, user, { entita: 'contratti_dipendenti', entita_id: row.id, azione: 'create', dopo: row });
      return row.id;
    } catch (err) {
      if (pgCode(err) === PG_UNIQUE) throw sameDate(b.dal);
      throw err;
    }
  });
  return (await contractRowsOf(db, tz, dipendenteId)).find((r) => r.id === id)!;
}

/** A correction of a stored row (a mistake, not a change from a date): audited with the row before and after and why. */
export async function correctContract(db: Db, tz: string, user: CurrentUser, dipendenteId: number, rigaId: number, b: TContrattoCorrezione) {
  const emp = await employeeInScope(db, user, dipendenteId);
  notOwn(user, dipendenteId);
  const { motivo, ...input } = b;
  await inTx(db, async (tx) => {
    const [before] = await tx.select().from(contrattiDipendenti).where(and(eq(contrattiDipendenti.id, rigaId), eq(contrattiDipendenti.dipendente_id, dipendenteId))).for('update');
    if (!before) throw notFound();
    const values = await contractValues(tx, emp, input);
    await assertChain(tx, dipendenteId, { ...values, livello: input.livello }, rigaId);
    const [other] = await tx
      .select({ id: contrattiDipendenti.id })
      .from(contrattiDipendenti)
      .where(and(eq(contrattiDipendenti.dipendente_id, dipendenteId), eq(contrattiDipendenti.dal, input.dal)));
    if (other && other.id !== rigaId) throw sameDate(input.dal);
    const [after] = await tx.update(contrattiDipendenti).set(values).where(eq(contrattiDipendenti.id, rigaId)).returning();
    await audit(tx, user, { entita: 'contratti_dipendenti', entita_id: rigaId, azione: 'correzione', prima: before, dopo: after, motivo });
  });
  return (await contractRowsOf(db, tz, dipendenteId)).find((r) => r.id === rigaId)!;
}

/** The working-time limits an employee's CCNL moves (D.Lgs 66/2003); null: the law's. */
export type LimitiOrarioCcnl = {
  mesi_riferimento_orario: number | null; straordinario_annuo_ore: number | null; pausa_minima_minuti: number | null;
  notturno_giorni_anno: number | null; notturno_periodo_giorni: number | null;
};

/**
 * Each employee's CCNL working-time limits on a date, from the contract row in force then, in one query; an employee
 * with no row in force is absent (the law's limits apply).
 */
export async function workingTimeLimits(db: Db, ids: number[], data: string): Promise<Map<number, LimitiOrarioCcnl>> {
  if (!ids.length) return new Map();
  const rows = await rowsOf<LimitiOrarioCcnl & { dipendente_id: number; data_fine: string | null }>(db, sql`
    select distinct on (${contrattiDipendenti.dipendente_id}) ${contrattiDipendenti.dipendente_id} as dipendente_id, ${contrattiDipendenti.data_fine} as data_fine,
      ${ccnl.mesi_riferimento_orario} as mesi_riferimento_orario, ${ccnl.straordinario_annuo_ore} as straordinario_annuo_ore,
      ${ccnl.pausa_minima_minuti} as pausa_minima_minuti, ${ccnl.notturno_giorni_anno} as notturno_giorni_anno, ${ccnl.notturno_periodo_giorni} as notturno_periodo_giorni
    from ${contrattiDipendenti} join ${ccnl} on ${ccnl.id} = ${contrattiDipendenti.ccnl_id}
    where ${inArray(contrattiDipendenti.dipendente_id, ids)} and ${contrattiDipendenti.dal} <= ${data}
    order by ${contrattiDipendenti.dipendente_id}, ${contrattiDipendenti.dal} desc`);
  return new Map(rows.filter((r) => !r.data_fine || r.data_fine >= data).map((r) => [r.dipendente_id, r]));
}
