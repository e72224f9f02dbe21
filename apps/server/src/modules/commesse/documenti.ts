/** The module's files: the order's job sheet (PDF), the planning grid and the order's report as Excel workbooks. */
import { aliasedTable, and, asc, eq, sql } from 'drizzle-orm';
import type { TCommessaRow, TConsuntivo, TPianificazioneQuery } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { dataIt } from '../../platform/dates';
import { notFound } from '../../platform/errors';
import { tableWorkbook } from '../../platform/export/xlsx';
import type { CurrentUser } from '../../platform/guard';
import { companyData, companyLogo, dipendenti } from '../anagrafica';
import { orderReport, reportScope } from './consuntivo';
import { planningGridInOrder } from './pianificazione';
import type { Registrato } from './registrato';
import { jobSheetPdf } from './scheda';
import { clienti, commesse, fasi } from './tables';

/** One order with its phases, for a user who manages orders or may see its report. */
async function readOrder(db: Db, user: CurrentUser, id: number): Promise<TCommessaRow> {
  const capo = aliasedTable(dipendenti, 'capo');
  const [c] = await db
    .select({
      id: commesse.id, codice: commesse.codice, descrizione: commesse.descrizione, cliente_id: commesse.cliente_id, cliente_ragione_sociale: clienti.ragione_sociale,
      stato: sql<TCommessaRow['stato']>`${commesse.stato}`, data_inizio: commesse.data_inizio, data_fine: commesse.data_fine, minuti_budget: commesse.minuti_budget,
      costo_budget: commesse.costo_budget, fatturabile: commesse.fatturabile, capo_commessa_id: commesse.capo_commessa_id,
      capo_commessa_nome: sql<string | null>`${capo.cognome} || ' ' || ${capo.nome}`, cdc_id: commesse.cdc_id, note: commesse.note, visibile_tutti: commesse.visibile_tutti,
    })
    .from(commesse)
    .leftJoin(clienti, eq(clienti.id, commesse.cliente_id))
    .leftJoin(capo, eq(capo.id, commesse.capo_commessa_id))
    .where(and(eq(commesse.id, id), user.profilo?.routes.includes('commesse.anagrafica') ? undefined : reportScope(user)));
  if (!c) throw notFound();
  const phases = await db.select().from(fasi).where(eq(fasi.commessa_id, id)).orderBy(asc(fasi.ordine), asc(fasi.id));
  return { ...c, fasi: phases.map(({ commessa_id: _c, ...f }) => ({ ...f, stato: f.stato as 'aperta' | 'chiusa' })) };
}

export async function jobSheet(db: Db, user: CurrentUser, id: number) {
  const c = await readOrder(db, user, id);
  const azienda = await companyData(db);
  const logo = await companyLogo(db, azienda);
  return { pdf: await jobSheetPdf(c, { ...azienda, logo }), filename: `scheda-${c.codice}.pdf` };
}


export async function planningWorkbook(db: Db, user: CurrentUser, q: TPianificazioneQuery, registrato: Registrato) {
  const { grid: g, ordered } = await planningGridInOrder(db, user, q, registrato);
  const orders = new Map(g.commesse.map((c) => [c.id, c]));
  const phases = new Map(g.fasi.map((f) => [f.id, f]));
  const wb = await tableWorkbook([
    {
      name: 'Pianificazione',
      columns: [
        { header: 'Matricola', width: 12 }, { header: 'Dipendente' }, { header: 'Reparto' },
        ...g.settimane.flatMap((w) => [{ header: `${dataIt(w)} pianif.`, kind: 'ore' as const }, { header: `${dataIt(w)} capacità`, kind: 'ore' as const }, { header: `${dataIt(w)} registrate`, kind: 'ore' as const }]),
      ],
      rows: g.righe.map((r) => [
        r.dipendente.matricola, `${r.dipendente.cognome} ${r.dipendente.nome}`, r.dipendente.reparto_descrizione,
        ...r.celle.flatMap((c) => [c.pianificati, c.capacita, c.registrati]),
      ]),
    },
    {
      name: 'Assegnazioni',
      columns: [{ header: 'Settimana', width: 12 }, { header: 'Matricola', width: 12 }, { header: 'Dipendente' }, { header: 'Commessa', width: 14 }, { header: 'Descrizione' }, { header: 'Fase', width: 12 }, { header: 'Ore', kind: 'ore' }],
      rows: ordered.map(({ a, dipendente: d, settimana }) => {
        const c = orders.get(a.commessa_id);
        return [dataIt(settimana), d.matricola, `${d.cognome} ${d.nome}`, c?.codice ?? '', c?.descrizione ?? '', a.fase_id == null ? null : (phases.get(a.fase_id)?.codice ?? null), a.minuti];
      }),
    },
  ]);
  return { wb, filename: `pianificazione-${g.settimane[0]}.xlsx` };
}

/** How the report costed the hours, said in the workbook as on the screen. */
function costMode(r: TConsuntivo): string {
  if (r.costo_orario === 'mansione') return 'Dal costo orario della mansione';
  const k = r.coefficiente_costi_indiretti.toFixed(2).replace('.', ',');
  const gap = r.minuti_costo_mansione ? `; ${Math.floor(r.minuti_costo_mansione / 60)}:${String(r.minuti_costo_mansione % 60).padStart(2, '0')} ore senza contratto in vigore, al costo della mansione` : '';
  return `Dalla paga oraria del giorno × ${k}${gap}`;
}

export async function orderReportWorkbook(db: Db, user: CurrentUser, id: number, registrato: Registrato) {
  const r = await orderReport(db, user, id, registrato);
  const wb = await tableWorkbook([
    {
      name: 'Consuntivo',
      columns: [
        { header: 'Fase', width: 12 }, { header: 'Descrizione' }, { header: 'Ore previste', kind: 'ore' }, { header: 'Ore pianificate', kind: 'ore' },
        { header: 'Ore registrate', kind: 'ore' }, { header: 'Ore residue', kind: 'ore' }, { header: 'Costo lavoro', kind: 'euro' },
      ],
      rows: [
        ...r.fasi.map((f) => [f.codice, f.descrizione, f.minuti_previsti, f.minuti_pianificati, f.minuti_registrati, f.minuti_previsti === null ? null : f.minuti_previsti - f.minuti_registrati, f.costo_registrato]),
        ['Totale', r.commessa.descrizione, r.minuti_budget, r.minuti_pianificati, r.minuti_registrati, r.minuti_budget === null ? null : r.minuti_budget - r.minuti_registrati, r.costo_registrato],
        ['Budget', 'Costo a budget', null, null, null, null, r.costo_budget],
        ['Margine', 'Budget - costo lavoro', null, null, null, null, r.costo_budget === null ? null : r.costo_budget - r.costo_registrato],
        ['Costo lavoro', costMode(r), null, null, null, null, null],
      ],
    },
    { name: 'Settimane', columns: [{ header: 'Settimana', width: 12 }, { header: 'Ore pianificate', kind: 'ore' }, { header: 'Ore registrate', kind: 'ore' }], rows: r.settimane.map((w) => [dataIt(w.settimana), w.minuti_pianificati, w.minuti_registrati]) },
  ]);
  return { wb, filename: `consuntivo-${r.commessa.codice}.xlsx` };
}
