/**
 * The files of the timecard engine's views: the timecard as PDF and Excel, the month's totals as Excel, and the
 * payroll export of a closed month (CSV or XML). Each function does the work and gives the file's content and name;
 * the routes only send it.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZCartellinoQuery, ZTotalizQuery } from '@tulip/contract';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import type { CurrentUser } from '../../platform/guard';
import { impostazioni } from '../../platform/db/tables';
import { causali } from '../giustificativi';
import { companyData, companyLogo, utenti } from '../anagrafica';
import { messagesOf } from '../lingue';
import { dataIt, oreMinuti } from '../../platform/dates';
import { cartellinoPdf } from './pdf';
import { assertMonthClosed, monthTotals, timecard } from './service';
import { payrollMoney } from '../../platform/payroll';

/** The screen's labels of the anomalies, in the user's language: exports say what the screen says. */
async function anomalyLabels(db: Db, user: CurrentUser, defaultLang: () => Promise<string>): Promise<{ full: (code: string) => string; short: (code: string) => string }> {
  const [u] = await db.select({ lingua: utenti.lingua }).from(utenti).where(eq(utenti.id, user.id));
  const texts = (await messagesOf(db, u?.lingua ?? (await defaultLang()))).anomalie ?? Object.create(null);
  return { full: (c) => texts[c] ?? c, short: (c) => texts[`breve.${c}`] ?? texts[c] ?? c };
}

type TimecardQuery = z.infer<typeof ZCartellinoQuery>;

/** The printable timecard, with the company's header and logo. */
export async function timecardPdf(db: Db, tz: string, user: CurrentUser, q: TimecardQuery, defaultLang: () => Promise<string>) {
  const c = await timecard(db, tz, user, q.dipendente, q.mese);
  const azienda = await companyData(db);
  const logo = await companyLogo(db, azienda);
  const pdf = await cartellinoPdf(c, { ...azienda, logo }, (await anomalyLabels(db, user, defaultLang)).short);
  return { pdf, filename: `cartellino-${c.dipendente.matricola}-${c.mese}.pdf` };
}

/** The timecard as a workbook: one row per day, hours as Excel durations, the totals. */
export async function timecardXlsx(db: Db, tz: string, user: CurrentUser, q: TimecardQuery, defaultLang: () => Promise<string>) {
  const c = await timecard(db, tz, user, q.dipendente, q.mese);
  const label = (await anomalyLabels(db, user, defaultLang)).full;
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(`Cartellino ${c.mese}`);
  ws.addRow([`${c.dipendente.cognome} ${c.dipendente.nome} (${c.dipendente.matricola})`, '', c.mese]).font = { bold: true };
  ws.addRow(['Data', 'Turno', 'Timbrature', 'Teorici', 'Lavorati', 'Ordinari', 'Straordinari', 'Supplementari', 'Notturni', 'Festivi', 'Ritardo', 'Uscita anticipata', 'Mancanti', 'Giustificativi', 'Anomalie']).font = { bold: true };
  // hours as Excel durations shown h:mm, as on the screen (a fraction of a day), so they add up in Excel
  const h = (m: number) => m / 1440;
  const durations = (row: { getCell: (i: number) => { numFmt: string } }) => {
    for (let i = 4; i <= 13; i++) row.getCell(i).numFmt = '[h]:mm';
  };
  for (const g of c.giorni) {
    durations(ws.addRow([
      dataIt(g.data), g.turno?.codice ?? '', g.timbrature.filter((t) => t.stato === 'valida').map((t) => `${t.verso} ${t.ts.slice(11, 16)}${t.differita ? ` (° ${t.differita.slice(11, 16)})` : ''}`).join(' '),
      h(g.minuti_teorici), h(g.minuti_lavorati), h(g.minuti_ordinari), h(g.minuti_straordinari), h(g.minuti_supplementari), h(g.minuti_notturni), h(g.minuti_festivi),
      h(g.minuti_ritardo), h(g.minuti_uscita_anticipata), h(g.minuti_mancanti), g.giustificativi.map((x) => `${x.codice} ${oreMinuti(x.minuti)}`).join(', '), g.anomalie.map(label).join(', '),
    ]));
  }
  const t = c.totali;
  const total = ws.addRow(['Totale', '', '', h(t.minuti_teorici), h(t.minuti_lavorati), h(t.minuti_ordinari), h(t.minuti_straordinari), h(t.minuti_supplementari), h(t.minuti_notturni), h(t.minuti_festivi), h(t.minuti_ritardo), h(t.minuti_uscita_anticipata), h(t.minuti_mancanti)]);
  total.font = { bold: true };
  durations(total);
  return { wb, filename: `cartellino-${c.dipendente.matricola}-${c.mese}.xlsx` };
}

/** The month's totals as a workbook: one row per employee, hours as decimals, a column per leave code. */
export async function totalsXlsx(db: Db, tz: string, user: CurrentUser, q: z.infer<typeof ZTotalizQuery>) {
  const t = await monthTotals(db, tz, user, q);
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(`Totalizzatori ${t.mese}`);
  ws.addRow(['Matricola', 'Dipendente', 'Reparto', 'Giorni lavorati', 'Ordinari', 'Straordinari', 'Supplementari', 'Notturni', 'Festivi', 'Ritardo', 'Mancanti', ...t.causali]).font = { bold: true };
  const h = (m: number) => Number((m / 60).toFixed(2));
  for (const x of t.righe) {
    const k = x.totali;
    ws.addRow([x.dipendente.matricola, `${x.dipendente.cognome} ${x.dipendente.nome}`, x.dipendente.reparto_descrizione ?? '', k.giorni_lavorati, h(k.minuti_ordinari), h(k.minuti_straordinari), h(k.minuti_supplementari), h(k.minuti_notturni), h(k.minuti_festivi), h(k.minuti_ritardo), h(k.minuti_mancanti), ...t.causali.map((c) => h(k.per_causale[c] ?? 0))]);
  }
  ws.views = [{ state: 'frozen', xSplit: 2, ySplit: 1 }];
  return { wb, filename: `totalizzatori-${t.mese}.xlsx` };
}

/**
 * Payroll export: one record per employee × day × payroll code, only for a closed month, audited. The payroll codes
 * of worked hours come from the setting `codici_paghe`, a leave type's from its `codice_paghe` (else its code). The
 * amounts that other modules pay through payroll (platform/payroll.ts: expense reimbursements) go in the same file, with
 * their own codes, in the amount column (cents of EUR); an hours record leaves it empty, an amount leaves the hours empty.
 */
export async function payrollExport(db: Db, tz: string, user: CurrentUser, mese: string, formato: 'csv' | 'xml') {
  await assertMonthClosed(db, mese);
  const t = await monthTotals(db, tz, user, { mese });
  const settings = new Map((await db.select().from(impostazioni)).map((s) => [s.chiave, s.valore]));
  const azienda = settings.get('codice_azienda') ?? '000001';
  const voci = { ordinari: 'ORD', straordinari: 'STR', supplementari: 'SUP', notturni: 'NOT', festivi: 'FES', ...JSON.parse(settings.get('codici_paghe') ?? '{}') } as Record<string, string>;
  const byCausale = new Map((await db.select({ codice: causali.codice, paghe: causali.codice_paghe }).from(causali)).map((c) => [c.codice, c.paghe ?? c.codice]));
  const records: PayrollRecord[] = [];
  for (const x of t.righe) {
    for (const g of x.giorni) {
      const push = (voce: string, minuti: number) => minuti > 0 && records.push({ matricola: x.dipendente.matricola, voce, data: g.data, minuti });
      push(voci.ordinari, g.minuti_ordinari);
      push(voci.straordinari, g.minuti_straordinari);
      push(voci.supplementari, g.minuti_supplementari);
      push(voci.notturni, g.minuti_notturni);
      push(voci.festivi, g.minuti_festivi);
      for (const c of g.giustificativi) push(byCausale.get(c.codice) ?? c.codice, c.minuti);
    }
  }
  // only the employees this export covers (those in the user's scope)
  const covered = new Set(t.righe.map((x) => x.dipendente.matricola));
  for (const m of await payrollMoney(db, mese)) if (covered.has(m.matricola) && m.importo_centesimi !== 0) records.push(m);
  await audit(db, user, { entita: 'paghe', entita_id: mese, azione: `export_${formato}`, dopo: { record: records.length } });
  return payrollFile(azienda, mese, formato, records);
}

/** One payroll record: hours (minutes) or an amount (cents of EUR) of an employee under a payroll code on a day. */
export type PayrollRecord = { matricola: string; voce: string; data: string; minuti?: number; importo_centesimi?: number };

/** The company's code for the payroll files (setting `codice_azienda`). */
export async function payrollCompanyCode(db: Db): Promise<string> {
  const [s] = await db.select({ valore: impostazioni.valore }).from(impostazioni).where(eq(impostazioni.chiave, 'codice_azienda'));
  return s?.valore ?? '000001';
}

/**
 * The payroll file, CSV or XML, in the one layout every payroll export uses (the month's hours, and the amounts of the
 * modules that pay through payroll, such as expense reimbursements): an hours record leaves the amount empty, an
 * amount leaves the hours empty.
 */
export function payrollFile(azienda: string, mese: string, formato: 'csv' | 'xml', records: PayrollRecord[], prefix = 'paghe') {
  const filename = `${prefix}-${azienda}-${mese}.${formato}`;
  if (formato === 'csv') {
    const hm = (m: number | undefined) => (m === undefined ? ['', ''] : [Math.floor(m / 60), m % 60]);
    const lines = [
      'codice_azienda;codice_dipendente;codice_voce;data;ore;minuti;importo',
      ...records.map((x) => [azienda, x.matricola, x.voce, x.data, ...hm(x.minuti), x.importo_centesimi ?? ''].join(';')),
    ];
    return { filename, contentType: 'text/csv; charset=utf-8', body: `${lines.join('\r\n')}\r\n` };
  }
  const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<movimenti codice_azienda="${esc(azienda)}" mese="${mese}">`,
    ...records.map((x) => {
      const quanto = x.minuti === undefined ? `importo="${x.importo_centesimi}"` : `ore="${Math.floor(x.minuti / 60)}" minuti="${x.minuti % 60}"`;
      return `  <movimento codice_dipendente="${esc(x.matricola)}" codice_voce="${esc(x.voce)}" data="${x.data}" ${quanto}/>`;
    }),
    '</movimenti>',
  ].join('\n');
  return { filename, contentType: 'application/xml; charset=utf-8', body: `${xml}\n` };
}
