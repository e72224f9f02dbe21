/** The printable timecard: company, employee, month, one line per day, totals and signature lines. */
import { oreMinuti } from '../../platform/dates';
import { PdfWriter, type Intestazione } from '../../platform/pdf';

type Giorno = {
  data: string; tipo_giorno: string; turno: { codice: string } | null; timbrature: { ts: string; verso: string; stato: string; manuale: boolean; differita: string | null }[];
  minuti_teorici: number; minuti_lavorati: number; minuti_ordinari: number; minuti_straordinari: number; minuti_supplementari: number; minuti_notturni: number;
  minuti_ritardo: number; minuti_uscita_anticipata: number; minuti_mancanti: number; giustificativi: { codice: string; minuti: number }[]; anomalie: string[];
};
type Cartellino = {
  dipendente: { matricola: string; cognome: string; nome: string; reparto_descrizione: string | null };
  mese: string; chiuso: boolean; giorni: Giorno[];
  totali: Record<string, unknown> & {
    minuti_teorici: number; minuti_lavorati: number; minuti_ordinari: number; minuti_straordinari: number; minuti_supplementari: number; minuti_notturni: number; minuti_ritardo: number;
    minuti_uscita_anticipata: number; minuti_mancanti: number; per_causale: Record<string, number>;
  };
};

const MESI = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
const GIORNI = ['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab'];
// the printed timecard leaves a zero blank
const hm = (m: number) => (m ? oreMinuti(m) : '');

export async function cartellinoPdf(c: Cartellino, azienda: Intestazione, label: (code: string) => string = (x) => x): Promise<Uint8Array> {
  const [y0, m0] = c.mese.split('-').map(Number);
  const chi = `${c.dipendente.cognome} ${c.dipendente.nome}`;
  const w = await PdfWriter.create({ title: `Cartellino ${chi} ${c.mese}`, landscape: true, footer: `Cartellino ${chi} ${MESI[m0 - 1]} ${y0}` });
  await w.intestazione(azienda);
  w.paragraph(`Cartellino presenze - ${MESI[m0 - 1]} ${y0}${c.chiuso ? ' (mese chiuso)' : ''}`, { size: 11, bold: true });
  w.paragraph(`${chi} - matricola ${c.dipendente.matricola}${c.dipendente.reparto_descrizione ? ` - ${c.dipendente.reparto_descrizione}` : ''}`, { size: 9, after: 8 });
  const num = { align: 'right' as const };
  const t = c.totali;
  w.table({
    size: 7,
    pad: 2,
    columns: [
      { header: 'Giorno' }, { header: 'Turno' }, { header: 'Timbrature', weight: 4 }, { header: 'Teorici', ...num }, { header: 'Lavorati', ...num }, { header: 'Ordinari', ...num },
      { header: 'Straord.', ...num }, { header: 'Suppl.', ...num }, { header: 'Nott.', ...num }, { header: 'Ritardo', ...num }, { header: 'Usc. ant.', ...num }, { header: 'Mancanti', ...num },
      { header: 'Giustificativi', weight: 2 }, { header: 'Anomalie', weight: 3 },
    ],
    rows: c.giorni.map((g) => {
      const d = new Date(`${g.data}T12:00:00Z`);
      const punches = g.timbrature.filter((x) => x.stato === 'valida').map((x) => `${x.verso}${x.ts.slice(11, 16)}${x.manuale ? '*' : ''}${x.differita ? '°' : ''}`).join(' ');
      return {
        shade: g.tipo_giorno !== 'lavorativo',
        cells: [
          `${GIORNI[d.getUTCDay()]} ${g.data.slice(8, 10)}`, g.turno?.codice ?? '', punches, hm(g.minuti_teorici), hm(g.minuti_lavorati), hm(g.minuti_ordinari),
          hm(g.minuti_straordinari), hm(g.minuti_supplementari), hm(g.minuti_notturni), hm(g.minuti_ritardo), hm(g.minuti_uscita_anticipata), hm(g.minuti_mancanti),
          g.giustificativi.map((x) => `${x.codice} ${hm(x.minuti)}`).join(', '), g.anomalie.map(label).join(', '),
        ],
      };
    }),
    totals: [
      'Totali', '', '', ...[t.minuti_teorici, t.minuti_lavorati, t.minuti_ordinari, t.minuti_straordinari, t.minuti_supplementari, t.minuti_notturni, t.minuti_ritardo, t.minuti_uscita_anticipata, t.minuti_mancanti].map(hm),
      Object.entries(t.per_causale).map(([k, v]) => `${k} ${hm(v)}`).join(', '), '',
    ],
  });
  w.paragraph('* timbratura inserita o corretta manualmente    ° timbratura inviata in differita dal telefono', { size: 7, after: 14 });
  await w.signatures([{ label: 'Firma del dipendente' }, { label: "Firma dell'ufficio personale" }], { height: 30, size: 8 });
  return w.save();
}
