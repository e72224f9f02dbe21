/**
 * What the file field checks before an upload, and how it names a file (pure, unit-tested). The server has the last
 * word: it reads the type from the content; these checks only spare the user a 10 MB upload that would be refused.
 */

import { FILE_MAX_BYTES as MAX_FILE_BYTES } from '@tulip/contract';

/** The file store's limit (POST /api/file), the contract's. */
export { MAX_FILE_BYTES };

type Candidate = { name: string; type: string; size: number };

/** True when an `accept` attribute ("image/png,.pdf,image/*") lets the file through; no attribute takes any file. */
export function accepts(accept: string | undefined, file: Pick<Candidate, 'name' | 'type'>): boolean {
  const tokens = (accept ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (!tokens.length) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  // a browser that cannot tell a file's type says '': the server reads it from the content
  if (!type && !tokens.some((k) => k.startsWith('.'))) return true;
  return tokens.some((k) => (k.startsWith('.') ? name.endsWith(k) : k.endsWith('/*') ? type.startsWith(k.slice(0, -1)) : type === k));
}

/** Why a file cannot be uploaded here (a translation key and its parameters), or null when it can. */
export function fileProblem(file: Candidate, accept?: string): { key: string; params: Record<string, string> } | null {
  if (file.size > MAX_FILE_BYTES) return { key: 'file.troppo_grande', params: { nome: file.name, max: formatBytes(MAX_FILE_BYTES) } };
  if (!accepts(accept, file)) return { key: 'avvisi.tipo_file_non_ammesso', params: { tipi: acceptedKinds(accept ?? '') } };
  return null;
}

const KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
};

/** A type as people know it: "PNG", "PDF"; an unknown type as it is. */
export const kindOf = (type: string): string => KINDS[type.toLowerCase()] ?? type;

/** The kinds an accept attribute names, for a message: "PNG, JPEG, WebP". */
export const acceptedKinds = (accept: string) =>
  accept.split(',').map((s) => s.trim()).filter(Boolean).map((k) => (k.startsWith('.') ? k.slice(1).toUpperCase() : kindOf(k))).join(', ');

/** Images the browser can show as a preview (an <img> never runs a script, but only these come from the store). */
export const isPreviewable = (type: string) => /^image\/(png|jpeg|webp|gif)$/i.test(type);

/** A size the Italian way: "850 B", "12 kB", "1,5 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  const mb = bytes / (1024 * 1024);
  return `${(Number.isInteger(mb) ? String(mb) : mb.toFixed(1)).replace('.', ',')} MB`;
}
