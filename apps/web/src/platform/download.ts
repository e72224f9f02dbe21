/** Saving and opening files fetched with http.file() (exports, PDF), without leaving the page. */
import { http, type FileAnswer } from './http';

function objectUrl(blob: Blob): string {
  const url = URL.createObjectURL(blob);
  // Long enough for the browser to start the download or the new tab to read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return url;
}

/** Downloads the file under its server name (Content-Disposition) or the given fallback. */
export function saveFile(file: FileAnswer, fallbackName: string): void {
  const a = document.createElement('a');
  a.href = objectUrl(file.blob);
  a.download = file.filename || fallbackName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Opens the file (a PDF to print) in a new tab; when the browser blocks the tab (no recent user
 * gesture, popup blocker) it is downloaded instead.
 */
export function openFile(file: FileAnswer, fallbackName: string): void {
  const win = window.open(objectUrl(file.blob), '_blank');
  if (!win) saveFile(file, fallbackName);
}

/** GET a file with the session's token and hand it to the browser; errors are notified by the client. */
export async function downloadFile(path: string, query: Record<string, string | number | undefined | null>, fallbackName: string): Promise<void> {
  const file = await http.file(path, { query });
  saveFile(file, fallbackName);
}
