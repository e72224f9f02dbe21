/**
 * The files of the timecard engine's views: the timecard as PDF and Excel, the month's totals as Excel, and the
 * payroll export of a closed month (CSV or XML). Each function does the work and gives the file's content and name;
 * the routes only send it.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { GENERI_ORE, ORE_PAGHE, type GruppoMovimento, type ZCartellinoQuery, type ZTotalizQuery } from '@tulip/contract';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import type { CurrentUser } from '../../platform/guard';
import { impostazioni } from '../../platform/db/tables';
import { causali } from '../giustificativi';
import { companyData, companyLogo, userLanguage } from '../anagrafica';
import { messagesOf } from '../lingue';
import { dataIt, oreMinuti } from '../../platform/dates';
import { cartellinoPdf } from './pdf';
import { assertMonthClosed, monthTotals, timecard } from './service';
import { payrollMoney } from '../../platform/payroll';

/** The screen's labels of the anomalies, in the user's language: exports say what the screen says. */
async function anomalyLabels(db: Db, user: CurrentUser, defaultLang: () => Promise<string>): Promise<{ full: (code: string) => string; short: (code: string) => string }> {
  const texts = (await messagesOf(db, await userLanguage(db, user.id, defaultLang))).anomalie ?? Object.create(null);
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
 * One movement of a closed month as payroll reads it, by its kind rather than by a package's voice code: worked hours
 * under their kind (`ore`: ordinari, straordinari... of ORE_PAGHE), a leave under its causale's code (`causale`), an
 * amount a module pays through payroll (platform/payroll.ts: expense reimbursements) under its payroll code
 * (`importo`). Today's export maps each kind to its code; a payroll layout (tracciati.ts) maps it its own way.
 */
export type PayrollMovement = { matricola: string; data: string; gruppo: GruppoMovimento; genere: string; minuti?: number; importo_centesimi?: number };

/** The month's movements, only of the employees in the user's scope (checked closed by the caller). */
export async function payrollMovements(db: Db, tz: string, user: CurrentUser, mese: string): Promise<PayrollMovement[]> {
  const t = await monthTotals(db, tz, user, { mese });
  const out: PayrollMovement[] = [];
  for (const x of t.righe) {
    const matricola = x.dipendente.matricola;
    for (const g of x.giorni) {
      for (const genere of GENERI_ORE) {
        const minuti = g[ORE_PAGHE[genere].campo];
        if (minuti > 0) out.push({ matricola, data: g.data, gruppo: 'ore', genere, minuti });
      }
      for (const c of g.giustificativi) if (c.minuti > 0) out.push({ matricola, data: g.data, gruppo: 'causale', genere: c.codice, minuti: c.minuti });
    }
  }
  // only the employees this export covers (those in the user's scope)
  const covered = new Set(t.righe.map((x) => x.dipendente.matricola));
  for (const m of await payrollMoney(db, mese)) {
    if (covered.has(m.matricola) && m.importo_centesimi !== 0) out.push({ matricola: m.matricola, data: m.data, gruppo: 'importo', genere: m.voce, importo_centesimi: m.importo_centesimi });
  }
  return out;
}

/**
 * Today's voice code of each kind: worked hours from the setting `codici_paghe` over ORE_PAGHE's defaults, a leave
 * type's `codice_paghe` (else its code), an amount its own payroll code. A layout falls back to it for a kind it
 * does not map.
 */
export async function defaultVoices(db: Db): Promise<(m: Pick<PayrollMovement, 'gruppo' | 'genere'>) => string> {
  const [s] = await db.select({ valore: impostazioni.valore }).from(impostazioni).where(eq(impostazioni.chiave, 'codici_paghe'));
  const ore: Record<string, string> = { ...Object.fromEntries(GENERI_ORE.map((k) => [k, ORE_PAGHE[k].voce])), ...JSON.parse(s?.valore ?? '{}') };
  const byCausale = new Map((await db.select({ codice: causali.codice, paghe: causali.codice_paghe }).from(causali)).map((c) => [c.codice, c.paghe ?? c.codice]));
  return (m) => (m.gruppo === 'ore' ? (ore[m.genere] ?? m.genere) : m.gruppo === 'causale' ? (byCausale.get(m.genere) ?? m.genere) : m.genere);
}

/**
 * Payroll export: one record per employee × day × payroll code, only for a closed month, audited. The payroll codes
 * are today's (defaultVoices). The amounts go in the amount column (cents of EUR); an hours record leaves it empty,
 * an amount leaves the hours empty.
 */
export async function payrollExport(db: Db, tz: string, user: CurrentUser, mese: string, formato: 'csv' | 'xml') {
  await assertMonthClosed(db, mese);
  const movements = await payrollMovements(db, tz, user, mese);
  const voce = await defaultVoices(db);
  const records: PayrollRecord[] = movements.map((m) => ({ matricola: m.matricola, voce: voce(m), data: m.data, minuti: m.minuti, importo_centesimi: m.importo_centesimi }));
  await audit(db, user, { entita: 'paghe', entita_id: mese, azione: `export_${formato}`, dopo: { record: records.length } });
  return payrollFile(await payrollCompanyCode(db), mese, formato, records);
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
