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
