/**
 * The files of expense notes: the note as a PDF (header, trip, lines with their tax treatment, totals, signature
 * lines), the lists as Excel workbooks, and the settled reimbursements for payroll (the attendance export's layout and
 * codes: the exempt and the taxable part of each expense type under their own payroll codes).
 */
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { TNoteQuery, TRigheQuery } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { dataIt, importoIt } from '../../platform/dates';
import { tableWorkbook } from '../../platform/export/xlsx';
import type { CurrentUser } from '../../platform/guard';
import type { PayrollMoney } from '../../platform/payroll';
import { drawIntestazione, pdfSafe } from '../../platform/pdf';
import { companyData, companyLogo, dipendenti } from '../anagrafica';
import { payrollCompanyCode, payrollFile, type PayrollRecord } from '../consultazione';
import { messagesOf } from '../lingue';
import { lineRow, linesQuery, listNotes, notesScope, readNote } from './service';
import { anticipi, note, righe, tipiPagamento, tipiSpesa } from './tables';

const eur = importoIt;

// ---- the lines of every note in scope ----------------------------------------------------------------------------

function lineFilters(user: CurrentUser, q: Partial<TRigheQuery>): SQL | undefined {
  return and(
    notesScope(user),
    q.dal ? gte(righe.data, q.dal) : undefined,
    q.al ? lte(righe.data, q.al) : undefined,
    q.tipo_spesa ? eq(tipiSpesa.codice, q.tipo_spesa) : undefined,
    q.tipo_pagamento ? eq(tipiPagamento.codice, q.tipo_pagamento) : undefined,
    q.contanti_imponibili === 'si' ? sql`${righe.avvisi} ? 'non_tracciabile'` : undefined,
    q.oltre_massimale === 'si' ? sql`${righe.avvisi} ? 'oltre_massimale'` : undefined,
    q.ricevuta_mancante === 'si' ? sql`${righe.avvisi} ? 'ricevuta_mancante'` : undefined,
    q.commessa_id ? sql`coalesce(${righe.commessa_id}, ${note.commessa_id}) = ${q.commessa_id}` : undefined,
    q.dipendente_id ? eq(note.dipendente_id, q.dipendente_id) : undefined,
    q.stato ? eq(note.stato, q.stato) : undefined,
  );
}

export async function listLines(db: Db, user: CurrentUser, q: TRigheQuery) {
  const where = lineFilters(user, q);
  const extra = {
    dipendente_nome: sql<string>`${dipendenti.cognome} || ' ' || ${dipendenti.nome}`, matricola: dipendenti.matricola, nota_descrizione: note.descrizione, nota_stato: note.stato,
  };
  const [rows, [{ n }]] = await Promise.all([
    linesQuery(db, extra)
      .innerJoin(note, eq(note.id, righe.nota_id))
      .innerJoin(dipendenti, eq(dipendenti.id, note.dipendente_id))
      .where(where)
      .orderBy(sql`${righe.data} desc`, asc(righe.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(righe)
      .innerJoin(note, eq(note.id, righe.nota_id))
      .innerJoin(dipendenti, eq(dipendenti.id, note.dipendente_id))
      .innerJoin(tipiSpesa, eq(tipiSpesa.id, righe.tipo_spesa_id))
      .leftJoin(tipiPagamento, eq(tipiPagamento.id, righe.tipo_pagamento_id))
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...lineRow(r), ...(r as unknown as typeof extra & Record<string, unknown>) }) as never), total: Number(n) };
}

export async function linesWorkbook(db: Db, user: CurrentUser, q: TRigheQuery) {
  const { rows } = await listLines(db, user, { ...q, page: 1, size: 1000 });
  const wb = await tableWorkbook([
    {
      name: 'Spese',
      columns: [
        { header: 'Data', width: 12 }, { header: 'Matricola', width: 12 }, { header: 'Dipendente' }, { header: 'Nota' }, { header: 'Tipo spesa' }, { header: 'Pagamento' },
        { header: 'Importo' }, { header: 'Valuta', width: 8 }, { header: 'Importo EUR', kind: 'euro' }, { header: 'Rimborsabile', kind: 'euro' },
        { header: 'Esente', kind: 'euro' }, { header: 'Imponibile', kind: 'euro' }, { header: 'Commessa' }, { header: 'Avvisi' },
      ],
      rows: (rows as unknown as (ReturnType<typeof lineRow> & { matricola: string; dipendente_nome: string; nota_descrizione: string })[]).map((r) => [
        dataIt(r.data), r.matricola, r.dipendente_nome, r.nota_descrizione, r.tipo_spesa_descrizione, r.tipo_pagamento_descrizione, r.importo, r.valuta,
        r.importo_eur, r.rimborsabile, r.esente, r.imponibile, r.commessa_codice, r.avvisi.join(', '),
      ]),
    },
  ]);
  return { wb, filename: 'spese.xlsx' };
}

export async function notesWorkbook(db: Db, tz: string, user: CurrentUser, q: TNoteQuery) {
  const { rows } = await listNotes(db, tz, user, { ...q, page: 1, size: 1000 });
  const wb = await tableWorkbook([
    {
      name: 'Note spese',
      columns: [
        { header: 'Nota', width: 8 }, { header: 'Data', width: 12 }, { header: 'Matricola', width: 12 }, { header: 'Dipendente' }, { header: 'Reparto' }, { header: 'Descrizione' },
        { header: 'Destinazione' }, { header: 'Stato' }, { header: 'Totale', kind: 'euro' }, { header: 'Rimborsabile', kind: 'euro' }, { header: 'Esente', kind: 'euro' },
        { header: 'Imponibile', kind: 'euro' }, { header: 'Anticipi', kind: 'euro' }, { header: 'Da liquidare', kind: 'euro' }, { header: 'Liquidata il', width: 12 },
        { header: 'Mese paghe', width: 10 },
      ],
      rows: rows.map((r) => [
        r.id, dataIt(r.data), r.matricola, r.dipendente_nome, r.reparto_descrizione, r.descrizione, r.trasferta?.destinazione ?? null, r.stato, r.totali.importo_eur,
        r.totali.rimborsabile, r.totali.esente, r.totali.imponibile, r.totali.anticipi, r.totali.da_liquidare, r.liquidata_il ? dataIt(r.liquidata_il) : null, r.mese_paghe,
      ]),
    },
  ]);
  return { wb, filename: 'note-spese.xlsx' };
}

// ---- payroll -----------------------------------------------------------------------------------------------------

/** The voce for advances recovered from a settled note (a negative amount). */
export const VOCE_ANTICIPI = 'ANTSPE';

/**
 * The reimbursements of the notes settled in a payroll month, per employee and payroll code: the exempt and the
 * taxable part of each expense type under its codes (else RIMB_ES / RIMB_IMP), and the advances as a negative amount.
 * The payroll export of the attendance module reads this as the manifest's payroll source.
 */
export async function payrollMoneySpese(db: Db, mese: string, scope?: SQL): Promise<PayrollMoney[]> {
  const last = sql`(${`${mese}-01`}::date + interval '1 month' - interval '1 day')::date`;
  const rows = await db
    .select({
      matricola: dipendenti.matricola, data: sql<string>`coalesce(${note.liquidata_il}, ${last})::text`,
      voce_esente: sql<string>`coalesce(${tipiSpesa.codice_paghe}, 'RIMB_ES')`, voce_imponibile: sql<string>`coalesce(${tipiSpesa.codice_paghe_imponibile}, 'RIMB_IMP')`,
      esente: sql<number>`sum(${righe.esente})::bigint`, imponibile: sql<number>`sum(${righe.imponibile})::bigint`,
    })
    .from(righe)
    .innerJoin(note, eq(note.id, righe.nota_id))
    .innerJoin(dipendenti, eq(dipendenti.id, note.dipendente_id))
    .innerJoin(tipiSpesa, eq(tipiSpesa.id, righe.tipo_spesa_id))
    .where(and(eq(note.stato, 'liquidata'), eq(note.mese_paghe, mese), scope))
    .groupBy(dipendenti.matricola, sql`2`, sql`3`, sql`4`)
    .orderBy(dipendenti.matricola);
  const advances = await db
    .select({ matricola: dipendenti.matricola, data: sql<string>`coalesce(${note.liquidata_il}, ${last})::text`, importo: sql<number>`sum(${anticipi.importo})::bigint` })
    .from(anticipi)
    .innerJoin(note, eq(note.id, anticipi.nota_id))
    .innerJoin(dipendenti, eq(dipendenti.id, note.dipendente_id))
    .where(and(eq(note.stato, 'liquidata'), eq(note.mese_paghe, mese), scope))
    .groupBy(dipendenti.matricola, sql`2`);
  const out: PayrollMoney[] = [];
  for (const r of rows) {
    if (Number(r.esente)) out.push({ matricola: r.matricola, voce: r.voce_esente, data: r.data, importo_centesimi: Number(r.esente) });
    if (Number(r.imponibile)) out.push({ matricola: r.matricola, voce: r.voce_imponibile, data: r.data, importo_centesimi: Number(r.imponibile) });
  }
  for (const a of advances) if (Number(a.importo)) out.push({ matricola: a.matricola, voce: VOCE_ANTICIPI, data: a.data, importo_centesimi: -Number(a.importo) });
  return out;
}

/** The settled notes of a payroll month as the payroll file (CSV or XML), for HR. */
export async function payrollExportSpese(db: Db, user: CurrentUser, mese: string, formato: 'csv' | 'xml') {
  const records: PayrollRecord[] = await payrollMoneySpese(db, mese, notesScope(user));
  return payrollFile(await payrollCompanyCode(db), mese, formato, records, 'rimborsi-spese');
}

// ---- the PDF -----------------------------------------------------------------------------------------------------

/** The note as a PDF: the company's header, who and what, the trip, the lines with their tax treatment, totals, signatures. */
export async function notePdf(db: Db, tz: string, user: CurrentUser, id: number, lang: string) {
  const n = await readNote(db, tz, user, id);
  const messages = await messagesOf(db, lang);
  const texts = messages.spese_avvisi ?? {};
  // the rule that decided each line, with its law (D.Lgs 192/2024, L. 207/2024 c. 81, D.L. 84/2025...)
  const regole = messages.spese_regole ?? {};
  const estero = messages.spese?.estero_riga_breve ?? 'estero';
  const azienda = await companyData(db);
  const logo = await companyLogo(db, azienda);
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`Nota spese ${n.id}`));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.35);
  let page = doc.addPage([842, 595]);
  await drawIntestazione(doc, page, { font, bold }, { ...azienda, logo }, { y: 555, rigaX: 330, destra: 806 });
  let y = 520;
  const text = (s: string, x: number, o: { size?: number; b?: boolean; color?: ReturnType<typeof rgb>; right?: number } = {}) => {
    const size = o.size ?? 8.5;
    const f = o.b ? bold : font;
    const safe = pdfSafe(s);
    page.drawText(safe, { x: o.right ? o.right - f.widthOfTextAtSize(safe, size) : x, y, size, font: f, color: o.color });
  };
  text(`Nota spese n. ${n.id} - ${n.descrizione}`, 36, { size: 13, b: true });
  y -= 18;
  text(`${n.dipendente_nome} (matr. ${n.matricola})${n.reparto_descrizione ? ` - ${n.reparto_descrizione}` : ''}   Stato: ${n.stato}`, 36, { size: 10 });
  y -= 14;
  if (n.trasferta) {
    const t = n.trasferta;
    text(
      `Trasferta: ${t.destinazione}${t.estero ? ' (estero)' : t.comune_sede ? ' (nel comune della sede)' : ''}, dal ${dataIt(t.dal)} al ${dataIt(t.al)}, regime ${t.regime}${t.commessa_codice ? `, commessa ${t.commessa_codice}` : ''}`,
      36,
      { size: 10 },
    );
    y -= 14;
  } else {
    text('Senza trasferta: acquisti per conto dell’azienda', 36, { size: 10 });
    y -= 14;
  }
  y -= 8;
  const cols = [36, 92, 210, 300, 380, 430, 500, 570, 640, 700];
  /** Cut to what fits the width (the warnings' column ends at the right margin). */
  const fit = (s: string, size: number, width: number) => {
    let out = pdfSafe(s);
    while (out && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -1);
    return out;
  };
  const head = () => {
    ['Data', 'Tipo', 'Pagamento', 'Importo', 'Valuta', 'EUR', 'Rimborsabile', 'Esente', 'Imponibile', 'Note'].forEach((h, i) => text(h, cols[i], { b: true }));
    y -= 4;
    page.drawLine({ start: { x: 36, y }, end: { x: 806, y }, thickness: 0.5, color: grey });
    y -= 11;
  };
  head();
  for (const r of n.righe) {
    if (y < 120) {
      page = doc.addPage([842, 595]);
      y = 555;
      head();
    }
    text(dataIt(r.data), cols[0]);
    text(r.tipo_spesa_descrizione.slice(0, 24), cols[1]);
    text((r.tipo_pagamento_descrizione ?? (r.km ? `${r.km.replace('.', ',')} km ${r.veicolo_targa ?? ''}` : '')).slice(0, 18), cols[2]);
    text(r.importo != null ? String(r.importo) : '', cols[3], { right: cols[4] - 8 });
    text(r.valuta, cols[4]);
    text(eur(r.importo_eur), 0, { right: cols[6] - 8 });
    text(eur(r.rimborsabile), 0, { right: cols[7] - 8 });
    text(eur(r.esente), 0, { right: cols[8] - 8 });
    text(eur(r.imponibile), 0, { right: cols[9] - 8 });
    text(fit(r.avvisi.map((a) => texts[a] ?? a).join('; '), 7, 806 - cols[9]), cols[9], { size: 7, color: grey });
    const regola = [r.regola ? (regole[r.regola] ?? r.regola) : null, r.estero && r.categoria !== 'DIARIA' ? estero : null].filter(Boolean).join(' - ');
    if (regola) {
      y -= 9;
      text(fit(regola, 7, 806 - cols[1]), cols[1], { size: 7, color: grey });
    }
    y -= 12;
  }
  y -= 6;
  page.drawLine({ start: { x: 36, y: y + 8 }, end: { x: 806, y: y + 8 }, thickness: 0.5, color: grey });
  const t = n.totali;
  text('Totali', cols[0], { b: true });
  text(eur(t.importo_eur), 0, { right: cols[6] - 8, b: true });
  text(eur(t.rimborsabile), 0, { right: cols[7] - 8, b: true });
  text(eur(t.esente), 0, { right: cols[8] - 8, b: true });
  text(eur(t.imponibile), 0, { right: cols[9] - 8, b: true });
  y -= 16;
  text(`Anticipi: ${eur(t.anticipi)} EUR    ${t.da_liquidare < 0 ? 'Da restituire' : 'Da liquidare'}: ${eur(Math.abs(t.da_liquidare))} EUR`, 36, { size: 10, b: true });
  y -= 40;
  if (y < 60) {
    page = doc.addPage([842, 595]);
    y = 500;
  }
  text('Firma del dipendente', 60);
  text('Firma del responsabile', 330);
  text('Visto per la liquidazione', 600);
  y -= 24;
  for (const x of [60, 330, 600]) page.drawLine({ start: { x, y }, end: { x: x + 200, y }, thickness: 0.5, color: grey });
  return { pdf: await doc.save(), filename: `nota-spese-${n.id}.pdf` };
}
