/**
 * Working-time compliance (issue #31 §1): the rules of D.Lgs 66/2003 (packages/attendance/src/conformita.ts) over the
 * days the timecard engine computes, for everyone in the user's scope, and HR's review of each finding before the
 * month is closed for payroll.
 */
import { and, between, eq, inArray } from 'drizzle-orm';
import { mesiPrima, PARAMETRI_LEGGE, verificaConformita, type GiornoConformita, type ParametriConformita } from '@tulip/attendance';
import type { TConformitaQuery, TRiscontroConformita, TVerificaConformita } from '@tulip/contract';
import { audit } from '../../platform/audit';
import { addDays, instantToLocal, localNow, monthRange } from '../../platform/dates';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { employeeInScope, staffInScope, userLanguage, utenti, type Staff } from '../anagrafica';
import { fillPlaceholders, messagesOf } from '../lingue';
import { tableWorkbook } from '../../platform/export/xlsx';
import { assertMonthOpen, mesiChiusi } from '../turni';
import { buildMonths } from '../consultazione';
import { workingTimeLimits, type LimitiOrarioCcnl } from '../contratti';
import { verificheConformita } from './tables';

/** The month's closing checks every employee, whoever asks: the scope of the whole company. */
const AZIENDA: CurrentUser = { id: 0, username: 'sistema', dipendente_id: null, famiglia: undefined, profilo: { id: 0, codice: 'SISTEMA', descrizione: '', scope: 'tutti', routes: [] }, reparti: [] };

/** The law's limits, moved by the CCNL of the contract in force where it says so. */
function parametri(ccnl: LimitiOrarioCcnl | undefined): ParametriConformita {
  if (!ccnl) return PARAMETRI_LEGGE;
  return {
    ...PARAMETRI_LEGGE,
    mesi_riferimento: ccnl.mesi_riferimento_orario ?? PARAMETRI_LEGGE.mesi_riferimento,
    straordinario_annuo_max: ccnl.straordinario_annuo_ore != null ? ccnl.straordinario_annuo_ore * 60 : PARAMETRI_LEGGE.straordinario_annuo_max,
    pausa_minima: Math.max(PARAMETRI_LEGGE.pausa_minima, ccnl.pausa_minima_minuti ?? 0),
    giorni_lavoratore_notturno: ccnl.notturno_giorni_anno ?? PARAMETRI_LEGGE.giorni_lavoratore_notturno,
    notturno_periodo_giorni: ccnl.notturno_periodo_giorni ?? PARAMETRI_LEGGE.notturno_periodo_giorni,
  };
}

type Finding = Omit<TRiscontroConformita, 'verifica'>;

/**
 * The findings of a month for some employees, on the days up to today (what has not happened breaks no rule, and the
 * month's average is dated on its last day, so a finding keeps its identity while the month runs). The rules read
 * history before the month: the calendar year (yearly overtime, night workers), the average's reference period, the
 * fortnight of the weekly rest.
 */
async function findingsOf(db: Db, tz: string, staff: Staff[], mese: string): Promise<Finding[]> {
  const { dal, al } = monthRange(mese);
  const oggi = localNow(tz).data;
  const fine = al < oggi ? al : oggi;
  if (dal > fine || !staff.length) return [];
  const limiti = await workingTimeLimits(db, staff.map((s) => s.id), fine);
  const byId = new Map(staff.map((s) => [s.id, parametri(limiti.get(s.id))]));
  const mesi = Math.max(...[...byId.values()].map((p) => p.mesi_riferimento));
  const inizi = [`${al.slice(0, 4)}-01-01`, addDays(mesiPrima(al, mesi), 1), addDays(dal, -13)].sort();
  const months = await buildMonths(db, tz, staff, inizi[0], fine, { detail: false });
  const out: Finding[] = [];
  for (const [i, m] of months.entries()) {
    const s = staff[i];
    const giorni: GiornoConformita[] = m.giorni.map((g) => ({
      data: g.data,
      coppie: g.coppie,
      minuti_lavorati: g.minuti_lavorati,
      minuti_straordinari: g.minuti_straordinari,
      minuti_notturni: g.minuti_notturni,
      pausa_senza_timbratura: g.anomalie.includes('PAUSA_AUTOMATICA') || g.pausa_retribuita >= byId.get(s.id)!.pausa_minima,
      // art. 6 c. 2: leave and sickness are not averaged, nor are the days before hiring or after leaving
      escluso_da_media: g.data < s.data_assunzione || (s.data_cessazione != null && g.data > s.data_cessazione) || (g.minuti_lavorati === 0 && g.giustificativi.length > 0),
    }));
    const nome = `${s.cognome} ${s.nome}`;
    for (const r of verificaConformita(giorni, dal, al, byId.get(s.id)!, tz)) out.push({ dipendente_id: s.id, matricola: s.matricola, nome, ...r });
  }
  return out;
}

const key = (r: { dipendente_id: number; regola: string; data: string }) => `${r.dipendente_id}|${r.regola}|${r.data}`;

/** HR's reviews of the findings of some employees in a month, by finding. */
async function reviewsOf(db: Db, tz: string, ids: number[], mese: string) {
  if (!ids.length) return new Map<string, NonNullable<TRiscontroConformita['verifica']>>();
  const { dal, al } = monthRange(mese);
  const rows = await db
    .select({ dipendente_id: verificheConformita.dipendente_id, regola: verificheConformita.regola, data: verificheConformita.data, nota: verificheConformita.nota, utente: utenti.username, il: instantToLocal(verificheConformita.verificato_il, tz) })
    .from(verificheConformita)
    .innerJoin(utenti, eq(utenti.id, verificheConformita.verificato_da))
    .where(and(inArray(verificheConformita.dipendente_id, ids), between(verificheConformita.data, dal, al)));
  return new Map(rows.map((r) => [key(r), { nota: r.nota, utente: r.utente, il: r.il.slice(0, 16) }]));
}

/** GET /api/conformita: a month's findings in the user's scope (HR everyone, a manager his departments, an employee his own). */
export async function complianceFindings(db: Db, tz: string, user: CurrentUser, q: TConformitaQuery) {
  if (q.dipendente_id) await employeeInScope(db, user, q.dipendente_id);
  const { dal, al } = monthRange(q.mese);
  const staff = await staffInScope(db, user, dal, al, q.reparto_id, undefined, q.dipendente_id);
  const [found, reviews, chiuso] = await Promise.all([
    findingsOf(db, tz, staff, q.mese),
    reviewsOf(db, tz, staff.map((s) => s.id), q.mese),
    db.select().from(mesiChiusi).where(eq(mesiChiusi.mese, q.mese)).then((r) => r.length > 0),
  ]);
  const rows = found.filter((r) => !q.regola || r.regola === q.regola).map((r) => ({ ...r, verifica: reviews.get(key(r)) ?? null }));
  rows.sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : a.nome.localeCompare(b.nome, 'it')));
  return { mese: q.mese, chiuso, rows };
}

/**
 * The home page's counts, kept a minute per database, month and scope: the home page asks every minute, and the rules
 * run the engine over the year for everyone in scope. A review clears them at once.
 */
const counts = new WeakMap<Db, Map<string, { at: number; n: Promise<number> }>>();
const COUNT_TTL_MS = 60_000;

/** How many findings of the current month in the user's scope HR has not reviewed yet (the home page). */
export function countFindingsToReview(db: Db, tz: string, user: CurrentUser): Promise<number> {
  const mese = localNow(tz).data.slice(0, 7);
  const key = `${mese}|${user.profilo?.scope}|${user.profilo?.scope === 'tutti' ? '' : `${user.dipendente_id}|${user.reparti.join(',')}`}`;
  const mine = counts.get(db) ?? counts.set(db, new Map()).get(db)!;
  // real-clock: a cache's age is measured on the machine's clock, whatever the product's clock says
  const now = performance.now();
  const kept = mine.get(key);
  if (kept && now - kept.at < COUNT_TTL_MS) return kept.n;
  const n = complianceFindings(db, tz, user, { mese }).then(({ rows }) => rows.filter((r) => !r.verifica).length);
  mine.set(key, { at: now, n });
  n.catch(() => mine.delete(key));
  return n;
}

/**
 * PUT /api/conformita/verifiche: HR reviews a finding with a note (audited); a second review replaces the note. The
 * finding must still be there (a corrected punch may have removed it) and its month still open.
 */
export async function reviewFinding(db: Db, tz: string, user: CurrentUser, b: TVerificaConformita): Promise<TRiscontroConformita> {
  await employeeInScope(db, user, b.dipendente_id);
  // as with corrections and approvals, a finding about oneself is reviewed by a colleague
  if (user.dipendente_id != null && user.dipendente_id === b.dipendente_id) throw new AppError(403, 'avvisi.verifica_conformita_propria');
  await assertMonthOpen(db, b.data);
  const mese = b.data.slice(0, 7);
  const { rows } = await complianceFindings(db, tz, user, { mese, dipendente_id: b.dipendente_id, regola: b.regola });
  const finding = rows.find((r) => r.data === b.data);
  if (!finding) throw new AppError(404, 'avvisi.riscontro_inesistente');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(verificheConformita)
      .values({ dipendente_id: b.dipendente_id, regola: b.regola, data: b.data, nota: b.nota, verificato_da: user.id })
      .onConflictDoUpdate({ target: [verificheConformita.dipendente_id, verificheConformita.regola, verificheConformita.data], set: { nota: b.nota, verificato_da: user.id } })
      .returning();
    await audit(tx, user, { entita: 'conformita_verifiche', entita_id: String(row.id), azione: 'verifica', prima: finding.verifica ?? undefined, dopo: { regola: b.regola, data: b.data, dipendente_id: b.dipendente_id, nota: b.nota } });
  });
  counts.get(db)?.clear();
  return { ...finding, verifica: (await reviewsOf(db, tz, [b.dipendente_id], mese)).get(key(finding)) ?? null };
}

/** Every employee's findings of a month, whoever asks (the month's closing, the demo). */
export async function companyFindings(db: Db, tz: string, mese: string) {
  return (await complianceFindings(db, tz, AZIENDA, { mese })).rows;
}

/** The month's closing (consultazione, through the manifest): every finding of every employee reviewed by HR. */
export async function assertFindingsReviewed(db: Db, mese: string, { timezone }: { timezone: string }) {
  const rows = await companyFindings(db, timezone, mese);
  const open = rows.filter((r) => !r.verifica).length;
  if (open > 0) throw new AppError(409, 'avvisi.conformita_da_verificare', { n: open });
}

/** The month's findings as a workbook, in the user's language: the screen's rows with their detail written out. */
export async function complianceXlsx(db: Db, tz: string, user: CurrentUser, q: TConformitaQuery, defaultLang: () => Promise<string>) {
  const [{ rows }, lang] = await Promise.all([complianceFindings(db, tz, user, q), userLanguage(db, user.id, defaultLang)]);
  const texts = (await messagesOf(db, lang)).conformita ?? Object.create(null);
  const t = (k: string) => texts[k] ?? k;
  const fill = (k: string, params: Record<string, string | number>) => fillPlaceholders(t(k.replace(/^conformita\./, '')), params);
  const data = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  const wb = await tableWorkbook([
    {
      name: `${t('titolo')} ${q.mese}`.slice(0, 31),
      columns: [{ header: t('data'), width: 12 }, { header: t('matricola'), width: 12 }, { header: t('dipendente'), width: 28 }, { header: t('regola'), width: 32 }, { header: t('dettaglio'), width: 90 }, { header: t('verificato'), width: 60 }],
      rows: rows.map((r) => [data(r.data), r.matricola, r.nome, t(`regola_${r.regola}`), fill(r.dettaglio, r.params), r.verifica ? `${r.verifica.nota} (${r.verifica.utente}, ${data(r.verifica.il.slice(0, 10))} ${r.verifica.il.slice(11, 16)})` : '']),
    },
  ]);
  return { wb, filename: `conformita-${q.mese}.xlsx` };
}
