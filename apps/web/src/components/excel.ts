/**
 * Excel export of a list (exceljs, imported on demand so it stays out of the main chunks).
 */
export type ExcelColumn = { header: string; key: string; width?: number };

function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Foglio1';
}

function fileName(title: string): string {
  return `${title.replace(/[^\p{L}\p{N} _.-]+/gu, '').trim() || 'export'}.xlsx`;
}

export async function exportXlsx(title: string, columns: ExcelColumn[], rows: Record<string, unknown>[]): Promise<void> {
  const ns = await import('exceljs');
  const Excel = ((ns as unknown as { default?: typeof ns }).default ?? ns) as typeof ns;
  const wb = new Excel.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName(title));
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.max(12, Math.min(50, c.header.length + 4)) }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) ws.addRow(r);
  const buffer = await wb.xlsx.writeBuffer();
  const blob = new Blob([buffer as ArrayBuffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName(title);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
