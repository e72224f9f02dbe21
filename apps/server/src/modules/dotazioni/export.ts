/** The "who lacks what" report as an Excel workbook. */
import { tableWorkbook } from '../../platform/export/xlsx';

type Mancante = { matricola: string; dipendente_nome: string; reparto_descrizione: string | null; mansione_descrizione: string | null; tipologia_descrizione: string; richiesti: number; validi: number; scaduti: number; mancanti: number };

export async function missingWorkbook(rows: Mancante[]) {
  const wb = await tableWorkbook([
    {
      name: 'Dotazioni mancanti',
      columns: [
        { header: 'Reparto', width: 22 }, { header: 'Matricola', width: 10 }, { header: 'Dipendente', width: 28 }, { header: 'Mansione', width: 20 }, { header: 'Dotazione', width: 32 },
        { header: 'Richiesti', width: 10 }, { header: 'In uso validi', width: 12 }, { header: 'Scaduti', width: 10 }, { header: 'Mancanti', width: 10 },
      ],
      rows: rows.map((r) => [r.reparto_descrizione, r.matricola, r.dipendente_nome, r.mansione_descrizione, r.tipologia_descrizione, r.richiesti, r.validi, r.scaduti, r.mancanti]),
    },
  ]);
  return { wb, filename: 'dotazioni-mancanti.xlsx' };
}
