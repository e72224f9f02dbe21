/**
 * The order's job sheet (scheda di lavorazione, issue #14): the company header, the order's data, then one row per
 * phase with its Code 128 barcode `<commessa>/<fase>` (the contract's codiceFaseBarcode), which the shop floor scans to
 * start and close phases. A4 portrait, as many pages as the phases need.
 */
import { toBuffer } from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { codiceFaseBarcode, type TCommessaRow } from '@tulip/contract';
import { dataIt, oreMinuti } from '../../platform/dates';
import { drawIntestazione, pdfSafe, type Intestazione } from '../../platform/pdf';

const it = (d: string | null) => (d ? dataIt(d) : '-');
const ore = (m: number | null) => (m === null ? '-' : oreMinuti(m));
const STATO: Record<string, string> = { aperta: 'Aperta', sospesa: 'Sospesa', chiusa: 'Chiusa' };

export async function jobSheetPdf(c: TCommessaRow, azienda: Intestazione): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Scheda di lavorazione ${c.codice}`);
  doc.setCreator('Tulip');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const color = rgb(0.1, 0.1, 0.1);
  const W = 595;
  const H = 842;
  let page = doc.addPage([W, H]);
  const text = (s: string, x: number, y: number, size = 9, f = font) => page.drawText(pdfSafe(s), { x, y, size, font: f, color });

  await drawIntestazione(doc, page, { font, bold }, azienda, { y: H - 40, rigaX: 260, destra: W - 36 });
  let y = H - 72;
  text(`Scheda di lavorazione - commessa ${c.codice}`, 36, y, 13, bold);
  y -= 18;
  text(c.descrizione.slice(0, 100), 36, y, 10);
  y -= 16;
  const facts: [string, string][] = [
    ['Cliente', c.cliente_ragione_sociale ?? '-'],
    ['Stato', STATO[c.stato] ?? c.stato],
    ['Inizio', it(c.data_inizio)],
    ['Fine prevista', it(c.data_fine)],
    ['Ore a budget', ore(c.minuti_budget)],
    ['Capo commessa', c.capo_commessa_nome ?? '-'],
  ];
  facts.forEach(([k, v], i) => {
    const x = 36 + (i % 3) * 180;
    const yy = y - Math.floor(i / 3) * 14;
    text(`${k}:`, x, yy, 8, bold);
    text(v.slice(0, 34), x + bold.widthOfTextAtSize(`${k}: `, 8), yy, 8);
  });
  y -= 40;

  const header = () => {
    text('Ord.', 36, y, 8, bold);
    text('Fase', 64, y, 8, bold);
    text('Ore previste', 250, y, 8, bold);
    text('Codice a barre (commessa/fase)', 330, y, 8, bold);
    y -= 6;
    page.drawLine({ start: { x: 36, y }, end: { x: W - 36, y }, thickness: 0.5, color });
  };
  header();
  const ROW = 66;
  for (const f of [...c.fasi].sort((a, b) => a.ordine - b.ordine)) {
    if (y - ROW < 50) {
      page = doc.addPage([W, H]);
      y = H - 50;
      header();
    }
    y -= ROW;
    const code = codiceFaseBarcode(c.codice, f.codice);
    const png = await toBuffer({ bcid: 'code128', text: code, scale: 2, height: 10, includetext: true, textxalign: 'center' });
    const img = await doc.embedPng(png);
    const k = Math.min(50 / img.height, 220 / img.width);
    page.drawImage(img, { x: 330, y: y + 8, width: img.width * k, height: img.height * k });
    text(String(f.ordine), 36, y + 36, 9);
    text(`${f.codice} - ${f.descrizione}`.slice(0, 44), 64, y + 36, 9, bold);
    if (f.stato === 'chiusa') text('(chiusa)', 64, y + 24, 8);
    text(ore(f.minuti_previsti), 250, y + 36, 9);
    page.drawLine({ start: { x: 36, y: y + 2 }, end: { x: W - 36, y: y + 2 }, thickness: 0.25, color: rgb(0.7, 0.7, 0.7) });
  }
  if (!c.fasi.length) text('Nessuna fase definita.', 36, y - 16, 9);
  return doc.save();
}
