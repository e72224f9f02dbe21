/**
 * Excel export of a list: the workbook is written by ./xlsx (imported on demand, so it stays out of
 * the main chunks) and handed to the browser as a download.
 */
export type { XlsxColumn as ExcelColumn } from './xlsx';
import type { XlsxColumn } from './xlsx';
import { i18n } from '../platform/i18n';
import { notifyNegative } from '../platform/notifications/store';

function fileName(title: string): string {
  return `${title.replace(/[^\p{L}\p{N} _.-]+/gu, '').trim() || 'export'}.xlsx`;
}

/** Builds and downloads the workbook; a failure here (the chunk could not load, say) is told to the user, not thrown. */
export async function exportXlsx(title: string, columns: XlsxColumn[], rows: Record<string, unknown>[]): Promise<void> {
  let blob: Blob;
  try {
    const { buildXlsx } = await import('./xlsx');
    blob = new Blob([buildXlsx(title, columns, rows) as Uint8Array<ArrayBuffer>], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  } catch (e) {
    console.error(e);
    notifyNegative(i18n.t('ui.errore_inatteso'));
    return;
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName(title);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
