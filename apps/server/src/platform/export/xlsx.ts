/** Sends a workbook (exceljs) as an .xlsx download. */
import type { FastifyReply } from 'fastify';

export async function sendXlsx(reply: FastifyReply, wb: { xlsx: { writeBuffer: () => Promise<unknown> } }, filename: string) {
  const buf = await wb.xlsx.writeBuffer();
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Buffer.from(buf as ArrayBuffer));
}

/** A cell's kind in a table workbook: hours (from integer minutes), euros (from cents), or as it is. */
export type XlsxColumn = { header: string; kind?: 'ore' | 'euro' | 'testo'; width?: number };

/**
 * A workbook of one or more plain tables: a bold, frozen header row, then the rows. Minutes become hours and cents
 * euros, as numbers with their format, so the spreadsheet can sum them.
 */
export async function tableWorkbook(sheets: { name: string; columns: XlsxColumn[]; rows: (string | number | null)[][] }[]) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name.slice(0, 31));
    ws.columns = s.columns.map((c) => ({ header: c.header, width: c.width ?? (c.kind && c.kind !== 'testo' ? 12 : 24) }));
    ws.getRow(1).font = { bold: true };
    for (const r of s.rows) {
      ws.addRow(
        r.map((v, i) => {
          const kind = s.columns[i]?.kind;
          if (v === null || typeof v === 'string') return v ?? '';
          return kind === 'ore' ? Math.round((v / 60) * 100) / 100 : kind === 'euro' ? v / 100 : v;
        }),
      );
    }
    s.columns.forEach((c, i) => {
      if (c.kind === 'ore') ws.getColumn(i + 1).numFmt = '0.00';
      if (c.kind === 'euro') ws.getColumn(i + 1).numFmt = '#,##0.00 €';
    });
    ws.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return wb;
}
