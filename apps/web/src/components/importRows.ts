/**
 * From a file's rows to the records of a resource (issue #13, import): the columns are matched to the form's fields
 * by their name or their label, in either language and any case; the cells become what the form would send (a date
 * 'DD/MM/YYYY' or an Excel date -> 'YYYY-MM-DD', "sì"/"no" -> true/false, a number kept as text where the field is
 * text: a matricola 000120 read as 120 by Excel is not what the user meant, so numbers are written as they look).
 * Pure: the file is read by importFile.ts.
 */
import type { FieldType } from './resourceForm';

/** A column the import reads: `asRead` keeps the cell as the file gives it (a number stays a number, a text its text). */
export type ImportField = { name: string; label: string; type?: FieldType; asRead?: boolean };
export type Cell = string | number | boolean | Date | null | undefined;

const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Which field each column feeds (null: a column nobody asked for, left out). */
export function matchColumns(header: string[], fields: ImportField[]): (ImportField | null)[] {
  const byKey = new Map<string, ImportField>();
  for (const f of fields) {
    byKey.set(norm(f.name), f);
    byKey.set(norm(f.label), f);
  }
  return header.map((h) => byKey.get(norm(String(h ?? ''))) ?? null);
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** A cell as the field wants it; undefined leaves the field out (empty cells of optional fields). */
export function cellValue(cell: Cell, type: FieldType | undefined, asRead = false): unknown {
  if (cell === null || cell === undefined) return undefined;
  if (typeof cell === 'string' && !cell.trim()) return undefined;
  if (asRead) return typeof cell === 'string' ? cell.trim() : cell instanceof Date ? isoDate(cell) : cell;
  switch (type) {
    case 'switch':
    case 'yn': {
      const yes = typeof cell === 'boolean' ? cell : /^(si|sì|s|yes|y|true|vero|1|x)$/i.test(String(cell).trim());
      return type === 'yn' ? (yes ? 'Y' : 'N') : yes;
    }
    case 'date': {
      if (cell instanceof Date) return isoDate(cell);
      const s = String(cell).trim();
      const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
      return m ? `${m[3]}-${pad(Number(m[2]))}-${pad(Number(m[1]))}` : s;
    }
    case 'number':
      return typeof cell === 'number' ? cell : Number(String(cell).replace(',', '.'));
    default:
      if (cell instanceof Date) return isoDate(cell);
      return String(cell).trim();
  }
}

/**
 * The records of a sheet (first row: the header), and the header's columns that no field takes. With `keepUnknown`
 * those columns are not left out but sent under their own header, for the server to refuse them row by row (an
 * import whose layout is documented: a wrong column is an error, not something to skip in silence).
 */
export function toRecords(sheet: Cell[][], fields: ImportField[], opts: { keepUnknown?: boolean } = {}): { records: Record<string, unknown>[]; ignored: string[] } {
  const [header = [], ...body] = sheet;
  const columns = matchColumns(header.map((h) => String(h ?? '')), fields);
  const unknown = header.map((h, i) => (columns[i] ? null : String(h ?? '').trim()));
  const ignored = opts.keepUnknown ? [] : unknown.filter((h): h is string => !!h);
  const records = body
    .filter((cells) => cells.some((c) => c !== null && c !== undefined && String(c).trim() !== ''))
    .map((cells) => {
      const record: Record<string, unknown> = {}; // keys from code: the form's field names, never the file's headers
      columns.forEach((f, i) => {
        const name = f?.name ?? (opts.keepUnknown ? unknown[i] : null);
        if (!name) return;
        const v = cellValue(cells[i], f?.type, f ? f.asRead : true);
        // a header of the file as a key: defined as an own property, so "__proto__" is only a name
        if (v !== undefined) Object.defineProperty(record, name, { value: v, enumerable: true, writable: true, configurable: true });
      });
      return record;
    });
  return { records, ignored };
}
