/**
 * The presence calendar of the Libro Unico del Lavoro (D.L. 112/2008 art. 39 c. 2; D.M. 9/7/2008): for each employee
 * and day of a closed month, the ordinary, overtime, supplementary and night minutes as paid (the timecard engine's,
 * after the shift's rounding) and each leave code with the minutes it covered; the month's totals. It reads the
 * engine's months, so it lives in consultazione. The PDF is one page per employee, ready to print.
 */
import { desc, inArray } from 'drizzle-orm';
import type { TLul } from '@tulip/contract';
import { AppError, notFound } from '../../platform/errors';
import type { Db } from '../../platform/db';
import type { CurrentUser } from '../../platform/guard';
import { anyOf } from '../../platform/db';
import { dataIt, monthRange, oreMinuti } from '../../platform/dates';
import { PdfWriter, GRIGIO } from '../../platform/pdf';
import { companyData, companyLogo, dipendenti, employeeInScope, staffInScope } from '../anagrafica';
import { causali } from '../giustificativi';
import { mesiChiusi } from '../turni';
import { buildMonths, isMonthClosed } from './service';

type Month = Awaited<ReturnType<typeof buildMonths>>[number];
type LulDay = TLul['giorni'][number] & { tipo_giorno: string };
type Lul = Omit<TLul, 'giorni'> & { giorni: LulDay[] };

/** A day of the timecard as the book records it: minutes as paid, leave codes that covered any. */
function lulDay(g: Month['giorni'][number]): LulDay {
  return {
    data: g.data, tipo_giorno: g.tipo_giorno, ordinario: g.minuti_ordinari, straordinario: g.minuti_straordinari, supplementare: g.minuti_supplementari,
    notturno: g.minuti_notturni, causali: g.giustificativi.filter((x) => x.minuti > 0).map((x) => ({ codice: x.codice, minuti: x.minuti })),
  };
}

function lulOf(m: Month, mese: string, extra: { codice_fiscale: string | null; data_assunzione: string; data_cessazione: string | null }): Lul {
  const giorni = m.giorni.map(lulDay);
  const sum = (k: 'ordinario' | 'straordinario' | 'supplementare' | 'notturno') => giorni.reduce((s, g) => s + g[k], 0);
  const perCausale = new Map<string, number>();
  for (const g of giorni) for (const c of g.causali) perCausale.set(c.codice, (perCausale.get(c.codice) ?? 0) + c.minuti);
  return {
    dipendente: { ...m.dipendente, ...extra },
    mese,
    giorni,
    totali: {
      ordinario: sum('ordinario'), straordinario: sum('straordinario'), supplementare: sum('supplementare'), notturno: sum('notturno'),
      giorni_lavorati: m.totali.giorni_lavorati,
      causali: [...perCausale].sort(([a], [b]) => a.localeCompare(b)).map(([codice, minuti]) => ({ codice, minuti })),
    },
  };
}

/** The book's calendar of the employees in scope (one, a department, or all), for a closed month only. */
async function lulMonths(db: Db, tz: string, user: CurrentUser, q: { mese: string; dipendente_id?: number; reparto_id?: number }): Promise<Lul[]> {
  // the book records a month once its figures no longer change
  if (!(await isMonthClosed(db, q.mese))) throw new AppError(409, 'avvisi.mese_non_chiuso', { context: 'lul' });
  if (q.dipendente_id) await employeeInScope(db, user, q.dipendente_id);
  const { dal, al } = monthRange(q.mese);
  const staff = await staffInScope(db, user, dal, al, q.reparto_id, undefined, q.dipendente_id);
  if (!staff.length) return [];
  const [months, anagrafe] = await Promise.all([
    buildMonths(db, tz, staff, dal, al, { detail: false }),
    db.select({ id: dipendenti.id, codice_fiscale: dipendenti.codice_fiscale, data_assunzione: dipendenti.data_assunzione, data_cessazione: dipendenti.data_cessazione })
      .from(dipendenti).where(anyOf(dipendenti.id, staff.map((s) => s.id))),
  ]);
  const byId = new Map(anagrafe.map((d) => [d.id, d]));
  return months.map((m) => {
    const d = byId.get(m.dipendente.id)!;
    return lulOf(m, q.mese, { codice_fiscale: d.codice_fiscale ?? null, data_assunzione: d.data_assunzione, data_cessazione: d.data_cessazione ?? null });
  });
}

/** GET /api/lul/mesi: the months closed for payroll, latest first. */
export async function closedMonths(db: Db): Promise<string[]> {
  return (await db.select({ mese: mesiChiusi.mese }).from(mesiChiusi).orderBy(desc(mesiChiusi.mese))).map((r) => r.mese);
}

/** GET /api/lul: one employee's calendar of a closed month. */
export async function lulCalendar(db: Db, tz: string, user: CurrentUser, mese: string, dipendenteId: number): Promise<TLul> {
  const [one] = await lulMonths(db, tz, user, { mese, dipendente_id: dipendenteId });
  // in scope but not employed in the month: nothing recorded
  if (!one) throw notFound();
  return { ...one, giorni: one.giorni.map(({ tipo_giorno: _t, ...g }) => g) };
}

const MESI = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
const GIORNI = ['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab'];
// the book leaves a zero blank
const hm = (m: number) => (m ? oreMinuti(m) : '');

/** GET /api/lul/pdf: one page per employee (more only for a very long one), the company in each page's header. */
export async function lulPdf(db: Db, tz: string, user: CurrentUser, q: { mese: string; dipendente_id?: number; reparto_id?: number }) {
  const months = await lulMonths(db, tz, user, q);
  if (!months.length) throw notFound();
  const azienda = await companyData(db);
  const logo = await companyLogo(db, azienda);
  const codes = [...new Set(months.flatMap((m) => m.totali.causali.map((c) => c.codice)))];
  const nomi = new Map(codes.length ? (await db.select({ codice: causali.codice, descrizione: causali.descrizione }).from(causali).where(inArray(causali.codice, codes))).map((c) => [c.codice, c.descrizione]) : []);
  const [y, mm] = q.mese.split('-').map(Number);
  const periodo = `${MESI[mm - 1]} ${y}`;
  const w = await PdfWriter.create({ title: `Libro Unico del Lavoro - calendario presenze ${periodo}`, footer: `${azienda.ragione_sociale} - Libro Unico del Lavoro - ${periodo}` });
  const num = { align: 'right' as const };
  for (const [i, m] of months.entries()) {
    if (i > 0) w.newPage();
    await w.intestazione({ ...azienda, logo });
    const codici = [
      azienda.codice_fiscale ? `C.F. ${azienda.codice_fiscale}` : '', azienda.posizione_inps ? `Posizione INPS ${azienda.posizione_inps}` : '',
      azienda.codice_ditta_inail ? `Codice ditta INAIL ${azienda.codice_ditta_inail}` : '', azienda.pat_inail ? `PAT ${azienda.pat_inail}` : '',
    ].filter(Boolean);
    if (codici.length) w.paragraph(codici.join(' - '), { size: 8, color: GRIGIO, after: 6 });
    w.paragraph(`Libro Unico del Lavoro - calendario delle presenze - ${periodo}`, { size: 11, bold: true });
    w.paragraph('D.L. 112/2008 art. 39, D.M. 9 luglio 2008', { size: 7, color: GRIGIO, after: 6 });
    const d = m.dipendente;
    w.keyValues([
      ['Dipendente', `${d.cognome} ${d.nome}`], ['Matricola', d.matricola],
      ['Codice fiscale', d.codice_fiscale ?? ''], ['Reparto', d.reparto_descrizione ?? ''],
      ['Data di assunzione', dataIt(d.data_assunzione)], ['Data di cessazione', d.data_cessazione ? dataIt(d.data_cessazione) : ''],
    ], { columns: 2, size: 8 });
    w.space(6);
    const t = m.totali;
    w.table({
      size: 8,
      pad: 2,
      columns: [
        { header: 'Giorno' }, { header: 'Ordinario (O)', ...num }, { header: 'Straordinario (S)', ...num }, { header: 'Supplementare (SU)', ...num },
        { header: 'Notturno (N)', ...num }, { header: 'Assenze e permessi (causale ore)', weight: 3 },
      ],
      rows: m.giorni.map((g) => ({
        shade: g.tipo_giorno !== 'lavorativo',
        cells: [
          `${GIORNI[new Date(`${g.data}T12:00:00Z`).getUTCDay()]} ${g.data.slice(8, 10)}`, hm(g.ordinario), hm(g.straordinario), hm(g.supplementare), hm(g.notturno),
          g.causali.map((c) => `${c.codice} ${oreMinuti(c.minuti)}`).join(', '),
        ],
      })),
      totals: ['Totali', oreMinuti(t.ordinario), oreMinuti(t.straordinario), oreMinuti(t.supplementare), oreMinuti(t.notturno), t.causali.map((c) => `${c.codice} ${oreMinuti(c.minuti)}`).join(', ')],
    });
    w.paragraph(`Giorni lavorati: ${t.giorni_lavorati}. Ore in ore:minuti, come retribuite (dopo gli arrotondamenti del turno); giorni in grigio: riposo o festivi.`, { size: 7, after: 4 });
    const legenda = [
      'O ore ordinarie', 'S lavoro straordinario', 'SU lavoro supplementare del part-time (D.Lgs 81/2015 art. 6)', 'N ore nel periodo notturno',
      ...t.causali.map((c) => `${c.codice} ${nomi.get(c.codice) ?? c.codice}`),
    ];
    w.paragraph(`Legenda: ${legenda.join('; ')}.`, { size: 7 });
  }
  const chi = months.length === 1 ? months[0].dipendente.matricola : q.reparto_id ? `reparto-${q.reparto_id}` : 'tutti';
  return { pdf: await w.save(), filename: `lul-${q.mese}-${chi}.pdf` };
}
