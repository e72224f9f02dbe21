/**
 * The daily work report (rapportino, issue #15): an employee's day or a technician's intervention at a customer's
 * site — activities on orders and phases from–to, materials used, travel — signed on the screen by the customer. The
 * signature is a PNG uploaded through the file store (checked by content and size); signing locks the lines, makes
 * the PDF (stored, served back) and mails it to the customer. Approval turns the lines into approved bookings.
 */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { TRapportinoInput, TRapportinoRow } from '@tulip/contract';
import { audit } from '../../platform/audit';
import { sqlNow } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { dataIt, instantToLocal, oreMinuti } from '../../platform/dates';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { readFile, storeFile } from '../../platform/files';
import { file } from '../../platform/db/tables';
import type { CurrentUser } from '../../platform/guard';
import { PdfWriter } from '../../platform/pdf';
import { readSignature } from '../../platform/signature';
import { companyData, companyLogo, dipendenti, employeeInScope } from '../anagrafica';
import { clienti, commesse, fasi, isVisibleTo } from '../commesse';
import { translate } from '../lingue';
import { assertBookable, assertDayWritable, lockPerson, targetEmployee } from './service';
import { rapportini, rapportiniMateriali, rapportiniRighe, registrazioni } from './tables';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

async function readReports(db: Db, tz: string, where: ReturnType<typeof and>): Promise<TRapportinoRow[]> {
  const heads = await db
    .select({
      id: rapportini.id, dipendente_id: rapportini.dipendente_id, dipendente_nome: sql<string>`${dipendenti.cognome} || ' ' || ${dipendenti.nome}`,
      data: rapportini.data, cliente_id: rapportini.cliente_id, cliente_ragione_sociale: clienti.ragione_sociale, sito: rapportini.sito,
      commessa_id: rapportini.commessa_id, commessa_codice: commesse.codice, km: rapportini.km, minuti_viaggio: rapportini.minuti_viaggio, note: rapportini.note,
      stato: sql<TRapportinoRow['stato']>`${rapportini.stato}`, firmatario: rapportini.firmatario, email_cliente: rapportini.email_cliente,
      firmato_il: sql<string | null>`${instantToLocal(rapportini.firmato_il, tz)}`, versione: rapportini.versione, pdf_sha256: file.sha256,
    })
    .from(rapportini)
    .innerJoin(dipendenti, eq(dipendenti.id, rapportini.dipendente_id))
    .leftJoin(file, eq(file.id, rapportini.pdf_file_id))
    .leftJoin(clienti, eq(clienti.id, rapportini.cliente_id))
    .leftJoin(commesse, eq(commesse.id, rapportini.commessa_id))
    .where(where)
    .orderBy(asc(rapportini.data), asc(rapportini.id));
  if (!heads.length) return [];
  const ids = heads.map((h) => h.id);
  const [lines, materials] = await Promise.all([
    db
      .select({
        rapportino_id: rapportiniRighe.rapportino_id, commessa_id: rapportiniRighe.commessa_id, commessa_codice: commesse.codice, fase_id: rapportiniRighe.fase_id,
        fase_codice: fasi.codice, inizio: rapportiniRighe.inizio, fine: rapportiniRighe.fine, minuti: rapportiniRighe.minuti, descrizione: rapportiniRighe.descrizione,
      })
      .from(rapportiniRighe)
      .innerJoin(commesse, eq(commesse.id, rapportiniRighe.commessa_id))
      .leftJoin(fasi, eq(fasi.id, rapportiniRighe.fase_id))
      .where(inArray(rapportiniRighe.rapportino_id, ids))
      .orderBy(asc(rapportiniRighe.inizio), asc(rapportiniRighe.id)),
    db.select().from(rapportiniMateriali).where(inArray(rapportiniMateriali.rapportino_id, ids)).orderBy(asc(rapportiniMateriali.id)),
  ]);
  return heads.map((h) => {
    const righe = lines.filter((l) => l.rapportino_id === h.id).map(({ rapportino_id: _r, ...l }) => l);
    return {
      ...h, righe, minuti: righe.reduce((s, l) => s + l.minuti, 0),
      materiali: materials.filter((m) => m.rapportino_id === h.id).map((m) => ({ descrizione: m.descrizione, quantita: m.quantita_millesimi / 1000, unita: m.unita })),
    };
  });
}

/** One report by id, whoever asks (the demo, a job); the routes go through readReport. */
export async function reportById(db: Db, tz: string, id: number): Promise<TRapportinoRow | undefined> {
  return (await readReports(db, tz, and(eq(rapportini.id, id))))[0];
}

/** One report the caller may see: theirs, or one of someone in their scope. */
export async function readReport(db: Db, tz: string, user: CurrentUser, id: number): Promise<TRapportinoRow> {
  const [r] = await readReports(db, tz, and(eq(rapportini.id, id)));
  if (!r) throw notFound();
  if (r.dipendente_id !== user.dipendente_id) await employeeInScope(db, user, r.dipendente_id);
  return r;
}

export async function listReports(db: Db, tz: string, user: CurrentUser, q: { dal: string; al: string; dipendente_id?: number; stato?: string }) {
  if (q.al < q.dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
  const dip = await targetEmployee(db, user, q.dipendente_id);
  const rows = await readReports(db, tz, and(eq(rapportini.dipendente_id, dip.id), gte(rapportini.data, q.dal), lte(rapportini.data, q.al), q.stato ? eq(rapportini.stato, q.stato) : undefined));
  return { rows, total: rows.length };
}

/** The lines' orders must be bookable by the person, and no two lines of the day may overlap. */
async function checkReport(db: Db, dipendenteId: number, b: TRapportinoInput) {
  for (const [i, r] of b.righe.entries()) {
    try {
      await assertBookable(db, dipendenteId, r.commessa_id, r.fase_id);
    } catch (e) {
      // a line's field is named with its line (`righe.1.fase_id`), as the schema's own issues are, for the form to show it there
      const fields = e instanceof AppError && e.message === 'avvisi.validation' ? (e.params?.fields as Record<string, string> | undefined) : undefined;
      if (!fields) throw e;
      throw badRequest(Object.fromEntries(Object.entries(fields).map(([k, v]) => [`righe.${i}.${k}`, v])));
    }
  }
  if (b.cliente_id) {
    const [c] = await db.select({ id: clienti.id }).from(clienti).where(eq(clienti.id, b.cliente_id));
    if (!c) throw badRequest({ cliente_id: 'avvisi.valore_non_valido' });
  }
  // the header's order names the job (its phases are on the lines): one the person may see
  if (b.commessa_id && !(await isVisibleTo(db, b.commessa_id, dipendenteId))) throw notFound();
  const sorted = [...b.righe].sort((x, y) => (x.inizio < y.inizio ? -1 : 1));
  for (let i = 1; i < sorted.length; i++) if (sorted[i].inizio < sorted[i - 1].fine) throw new AppError(409, 'avvisi.sovrapposizione');
}

async function writeLines(tx: Db, id: number, b: TRapportinoInput) {
  await tx.delete(rapportiniRighe).where(eq(rapportiniRighe.rapportino_id, id));
  await tx.delete(rapportiniMateriali).where(eq(rapportiniMateriali.rapportino_id, id));
  await tx.insert(rapportiniRighe).values(
    b.righe.map((r) => ({ rapportino_id: id, commessa_id: r.commessa_id, fase_id: r.fase_id ?? null, inizio: r.inizio, fine: r.fine, minuti: minutesOf(r.fine) - minutesOf(r.inizio), descrizione: r.descrizione ?? null })),
  );
  if (b.materiali.length)
    await tx.insert(rapportiniMateriali).values(b.materiali.map((m) => ({ rapportino_id: id, descrizione: m.descrizione, quantita_millesimi: Math.round(m.quantita * 1000), unita: m.unita ?? null })));
}

const headValues = (b: TRapportinoInput) => ({
  data: b.data, cliente_id: b.cliente_id ?? null, sito: b.sito ?? null, commessa_id: b.commessa_id ?? null, km: b.km ?? null, minuti_viaggio: b.minuti_viaggio ?? null, note: b.note ?? null,
});

export async function createReport(db: Db, tz: string, user: CurrentUser, b: TRapportinoInput) {
  const dip = await targetEmployee(db, user, b.dipendente_id);
  const id = await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await checkReport(tx, dip.id, b);
    await assertDayWritable(tx, dip.id, b.data);
    const [row] = await tx.insert(rapportini).values({ dipendente_id: dip.id, ...headValues(b), creato_da: user.id }).returning();
    await writeLines(tx, row.id, b);
    await audit(tx, user, { entita: 'rapportini', entita_id: String(row.id), azione: 'create', dopo: { ...row, righe: b.righe, materiali: b.materiali } });
    return row.id;
  });
  return readReport(db, tz, user, id);
}

/**
 * A change to a draft. The report's row is locked for the whole save, so two saves of it apply one after the other;
 * one made from an older version than the stored one (another tab, another device) is refused with 409 rather than
 * overwriting what the other saved.
 */
export async function updateReport(db: Db, tz: string, user: CurrentUser, id: number, b: TRapportinoInput) {
  const seen = await readReport(db, tz, user, id);
  if (seen.stato !== 'bozza') throw new AppError(409, 'avvisi.rapportino_firmato');
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const [head] = await tx.select({ stato: rapportini.stato, versione: rapportini.versione }).from(rapportini).where(eq(rapportini.id, id)).for('update');
    if (!head || head.stato !== 'bozza') throw new AppError(409, 'avvisi.rapportino_firmato');
    if (b.versione !== undefined && b.versione !== head.versione) throw new AppError(409, 'avvisi.rapportino_modificato', { versione: head.versione });
    const before = head.versione === seen.versione ? seen : ((await reportById(tx, tz, id)) ?? seen);
    await checkReport(tx, before.dipendente_id, b);
    await assertDayWritable(tx, before.dipendente_id, b.data);
    await tx.update(rapportini).set({ ...headValues(b), versione: head.versione + 1 }).where(eq(rapportini.id, id));
    await writeLines(tx, id, b);
    await audit(tx, user, { entita: 'rapportini', entita_id: String(id), azione: 'update', prima: before, dopo: { ...headValues(b), righe: b.righe, materiali: b.materiali, versione: head.versione + 1 } });
  });
  return readReport(db, tz, user, id);
}

/** The report as a PDF: header, the day's lines, materials, travel, and the customer's signature. */
async function reportPdf(db: Db, r: TRapportinoRow, firma: Buffer | null): Promise<Uint8Array> {
  const azienda = await companyData(db);
  const logo = await companyLogo(db, azienda);
  const titolo = `Rapportino di intervento n. ${r.id} del ${dataIt(r.data)}`;
  const w = await PdfWriter.create({ title: `Rapportino ${r.id} del ${dataIt(r.data)}`, footer: titolo });
  await w.intestazione({ ...azienda, logo });
  w.paragraph(titolo, { size: 13, bold: true, after: 6 });
  w.keyValues([['Tecnico', r.dipendente_nome], ['Cliente', r.cliente_ragione_sociale ?? '-'], ['Luogo', r.sito ?? '-'], ['Commessa', r.commessa_codice ?? '-']], { columns: 2 });
  w.space(8);
  w.table({
    size: 9,
    columns: [{ header: 'Dalle' }, { header: 'Alle' }, { header: 'Ore', align: 'right' }, { header: 'Commessa / fase' }, { header: 'Attività', weight: 4 }],
    rows: r.righe.map((l) => [l.inizio, l.fine, oreMinuti(l.minuti), `${l.commessa_codice}${l.fase_codice ? `/${l.fase_codice}` : ''}`, l.descrizione ?? '']),
    totals: ['Totale ore', '', oreMinuti(r.minuti), '', ''],
  });
  if (r.km !== null || r.minuti_viaggio !== null) w.paragraph(`Viaggio: ${r.km ?? 0} km, ${oreMinuti(r.minuti_viaggio ?? 0)}`, { after: 8 });
  if (r.materiali.length) {
    w.paragraph('Materiali utilizzati', { bold: true, after: 2 });
    w.table({
      size: 9,
      columns: [{ header: 'Quantità', align: 'right' }, { header: 'Unità' }, { header: 'Descrizione', weight: 4 }],
      rows: r.materiali.map((m) => [String(m.quantita).replace('.', ','), m.unita ?? '', m.descrizione]),
    });
  }
  if (r.note) {
    w.paragraph('Note', { bold: true, after: 0 });
    w.paragraph(r.note, { after: 8 });
  }
  w.space(12);
  await w.signatures([{ label: `Firma del cliente${r.firmatario ? `: ${r.firmatario}` : ''}`, png: firma }], { height: 90, boxWidth: 260 });
  return w.save();
}

/**
 * A report signed with a stored PNG: its PDF made and stored, the report locked as signed, audited. Also the demo's
 * way to sign its reports.
 */
export async function sealReport(
  db: Db, user: Pick<CurrentUser, 'id' | 'username'> | null, before: TRapportinoRow, firma: { fileId: string; bytes: Buffer }, firmatario: string, email: string | null,
): Promise<Buffer> {
  const signed = { ...before, stato: 'firmato' as const, firmatario, email_cliente: email };
  const pdf = Buffer.from(await reportPdf(db, signed, firma.bytes));
  const stored = await storeFile(db, { nome: `rapportino-${before.id}.pdf`, bytes: pdf, utenteId: user?.id ?? null, kinds: ['pdf'] });
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const [row] = await tx
      .update(rapportini)
      .set({ stato: 'firmato', firmatario, email_cliente: email, firma_file_id: firma.fileId, pdf_file_id: stored.id, firmato_il: sqlNow() })
      // the PDF shows `before`: it is signed only if no save came in since
      .where(and(eq(rapportini.id, before.id), eq(rapportini.stato, 'bozza'), eq(rapportini.versione, before.versione)))
      .returning();
    if (!row) {
      const [now] = await tx.select({ stato: rapportini.stato }).from(rapportini).where(eq(rapportini.id, before.id));
      throw now?.stato === 'bozza' ? new AppError(409, 'avvisi.rapportino_modificato', {}) : new AppError(409, 'avvisi.rapportino_firmato');
    }
    await audit(tx, user, { entita: 'rapportini', entita_id: String(before.id), azione: 'firma', prima: before, dopo: row });
  });
  return pdf;
}

/**
 * The customer signs: the signature must be a PNG the caller uploaded, no larger than FIRMA_MAX_BYTES. The lines
 * lock, the PDF is made and stored, and mailed to the customer when an address is given.
 */
export async function signReport(deps: AppDeps, tz: string, user: CurrentUser, id: number, b: { firma_file_id: string; firmatario: string; email_cliente?: string | null; versione?: number }) {
  const { db } = deps;
  const before = await readReport(db, tz, user, id);
  if (before.stato !== 'bozza') throw new AppError(409, 'avvisi.rapportino_firmato');
  // the customer signs what the screen showed them, not a version saved since from elsewhere
  if (b.versione !== undefined && b.versione !== before.versione) throw new AppError(409, 'avvisi.rapportino_modificato', { versione: before.versione });
  const firma = await readSignature(db, user.id, b.firma_file_id, 'firma_file_id');
  const pdf = await sealReport(db, user, before, firma, b.firmatario, b.email_cliente ?? null);
  if (b.email_cliente) {
    const lang = await deps.defaultLang();
    const azienda = await companyData(db);
    const params = { azienda: azienda.ragione_sociale, data: dataIt(before.data), tecnico: before.dipendente_nome, numero: String(id) };
    await deps.mailer.send({
      to: b.email_cliente,
      subject: await translate(db, lang, 'mail.rapportino_oggetto', params),
      text: await translate(db, lang, 'mail.rapportino_testo', params),
      attachments: [{ filename: `rapportino-${id}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  }
  return readReport(db, tz, user, id);
}

/** Approval (the person's manager or HR, never their own): the lines become approved bookings of that day. */
export async function approveReport(db: Db, tz: string, user: CurrentUser, id: number) {
  const r = await readReport(db, tz, user, id);
  if (r.dipendente_id === user.dipendente_id) throw new AppError(403, 'avvisi.approvazione_propria');
  if (r.stato !== 'firmato') throw new AppError(409, r.stato === 'approvato' ? 'avvisi.rapportino_approvato' : 'avvisi.rapportino_non_firmato');
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    await lockPerson(tx, r.dipendente_id);
    await assertDayWritable(tx, r.dipendente_id, r.data).catch((e) => {
      // an approved report's bookings are approved one by one: a week waiting for approval does not hold them back
      if (!(e instanceof AppError && e.message === 'avvisi.settimana_inviata')) throw e;
    });
    const [row] = await tx.update(rapportini).set({ stato: 'approvato' }).where(and(eq(rapportini.id, id), eq(rapportini.stato, 'firmato'))).returning();
    if (!row) throw new AppError(409, 'avvisi.rapportino_approvato');
    const bookings = await tx
      .insert(registrazioni)
      .values(
        r.righe.map((l) => ({
          dipendente_id: r.dipendente_id, data: r.data, commessa_id: l.commessa_id, fase_id: l.fase_id, minuti: l.minuti, note: l.descrizione,
          origine: 'rapportino', stato: 'approvata', rapportino_id: id, creata_da: user.id,
        })),
      )
      .returning({ id: registrazioni.id });
    await audit(tx, user, { entita: 'rapportini', entita_id: String(id), azione: 'approva', prima: r, dopo: { ...row, registrazioni: bookings.map((x) => x.id) } });
  });
  return readReport(db, tz, user, id);
}

/** The signed report's PDF, as it was mailed. */
export async function reportPdfFile(db: Db, tz: string, user: CurrentUser, id: number) {
  await readReport(db, tz, user, id);
  const [row] = await db.select({ pdf: rapportini.pdf_file_id }).from(rapportini).where(eq(rapportini.id, id));
  const f = row?.pdf ? await readFile(db, row.pdf) : undefined;
  if (!f) throw new AppError(409, 'avvisi.rapportino_non_firmato');
  return f;
}
