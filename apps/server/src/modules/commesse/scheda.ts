/**
 * The order's job sheet (scheda di lavorazione, issue #14): the company header, the order's data, then one row per
 * phase with its Code 128 barcode `<commessa>/<fase>` (the contract's codiceFaseBarcode), which the shop floor scans to
 * start and close phases. A4 portrait, as many pages as the phases need.
 */
import { codiceFaseBarcode, type TCommessaRow } from '@tulip/contract';
import { dataIt, oreMinuti } from '../../platform/dates';
import { PdfWriter, type Intestazione } from '../../platform/pdf';

const it = (d: string | null) => (d ? dataIt(d) : '-');
const ore = (m: number | null) => (m === null ? '-' : oreMinuti(m));
const STATO: Record<string, string> = { aperta: 'Aperta', sospesa: 'Sospesa', chiusa: 'Chiusa' };

export async function jobSheetPdf(c: TCommessaRow, azienda: Intestazione): Promise<Uint8Array> {
  const titolo = `Scheda di lavorazione - commessa ${c.codice}`;
  const w = await PdfWriter.create({ title: `Scheda di lavorazione ${c.codice}`, footer: titolo });
  await w.intestazione(azienda);
  w.paragraph(titolo, { size: 13, bold: true });
  w.paragraph(c.descrizione, { size: 10, after: 6 });
  w.keyValues(
    [
      ['Cliente', c.cliente_ragione_sociale ?? '-'], ['Stato', STATO[c.stato] ?? c.stato], ['Inizio', it(c.data_inizio)],
      ['Fine prevista', it(c.data_fine)], ['Ore a budget', ore(c.minuti_budget)], ['Capo commessa', c.capo_commessa_nome ?? '-'],
    ],
    { columns: 3, size: 8.5 },
  );
  w.space(10);
  const fasi = [...c.fasi].sort((a, b) => a.ordine - b.ordine);
  if (!fasi.length) {
    w.paragraph('Nessuna fase definita.');
    return w.save();
  }
  const rows = [];
  for (const f of fasi) {
    const code = codiceFaseBarcode(c.codice, f.codice);
    // bwip-js is loaded with the first barcode, not at every start (issue #30)
    const { toBuffer } = await import('bwip-js/node');
    const png = await toBuffer({ bcid: 'code128', text: code, scale: 2, height: 10, includetext: true, textxalign: 'center' });
    const img = await w.doc.embedPng(png);
    rows.push([
      String(f.ordine), { text: `${f.codice} - ${f.descrizione}${f.stato === 'chiusa' ? '\n(chiusa)' : ''}`, bold: true }, ore(f.minuti_previsti),
      { text: '', image: { img, w: 220, h: 50 } },
    ]);
  }
  w.table({
    size: 9,
    ruled: true,
    columns: [{ header: 'Ord.', align: 'right' }, { header: 'Fase', weight: 3 }, { header: 'Ore previste', align: 'right' }, { header: 'Codice a barre (commessa/fase)' }],
    rows,
  });
  return w.save();
}
