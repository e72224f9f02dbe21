/**
 * The verbale di consegna: the evidence that the employer handed the worker their equipment and informed and trained
 * them (D.Lgs 81/2008 art. 77 c. 4–5), and that the worker undertook to use and look after it (art. 78). Made when a
 * delivery is recorded or signed, stored with it, served back as it was made.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { TConsegnaRow } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { dataIt } from '../../platform/dates';
import { storeFile } from '../../platform/files';
import type { CurrentUser } from '../../platform/guard';
import { drawIntestazione, pdfSafe } from '../../platform/pdf';
import { drawSignature } from '../../platform/signature';
import { companyData, companyLogo, dipendenti, mansioni } from '../anagrafica';
import { eq } from 'drizzle-orm';

const CAUSALI: Record<TConsegnaRow['causale'], string> = {
  prima_consegna: 'Prima consegna',
  sostituzione_scadenza: 'Sostituzione per scadenza',
  usura: 'Sostituzione per usura',
  smarrimento: 'Sostituzione per smarrimento',
  nuova_mansione: 'Nuova mansione',
};

const DICHIARAZIONE = [
  'Il lavoratore dichiara di aver ricevuto in data odierna le dotazioni sopra elencate, integre e funzionanti;',
  'di essere stato informato dei rischi dai quali i DPI lo proteggono e formato sul loro corretto uso, e, ove previsto,',
  'addestrato (D.Lgs 81/2008 art. 77 c. 4 lett. e, h e c. 5). Si impegna (art. 78) a utilizzarli conformemente',
  "all'informazione e alla formazione ricevute, ad averne cura, a non apportarvi modifiche di propria iniziativa e a",
  'segnalare subito al datore di lavoro qualsiasi difetto o inconveniente rilevato; a restituire le dotazioni',
  'aziendali restituibili alla cessazione del rapporto o su richiesta.',
];

export type Firme = { lavoratore: Buffer | null; incaricato: Buffer | null };

export async function verbalePdf(db: Db, user: Pick<CurrentUser, 'username'>, c: TConsegnaRow, firme: Firme): Promise<Uint8Array> {
  const azienda = await companyData(db);
  const logo = await companyLogo(db, azienda);
  const [m] = await db.select({ mansione: mansioni.descrizione }).from(dipendenti).leftJoin(mansioni, eq(mansioni.id, dipendenti.mansione_id)).where(eq(dipendenti.id, c.dipendente_id));
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`Verbale di consegna n. ${c.id}`));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.35);
  let page = doc.addPage([595, 842]);
  await drawIntestazione(doc, page, { font, bold }, { ...azienda, logo }, { y: 800, rigaX: 250, destra: 559 });
  let y = 760;
  const text = (s: string, x: number, o: { size?: number; b?: boolean; color?: ReturnType<typeof rgb> } = {}) =>
    page.drawText(pdfSafe(s), { x, y, size: o.size ?? 9, font: o.b ? bold : font, color: o.color });
  text('Verbale di consegna dei dispositivi di protezione individuale e delle dotazioni aziendali', 36, { size: 12, b: true });
  y -= 16;
  text(`N. ${c.id} del ${dataIt(c.data)} - ${CAUSALI[c.causale]}${c.stato === 'annullata' ? ' - ANNULLATA' : ''}`, 36, { size: 10 });
  y -= 20;
  text(`Lavoratore: ${c.dipendente_nome} (matricola ${c.matricola})`, 36, { size: 10, b: true });
  y -= 14;
  text(`Reparto: ${c.reparto_descrizione ?? '-'}    Mansione: ${m?.mansione ?? '-'}`, 36, { size: 10 });
  y -= 22;
  const cols = [36, 150, 290, 330, 360, 400, 490];
  const head = () => {
    ['Tipo', 'Marca e modello', 'Taglia', 'Q.ta', 'Cat.', 'N. serie / lotto', 'Scadenza'].forEach((h, i) => text(h, cols[i], { b: true, size: 8.5 }));
    y -= 4;
    page.drawLine({ start: { x: 36, y }, end: { x: 559, y }, thickness: 0.5, color: grey });
    y -= 11;
  };
  head();
  for (const r of c.righe) {
    if (y < 330) {
      page = doc.addPage([595, 842]);
      y = 800;
      head();
    }
    text(r.tipologia_descrizione.slice(0, 24), cols[0], { size: 8.5 });
    text(r.articolo.slice(0, 30), cols[1], { size: 8.5 });
    text(r.taglia ?? '-', cols[2], { size: 8.5 });
    text(String(r.quantita), cols[3], { size: 8.5 });
    text(r.dpi ? (r.categoria ?? '-') : 'no DPI', cols[4], { size: 8.5 });
    // the lot dates the item from its manufacture (Reg. UE 2016/425 Annex II 1.4)
    text(([r.numero_serie, r.lotto].filter(Boolean).join(' / ') || '-').slice(0, 20), cols[5], { size: 8.5 });
    const due = [r.scadenza ? dataIt(r.scadenza) : '', r.ispezione ? `isp. ${dataIt(r.ispezione)}` : ''].filter(Boolean).join(' ');
    text(due || '-', cols[6], { size: 8.5 });
    y -= 13;
  }
  if (c.note) {
    y -= 6;
    text(`Note: ${c.note.slice(0, 110)}`, 36, { size: 8.5 });
    y -= 12;
  }
  y -= 12;
  for (const line of DICHIARAZIONE) {
    text(line, 36, { size: 8.5 });
    y -= 12;
  }
  y -= 24;
  text('Firma del lavoratore', 36, { b: true });
  text(`Firma dell'incaricato della consegna (${user.username})`, 310, { b: true });
  const top = y - 6;
  if (firme.lavoratore) await drawSignature(doc, page, firme.lavoratore, { x: 36, top, width: 220, height: 80 });
  if (firme.incaricato) await drawSignature(doc, page, firme.incaricato, { x: 310, top, width: 220, height: 80 });
  page.drawLine({ start: { x: 36, y: top - 88 }, end: { x: 266, y: top - 88 }, thickness: 0.5, color: grey });
  page.drawLine({ start: { x: 310, y: top - 88 }, end: { x: 540, y: top - 88 }, thickness: 0.5, color: grey });
  return doc.save();
}

/** Stores a verbale already drawn; its file's id goes on the delivery. */
export async function storeVerbalePdf(db: Db, user: Pick<CurrentUser, 'id'>, consegnaId: number, pdf: Uint8Array): Promise<string> {
  const stored = await storeFile(db, { nome: `verbale-consegna-${consegnaId}.pdf`, bytes: Buffer.from(pdf), utenteId: user.id, kinds: ['pdf'] });
  return stored.id;
}

/** Makes and stores the verbale; its file's id goes on the delivery. */
export async function storeVerbale(db: Db, user: Pick<CurrentUser, 'id' | 'username'>, c: TConsegnaRow, firme: Firme): Promise<string> {
  return storeVerbalePdf(db, user, c.id, await verbalePdf(db, user, c, firme));
}
