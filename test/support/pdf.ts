/** Reading back the PDFs the server makes (pdf-lib), for the API and the browser tests alike. */
import { inflateSync } from 'node:zlib';

/** The text a PDF made by pdf-lib draws: its content streams inflated, its hex strings decoded. */
export function pdfText(raw: Buffer): string {
  return [...raw.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)]
    .map((m) => {
      const bytes = Buffer.from(m[1], 'latin1');
      try {
        return inflateSync(bytes).toString('latin1');
      } catch {
        return bytes.toString('latin1');
      }
    })
    .join('\n')
    .replace(/<([0-9A-Fa-f]+)>/g, (_, h: string) => Buffer.from(h, 'hex').toString('latin1'));
}

/**
 * The text of each page of a PDF as a reader sees it, through a maintained PDF library (unpdf, the pdf.js text
 * layer): what a test compares with what the screen showed.
 */
export async function pdfPages(raw: Uint8Array): Promise<string[]> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const doc = await getDocumentProxy(new Uint8Array(raw));
  return (await extractText(doc, { mergePages: false })).text;
}

export type PdfItem = { str: string; x: number; y: number; width: number; height: number };
export type PdfPageLayout = { width: number; height: number; items: PdfItem[]; text: string };

/**
 * Each page of a PDF with its text items where a reader sees them (unpdf, the pdf.js text layer): the page's size and,
 * per item, its string, its origin (transform[4..5]), width and height, and the page's text in drawing order with its
 * whitespace collapsed. A test checks that every value is there whole and that no glyph lies outside the page.
 */
export async function pdfLayout(raw: Uint8Array): Promise<PdfPageLayout[]> {
  const { getDocumentProxy } = await import('unpdf');
  const doc = await getDocumentProxy(new Uint8Array(raw));
  const out: PdfPageLayout[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [x0, y0, x1, y1] = page.view;
    const content = await page.getTextContent();
    const items = content.items
      .filter((i): i is Extract<typeof i, { str: string }> => 'str' in i && i.str.trim() !== '')
      .map((i) => ({ str: i.str, x: i.transform[4] - x0, y: i.transform[5] - y0, width: i.width, height: i.height }));
    out.push({ width: x1 - x0, height: y1 - y0, items, text: items.map((i) => i.str).join(' ').replace(/\s+/g, ' ') });
  }
  return out;
}

/** The items of a laid-out PDF that lie outside the printable box (the page less `margin` points on every side). */
export function outsideBox(pages: PdfPageLayout[], margin = 20): string[] {
  return pages.flatMap((p, n) =>
    p.items
      .filter((i) => i.x < margin || i.x + i.width > p.width - margin || i.y < margin || i.y + i.height > p.height - margin)
      .map((i) => `p${n + 1} "${i.str}" x=${i.x.toFixed(1)}..${(i.x + i.width).toFixed(1)} y=${i.y.toFixed(1)} (page ${p.width.toFixed(0)}x${p.height.toFixed(0)})`),
  );
}

/** The whole document's text, whitespace collapsed: a wrapped value is found with `has(text, value)`. */
export const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
/** Whether `value`'s words appear in order in `text`, however the lines wrapped them. */
export const hasWhole = (text: string, value: string) => collapse(text).includes(collapse(value));

/** With TULIP_PDF_DIR set, keeps a PDF a test made there, to look at (`pdftoppm -png -r 60 -f 1 -l 1 file.pdf out`). */
export async function keepPdf(name: string, raw: Uint8Array) {
  const dir = process.env.TULIP_PDF_DIR;
  if (!dir) return;
  const { mkdir, writeFile } = await import('node:fs/promises');
  await mkdir(dir, { recursive: true });
  await writeFile(`${dir}/${name}`, raw);
}
