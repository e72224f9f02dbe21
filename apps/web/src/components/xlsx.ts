/**
 * A one-sheet .xlsx (Office Open XML) written directly: bold header row frozen at the top, column
 * widths, numbers as numbers, dates as dates, everything else as text. A list export needs no more,
 * and this is a few KB instead of a 250 KB spreadsheet library in the browser. The parts are zipped
 * by fflate.
 */
import { strToU8, zipSync } from 'fflate';

/** `format`: how a Date in the column is shown (default: with the time unless it is midnight). */
export type XlsxColumn = { header: string; key: string; width?: number; format?: 'date' | 'datetime' };

/** A sheet name Excel accepts: no []:*?/\, at most 31 characters, not empty. */
export function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Foglio1';
}

// XML 1.0 forbids most control characters even escaped: they are dropped, like Excel does on paste
const escapeXml = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex -- these are the characters XML 1.0 (and so Excel) refuses in a cell
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** A1-style column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

// Excel's day 0 is 30/12/1899 (it counts 1900 as a leap year); dates are written in local time
const excelSerial = (d: Date) => (Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()) - Date.UTC(1899, 11, 30)) / 86_400_000;

/** Style indexes of styles.xml below. */
const STYLE = { header: 1, date: 2, dateTime: 3 };

function cell(ref: string, value: unknown, style = 0, format?: XlsxColumn['format']): string {
  const s = style ? ` s="${style}"` : '';
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${s}><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    const midnight = value.getHours() === 0 && value.getMinutes() === 0 && value.getSeconds() === 0;
    const dateOnly = format ? format === 'date' : midnight;
    return `<c r="${ref}" s="${style || (dateOnly ? STYLE.date : STYLE.dateTime)}"><v>${excelSerial(value)}</v></c>`;
  }
  const text = escapeXml(typeof value === 'object' ? JSON.stringify(value) : String(value)).slice(0, 32_767);
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

function sheetXml(columns: XlsxColumn[], rows: Record<string, unknown>[]): string {
  const widths = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.max(12, Math.min(50, c.header.length + 4))}" customWidth="1"/>`);
  const letters = columns.map((_, i) => columnLetters(i));
  const header = `<row r="1">${columns.map((c, i) => cell(`${letters[i]}1`, c.header, STYLE.header)).join('')}</row>`;
  const body = rows.map((r, y) => `<row r="${y + 2}">${columns.map((c, i) => cell(`${letters[i]}${y + 2}`, r[c.key], 0, c.format)).join('')}</row>`);
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${widths.join('')}</cols>` +
    `<sheetData>${header}${body.join('')}</sheetData>` +
    '</worksheet>'
  );
}

const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy hh:mm"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '</styleSheet>';

/** The workbook's bytes. */
export function buildXlsx(title: string, columns: XlsxColumn[], rows: Record<string, unknown>[], created = new Date()): Uint8Array {
  const name = escapeXml(sheetName(title));
  const xml = (s: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${s}`);
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkgRel = 'http://schemas.openxmlformats.org/package/2006/relationships';
  return zipSync(
    {
      '[Content_Types].xml': xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
          '</Types>',
      ),
      '_rels/.rels': xml(
        `<Relationships xmlns="${pkgRel}">` +
          `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/>` +
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
          '</Relationships>',
      ),
      'docProps/core.xml': xml(
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
          'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
          `<dc:title>${escapeXml(title)}</dc:title><dc:creator>Tulip</dc:creator>` +
          `<dcterms:created xsi:type="dcterms:W3CDTF">${created.toISOString().replace(/\.\d+Z$/, 'Z')}</dcterms:created>` +
          '</cp:coreProperties>',
      ),
      'xl/workbook.xml': xml(
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${rel}">` +
          `<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': xml(
        `<Relationships xmlns="${pkgRel}">` +
          `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/>` +
          '</Relationships>',
      ),
      'xl/styles.xml': strToU8(STYLES),
      'xl/worksheets/sheet1.xml': strToU8(sheetXml(columns, rows)),
    },
    { level: 6 },
  );
}
