/**
 * The files of expense notes: the note as a PDF (header, trip, lines with their tax treatment, totals, signature
 * lines), the lists as Excel workbooks, and the settled reimbursements for payroll (the attendance export's layout and
 * codes: the exempt and the taxable part of each expense type under their own payroll codes).
 */
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { TNoteQuery, TRigheQuery } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { dataIt } from '../../platform/dates';
import { tableWorkbook } from '../../platform/export/xlsx';
import type { CurrentUser } from '../../platform/guard';
import type { PayrollMoney } from '../../platform/payroll';
import { GRIGIO, importoValuta, PdfWriter } from '../../platform/pdf';
import { companyData, companyLogo, dipendenti } from '../anagrafica';
import { payrollCompanyCode, payrollFile, type PayrollRecord } from '../consultazione';
import { messagesOf } from '../lingue';
import { lineRow, linesQuery, listNotes, notesScope, readNote } from './service';
import { anticipi, note, righe, tipiPagamento, tipiSpesa, valute } from './tables';

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
  // each currency's minor units: 2850 cents are "28,50 €", 2000 yen "2.000 JPY"
  const decimali = new Map((await db.select({ codice: valute.codice, decimali: valute.decimali }).from(valute)).map((v) => [v.codice, v.decimali]));
  const titolo = `Nota spese n. ${n.id}`;
  const w = await PdfWriter.create({ title: titolo, landscape: true, footer: `${titolo} - ${n.dipendente_nome}` });
  await w.intestazione({ ...azienda, logo });
  w.paragraph(`${titolo} - ${n.descrizione}`, { size: 13, bold: true });
  w.paragraph(`${n.dipendente_nome} (matr. ${n.matricola})${n.reparto_descrizione ? ` - ${n.reparto_descrizione}` : ''}   Stato: ${n.stato}`, { size: 10 });
  if (n.trasferta) {
    const t = n.trasferta;
    w.paragraph(
      `Trasferta: ${t.destinazione}${t.estero ? ' (estero)' : t.comune_sede ? ' (nel comune della sede)' : ''}, dal ${dataIt(t.dal)} al ${dataIt(t.al)}, regime ${t.regime}${t.commessa_codice ? `, commessa ${t.commessa_codice}` : ''}`,
      { size: 10 },
    );
  } else w.paragraph('Senza trasferta: acquisti per conto dell’azienda', { size: 10 });
  w.space(8);
  /** The amount as spent: in euros, or in its currency with the rate used, its date and the euros it made. */
  const speso = (r: (typeof n.righe)[number]) => {
    if (r.importo == null) return '';
    const d = decimali.get(r.valuta) ?? 2;
    if (r.valuta === 'EUR' || !r.cambio) return importoValuta(r.importo, r.valuta, d);
    return `${importoValuta(r.importo, r.valuta, d)} al cambio ${cambioIt(r.cambio)}${r.cambio_data ? ` del ${dataIt(r.cambio_data)}` : ''} = ${importoValuta(r.importo_eur)}`;
  };
  const money = { align: 'right' as const };
  const t = n.totali;
  w.table({
    size: 8,
    ruled: true,
    columns: [
      { header: 'Data' }, { header: 'Tipo', weight: 2 }, { header: 'Pagamento', weight: 1.5 }, { header: 'Importo', weight: 2 }, { header: 'In euro', ...money },
      { header: 'Rimborsabile', ...money }, { header: 'Esente', ...money }, { header: 'Imponibile', ...money }, { header: 'Note', weight: 3 },
    ],
    rows: n.righe.map((r) => {
      const regola = [r.regola ? (regole[r.regola] ?? r.regola) : null, r.estero && r.categoria !== 'DIARIA' ? estero : null].filter(Boolean).join(' - ');
      return [
        dataIt(r.data), r.descrizione ? `${r.tipo_spesa_descrizione} - ${r.descrizione}` : r.tipo_spesa_descrizione, r.tipo_pagamento_descrizione ?? (r.km ? `${r.km.replace('.', ',')} km ${r.veicolo_targa ?? ''}` : ''), speso(r),
        importoValuta(r.importo_eur), importoValuta(r.rimborsabile), importoValuta(r.esente), importoValuta(r.imponibile),
        { text: [...r.avvisi.map((a) => texts[a] ?? a), regola].filter(Boolean).join('; '), color: GRIGIO, size: 7 },
      ];
    }),
    totals: ['Totali', '', '', '', importoValuta(t.importo_eur), importoValuta(t.rimborsabile), importoValuta(t.esente), importoValuta(t.imponibile), ''],
  });
  w.space(4);
  w.paragraph(`Anticipi: ${importoValuta(t.anticipi)}    ${t.da_liquidare < 0 ? 'Da restituire' : 'Da liquidare'}: ${importoValuta(Math.abs(t.da_liquidare))}`, { size: 10, bold: true, after: 24 });
  await w.signatures([{ label: 'Firma del dipendente' }, { label: 'Firma del responsabile' }, { label: 'Visto per la liquidazione' }], { height: 36 });
  return { pdf: await w.save(), filename: `nota-spese-${n.id}.pdf` };
}

/** A stored rate ("0.937100") as Italian text with the decimals it has ("0,9371"), at least two. */
const cambioIt = (c: string) => {
  const [i, d = ''] = c.split('.');
  return `${i},${d.replace(/0+$/, '').padEnd(2, '0')}`;
};
