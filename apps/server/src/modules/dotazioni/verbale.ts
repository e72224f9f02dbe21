/**
 * The verbale di consegna: the evidence that the employer handed the worker their equipment and informed and trained
 * them (D.Lgs 81/2008 art. 77 c. 4–5), and that the worker undertook to use and look after it (art. 78). Made when a
 * delivery is recorded or signed, stored with it, served back as it was made.
 */
import type { TConsegnaRow } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { dataIt } from '../../platform/dates';
import { storeFile } from '../../platform/files';
import type { CurrentUser } from '../../platform/guard';
import { PdfWriter } from '../../platform/pdf';
import { companyData, companyLogo, dipendenti, mansioni } from '../anagrafica';
import { eq } from 'drizzle-orm';

const CAUSALI: Record<TConsegnaRow['causale'], string> = {
  prima_consegna: 'Prima consegna',
  sostituzione_scadenza: 'Sostituzione per scadenza',
  usura: 'Sostituzione per usura',
  smarrimento: 'Sostituzione per smarrimento',
  nuova_mansione: 'Nuova mansione',
};

const DICHIARAZIONE =
  'Il lavoratore dichiara di aver ricevuto in data odierna le dotazioni sopra elencate, integre e funzionanti; ' +
  'di essere stato informato dei rischi dai quali i DPI lo proteggono e formato sul loro corretto uso, e, ove previsto, ' +
  'addestrato (D.Lgs 81/2008 art. 77 c. 4 lett. e, h e c. 5). Si impegna (art. 78) a utilizzarli conformemente ' +
  "all'informazione e alla formazione ricevute, ad averne cura, a non apportarvi modifiche di propria iniziativa e a " +
  'segnalare subito al datore di lavoro qualsiasi difetto o inconveniente rilevato; a restituire le dotazioni ' +
  'aziendali restituibili alla cessazione del rapporto o su richiesta.';

export type Firme = { lavoratore: Buffer | null; incaricato: Buffer | null };

export async function verbalePdf(db: Db, user: Pick<CurrentUser, 'username'>, c: TConsegnaRow, firme: Firme): Promise<Uint8Array> {
  const azienda = await companyData(db);
  const logo = await companyLogo(db, azienda);
  const [m] = await db.select({ mansione: mansioni.descrizione }).from(dipendenti).leftJoin(mansioni, eq(mansioni.id, dipendenti.mansione_id)).where(eq(dipendenti.id, c.dipendente_id));
  const titolo = `Verbale di consegna n. ${c.id}`;
  const w = await PdfWriter.create({ title: titolo, footer: `${titolo} del ${dataIt(c.data)}` });
  await w.intestazione({ ...azienda, logo });
  w.paragraph('Verbale di consegna dei dispositivi di protezione individuale e delle dotazioni aziendali', { size: 12, bold: true });
  w.paragraph(`N. ${c.id} del ${dataIt(c.data)} - ${CAUSALI[c.causale]}${c.stato === 'annullata' ? ' - ANNULLATA' : ''}`, { size: 10, after: 6 });
  w.keyValues([['Lavoratore', `${c.dipendente_nome} (matricola ${c.matricola})`]], { size: 10 });
  w.keyValues([['Reparto', c.reparto_descrizione ?? '-'], ['Mansione', m?.mansione ?? '-']], { columns: 2, size: 10 });
  w.space(8);
  w.table({
    size: 8.5,
    ruled: true,
    columns: [
      { header: 'Tipo', weight: 3 }, { header: 'Marca e modello', weight: 3 }, { header: 'Taglia' }, { header: 'Q.tà', align: 'right' }, { header: 'Cat.' },
      { header: 'N. serie / lotto', weight: 2 }, { header: 'Scadenza / ispezione' },
    ],
    rows: c.righe.map((r) => [
      r.tipologia_descrizione, r.articolo, r.taglia ?? '-', String(r.quantita), r.dpi ? (r.categoria ?? '-') : 'no DPI',
      // the lot dates the item from its manufacture (Reg. UE 2016/425 Annex II 1.4)
      [r.numero_serie, r.lotto].filter(Boolean).join(' / ') || '-',
      [r.scadenza ? dataIt(r.scadenza) : '', r.ispezione ? `isp. ${dataIt(r.ispezione)}` : ''].filter(Boolean).join(' ') || '-',
    ]),
  });
  if (c.note) w.paragraph(`Note: ${c.note}`, { size: 8.5, after: 6 });
  w.space(6);
  w.paragraph(DICHIARAZIONE, { size: 8.5, after: 18 });
  await w.signatures(
    [{ label: 'Firma del lavoratore', png: firme.lavoratore }, { label: `Firma dell'incaricato della consegna (${user.username})`, png: firme.incaricato }],
    { height: 88 },
  );
  return w.save();
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
