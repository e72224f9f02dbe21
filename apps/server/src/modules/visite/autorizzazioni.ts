/**
 * Expected visits (issue #4): an employee authorises a visit for a window of days and hours, an administrator approves
 * the visitor types that need it, and reception lets the visitor in with one click. A visitor link (link.ts) is an
 * authorisation too.
 */
import { aliasedTable, and, count, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TAutorizzazioneVisita, TStatoAutorizzazioneVisita, TStatoLinkVisitatore, ZAutorizzazione, ZAutorizzazioniQuery, ZIngressoAutorizzato } from '@tulip/contract';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import { instantToLocal, localNow } from '../../platform/dates';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti } from '../anagrafica';
import { checkIn, type Log } from './service';
import { autorizzazioni, linkVisitatore, motiviVisita, tipiVisitatore } from './tables';

const ADMIN = 'visite.parametri';
/** Reception and administrators see every authorisation. */
export const seesAll = (u: CurrentUser) => (u.profilo?.routes ?? []).some((x) => x === 'visite.registro' || x === ADMIN);

const tipoA = aliasedTable(tipiVisitatore, 'tipo_a');
const motA = aliasedTable(motiviVisita, 'mot_a');
const refA = aliasedTable(dipendenti, 'ref_a');
const todayExpr = (tz: string) => sql`${localNow(tz).data}::date`;
const statoExpr = (tz: string) =>
  sql<TStatoAutorizzazioneVisita>`case when ${autorizzazioni.stato} = 'attiva' and ${autorizzazioni.al} < ${todayExpr(tz)} then 'scaduta' else ${autorizzazioni.stato} end`;
/** A link's state: the authorisation's, and for an active one whether its window is over or the visitor registered. */
export const statoLinkExpr = (tz: string) => sql<TStatoLinkVisitatore>`case when ${autorizzazioni.stato} = 'usata' then 'usato'
      when ${autorizzazioni.stato} = 'revocata' or ${autorizzazioni.approvazione} = 'rifiutata' then 'revocato'
      when (${autorizzazioni.al} + ${autorizzazioni.ora_a}::time) <= ${localNow(tz).ts}::timestamp then 'scaduto'
      when ${linkVisitatore.compilato_il} is not null then 'compilato' else 'inviato' end`;
const local = (col: unknown, tz: string) => sql<string | null>`case when ${col} is null then null else ${instantToLocal(col, tz)} end`;
const autColumns = (tz: string) => ({
  id: autorizzazioni.id, referente_id: autorizzazioni.referente_id, richiesta_da: autorizzazioni.richiesta_da, referente_nome: sql<string>`${refA.cognome} || ' ' || ${refA.nome}`,
  nome: autorizzazioni.nome, cognome: autorizzazioni.cognome, azienda: autorizzazioni.azienda, email: autorizzazioni.email,
  tipo_id: autorizzazioni.tipo_id, tipo_descrizione: tipoA.descrizione, colore_badge: tipoA.colore_badge, motivo_id: autorizzazioni.motivo_id,
  motivo_descrizione: motA.descrizione, dal: autorizzazioni.dal, al: autorizzazioni.al, ora_da: autorizzazioni.ora_da, ora_a: autorizzazioni.ora_a,
  note: autorizzazioni.note, stato: statoExpr(tz), approvazione: autorizzazioni.approvazione, visita_id: autorizzazioni.visita_id,
  creata_il: instantToLocal(autorizzazioni.creata_il, tz),
  link_id: linkVisitatore.id, codice: linkVisitatore.codice, telefono: linkVisitatore.telefono, lingua: linkVisitatore.lingua,
  inviato_il: local(linkVisitatore.inviato_il, tz),
  compilato_il: local(linkVisitatore.compilato_il, tz),
  stato_link: statoLinkExpr(tz),
  puo_entrare: sql<boolean>`(${autorizzazioni.stato} = 'attiva' and ${autorizzazioni.approvazione} in ('non_richiesta', 'approvata') and ${todayExpr(tz)} between ${autorizzazioni.dal} and ${autorizzazioni.al})`,
});
/** The authorisations with their type, reason, referent and visitor link (if any). */
export const autorizzazioniFrom = (db: Db, tz: string) =>
  db
    .select(autColumns(tz))
    .from(autorizzazioni)
    .innerJoin(tipoA, eq(tipoA.id, autorizzazioni.tipo_id))
    .innerJoin(motA, eq(motA.id, autorizzazioni.motivo_id))
    .innerJoin(refA, eq(refA.id, autorizzazioni.referente_id))
    .leftJoin(linkVisitatore, eq(linkVisitatore.autorizzazione_id, autorizzazioni.id))
    .$dynamic();
/** An authorisation as the server reads it (ZAutorizzazioneCodice's fields before its code is formatted). */
export type AutRow = Awaited<ReturnType<ReturnType<typeof autorizzazioniFrom>['execute']>>[number];

/** Reception and administrators see all; others the visits authorised for them or by them. */
export const autScope = (u: CurrentUser) =>
  seesAll(u) ? undefined : or(eq(autorizzazioni.referente_id, u.dipendente_id ?? -1), eq(autorizzazioni.richiesta_da, u.id));
/** Who may revoke: whoever created it, its referent, or an administrator; only while active. */
export const puoRevocare = (u: CurrentUser, a: { stato: string; referente_id: number; richiesta_da: number | null }) =>
  a.stato === 'attiva' && (a.richiesta_da === u.id || a.referente_id === u.dipendente_id || (u.profilo?.routes ?? []).includes(ADMIN));
const withPermessi = (u: CurrentUser, a: AutRow): TAutorizzazioneVisita => ({ ...a, puo_revocare: puoRevocare(u, a) });

/** One authorisation in the user's scope, with what the user may do on it; 404 outside it. */
export async function readAutorizzazione(db: Db, tz: string, u: CurrentUser, id: number): Promise<TAutorizzazioneVisita> {
  const [row] = await autorizzazioniFrom(db, tz).where(and(eq(autorizzazioni.id, id), autScope(u)));
  if (!row) throw notFound();
  return withPermessi(u, row);
}

/** The authorisations in the user's scope: today's, a period's or by state, in the order of their window. */
export async function listAutorizzazioni(db: Db, tz: string, user: CurrentUser, q: z.output<typeof ZAutorizzazioniQuery>) {
  const today = localNow(tz).data;
  const where = and(
    autScope(user),
    q.oggi ? and(lte(autorizzazioni.dal, today), gte(autorizzazioni.al, today)) : undefined,
    q.dal ? gte(autorizzazioni.al, q.dal) : undefined,
    q.al ? lte(autorizzazioni.dal, q.al) : undefined,
    q.stato ? sql`${statoExpr(tz)} = ${q.stato}` : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    autorizzazioniFrom(db, tz).where(where).orderBy(autorizzazioni.dal, autorizzazioni.ora_da).limit(q.size).offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(autorizzazioni).where(where),
  ]);
  return { rows: rows.map((a) => withPermessi(user, a)), total: Number(n) };
}

type AutorizzazioneInput = Omit<z.output<typeof ZAutorizzazione>, 'email'> & { email?: string };

/** Validates and stores an expected visit (also the base of a self-registration link); returns its id. */
export async function insertAutorizzazione(tx: Db, tz: string, user: CurrentUser, b: AutorizzazioneInput): Promise<number> {
  const referente = b.referente_id ?? user.dipendente_id;
  if (!referente) throw badRequest({ referente_id: 'avvisi.campo_richiesto' });
  if (referente !== user.dipendente_id && !seesAll(user)) throw badRequest({ referente_id: 'avvisi.referente_solo_se_stesso' });
  if (b.al < localNow(tz).data) throw badRequest({ al: 'avvisi.finestra_passata' });
  const [[tipo], [motivo], [ref]] = await Promise.all([
    tx.select().from(tipiVisitatore).where(and(eq(tipiVisitatore.id, b.tipo_id), eq(tipiVisitatore.attivo, true))),
    tx.select().from(motiviVisita).where(and(eq(motiviVisita.id, b.motivo_id), eq(motiviVisita.attivo, true))),
    tx.select().from(dipendenti).where(eq(dipendenti.id, referente)),
  ]);
  const fields: Record<string, string> = {}; // keys from code: the request's field names
  if (!tipo) fields.tipo_id = 'avvisi.valore_non_valido';
  if (!motivo) fields.motivo_id = 'avvisi.valore_non_valido';
  if (!ref) fields.referente_id = 'avvisi.referente_sconosciuto';
  if (Object.keys(fields).length) throw badRequest(fields);
  const [row] = await tx
    .insert(autorizzazioni)
    .values({
      referente_id: referente, richiesta_da: user.id, nome: b.nome || null, cognome: b.cognome || null, azienda: b.azienda || null, email: b.email ?? null,
      tipo_id: b.tipo_id, motivo_id: b.motivo_id, dal: b.dal, al: b.al, ora_da: b.ora_da, ora_a: b.ora_a, note: b.note ?? null,
      approvazione: tipo.richiede_approvazione ? 'in_attesa' : 'non_richiesta',
    })
    .returning({ id: autorizzazioni.id });
  await audit(tx, user, { entita: 'autorizzazioni_visita', entita_id: row.id, azione: 'create', dopo: { ...b, referente_id: referente } });
  return row.id;
}

/** Authorises a visit (PUT): stored in one transaction, given back as the list shows it. */
export async function createAutorizzazione(db: Db, tz: string, user: CurrentUser, b: AutorizzazioneInput): Promise<TAutorizzazioneVisita> {
  const id = await db.transaction((tx) => insertAutorizzazione(tx as never, tz, user, b));
  return readAutorizzazione(db, tz, user, id);
}

/** Changes an authorisation's state or approval when `allowed` says the current one permits it, audited. */
export async function changeState(
  db: Db, tz: string, user: CurrentUser, id: number, change: Partial<typeof autorizzazioni.$inferInsert>,
  allowed: (a: TAutorizzazioneVisita) => boolean, azione: string,
): Promise<TAutorizzazioneVisita> {
  const a = await readAutorizzazione(db, tz, user, id);
  if (!allowed(a)) throw new AppError(409, 'avvisi.stato_non_valido', { stato: a.approvazione === 'in_attesa' ? a.approvazione : a.stato });
  await db.transaction(async (tx) => {
    await tx.update(autorizzazioni).set(change).where(eq(autorizzazioni.id, id));
    await audit(tx as never, user, { entita: 'autorizzazioni_visita', entita_id: id, azione, prima: { stato: a.stato, approvazione: a.approvazione }, dopo: change });
  });
  return readAutorizzazione(db, tz, user, id);
}

const waitingApproval = (a: TAutorizzazioneVisita) => a.approvazione === 'in_attesa' && a.stato === 'attiva';

/** An administrator approves a visit whose type needs it, or refuses it. */
export const approveAutorizzazione = (db: Db, tz: string, user: CurrentUser, id: number) => changeState(db, tz, user, id, { approvazione: 'approvata', approvata_da: user.id }, waitingApproval, 'approva');
export const rejectAutorizzazione = (db: Db, tz: string, user: CurrentUser, id: number) => changeState(db, tz, user, id, { approvazione: 'rifiutata', approvata_da: user.id }, waitingApproval, 'rifiuta');

/** Revokes an active authorisation: its creator, its referent or an administrator (403 for others who see it). */
export async function revokeAutorizzazione(db: Db, tz: string, user: CurrentUser, id: number): Promise<TAutorizzazioneVisita> {
  const a = await readAutorizzazione(db, tz, user, id);
  if (a.stato === 'attiva' && !a.puo_revocare) throw forbidden();
  return changeState(db, tz, user, a.id, { stato: 'revocata' }, (x) => x.stato === 'attiva', 'revoca');
}

/** Lets an expected visitor in: one refusal message per reason, the name taken from the authorisation unless given. */
export async function letInAuthorised(deps: AppDeps, user: CurrentUser, a: AutRow, b: z.output<typeof ZIngressoAutorizzato>, log: Log) {
  const now = localNow(deps.config.timezone);
  const motivo =
    a.stato !== 'attiva' ? a.stato
    : a.approvazione === 'in_attesa' || a.approvazione === 'rifiutata' ? a.approvazione
    : now.data < a.dal || now.data > a.al ? 'fuori_periodo'
    : undefined;
  // one message per reason, so the desk reads why in its own language
  if (motivo) throw new AppError(409, `avvisi.autorizzazione_${motivo}`, { motivo });
  const nome = b.nome || a.nome;
  const cognome = b.cognome || a.cognome;
  if (!nome || !cognome) throw badRequest({ ...(nome ? {} : { nome: 'avvisi.campo_richiesto' }), ...(cognome ? {} : { cognome: 'avvisi.campo_richiesto' }) });
  return checkIn(
    deps,
    user,
    {
      nome, cognome, azienda: a.azienda ?? undefined, email: a.email ?? undefined, tipo_id: a.tipo_id, motivo_id: a.motivo_id, referente_id: a.referente_id,
      documento_tipo: b.documento_tipo, documento_numero: b.documento_numero, badge: b.badge, note: a.note ?? undefined,
    },
    log,
    a.id,
    true,
  );
}

/** The desk lets in the visitor of an authorisation (by its id). */
export async function letInByAutorizzazione(deps: AppDeps, user: CurrentUser, id: number, b: z.output<typeof ZIngressoAutorizzato> | null | undefined, log: Log) {
  return letInAuthorised(deps, user, await readAutorizzazione(deps.db, deps.config.timezone, user, id), b ?? {}, log);
}
