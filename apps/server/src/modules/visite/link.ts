/**
 * Visitor self-registration (issue #4): an employee sends an expected visitor a personal link; the visitor registers on a
 * public page, accepts the privacy notice and the safety rules and gets a check-in code (text and QR code); the desk lets
 * them in by that code. A link is an authorisation plus a token: it works once and expires at the end of the visit window.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatCodiceVisita, makeCodiceVisita, normalizeCodiceVisita, type TAutorizzazioneCodice, type TLinkCreato, type TLinkVisitatoreRiga, type TParametriVisite,
  type TVisitaPubblica, type ZIngressoAutorizzato, type ZLinkQuery, type ZLinkVisitatore, type ZRegistrazioneVisitatore,
} from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { tentativiLogin } from '../../platform/db/tables';
import { dataIt, localNow } from '../../platform/dates';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { containsPattern } from '../../platform/resource';
import { publicBase } from '../../platform/config';
import { LOGIN_WINDOW_MIN, tooManyGuesses } from '../../platform/auth';
import { sqlNow } from '../../platform/clock';
import { sendTranslatedMail, translate } from '../lingue';
import { companyData } from '../anagrafica';
import { autorizzazioniFrom, autScope, changeState, insertAutorizzazione, letInAuthorised, puoRevocare, statoLinkExpr, type AutRow } from './autorizzazioni';
import { parametriVisite, type Log } from './service';
import { autorizzazioni, linkVisitatore, tipiVisitatore } from './tables';

const GUESS_BUCKET = '#visita';
const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');

/** A link's authorisation, with whether the user may revoke it. */
type LinkRow = AutRow & { puo_revocare: boolean };

/** The link's row as the list shows it (the code formatted as the visitor sees it). */
const present = (a: LinkRow): TLinkVisitatoreRiga => ({
  id: a.link_id!, autorizzazione_id: a.id, email: a.email, nome: a.nome, cognome: a.cognome, azienda: a.azienda, telefono: a.telefono,
  tipo_id: a.tipo_id, tipo_descrizione: a.tipo_descrizione, motivo_descrizione: a.motivo_descrizione, referente_id: a.referente_id,
  referente_nome: a.referente_nome, dal: a.dal, al: a.al, ora_da: a.ora_da, ora_a: a.ora_a, approvazione: a.approvazione, stato: a.stato_link,
  codice: a.compilato_il && a.codice ? formatCodiceVisita(a.codice) : null, inviato_il: a.inviato_il, compilato_il: a.compilato_il, visita_id: a.visita_id,
  puo_revocare: !!a.puo_revocare && (a.stato_link === 'inviato' || a.stato_link === 'compilato'),
});

/** One link in the user's scope; 404 outside it. */
async function linkOne(db: Db, tz: string, u: CurrentUser, id: number): Promise<LinkRow> {
  const [a] = await autorizzazioniFrom(db, tz).where(and(eq(linkVisitatore.id, id), autScope(u)));
  if (!a) throw notFound();
  return { ...a, puo_revocare: puoRevocare(u, a) };
}

const ospitante = async (db: Db) => (await companyData(db)).ragione_sociale;
const periodo = (a: AutRow) => (a.dal === a.al ? dataIt(a.dal) : `${dataIt(a.dal)} - ${dataIt(a.al)}`);

/**
 * A new token for the link (the previous one stops working) and the invitation e-mail with it. `baseHeader`: the
 * caller's X-Base-Url, used for the link when it is one of the configured public addresses.
 */
async function sendInvite(deps: AppDeps, baseHeader: unknown, a: AutRow, user: CurrentUser, azione: 'invio' | 'reinvia') {
  const { db } = deps;
  const token = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.update(linkVisitatore).set({ token_hash: hashToken(token), inviato_il: sqlNow() as never }).where(eq(linkVisitatore.id, a.link_id!));
    await audit(tx as never, user, { entita: 'link_visitatore', entita_id: a.link_id!, azione, dopo: { email: a.email } });
  });
  const url = `${publicBase(baseHeader, deps.config.publicUrls)}/visita/${token}`;
  const lang = a.lingua ?? (await deps.defaultLang());
  const nome = [a.nome, a.cognome].filter(Boolean).join(' ') || (await translate(db, lang, 'mail.visitatore_generico'));
  const params = {
    ospitante: await ospitante(db), referente: a.referente_nome, nome, periodo: periodo(a), orario: `${a.ora_da}-${a.ora_a}`, link: url,
    scadenza: `${dataIt(a.al)} ${a.ora_a}`,
  };
  await sendTranslatedMail(db, deps.mailer, a.email!, lang, 'link_visitatore', params);
  return url;
}

/** The links in the user's scope, latest sent first. */
export async function listLinks(db: Db, tz: string, user: CurrentUser, q: z.output<typeof ZLinkQuery>) {
  const like = q.search ? containsPattern(q.search) : undefined;
  const where = and(
    isNotNull(linkVisitatore.id),
    autScope(user),
    like ? or(ilike(autorizzazioni.nome, like), ilike(autorizzazioni.cognome, like), ilike(autorizzazioni.azienda, like), ilike(autorizzazioni.email, like)) : undefined,
    q.stato ? sql`${statoLinkExpr(tz)} = ${q.stato}` : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    autorizzazioniFrom(db, tz).where(where).orderBy(desc(linkVisitatore.inviato_il)).limit(q.size).offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(autorizzazioni).leftJoin(linkVisitatore, eq(linkVisitatore.autorizzazione_id, autorizzazioni.id)).where(where),
  ]);
  return { rows: rows.map((a) => present({ ...a, puo_revocare: puoRevocare(user, a) })), total: Number(n) };
}

/** Creates a link (an authorisation with a token and a check-in code) and e-mails the invitation; gives the row and its URL. */
export async function inviteVisitor(deps: AppDeps, baseHeader: unknown, user: CurrentUser, b: z.output<typeof ZLinkVisitatore>): Promise<TLinkCreato> {
  const { db } = deps;
  const tz = deps.config.timezone;
  if (!(await parametriVisite(db)).autoregistrazione) throw new AppError(409, 'avvisi.autoregistrazione_disattiva');
  const now = localNow(tz);
  if (b.al === now.data && b.ora_a <= now.ts.slice(11, 16)) throw badRequest({ ora_a: 'avvisi.finestra_passata' });
  const linkId = await db.transaction(async (tx) => {
    const autId = await insertAutorizzazione(tx as never, tz, user, b);
    let codice = '';
    for (let i = 0; i < 5 && !codice; i++) {
      const c = makeCodiceVisita(randomBytes(7));
      if (!(await tx.select({ id: linkVisitatore.id }).from(linkVisitatore).where(eq(linkVisitatore.codice, c))).length) codice = c;
    }
    const [row] = await tx
      .insert(linkVisitatore)
      // a placeholder hash until the invitation sets the real one: random, so it matches no token
      .values({ autorizzazione_id: autId, token_hash: randomBytes(32).toString('hex'), codice, lingua: b.lingua ?? null, creato_da: user.id })
      .returning({ id: linkVisitatore.id });
    await audit(tx as never, user, { entita: 'link_visitatore', entita_id: row.id, azione: 'create', dopo: { autorizzazione_id: autId, email: b.email } });
    return row.id;
  });
  const a = await linkOne(db, tz, user, linkId);
  const url = await sendInvite(deps, baseHeader, a, user, 'invio');
  return { ...present(await linkOne(db, tz, user, linkId)), url };
}

/** Sends a link again with a new token, while the visitor can still use it. */
export async function resendInvite(deps: AppDeps, baseHeader: unknown, user: CurrentUser, id: number): Promise<TLinkCreato> {
  const { db } = deps;
  const tz = deps.config.timezone;
  const a = await linkOne(db, tz, user, id);
  if (a.stato_link !== 'inviato' && a.stato_link !== 'compilato') throw new AppError(409, 'avvisi.stato_non_valido', { stato: a.stato_link });
  const url = await sendInvite(deps, baseHeader, a, user, 'reinvia');
  return { ...present(await linkOne(db, tz, user, a.link_id!)), url };
}

/** Revokes a link's authorisation: its creator, its referent or an administrator. */
export async function revokeLink(db: Db, tz: string, user: CurrentUser, id: number): Promise<TLinkVisitatoreRiga> {
  const a = await linkOne(db, tz, user, id);
  if (a.stato === 'attiva' && !a.puo_revocare) throw forbidden();
  await changeState(db, tz, user, a.id, { stato: 'revocata' }, (x) => x.stato === 'attiva', 'revoca');
  return present(await linkOne(db, tz, user, a.link_id!));
}

// ---- the visitor's public page: only its own visit, tokens never guessed ----

/** The link of a token, or the visitor's error page; unknown tokens count as guesses of the caller's address. */
async function byToken(db: Db, tz: string, ip: string, token: string) {
  if (await tooManyGuesses(db, GUESS_BUCKET, ip)) throw new AppError(429, 'avvisi.too_many_attempts', { minuti: LOGIN_WINDOW_MIN });
  const [a] = /^[A-Za-z0-9_-]{32}$/.test(token)
    ? await autorizzazioniFrom(db, tz).where(eq(linkVisitatore.token_hash, hashToken(token)))
    : [];
  if (!a) {
    await db.insert(tentativiLogin).values({ username: GUESS_BUCKET, ip });
    throw new AppError(404, 'avvisi.link_non_valido');
  }
  const par = await parametriVisite(db);
  if (!par.autoregistrazione) throw new AppError(410, 'avvisi.autoregistrazione_disattiva');
  if (a.stato_link === 'usato' || a.stato_link === 'revocato' || a.stato_link === 'scaduto') throw new AppError(410, `avvisi.link_${a.stato_link}`);
  return { a, par };
}

async function publicView(db: Db, a: AutRow, par: TParametriVisite): Promise<TVisitaPubblica> {
  const [tipo] = await db.select().from(tipiVisitatore).where(eq(tipiVisitatore.id, a.tipo_id));
  const codice = a.compilato_il && a.codice ? formatCodiceVisita(a.codice) : null;
  return {
    stato: a.compilato_il ? ('compilato' as const) : ('da_compilare' as const),
    ospitante: await ospitante(db), referente_nome: a.referente_nome, tipo_descrizione: a.tipo_descrizione, motivo_descrizione: a.motivo_descrizione,
    dal: a.dal, al: a.al, ora_da: a.ora_da, ora_a: a.ora_a, nome: a.nome, cognome: a.cognome, azienda: a.azienda, email: a.email, telefono: a.telefono,
    briefing_sicurezza: tipo.briefing_sicurezza, accompagnamento: tipo.accompagnamento, dpi_richiesti: tipo.dpi_richiesti,
    in_attesa_approvazione: a.approvazione === 'in_attesa',
    informativa_privacy: par.informativa_privacy, regole_sicurezza: par.regole_sicurezza,
    codice, qr_svg: codice ? await (await import('qrcode')).default.toString(codice, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) : null,
  };
}

/** The visitor's page of a token (`ip`: the caller's address, which unknown tokens count against). */
export async function visitorPage(db: Db, tz: string, ip: string, token: string): Promise<TVisitaPubblica> {
  const { a, par } = await byToken(db, tz, ip, token);
  return publicView(db, a, par);
}

/** The visitor registers once, accepting both texts; gets the check-in code, also by e-mail. */
export async function registerVisitor(deps: AppDeps, ip: string, token: string, b: z.output<typeof ZRegistrazioneVisitatore>, log: Log): Promise<TVisitaPubblica> {
  const { db } = deps;
  const tz = deps.config.timezone;
  const { a, par } = await byToken(db, tz, ip, token);
  if (a.compilato_il) throw new AppError(409, 'avvisi.link_gia_compilato');
  if (par.campi_obbligatori.includes('azienda') && !b.azienda) throw badRequest({ azienda: 'avvisi.campo_richiesto' });
  const done = await db.transaction(async (tx) => {
    // once only, even when two submissions race
    const [l] = await tx
      .update(linkVisitatore)
      .set({ compilato_il: sqlNow() as never, telefono: b.telefono || null })
      .where(and(eq(linkVisitatore.id, a.link_id!), isNull(linkVisitatore.compilato_il)))
      .returning({ id: linkVisitatore.id });
    if (!l) return false;
    await tx.update(autorizzazioni).set({ nome: b.nome, cognome: b.cognome, azienda: b.azienda || a.azienda || null }).where(eq(autorizzazioni.id, a.id));
    await audit(tx as never, null, {
      entita: 'link_visitatore', entita_id: a.link_id!, azione: 'registrazione',
      dopo: { nome: b.nome, cognome: b.cognome, azienda: b.azienda, informativa_privacy_accettata: true, regole_sicurezza_accettate: true, ip },
    });
    return true;
  });
  if (!done) throw new AppError(409, 'avvisi.link_gia_compilato');
  const [fresh] = await autorizzazioniFrom(db, tz).where(eq(linkVisitatore.id, a.link_id!));
  const view = await publicView(db, fresh, par);
  const lang = a.lingua ?? (await deps.defaultLang());
  const params = { nome: b.nome, ospitante: view.ospitante, referente: a.referente_nome, periodo: periodo(a), orario: `${a.ora_da}-${a.ora_a}`, codice: view.codice ?? '' };
  deps.mailer
    .send({
      to: a.email!,
      subject: await translate(db, lang, 'mail.registrazione_visitatore_oggetto', params),
      text: await translate(db, lang, 'mail.registrazione_visitatore_testo', params),
    })
    .catch((err) => log.error({ err }, 'registration mail failed'));
  return view;
}

// ---- the desk: check-in by code (typed, or scanned by a keyboard-wedge reader) ----

async function byCodice(db: Db, tz: string, raw: string): Promise<AutRow> {
  const codice = normalizeCodiceVisita(raw);
  // a malformed code or a wrong check symbol: a typo or a tampered QR code
  if (!codice) throw badRequest({ codice: 'avvisi.codice_non_valido' });
  const [a] = await autorizzazioniFrom(db, tz).where(and(eq(linkVisitatore.codice, codice), isNotNull(linkVisitatore.compilato_il)));
  if (!a) throw new AppError(404, 'avvisi.codice_non_valido');
  return a;
}

/** The registered visit of a check-in code, the code formatted as the visitor sees it. */
export async function readByCodice(db: Db, tz: string, raw: string): Promise<TAutorizzazioneCodice> {
  const a = await byCodice(db, tz, raw);
  return { ...a, codice: formatCodiceVisita(a.codice!) };
}

/** The desk lets in the visitor of a check-in code. */
export async function letInByCodice(deps: AppDeps, user: CurrentUser, raw: string, b: z.output<typeof ZIngressoAutorizzato> | null | undefined, log: Log) {
  const a = await byCodice(deps.db, deps.config.timezone, raw);
  return letInAuthorised(deps, user, a, b ?? {}, log);
}
