/** The printable timecard: company, employee, month, one line per day, totals and signature lines. */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { oreMinuti } from '../../platform/dates';
import { drawIntestazione, pdfSafe, type Intestazione } from '../../platform/pdf';

type Giorno = {
  data: string; tipo_giorno: string; turno: { codice: string } | null; timbrature: { ts: string; verso: string; stato: string; manuale: boolean; differita: string | null }[];
  minuti_teorici: number; minuti_lavorati: number; minuti_ordinari: number; minuti_straordinari: number; minuti_notturni: number;
  minuti_ritardo: number; minuti_uscita_anticipata: number; minuti_mancanti: number; giustificativi: { codice: string; minuti: number }[]; anomalie: string[];
};
type Cartellino = {
  dipendente: { matricola: string; cognome: string; nome: string; reparto_descrizione: string | null };
  mese: string; chiuso: boolean; giorni: Giorno[];
  totali: Record<string, unknown> & {
    minuti_teorici: number; minuti_lavorati: number; minuti_ordinari: number; minuti_straordinari: number; minuti_notturni: number; minuti_ritardo: number;
    minuti_uscita_anticipata: number; minuti_mancanti: number; per_causale: Record<string, number>;
  };
};

const MESI = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
const GIORNI = ['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab'];
// the printed timecard leaves a zero blank
const hm = (m: number) => (m ? oreMinuti(m) : '');
const safe = pdfSafe;

export async function cartellinoPdf(c: Cartellino, azienda: Intestazione, label: (code: string) => string = (x) => x): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Cartellino ${c.dipendente.cognome} ${c.dipendente.nome} ${c.mese}`);
  doc.setCreator('Tulip');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([842, 595]); // A4 landscape
  const [y0, m0] = c.mese.split('-').map(Number);
  let y = 560;
  const text = (s: string, x: number, yy: number, size = 8, f = font) => page.drawText(safe(s), { x, y: yy, size, font: f, color: rgb(0.1, 0.1, 0.1) });

  await drawIntestazione(doc, page, { font, bold }, azienda, { y, rigaX: 300, destra: 806 });
  text(`Cartellino presenze - ${MESI[m0 - 1]} ${y0}${c.chiuso ? ' (mese chiuso)' : ''}`, 36, y - 16, 11, bold);
  text(`${c.dipendente.cognome} ${c.dipendente.nome} - matricola ${c.dipendente.matricola}${c.dipendente.reparto_descrizione ? ` - ${c.dipendente.reparto_descrizione}` : ''}`, 36, y - 32, 9);
  y -= 52;

  const cols: [string, number][] = [
    ['Giorno', 36], ['Turno', 80], ['Timbrature', 114], ['Teorici', 322], ['Lavorati', 360], ['Ordinari', 398], ['Straord.', 436],
    ['Nott.', 474], ['Ritardo', 504], ['Usc. ant.', 540], ['Mancanti', 580], ['Giustificativi', 622], ['Anomalie', 712],
  ];
  for (const [h, x] of cols) text(h, x, y, 7.5, bold);
  y -= 4;
  page.drawLine({ start: { x: 36, y }, end: { x: 806, y }, thickness: 0.5 });
  const rowH = Math.min(13, (y - 110) / c.giorni.length);
  for (const g of c.giorni) {
    y -= rowH;
    if (g.tipo_giorno !== 'lavorativo') page.drawRectangle({ x: 36, y: y - 2, width: 770, height: rowH, color: rgb(0.94, 0.94, 0.94) });
    const d = new Date(`${g.data}T12:00:00Z`);
    const punches = g.timbrature.filter((t) => t.stato === 'valida').map((t) => `${t.verso}${t.ts.slice(11, 16)}${t.manuale ? '*' : ''}${t.differita ? '°' : ''}`).join(' ');
    const values = [
      `${GIORNI[d.getUTCDay()]} ${g.data.slice(8, 10)}`, g.turno?.codice ?? '', punches.slice(0, 54), hm(g.minuti_teorici), hm(g.minuti_lavorati),
      hm(g.minuti_ordinari), hm(g.minuti_straordinari), hm(g.minuti_notturni), hm(g.minuti_ritardo), hm(g.minuti_uscita_anticipata), hm(g.minuti_mancanti),
      g.giustificativi.map((x) => `${x.codice} ${hm(x.minuti)}`).join(', '), g.anomalie.map(label).join(', ').slice(0, 34),
    ];
    values.forEach((v, i) => text(v, cols[i][1], y, 7));
  }
  y -= 6;
  page.drawLine({ start: { x: 36, y }, end: { x: 806, y }, thickness: 0.5 });
  y -= 11;
  const t = c.totali;
  text('Totali', 36, y, 8, bold);
  [t.minuti_teorici, t.minuti_lavorati, t.minuti_ordinari, t.minuti_straordinari, t.minuti_notturni, t.minuti_ritardo, t.minuti_uscita_anticipata, t.minuti_mancanti].forEach(
    (v, i) => text(hm(v), cols[i + 3][1], y, 8, bold),
  );
  text(Object.entries(t.per_causale).map(([k, v]) => `${k} ${hm(v)}`).join(', ').slice(0, 40), cols[11][1], y, 7);
  text('* timbratura inserita o corretta manualmente    ° timbratura inviata in differita dal telefono', 36, 60, 7);
  page.drawLine({ start: { x: 440, y: 60 }, end: { x: 600, y: 60 }, thickness: 0.5 });
  page.drawLine({ start: { x: 646, y: 60 }, end: { x: 806, y: 60 }, thickness: 0.5 });
  text('Firma del dipendente', 480, 48, 8);
  text("Firma dell'ufficio personale", 672, 48, 8);
  return doc.save();
}
