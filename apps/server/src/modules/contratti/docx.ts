/**
 * Hiring templates, filled by a maintained library (docxtemplater over pizzip), never by string surgery on the XML:
 * reading a template's tags (refusing a broken one with the tag named), filling it, reading the filled document back
 * as paragraphs, and drawing those paragraphs as a PDF with pdf-lib, so that CI needs no office suite and the PDF says
 * exactly what the DOCX says, in the same order and headings.
 */
import { createRequire } from 'node:module';
import type Docxtemplater from 'docxtemplater';
import type PizZip from 'pizzip';
import type { Element } from '@xmldom/xmldom';
import { NOMI_CAMPI } from '@tulip/contract';
import { AppError } from '../../platform/errors';
import { PdfWriter, type Intestazione } from '../../platform/pdf';

// the DOCX libraries are loaded at their first use, not at every start (issue #30): a tenth of a second of start-up
const load = createRequire(import.meta.url);
let loaded: { Docxtemplater: typeof Docxtemplater; PizZip: typeof PizZip; DOMParser: typeof import('@xmldom/xmldom').DOMParser } | undefined;
const libs = () =>
  (loaded ??= {
    Docxtemplater: load('docxtemplater') as typeof Docxtemplater,
    PizZip: load('pizzip') as typeof PizZip,
    DOMParser: (load('@xmldom/xmldom') as typeof import('@xmldom/xmldom')).DOMParser,
  });

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
    zip = new (libs().PizZip)(bytes);
  } catch {
    throw new AppError(400, 'avvisi.modello_non_docx', { fields: { file_id: 'avvisi.modello_non_docx' } });
  }
  if (!zip.file('word/document.xml')) throw new AppError(400, 'avvisi.modello_non_docx', { fields: { file_id: 'avvisi.modello_non_docx' } });
  try {
    const doc = new (libs().Docxtemplater)(zip, { paragraphLoop: true, linebreaks: true, parser, nullGetter: () => '', errorLogging: false });
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
  const { PizZip: Zip, DOMParser } = libs();
  const xml = new Zip(docx).file('word/document.xml')!.asText();
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

/** The paragraphs as an A4 PDF under the company's header, laid out by the platform's writer (wrapped, pages numbered). */
export async function pdfOf(paragrafi: Paragrafo[], azienda: Intestazione, piede: string): Promise<Uint8Array> {
  const w = await PdfWriter.create({ title: paragrafi.find((p) => p.stile === 'titolo')?.testo ?? piede, margin: 56, footer: piede });
  await w.intestazione(azienda);
  for (const p of paragrafi) {
    if (!p.testo.trim()) {
      w.space(7);
      continue;
    }
    if (p.stile === 'titolo') w.paragraph(p.testo, { size: 15, bold: true, align: 'center', after: 10 });
    else if (p.stile === 'sottotitolo') {
      // a heading never stays alone at the bottom of a page
      w.ensure(11.5 * 1.35 * 3 + 8);
      w.space(8);
      w.paragraph(p.testo, { size: 11.5, bold: true, after: 4 });
    } else w.paragraph(p.testo, { size: 10.5, after: 6 });
  }
  return w.save();
}
