/** A CCNL's table on a date as an Excel workbook: one row per level, one column per component, the totals. */
import type { TTabellaCcnl } from '@tulip/contract';
import { tableWorkbook, type XlsxColumn } from '../../platform/export/xlsx';

export async function tableWorkbookOf(t: TTabellaCcnl) {
  const columns: XlsxColumn[] = [
    { header: 'Livello', width: 10 }, { header: 'Descrizione', width: 40 }, { header: 'Decorrenza', width: 12 },
    ...t.voci.map((v): XlsxColumn => ({ header: v, kind: 'euro', width: 16 })),
    { header: 'Totale mensile', kind: 'euro', width: 16 }, { header: `Paga oraria (divisore ${t.divisore_orario})`, kind: 'euro', width: 22 },
  ];
  const rows = t.livelli.map((l) => [
    l.livello, l.descrizione, l.decorrenza,
    ...t.voci.map((v) => l.voci.find((x) => x.voce === v)?.importo ?? null),
    l.totale_mensile, l.paga_oraria,
  ]);
  const wb = await tableWorkbook([{ name: `${t.codice} al ${t.data}`, columns, rows }]);
  return { wb, filename: `tabella-${t.codice}-${t.data}.xlsx`.replace(/[^A-Za-z0-9._-]/g, '_') };
}
