/**
 * Excel export of a list: the workbook is written by ./xlsx (imported on demand, so it stays out of
 * the main chunks) and handed to the browser as a download.
 */
export type { XlsxColumn as ExcelColumn } from './xlsx';
import type { XlsxColumn } from './xlsx';

function fileName(title: string): string {
  return `${title.replace(/[^\p{L}\p{N} _.-]+/gu, '').trim() || 'export'}.xlsx`;
}

export async function exportXlsx(title: string, columns: XlsxColumn[], rows: Record<string, unknown>[]): Promise<void> {
  const { buildXlsx } = await import('./xlsx');
  const blob = new Blob([buildXlsx(title, columns, rows) as Uint8Array<ArrayBuffer>], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName(title);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
