/**
 * What every printout shares (DESIGN §12: PDF helpers live in the platform, written once): the company's header with
 * its logo, and text the standard fonts can draw. The timecard, the job sheet and later the delivery verbale and the
 * rapportino use it.
 */
import { rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { drawable } from './intake';

/** The header of every printout: the company's name, its VAT number and office, its logo on the right. */
export type Intestazione = {
  ragione_sociale: string;
  partita_iva?: string | null;
  indirizzo?: string | null;
  cap?: string | null;
  comune?: string | null;
  provincia?: string | null;
  logo?: { tipo: string; contenuto: Buffer };
};

export function intestazioneRiga(a: Intestazione): string {
  const sede = [a.indirizzo, [a.cap, a.comune].filter(Boolean).join(' '), a.provincia ? `(${a.provincia})` : ''].filter(Boolean).join(' ');
  return [a.partita_iva ? `P.IVA ${a.partita_iva}` : '', sede].filter(Boolean).join(' - ');
}

/** What WinAnsi (Windows-1252) has beyond Latin-1: the typographic quotes and dashes Italian texts use, the euro sign. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
/** The standard fonts speak WinAnsi: keep to characters it has. */
export const pdfSafe = (s: string) => s.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, (c) => (WIN_ANSI_EXTRA.includes(c) ? c : '?'));

/**
 * A stored image embedded in a printout, or null with a warning in the log when it cannot be drawn: a header over the
 * drawing limits or bytes that do not decode (a file stored before issue #27 §2 checked uploads) cost one missing
 * picture, never a 500 for every printout. Files taken in since are clean PNGs within the limits.
 */
export async function embedImage(doc: PDFDocument, img: { tipo: string; contenuto: Buffer }, what: string): Promise<PDFImage | null> {
  if (img.tipo !== 'image/png' && img.tipo !== 'image/jpeg') return null;
  if (!drawable(img.contenuto)) {
    console.warn(`${what}: immagine non disegnabile (illeggibile o oltre i limiti), omessa dalla stampa`);
    return null;
  }
  try {
    return img.tipo === 'image/png' ? await doc.embedPng(img.contenuto) : await doc.embedJpg(img.contenuto);
  } catch (err) {
    console.warn(`${what}: immagine non decodificabile, omessa dalla stampa`, err instanceof Error ? err.message : err);
    return null;
  }
}

/** Draws the header at the top of `page` (baseline `y`): name on the left, the VAT line at `rigaX`, the logo right-aligned at `destra`. */
export async function drawIntestazione(doc: PDFDocument, page: PDFPage, fonts: { font: PDFFont; bold: PDFFont }, a: Intestazione, at: { y: number; rigaX: number; destra: number }) {
  const color = rgb(0.1, 0.1, 0.1);
  page.drawText(pdfSafe(a.ragione_sociale), { x: 36, y: at.y, size: 12, font: fonts.bold, color });
  const riga = intestazioneRiga(a);
  if (riga) page.drawText(pdfSafe(riga), { x: at.rigaX, y: at.y, size: 8, font: fonts.font, color });
  if (!a.logo) return;
  const img = await embedImage(doc, a.logo, 'logo aziendale');
  // 36 points high at most, in the top right corner
  if (img) {
    const k = Math.min(36 / img.height, 140 / img.width);
    page.drawImage(img, { x: at.destra - img.width * k, y: at.y - 24, width: img.width * k, height: img.height * k });
  }
}
