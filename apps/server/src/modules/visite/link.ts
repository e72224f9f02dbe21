/**
 * Visitor self-registration (issue #4): an employee sends an expected visitor a personal link; the visitor registers on a
 * public page, accepts the privacy notice and the safety rules and gets a check-in code (text and QR code); the desk lets
 * them in by that code. A link is an authorisation plus a token: it works once and expires at the end of the visit window.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  formatCodiceVisita, makeCodiceVisita, normalizeCodiceVisita, ZIngressoAutorizzato, ZLinkQuery, ZLinkVisitatore, ZNoBody, ZRegistrazioneVisitatore,
  zId, zText, type TParametriVisite,
} from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { tentativiLogin } from '../../platform/db/tables';
import { localNow } from '../../platform/dates';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { currentUser, type CurrentUser } from '../../platform/guard';
import { containsPattern } from '../../platform/resource';
import { publicBase } from '../../platform/config';
import { LOGIN_WINDOW_MIN, tooManyGuesses } from '../../platform/auth';
import { sendTranslatedMail, translate } from '../lingue';
import { companyData } from '../anagrafica';
import { autorizzazioni, linkVisitatore, tipiVisitatore } from './tables';
import { sqlNow } from '../../platform/clock';
import { checkInParams } from './messages';

/** What routes.ts shares with the links: the authorisation queries and actions. */
type AutFrom = () => { where: (w: unknown) => Promise<AutRow[]> & { orderBy: (...c: unknown[]) => { limit: (n: number) => { offset: (n: number) => Promise<AutRow[]> } } } };
export type AutRow = {
  id: number; referente_id: number; referente_nome: string; nome: string | null; cognome: string | null; azienda: string | null; email: string | null;
  tipo_id: number; tipo_descrizione: string; motivo_id: number; motivo_descrizione: string; dal: string; al: string; ora_da: string; ora_a: string;
  note: string | null; stato: string; approvazione: string; visita_id: number | null; link_id: number | null; codice: string | null;
  telefono: string | null; lingua: string | null; inviato_il: string | null; compilato_il: string | null; stato_link: string; creata_il: string;
  richiesta_da: number | null; puo_revocare?: boolean;
};
export type VisiteShared = {
  autFrom: unknown;
  statoLinkExpr: () => SQL<string>;
  autScope: (u: CurrentUser) => unknown;
  seesAll: (u: CurrentUser) => boolean;
  puoRevocare: (u: CurrentUser, a: AutRow) => boolean;
  createAutorizzazione: (user: CurrentUser, b: z.infer<typeof ZLinkVisitatore>, tx?: Db) => Promise<number>;
  ingressoAutorizzato: (user: CurrentUser, a: never, b: z.infer<typeof ZIngressoAutorizzato>, log: FastifyBaseLogger) => Promise<{ nome: string; cognome: string; entrata: string }>;
  setState: (user: CurrentUser, id: number, change: { stato: string }, allowed: (a: AutRow) => boolean, azione: string) => Promise<unknown>;
  parametri: () => Promise<TParametriVisite>;
};

const GUESS_BUCKET = '#visita';
const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');

export function linkRoutes(app: FastifyInstance, deps: AppDeps, shared: VisiteShared) {
  const { db, config } = deps;
  const tz = config.timezone;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['visite'];
  const LINK = ['visite.linkvisitatore'];
  const REGISTRO = ['visite.registro'];
  const autFrom = shared.autFrom as AutFrom;

  /** The link's row as the list shows it (the code formatted as the visitor sees it). */
  const present = (a: AutRow) => ({
    id: a.link_id!, autorizzazione_id: a.id, email: a.email, nome: a.nome, cognome: a.cognome, azienda: a.azienda, telefono: a.telefono,
    tipo_id: a.tipo_id, tipo_descrizione: a.tipo_descrizione, motivo_descrizione: a.motivo_descrizione, referente_id: a.referente_id,
    referente_nome: a.referente_nome, dal: a.dal, al: a.al, ora_da: a.ora_da, ora_a: a.ora_a, approvazione: a.approvazione, stato: a.stato_link,
    codice: a.compilato_il && a.codice ? formatCodiceVisita(a.codice) : null, inviato_il: a.inviato_il, compilato_il: a.compilato_il, visita_id: a.visita_id,
    puo_revocare: !!a.puo_revocare && (a.stato_link === 'inviato' || a.stato_link === 'compilato'),
  });
  const linkOne = async (u: CurrentUser, id: number) => {
    const [a] = await autFrom().where(and(eq(linkVisitatore.id, id), shared.autScope(u) as never));
    if (!a) throw notFound();
    return { ...a, puo_revocare: shared.puoRevocare(u, a) };
  };

  const ospitante = async () => (await companyData(db)).ragione_sociale;
  const dateIt = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  const periodo = (a: AutRow) => (a.dal === a.al ? dateIt(a.dal) : `${dateIt(a.dal)} - ${dateIt(a.al)}`);

  /** A new token for the link (the previous one stops working) and the invitation e-mail with it. */
  async function sendInvite(req: FastifyRequest, a: AutRow, user: CurrentUser, azione: 'invio' | 'reinvia') {
    const token = randomBytes(24).toString('base64url');
    await db.transaction(async (tx) => {
      await tx.update(linkVisitatore).set({ token_hash: hashToken(token), inviato_il: sqlNow() as never }).where(eq(linkVisitatore.id, a.link_id!));
      await audit(tx as never, user, { entita: 'link_visitatore', entita_id: a.link_id!, azione, dopo: { email: a.email } });
    });
    const url = `${publicBase(req.headers['x-base-url'], config.publicUrls)}/visita/${token}`;
    const lang = a.lingua ?? (await deps.defaultLang());
    const nome = [a.nome, a.cognome].filter(Boolean).join(' ') || (await translate(db, lang, 'mail.visitatore_generico'));
    const params = {
      ospitante: await ospitante(), referente: a.referente_nome, nome, periodo: periodo(a), orario: `${a.ora_da}-${a.ora_a}`, link: url,
      scadenza: `${dateIt(a.al)} ${a.ora_a}`,
    };
    await sendTranslatedMail(db, deps.mailer, a.email!, lang, 'link_visitatore', params);
    return url;
  }

  r.get('/api/visite/link', { config: { access: { routes: LINK } }, schema: { tags, querystring: ZLinkQuery } }, async (req) => {
    const user = currentUser(req);
    const q = req.query;
    const like = q.search ? containsPattern(q.search) : undefined;
    const where = and(
      isNotNull(linkVisitatore.id),
      shared.autScope(user) as never,
      like ? or(ilike(autorizzazioni.nome, like), ilike(autorizzazioni.cognome, like), ilike(autorizzazioni.azienda, like), ilike(autorizzazioni.email, like)) : undefined,
      q.stato ? sql`${shared.statoLinkExpr()} = ${q.stato}` : undefined,
    );
    const [rows, [{ n }]] = await Promise.all([
      autFrom().where(where).orderBy(desc(linkVisitatore.inviato_il)).limit(q.size).offset((q.page - 1) * q.size),
      db.select({ n: count() }).from(autorizzazioni).leftJoin(linkVisitatore, eq(linkVisitatore.autorizzazione_id, autorizzazioni.id)).where(where),
    ]);
    return { rows: rows.map((a) => present({ ...a, puo_revocare: shared.puoRevocare(user, a) })), total: Number(n) };
  });

  r.put('/api/visite/link', { config: { access: { routes: LINK } }, schema: { tags, body: ZLinkVisitatore } }, async (req, reply) => {
    const user = currentUser(req);
    const b = req.body;
    if (!(await shared.parametri()).autoregistrazione) throw new AppError(409, 'avvisi.autoregistrazione_disattiva');
    const now = localNow(tz);
    if (b.al === now.data && b.ora_a <= now.ts.slice(11, 16)) throw badRequest({ ora_a: 'avvisi.finestra_passata' });
    const linkId = await db.transaction(async (tx) => {
      const autId = await shared.createAutorizzazione(user, b, tx as never);
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
    const a = await linkOne(user, linkId);
    const url = await sendInvite(req, a, user, 'invio');
    return reply.status(201).send({ message: 'avvisi.link_inviato', data: { ...present(await linkOne(user, linkId)), url } });
  });

  const idP = z.strictObject({ id: zId });
  r.post('/api/visite/link/:id/reinvia', { config: { access: { routes: LINK } }, schema: { tags, params: idP, body: ZNoBody } }, async (req) => {
    const user = currentUser(req);
    const a = await linkOne(user, req.params.id);
    if (a.stato_link !== 'inviato' && a.stato_link !== 'compilato') throw new AppError(409, 'avvisi.stato_non_valido', { stato: a.stato_link });
    const url = await sendInvite(req, a, user, 'reinvia');
    return { message: 'avvisi.link_inviato', data: { ...present(await linkOne(user, a.link_id!)), url } };
  });

  r.post('/api/visite/link/:id/revoca', { config: { access: { routes: LINK } }, schema: { tags, params: idP, body: ZNoBody } }, async (req) => {
    const user = currentUser(req);
    const a = await linkOne(user, req.params.id);
    if (a.stato === 'attiva' && !a.puo_revocare) throw forbidden();
    await shared.setState(user, a.id, { stato: 'revocata' }, (x) => x.stato === 'attiva', 'revoca');
    return { message: 'avvisi.updated', data: present(await linkOne(user, a.link_id!)) };
  });

  // ---- the visitor's public page: only its own visit, tokens never guessed ----

  /** The link of a token, or the visitor's error page; unknown tokens count as guesses of the caller's address. */
  async function byToken(req: FastifyRequest, token: string) {
    if (await tooManyGuesses(db, GUESS_BUCKET, req.ip)) throw new AppError(429, 'avvisi.too_many_attempts', { minuti: LOGIN_WINDOW_MIN });
    const [a] = /^[A-Za-z0-9_-]{32}$/.test(token)
      ? await autFrom().where(eq(linkVisitatore.token_hash, hashToken(token)))
      : [];
    if (!a) {
      await db.insert(tentativiLogin).values({ username: GUESS_BUCKET, ip: req.ip });
      throw new AppError(404, 'avvisi.link_non_valido');
    }
    const par = await shared.parametri();
    if (!par.autoregistrazione) throw new AppError(410, 'avvisi.autoregistrazione_disattiva');
    if (a.stato_link === 'usato' || a.stato_link === 'revocato' || a.stato_link === 'scaduto') throw new AppError(410, `avvisi.link_${a.stato_link}`);
    return { a, par };
  }

  async function publicView(a: AutRow, par: TParametriVisite) {
    const [tipo] = await db.select().from(tipiVisitatore).where(eq(tipiVisitatore.id, a.tipo_id));
    const codice = a.compilato_il && a.codice ? formatCodiceVisita(a.codice) : null;
    return {
      stato: a.compilato_il ? ('compilato' as const) : ('da_compilare' as const),
      ospitante: await ospitante(), referente_nome: a.referente_nome, tipo_descrizione: a.tipo_descrizione, motivo_descrizione: a.motivo_descrizione,
      dal: a.dal, al: a.al, ora_da: a.ora_da, ora_a: a.ora_a, nome: a.nome, cognome: a.cognome, azienda: a.azienda, email: a.email, telefono: a.telefono,
      briefing_sicurezza: tipo.briefing_sicurezza, accompagnamento: tipo.accompagnamento, dpi_richiesti: tipo.dpi_richiesti,
      in_attesa_approvazione: a.approvazione === 'in_attesa',
      informativa_privacy: par.informativa_privacy, regole_sicurezza: par.regole_sicurezza,
      codice, qr_svg: codice ? await QRCode.toString(codice, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) : null,
    };
  }

  const tokenP = z.strictObject({ token: z.string().max(200) });
  r.get('/api/visita/:token', { config: { access: { public: true } }, schema: { tags, params: tokenP } }, async (req) => {
    const { a, par } = await byToken(req, req.params.token);
    return publicView(a, par);
  });

  r.post('/api/visita/:token', { config: { access: { public: true } }, schema: { tags, params: tokenP, body: ZRegistrazioneVisitatore } }, async (req) => {
    const { a, par } = await byToken(req, req.params.token);
    if (a.compilato_il) throw new AppError(409, 'avvisi.link_gia_compilato');
    const b = req.body;
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
        dopo: { nome: b.nome, cognome: b.cognome, azienda: b.azienda, informativa_privacy_accettata: true, regole_sicurezza_accettate: true, ip: req.ip },
      });
      return true;
    });
    if (!done) throw new AppError(409, 'avvisi.link_gia_compilato');
    const [fresh] = await autFrom().where(eq(linkVisitatore.id, a.link_id!));
    const view = await publicView(fresh, par);
    const lang = a.lingua ?? (await deps.defaultLang());
    const params = { nome: b.nome, ospitante: view.ospitante, referente: a.referente_nome, periodo: periodo(a), orario: `${a.ora_da}-${a.ora_a}`, codice: view.codice ?? '' };
    deps.mailer
      .send({
        to: a.email!,
        subject: await translate(db, lang, 'mail.registrazione_visitatore_oggetto', params),
        text: await translate(db, lang, 'mail.registrazione_visitatore_testo', params),
      })
      .catch((err) => req.log.error({ err }, 'registration mail failed'));
    return { message: 'avvisi.registrazione_completata', data: view };
  });

  // ---- the desk: check-in by code (typed, or scanned by a keyboard-wedge reader) ----

  async function byCodice(raw: string) {
    const codice = normalizeCodiceVisita(raw);
    // a malformed code or a wrong check symbol: a typo or a tampered QR code
    if (!codice) throw badRequest({ codice: 'avvisi.codice_non_valido' });
    const [a] = await autFrom().where(and(eq(linkVisitatore.codice, codice), isNotNull(linkVisitatore.compilato_il)));
    if (!a) throw new AppError(404, 'avvisi.codice_non_valido');
    return a;
  }
  const codiceP = z.strictObject({ codice: zText(40) });
  r.get('/api/visite/codice/:codice', { config: { access: { routes: REGISTRO } }, schema: { tags, params: codiceP } }, async (req) => {
    const a = await byCodice(req.params.codice);
    return { ...a, codice: formatCodiceVisita(a.codice!) };
  });
  r.post('/api/visite/codice/:codice/ingresso', { config: { access: { routes: REGISTRO } }, schema: { tags, params: codiceP, body: ZIngressoAutorizzato.nullish() } }, async (req, reply) => {
    const user = currentUser(req);
    const a = await byCodice(req.params.codice);
    const visita = await shared.ingressoAutorizzato(user, a as never, req.body ?? {}, req.log);
    return reply.status(201).send({ message: 'avvisi.created', params: checkInParams(visita), data: visita });
  });
}
// LINK_READY: the server side of the links is in place (see docs/api-visite.md).
