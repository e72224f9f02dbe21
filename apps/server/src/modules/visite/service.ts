/**
 * The visitor register's work: the visits (check-in and out at the desk, the register, the evacuation list, the
 * export), its settings, its counts for reception's home and the retention job. The expected visits are in
 * autorizzazioni.ts, the visitors' links in link.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { aliasedTable, and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TParametriVisite, TVisita, ZParametriVisite, ZVisitaIngresso, ZVisitaUscita, ZVisiteQuery } from '@tulip/contract';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { readSettings, writeSettings } from '../../platform/settings';
import { audit } from '../../platform/audit';
import { sqlNow } from '../../platform/clock';
import { addDays, instantToLocal, localNow, localToInstant } from '../../platform/dates';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { containsPattern } from '../../platform/resource';
import { dipendenti, dipendentiScope, reparti } from '../anagrafica';
import { sendTranslatedMail } from '../lingue';
import { timbrature } from '../timbrature';
import { autorizzazioni, motiviVisita, referentiVisita, tipiVisitatore, visite } from './tables';

/** Where a service tells what went wrong after its answer was decided (a mail that could not be sent). */
export type Log = Pick<FastifyBaseLogger, 'error'>;

// ---- counts for reception's home --------------------------------------------------------------------------------

/** Authorised visitors expected today who have not come in yet (the register's "Attesi oggi"). */
export async function countExpectedToday(db: Db, today: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(autorizzazioni)
    .where(and(eq(autorizzazioni.stato, 'attiva'), lte(autorizzazioni.dal, today), gte(autorizzazioni.al, today)));
  return n;
}

/** Visitors on site now: in, not out yet. */
export async function countOnSite(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(visite).where(isNull(visite.uscita));
  return n;
}

// ---- settings and retention ---------------------------------------------------------------------------------------

export const PARAMETRI_KEY = 'parametri_visite';
export const PARAMETRI_DEFAULT: TParametriVisite = {
  informativa_privacy:
    'Informativa ai sensi dell’art. 13 del Regolamento (UE) 2016/679: i dati personali raccolti all’ingresso sono trattati dal titolare al solo fine di gestire la sicurezza degli accessi e dei locali, sono conservati per il periodo indicato e poi resi anonimi. L’interessato può esercitare i diritti degli artt. 15-22 rivolgendosi al titolare.',
  regole_sicurezza:
    'Seguire sempre il referente, indossare il badge in modo visibile, non accedere ai reparti produttivi senza i dispositivi di protezione, in caso di allarme raggiungere il punto di raccolta indicato dalla segnaletica.',
  giorni_conservazione: 180,
  prefisso_badge: 'V',
  email_referente: true,
  autoregistrazione: false,
  campi_obbligatori: ['azienda'],
};

export const parametriVisite = (db: Db): Promise<TParametriVisite> => readSettings(db, PARAMETRI_KEY, PARAMETRI_DEFAULT);

/** Stores the parameters, audited with what they were; gives back the stored ones. */
export const saveParametri = (db: Db, user: CurrentUser, b: z.output<typeof ZParametriVisite>): Promise<TParametriVisite> =>
  writeSettings(db, user, PARAMETRI_KEY, PARAMETRI_DEFAULT, b as TParametriVisite);

/** Anonymises personal data of visits older than their type's retention days; the visit itself (counts) stays. */
export async function runRetention(db: Db, user: { id: number; username: string } | null): Promise<number> {
  const def = (await parametriVisite(db)).giorni_conservazione;
  const rows = await db
    .update(visite)
    .set({ nome: 'Visitatore', cognome: 'anonimo', azienda: null, email: null, documento_numero: null, documento_tipo: null, note: null, anonimizzata: true })
    .where(
      and(
        eq(visite.anonimizzata, false),
        isNotNull(visite.uscita),
        sql`${visite.entrata} < ${sqlNow()} - make_interval(days => coalesce((select ${tipiVisitatore.giorni_conservazione} from ${tipiVisitatore} where ${tipiVisitatore.id} = ${visite.tipo_id}), ${def}))`,
      ),
    )
    .returning({ id: visite.id });
  await audit(db, user, { entita: 'visite', azione: 'conservazione', dopo: { anonimizzate: rows.length, giorni_default: def } });
  return rows.length;
}

// ---- the visits -----------------------------------------------------------------------------------------------------

const tipoV = aliasedTable(tipiVisitatore, 'tipo_v');
const motV = aliasedTable(motiviVisita, 'mot_v');
const refV = aliasedTable(dipendenti, 'ref_v');

/** A visit as the register shows it (ZVisita): the document masked, wall-clock times in the company's zone. */
const visitColumns = (tz: string) => ({
  id: visite.id, nome: visite.nome, cognome: visite.cognome, azienda: visite.azienda, email: visite.email, tipo_id: visite.tipo_id,
  tipo_descrizione: tipoV.descrizione, colore_badge: tipoV.colore_badge, motivo_id: visite.motivo_id, motivo_descrizione: motV.descrizione,
  referente_id: visite.referente_id, referente_nome: sql<string>`${refV.cognome} || ' ' || ${refV.nome}`, documento_tipo: visite.documento_tipo,
  documento_numero: sql<string | null>`case when ${visite.documento_numero} is null then null else '•••••' || ${visite.documento_numero} end`,
  badge: visite.badge, entrata: instantToLocal(visite.entrata, tz),
  uscita: sql<string | null>`case when ${visite.uscita} is null then null else ${instantToLocal(visite.uscita, tz)} end`,
  note: visite.note, anonimizzata: visite.anonimizzata,
});

const visitsFrom = (db: Db, tz: string) =>
  db
    .select(visitColumns(tz))
    .from(visite)
    .innerJoin(tipoV, eq(tipoV.id, visite.tipo_id))
    .innerJoin(motV, eq(motV.id, visite.motivo_id))
    .innerJoin(refV, eq(refV.id, visite.referente_id))
    .$dynamic();

const readVisit = async (db: Db, tz: string, id: number): Promise<TVisita> => (await visitsFrom(db, tz).where(eq(visite.id, id)))[0];

type VisiteQuery = z.output<typeof ZVisiteQuery>;

function visitsWhere(tz: string, q: Omit<VisiteQuery, 'page' | 'size'>) {
  const like = q.search ? containsPattern(q.search) : undefined;
  return and(
    q.dal ? gte(visite.entrata, localToInstant(`${q.dal}T00:00:00`, tz)) : undefined,
    q.al ? lt(visite.entrata, localToInstant(`${addDays(q.al, 1)}T00:00:00`, tz)) : undefined,
    like ? or(ilike(visite.nome, like), ilike(visite.cognome, like), ilike(visite.azienda, like), ilike(visite.badge, like)) : undefined,
    q.tipo_id ? eq(visite.tipo_id, q.tipo_id) : undefined,
    q.referente_id ? eq(visite.referente_id, q.referente_id) : undefined,
    q.presenti === 'si' ? isNull(visite.uscita) : q.presenti === 'no' ? isNotNull(visite.uscita) : undefined,
  );
}

/** The register: a page of visits, latest first, and how many match. */
export async function listVisits(db: Db, tz: string, q: VisiteQuery): Promise<{ rows: TVisita[]; total: number }> {
  const where = visitsWhere(tz, q);
  const [rows, [{ n }]] = await Promise.all([
    visitsFrom(db, tz).where(where).orderBy(desc(visite.entrata)).limit(q.size).offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(visite).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** Visitors already registered whose name or company matches (two characters at least), not anonymised. */
export async function previousVisitors(db: Db, tz: string, search: string) {
  if (search.length < 2) return [];
  const like = containsPattern(search);
  return db
    .selectDistinctOn([visite.cognome, visite.nome, visite.azienda], {
      nome: visite.nome, cognome: visite.cognome, azienda: visite.azienda, email: visite.email, tipo_id: visite.tipo_id, ultima_visita: instantToLocal(visite.entrata, tz),
    })
    .from(visite)
    .where(and(eq(visite.anonimizzata, false), or(ilike(visite.nome, like), ilike(visite.cognome, like), ilike(visite.azienda, like), ilike(sql`${visite.cognome} || ' ' || ${visite.nome}`, like))))
    .orderBy(visite.cognome, visite.nome, visite.azienda, desc(visite.entrata))
    .limit(20);
}

/**
 * Checks a visitor in: required fields, active lookups, a free badge, the document masked, the referent told.
 * `autorizzazioneId`: the expected visit it uses up; `anyReferent`: its referent need not be a listed one.
 */
export async function checkIn(deps: AppDeps, user: CurrentUser, b: z.output<typeof ZVisitaIngresso>, log: Log, autorizzazioneId?: number, anyReferent = false): Promise<TVisita> {
  const { db } = deps;
  const tz = deps.config.timezone;
  const par = await parametriVisite(db);
  const missing = par.campi_obbligatori.filter((f) => !b[f as keyof typeof b]);
  if (missing.length) throw badRequest(Object.fromEntries(missing.map((f) => [f, 'avvisi.campo_richiesto'])));
  const [[tipo], [motivo], [referente]] = await Promise.all([
    db.select().from(tipiVisitatore).where(and(eq(tipiVisitatore.id, b.tipo_id), eq(tipiVisitatore.attivo, true))),
    db.select().from(motiviVisita).where(and(eq(motiviVisita.id, b.motivo_id), eq(motiviVisita.attivo, true))),
    // a walk-in visits a listed referent; an authorised visit, the employee who authorised it
    db
      .select({ d: dipendenti, notifica: sql<boolean>`coalesce(${referentiVisita.notifica_email}, true)` })
      .from(dipendenti)
      .leftJoin(referentiVisita, eq(referentiVisita.dipendente_id, dipendenti.id))
      .where(and(eq(dipendenti.id, b.referente_id), anyReferent ? undefined : eq(referentiVisita.attivo, true))),
  ]);
  const fields: Record<string, string> = {}; // keys from code: the request's field names
  if (!tipo) fields.tipo_id = 'avvisi.valore_non_valido';
  if (!motivo) fields.motivo_id = 'avvisi.valore_non_valido';
  if (!referente) fields.referente_id = 'avvisi.referente_sconosciuto';
  if (Object.keys(fields).length) throw badRequest(fields);
  const now = localNow(tz).ts;
  if (b.entrata && b.entrata > now) throw badRequest({ entrata: 'avvisi.ora_futura' });
  const id = await db.transaction(async (tx) => {
    const onSite = new Set((await tx.select({ badge: visite.badge }).from(visite).where(and(isNull(visite.uscita), isNotNull(visite.badge)))).map((x) => x.badge));
    let badge = b.badge;
    if (badge && onSite.has(badge)) throw new AppError(409, 'avvisi.badge_in_uso', { badge });
    for (let n = 1; !badge; n++) if (!onSite.has(`${par.prefisso_badge}${String(n).padStart(3, '0')}`)) badge = `${par.prefisso_badge}${String(n).padStart(3, '0')}`;
    const [row] = await tx
      .insert(visite)
      .values({
        nome: b.nome, cognome: b.cognome, azienda: b.azienda || null, email: b.email ?? null, tipo_id: b.tipo_id, motivo_id: b.motivo_id, referente_id: b.referente_id,
        documento_tipo: b.documento_tipo ?? null,
        // the document was checked at the desk: keep only its last three characters, never a copy
        documento_numero: b.documento_numero ? b.documento_numero.replace(/\s/g, '').slice(-3) : null,
        badge, entrata: localToInstant(b.entrata ?? now, tz) as never, note: b.note ?? null, registrata_da: user.id,
      })
      .returning({ id: visite.id });
    await audit(tx as never, user, { entita: 'visite', entita_id: row.id, azione: 'ingresso', dopo: { nome: b.nome, cognome: b.cognome, azienda: b.azienda, badge, autorizzazione_id: autorizzazioneId } });
    if (autorizzazioneId) await tx.update(autorizzazioni).set({ stato: 'usata', visita_id: row.id }).where(eq(autorizzazioni.id, autorizzazioneId));
    return row.id;
  });
  const data = await readVisit(db, tz, id);
  if (par.email_referente && referente.notifica && referente.d.email) {
    const lang = await deps.defaultLang();
    sendTranslatedMail(db, deps.mailer, referente.d.email, lang, 'visita', {
      referente: referente.d.nome, visitatore: `${b.nome} ${b.cognome}`, azienda: b.azienda ?? '-', ora: data.entrata.slice(11, 16), badge: data.badge ?? '-', motivo: motivo.descrizione,
    }).catch((err) => log.error({ err }, 'visit mail failed'));
  }
  return data;
}

/** Checks a visitor out (now, or at the time given) and takes the badge back; gives the visit and its exit time. */
export async function checkOut(db: Db, tz: string, user: CurrentUser, id: number, b: z.output<typeof ZVisitaUscita> | null | undefined) {
  const [v] = await db.select().from(visite).where(eq(visite.id, id));
  if (!v) throw notFound();
  if (v.uscita) throw new AppError(409, 'avvisi.visita_gia_uscita');
  const uscita = b?.uscita ?? localNow(tz).ts;
  if (uscita > localNow(tz).ts) throw badRequest({ uscita: 'avvisi.ora_futura' });
  // the exit and its audit entry are one write: a refused call changes nothing
  await db.transaction(async (tx) => {
    const [ok] = await tx
      .update(visite)
      .set({ uscita: localToInstant(uscita, tz) as never, badge_restituito: b?.badge_restituito ?? true })
      .where(and(eq(visite.id, v.id), isNull(visite.uscita), sql`${visite.entrata} <= ${localToInstant(uscita, tz)}`))
      .returning({ id: visite.id });
    if (!ok) throw badRequest({ uscita: 'avvisi.uscita_prima_entrata' });
    await audit(tx as never, user, { entita: 'visite', entita_id: v.id, azione: 'uscita', dopo: { uscita, badge_restituito: b?.badge_restituito ?? true } });
  });
  return { visita: await readVisit(db, tz, v.id), uscita };
}

/** Who is on site now: the employees in the user's scope whose last punch since yesterday noon is an entry, and the visitors. */
export async function evacuationList(db: Db, tz: string, user: CurrentUser) {
  const today = localNow(tz).data;
  const rep = aliasedTable(reparti, 'rep_e');
  const last = db
    .selectDistinctOn([timbrature.dipendente_id], { dipendente_id: timbrature.dipendente_id, verso: timbrature.verso, ts: timbrature.ts })
    .from(timbrature)
    .where(and(eq(timbrature.stato, 'valida'), gte(timbrature.ts, localToInstant(`${addDays(today, -1)}T12:00:00`, tz)), lt(timbrature.ts, sql`${sqlNow()} + interval '1 minute'`)))
    .orderBy(timbrature.dipendente_id, desc(timbrature.ts))
    .as('ultima');
  const dip = await db
    .select({ matricola: dipendenti.matricola, cognome: dipendenti.cognome, nome: dipendenti.nome, reparto_descrizione: rep.descrizione, entrata: instantToLocal(last.ts, tz) })
    .from(last)
    .innerJoin(dipendenti, eq(dipendenti.id, last.dipendente_id))
    .leftJoin(rep, eq(rep.id, dipendenti.reparto_id))
    .where(and(eq(last.verso, 'E'), dipendentiScope(user)))
    .orderBy(dipendenti.cognome, dipendenti.nome);
  const vis = await visitsFrom(db, tz).where(isNull(visite.uscita)).orderBy(visite.cognome);
  return {
    generato_il: localNow(tz).ts,
    dipendenti: dip,
    visitatori: vis.map((v) => ({ id: v.id, nome: v.nome, cognome: v.cognome, azienda: v.azienda, badge: v.badge, referente_nome: v.referente_nome, entrata: v.entrata })),
  };
}

/** The register of a period as an Excel workbook (up to 50,000 visits, oldest first), with its file name. */
export async function visitsWorkbook(db: Db, tz: string, q: { dal: string; al: string }) {
  if (q.al < q.dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
  const rows = await visitsFrom(db, tz).where(visitsWhere(tz, q)).orderBy(visite.entrata).limit(50_000);
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Registro visite');
  ws.addRow(['Entrata', 'Uscita', 'Cognome', 'Nome', 'Azienda', 'Tipo', 'Motivo', 'Referente', 'Badge', 'Documento']).font = { bold: true };
  const it = (s: string | null) => (s ? `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)} ${s.slice(11, 16)}` : '');
  for (const v of rows) ws.addRow([it(v.entrata), it(v.uscita), v.cognome, v.nome, v.azienda ?? '', v.tipo_descrizione, v.motivo_descrizione, v.referente_nome, v.badge ?? '', v.documento_numero ?? '']);
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return { wb, filename: `registro-visite-${q.dal}-${q.al}.xlsx` };
}
