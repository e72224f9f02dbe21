/**
 * Hiring templates, filled by a maintained library (docxtemplater over pizzip), never by string surgery on the XML:
 * reading a template's tags (refusing a broken one with the tag named), filling it, reading the filled document back
 * as paragraphs, and drawing those paragraphs as a PDF with pdf-lib, so that CI needs no office suite and the PDF says
 * exactly what the DOCX says, in the same order and headings.
 */
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { NOMI_CAMPI } from '@tulip/contract';
import { AppError } from '../../platform/errors';
import { drawIntestazione, pdfSafe, type Intestazione } from '../../platform/pdf';

export type Paragrafo = { stile: 'titolo' | 'sottotitolo' | 'testo'; testo: string };
type Scope = Record<string, unknown>;

/** A dotted path looked up in the innermost scope first, then outwards: `{voce}` inside a loop, `{dipendente.cognome}` anywhere. */
function lookup(path: string[], scopes: unknown[]): unknown {
  for (let i = scopes.length - 1; i >= 0; i--) {
    let v: unknown = scopes[i];
    for (const p of path) v = v != null && typeof v === 'object' ? (v as Scope)[p] : undefined;
    if (v !== undefined) return v;
  }
  return undefined;
}

/** Compiles a template, remembering its tags; a file that is not a DOCX or a broken tag is a 400 naming it. */
function compile(bytes: Buffer) {
  const tags: string[] = [];
  const parser = (tag: string) => {
    tags.push(tag.trim());
    const path = tag.trim().split('.');
    return { get: (_scope: unknown, context: { scopeList: unknown[] }) => lookup(path, context.scopeList) };
  };
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    throw new AppError(400, 'avvisi.modello_non_docx', { fields: { file_id: 'avvisi.modello_non_docx' } });
  }
  if (!zip.file('word/document.xml')) throw new AppError(400, 'avvisi.modello_non_docx', { fields: { file_id: 'avvisi.modello_non_docx' } });
  try {
    const doc = new Docxtemplater(zip, { paragraphLoop: true, linebreaks: true, parser, nullGetter: () => '', errorLogging: false });
    return { doc, tags };
  } catch (err) {
    const first = (err as { properties?: { errors?: { properties?: { xtag?: string; context?: string } }[]; xtag?: string } }).properties;
    const e = first?.errors?.[0]?.properties ?? first;
    const tag = (e?.xtag ?? (e as { context?: string })?.context ?? '').toString().slice(0, 80);
    throw new AppError(400, 'avvisi.modello_tag_non_valido', { tag, fields: { file_id: 'avvisi.modello_tag_non_valido' } });
  }
}

/** The fields a template uses, and those Tulip does not know (a template with any is refused when stored). */
export function inspectTemplate(bytes: Buffer): { campi: string[]; sconosciuti: string[] } {
  const { tags } = compile(bytes);
  const unique = [...new Set(tags)];
  return { campi: unique.filter((t) => NOMI_CAMPI.has(t)), sconosciuti: unique.filter((t) => !NOMI_CAMPI.has(t)) };
}

/** Fills a template with the merge data: the DOCX's bytes. */
export function fillTemplate(bytes: Buffer, data: Scope): Buffer {
  const { doc } = compile(bytes);
  doc.render(data);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A filled DOCX read back as its paragraphs, with their kind (the Title and Heading styles), in order. */
export function paragraphsOf(docx: Buffer): Paragrafo[] {
  const xml = new PizZip(docx).file('word/document.xml')!.asText();
  const dom = new DOMParser().parseFromString(xml, 'text/xml');
  const out: Paragrafo[] = [];
  const ps = dom.getElementsByTagNameNS(W, 'p');
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    const style = p.getElementsByTagNameNS(W, 'pStyle')[0]?.getAttributeNS(W, 'val') ?? '';
    let testo = '';
    const walk = (n: Element) => {
      for (let c = n.firstChild; c; c = c.nextSibling) {
        if (c.nodeType !== 1) continue;
        const el = c as Element;
        if (el.namespaceURI === W && el.localName === 't') testo += el.textContent ?? '';
        else if (el.namespaceURI === W && el.localName === 'tab') testo += '\t';
        else if (el.namespaceURI === W && (el.localName === 'br' || el.localName === 'cr')) testo += '\n';
        // a nested paragraph (a text box) is read on its own
        else if (!(el.namespaceURI === W && el.localName === 'p')) walk(el);
      }
    };
    walk(p);
    const stile = /^(Title|Titolo)$/i.test(style) ? 'titolo' : /^(Heading|Titolo)\d$/i.test(style) ? 'sottotitolo' : 'testo';
    out.push({ stile, testo });
  }
  // trailing blank paragraphs say nothing
  while (out.length && !out[out.length - 1].testo.trim()) out.pop();
  return out;
}

/** Splits a line into the widths the page allows, at spaces (a word longer than the line is cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const raw of text.split('\n')) {
    let line = '';
    for (const word of raw.replace(/\t/g, '    ').split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width) {
        let n = line.length - 1;
        while (n > 1 && font.widthOfTextAtSize(line.slice(0, n), size) > width) n--;
        lines.push(line.slice(0, n));
        line = line.slice(n);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The paragraphs as an A4 PDF under the company's header, numbered pages. */
export async function pdfOf(paragrafi: Paragrafo[], azienda: Intestazione, piede: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(paragrafi.find((p) => p.stile === 'titolo')?.testo ?? piede));
  doc.setCreator('Tulip');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [PW, PH, M] = [595.28, 841.89, 56];
  const color = rgb(0.1, 0.1, 0.1);
  let page = doc.addPage([PW, PH]);
  await drawIntestazione(doc, page, { font, bold }, azienda, { y: PH - 40, rigaX: 260, destra: PW - 36 });
  let y = PH - 90;
  const newPage = () => {
    page = doc.addPage([PW, PH]);
    y = PH - M;
  };
  for (const p of paragrafi) {
    const [f, size, before, after] = p.stile === 'titolo' ? [bold, 15, 6, 10] : p.stile === 'sottotitolo' ? [bold, 11.5, 8, 4] : [font, 10.5, 0, 6];
    const lead = size * 1.35;
    if (!p.testo.trim()) {
      y -= lead / 2;
      continue;
    }
    y -= before;
    const lines = wrap(pdfSafe(p.testo), f, size, PW - 2 * M);
    // a heading never stays alone at the bottom of a page
    if (p.stile !== 'testo' && y - lead * (lines.length + 2) < M) newPage();
    for (const line of lines) {
      if (y - lead < M) newPage();
      y -= lead;
      const x = p.stile === 'titolo' ? (PW - f.widthOfTextAtSize(line, size)) / 2 : M;
      page.drawText(line, { x, y, size, font: f, color });
    }
    y -= after;
  }
  const pages = doc.getPages();
  pages.forEach((pg, i) => {
    const label = pdfSafe(`${piede} - ${i + 1}/${pages.length}`);
    pg.drawText(label, { x: PW - M - font.widthOfTextAtSize(label, 8), y: 28, size: 8, font, color: rgb(0.4, 0.4, 0.4) });
  });
  return doc.save();
}
