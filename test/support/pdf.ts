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
