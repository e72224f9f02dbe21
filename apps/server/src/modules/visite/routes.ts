/** Visitor register (issue #4, first slice): lookups, reception check-in/out, evacuation list, parameters, retention. */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aliasedTable, and, count, desc, eq, gte, ilike, isNull, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZAutorizzazione, ZAutorizzazioniQuery, ZIngressoAutorizzato, ZNoBody, ZMotivoVisita, ZParametriVisite, ZReferenteVisita, ZTipoVisitatore, ZVisitaIngresso, ZVisitaUscita, ZVisiteQuery, zDate, zId, zText } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { impostazioni } from '../../platform/db/tables';
import { addDays, localNow } from '../../platform/dates';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { currentUser, type CurrentUser } from '../../platform/guard';
import { containsPattern, defineResource } from '../../platform/resource';
import { dipendenti, reparti } from '../anagrafica';
import { dipendentiScope } from '../anagrafica';
import { sendTranslatedMail } from '../lingue';
import { timbrature } from '../timbrature';
import { instantToLocal, localToInstant } from '../../platform/dates';
import { sendXlsx } from '../../platform/export/xlsx';
import { linkRoutes } from './link';
import { autorizzazioni, linkVisitatore, motiviVisita, referentiVisita, tipiVisitatore, visite } from './tables';
import { sqlNow } from '../../platform/clock';
import { checkInParams, checkOutParams } from './messages';
import { PARAMETRI_KEY, parametriVisite, runRetention } from './service';

const REGISTRO = ['visite.registro'];
export function visiteRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const tz = config.timezone;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['visite'];
  const local = (col: unknown) => instantToLocal(col, tz);

  defineResource(app, db, {
    name: 'motivi_visita', label: ['Motivo di visita', 'Motivi di visita'], path: '/api/visite/motivi', tag: 'visite', table: motiviVisita, idColumn: motiviVisita.id, input: ZMotivoVisita,
    read: ['visite.motivovisita', 'visite.autorizzazioni', ...REGISTRO], write: ['visite.motivovisita'], lookupForAll: true,
    columns: { id: motiviVisita.id, codice: motiviVisita.codice, descrizione: motiviVisita.descrizione, attivo: motiviVisita.attivo },
    search: [motiviVisita.codice, motiviVisita.descrizione], defaultSort: 'descrizione',
    lookup: { value: motiviVisita.id, label: motiviVisita.descrizione },
    model: () => ({ codice: '', descrizione: '', attivo: true }),
  });

  defineResource(app, db, {
    name: 'tipi_visitatore', label: ['Tipo di visitatore', 'Tipi di visitatore'], path: '/api/visite/tipi', tag: 'visite', table: tipiVisitatore, idColumn: tipiVisitatore.id, input: ZTipoVisitatore,
    read: ['visite.tipovisitatore', 'visite.autorizzazioni', ...REGISTRO], write: ['visite.tipovisitatore'], lookupForAll: true,
    columns: {
      id: tipiVisitatore.id, codice: tipiVisitatore.codice, descrizione: tipiVisitatore.descrizione, briefing_sicurezza: tipiVisitatore.briefing_sicurezza,
      richiede_approvazione: tipiVisitatore.richiede_approvazione,
      accompagnamento: tipiVisitatore.accompagnamento, dpi_richiesti: tipiVisitatore.dpi_richiesti, colore_badge: tipiVisitatore.colore_badge,
      giorni_conservazione: tipiVisitatore.giorni_conservazione, attivo: tipiVisitatore.attivo,
    },
    search: [tipiVisitatore.codice, tipiVisitatore.descrizione], defaultSort: 'descrizione',
    lookup: { value: tipiVisitatore.id, label: tipiVisitatore.descrizione },
    model: () => ({ codice: '', descrizione: '', briefing_sicurezza: false, accompagnamento: false, dpi_richiesti: false, colore_badge: '#1677ff', giorni_conservazione: null, richiede_approvazione: false, attivo: true }),
    toValues: (v) => ({ ...v, giorni_conservazione: v.giorni_conservazione ?? null }),
  });

  const dipR = aliasedTable(dipendenti, 'dip_r');
  const repR = aliasedTable(reparti, 'rep_r');
  defineResource(app, db, {
    name: 'referenti_visita', label: ['Referente', 'Referenti'], path: '/api/visite/referenti', tag: 'visite', table: referentiVisita, idColumn: referentiVisita.id, input: ZReferenteVisita,
    read: ['visite.referentevisita', ...REGISTRO], write: ['visite.referentevisita'], lookupForAll: true,
    columns: {
      id: referentiVisita.id, dipendente_id: referentiVisita.dipendente_id, notifica_email: referentiVisita.notifica_email, attivo: referentiVisita.attivo,
      dipendente_nome: sql<string>`${dipR.cognome} || ' ' || ${dipR.nome}`.as('dipendente_nome'), email: dipR.email, reparto_descrizione: repR.descrizione,
    },
    joins: (q) => q.innerJoin(dipR, eq(dipR.id, referentiVisita.dipendente_id)).leftJoin(repR, eq(repR.id, dipR.reparto_id)),
    search: [dipR.cognome, dipR.nome], defaultSort: 'dipendente_nome',
    lookup: { value: referentiVisita.dipendente_id, label: sql<string>`${dipR.cognome} || ' ' || ${dipR.nome}` },
    model: () => ({ dipendente_id: null, notifica_email: true, attivo: true }),
  });

  const tipoV = aliasedTable(tipiVisitatore, 'tipo_v');
  const motV = aliasedTable(motiviVisita, 'mot_v');
  const refV = aliasedTable(dipendenti, 'ref_v');
  const columns = {
    id: visite.id, nome: visite.nome, cognome: visite.cognome, azienda: visite.azienda, email: visite.email, tipo_id: visite.tipo_id,
    tipo_descrizione: tipoV.descrizione, colore_badge: tipoV.colore_badge, motivo_id: visite.motivo_id, motivo_descrizione: motV.descrizione,
    referente_id: visite.referente_id, referente_nome: sql<string>`${refV.cognome} || ' ' || ${refV.nome}`, documento_tipo: visite.documento_tipo,
    documento_numero: sql<string | null>`case when ${visite.documento_numero} is null then null else '•••••' || ${visite.documento_numero} end`,
    badge: visite.badge, entrata: local(visite.entrata), uscita: sql<string | null>`case when ${visite.uscita} is null then null else ${local(visite.uscita)} end`,
    note: visite.note, anonimizzata: visite.anonimizzata,
  };
  const listFrom = () =>
    db
      .select(columns)
      .from(visite)
      .innerJoin(tipoV, eq(tipoV.id, visite.tipo_id))
      .innerJoin(motV, eq(motV.id, visite.motivo_id))
      .innerJoin(refV, eq(refV.id, visite.referente_id))
      .$dynamic();
  const readOne = async (id: number) => (await listFrom().where(eq(visite.id, id)))[0];

  function whereOf(q: z.infer<typeof ZVisiteQuery>) {
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

  r.get('/api/visite', { config: { access: { routes: REGISTRO } }, schema: { tags, querystring: ZVisiteQuery } }, async (req) => {
    const q = req.query;
    const where = whereOf(q);
    const [rows, [{ n }]] = await Promise.all([
      listFrom().where(where).orderBy(desc(visite.entrata)).limit(q.size).offset((q.page - 1) * q.size),
      db.select({ n: count() }).from(visite).where(where),
    ]);
    return { rows, total: Number(n) };
  });

  r.get('/api/visite/precedenti', { config: { access: { routes: REGISTRO } }, schema: { tags, querystring: z.object({ search: zText(100) }) } }, async (req) => {
    if (req.query.search.length < 2) return [];
    const like = containsPattern(req.query.search);
    return db
      .selectDistinctOn([visite.cognome, visite.nome, visite.azienda], {
        nome: visite.nome, cognome: visite.cognome, azienda: visite.azienda, email: visite.email, tipo_id: visite.tipo_id, ultima_visita: local(visite.entrata),
      })
      .from(visite)
      .where(and(eq(visite.anonimizzata, false), or(ilike(visite.nome, like), ilike(visite.cognome, like), ilike(visite.azienda, like), ilike(sql`${visite.cognome} || ' ' || ${visite.nome}`, like))))
      .orderBy(visite.cognome, visite.nome, visite.azienda, desc(visite.entrata))
      .limit(20);
  });

  /** Checks a visitor in: required fields, active lookups, a free badge, the document masked, the referent told. */
  async function checkIn(user: CurrentUser, b: z.infer<typeof ZVisitaIngresso>, log: FastifyBaseLogger, autorizzazioneId?: number, anyReferent = false) {
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
    const data = await readOne(id);
    if (par.email_referente && referente.notifica && referente.d.email) {
      const lang = await deps.defaultLang();
      sendTranslatedMail(db, deps.mailer, referente.d.email, lang, 'visita', {
        referente: referente.d.nome, visitatore: `${b.nome} ${b.cognome}`, azienda: b.azienda ?? '-', ora: data.entrata.slice(11, 16), badge: data.badge ?? '-', motivo: motivo.descrizione,
      }).catch((err) => log.error({ err }, 'visit mail failed'));
    }
    return data;
  }

  r.put('/api/visite', { config: { access: { routes: REGISTRO } }, schema: { tags, body: ZVisitaIngresso } }, async (req, reply) => {
    const data = await checkIn(currentUser(req), req.body, req.log);
    return reply.status(201).send({ message: 'avvisi.created', params: checkInParams(data), data });
  });

  r.post('/api/visite/:id/uscita', { config: { access: { routes: REGISTRO } }, schema: { tags, params: z.strictObject({ id: zId }), body: ZVisitaUscita.nullish() } }, async (req) => {
    const user = currentUser(req);
    const [v] = await db.select().from(visite).where(eq(visite.id, req.params.id));
    if (!v) throw notFound();
    if (v.uscita) throw new AppError(409, 'avvisi.visita_gia_uscita');
    const uscita = req.body?.uscita ?? localNow(tz).ts;
    if (uscita > localNow(tz).ts) throw badRequest({ uscita: 'avvisi.ora_futura' });
    // the exit and its audit entry are one write: a refused call changes nothing
    await db.transaction(async (tx) => {
      const [ok] = await tx
        .update(visite)
        .set({ uscita: localToInstant(uscita, tz) as never, badge_restituito: req.body?.badge_restituito ?? true })
        .where(and(eq(visite.id, v.id), isNull(visite.uscita), sql`${visite.entrata} <= ${localToInstant(uscita, tz)}`))
        .returning({ id: visite.id });
      if (!ok) throw badRequest({ uscita: 'avvisi.uscita_prima_entrata' });
      await audit(tx as never, user, { entita: 'visite', entita_id: v.id, azione: 'uscita', dopo: { uscita, badge_restituito: req.body?.badge_restituito ?? true } });
    });
    const data = await readOne(v.id);
    return { message: 'avvisi.updated', params: checkOutParams(data, uscita), data };
  });

  r.get('/api/visite/evacuazione', { config: { access: { routes: [...REGISTRO, 'presentiassenti'] } }, schema: { tags } }, async (req) => {
    const user = currentUser(req);
    const today = localNow(tz).data;
    const rep = aliasedTable(reparti, 'rep_e');
    const last = db
      .selectDistinctOn([timbrature.dipendente_id], { dipendente_id: timbrature.dipendente_id, verso: timbrature.verso, ts: timbrature.ts })
      .from(timbrature)
      .where(and(eq(timbrature.stato, 'valida'), gte(timbrature.ts, localToInstant(`${addDays(today, -1)}T12:00:00`, tz)), lt(timbrature.ts, sql`${sqlNow()} + interval '1 minute'`)))
      .orderBy(timbrature.dipendente_id, desc(timbrature.ts))
      .as('ultima');
    const dip = await db
      .select({ matricola: dipendenti.matricola, cognome: dipendenti.cognome, nome: dipendenti.nome, reparto_descrizione: rep.descrizione, entrata: local(last.ts) })
      .from(last)
      .innerJoin(dipendenti, eq(dipendenti.id, last.dipendente_id))
      .leftJoin(rep, eq(rep.id, dipendenti.reparto_id))
      .where(and(eq(last.verso, 'E'), dipendentiScope(user)))
      .orderBy(dipendenti.cognome, dipendenti.nome);
    const vis = await listFrom().where(isNull(visite.uscita)).orderBy(visite.cognome);
    return {
      generato_il: localNow(tz).ts,
      dipendenti: dip,
      visitatori: vis.map((v) => ({ id: v.id, nome: v.nome, cognome: v.cognome, azienda: v.azienda, badge: v.badge, referente_nome: v.referente_nome, entrata: v.entrata })),
    };
  });

  r.get('/api/visite/excel', { config: { access: { routes: REGISTRO } }, schema: { tags, querystring: z.object({ dal: zDate, al: zDate }) } }, async (req, reply) => {
    if (req.query.al < req.query.dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
    const rows = await listFrom().where(whereOf({ ...req.query, page: 1, size: 1 })).orderBy(visite.entrata).limit(50_000);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Registro visite');
    ws.addRow(['Entrata', 'Uscita', 'Cognome', 'Nome', 'Azienda', 'Tipo', 'Motivo', 'Referente', 'Badge', 'Documento']).font = { bold: true };
    const it = (s: string | null) => (s ? `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)} ${s.slice(11, 16)}` : '');
    for (const v of rows) ws.addRow([it(v.entrata), it(v.uscita), v.cognome, v.nome, v.azienda ?? '', v.tipo_descrizione, v.motivo_descrizione, v.referente_nome, v.badge ?? '', v.documento_numero ?? '']);
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    return sendXlsx(reply, wb, `registro-visite-${req.query.dal}-${req.query.al}.xlsx`);
  });


  // ---- authorisations: expected visits, checked in with one click ----
  const AUT = ['visite.autorizzazioni'];
  const ADMIN = 'visite.parametri';
  const seesAll = (u: CurrentUser) => (u.profilo?.routes ?? []).some((x) => x === 'visite.registro' || x === ADMIN);
  const tipoA = aliasedTable(tipiVisitatore, 'tipo_a');
  const motA = aliasedTable(motiviVisita, 'mot_a');
  const refA = aliasedTable(dipendenti, 'ref_a');
  const todayExpr = () => sql`${localNow(tz).data}::date`;
  const statoExpr = sql<string>`case when ${autorizzazioni.stato} = 'attiva' and ${autorizzazioni.al} < ${todayExpr()} then 'scaduta' else ${autorizzazioni.stato} end`;
  /** A link's state: the authorisation's, and for an active one whether its window is over or the visitor registered. */
  const statoLinkExpr = () => sql<string>`case when ${autorizzazioni.stato} = 'usata' then 'usato'
      when ${autorizzazioni.stato} = 'revocata' or ${autorizzazioni.approvazione} = 'rifiutata' then 'revocato'
      when (${autorizzazioni.al} + ${autorizzazioni.ora_a}::time) <= ${localNow(tz).ts}::timestamp then 'scaduto'
      when ${linkVisitatore.compilato_il} is not null then 'compilato' else 'inviato' end`;
  const autColumns = () => ({
    id: autorizzazioni.id, referente_id: autorizzazioni.referente_id, richiesta_da: autorizzazioni.richiesta_da, referente_nome: sql<string>`${refA.cognome} || ' ' || ${refA.nome}`,
    nome: autorizzazioni.nome, cognome: autorizzazioni.cognome, azienda: autorizzazioni.azienda, email: autorizzazioni.email,
    tipo_id: autorizzazioni.tipo_id, tipo_descrizione: tipoA.descrizione, colore_badge: tipoA.colore_badge, motivo_id: autorizzazioni.motivo_id,
    motivo_descrizione: motA.descrizione, dal: autorizzazioni.dal, al: autorizzazioni.al, ora_da: autorizzazioni.ora_da, ora_a: autorizzazioni.ora_a,
    note: autorizzazioni.note, stato: statoExpr, approvazione: autorizzazioni.approvazione, visita_id: autorizzazioni.visita_id,
    creata_il: local(autorizzazioni.creata_il),
    link_id: linkVisitatore.id, codice: linkVisitatore.codice, telefono: linkVisitatore.telefono, lingua: linkVisitatore.lingua,
    inviato_il: sql<string | null>`case when ${linkVisitatore.inviato_il} is null then null else ${local(linkVisitatore.inviato_il)} end`,
    compilato_il: sql<string | null>`case when ${linkVisitatore.compilato_il} is null then null else ${local(linkVisitatore.compilato_il)} end`,
    stato_link: statoLinkExpr(),
    puo_entrare: sql<boolean>`(${autorizzazioni.stato} = 'attiva' and ${autorizzazioni.approvazione} in ('non_richiesta', 'approvata') and ${todayExpr()} between ${autorizzazioni.dal} and ${autorizzazioni.al})`,
  });
  const autFrom = () =>
    db
      .select(autColumns())
      .from(autorizzazioni)
      .innerJoin(tipoA, eq(tipoA.id, autorizzazioni.tipo_id))
      .innerJoin(motA, eq(motA.id, autorizzazioni.motivo_id))
      .innerJoin(refA, eq(refA.id, autorizzazioni.referente_id))
      .leftJoin(linkVisitatore, eq(linkVisitatore.autorizzazione_id, autorizzazioni.id))
      .$dynamic();
  /** Reception and administrators see all; others the visits authorised for them or by them. */
  const autScope = (u: CurrentUser) =>
    seesAll(u) ? undefined : or(eq(autorizzazioni.referente_id, u.dipendente_id ?? -1), eq(autorizzazioni.richiesta_da, u.id));
  type AutRow = Awaited<ReturnType<typeof autFrom>>[number];
  /** Who may revoke: whoever created it, its referent, or an administrator; only while active. */
  const puoRevocare = (u: CurrentUser, a: { stato: string; referente_id: number; richiesta_da: number | null }) =>
    a.stato === 'attiva' && (a.richiesta_da === u.id || a.referente_id === u.dipendente_id || (u.profilo?.routes ?? []).includes(ADMIN));
  const withPermessi = <T extends AutRow>(u: CurrentUser, a: T) => ({ ...a, puo_revocare: puoRevocare(u, a) });
  const autOne = async (u: CurrentUser, id: number) => {
    const [row] = await autFrom().where(and(eq(autorizzazioni.id, id), autScope(u)));
    if (!row) throw notFound();
    return withPermessi(u, row);
  };

  r.get('/api/visite/autorizzazioni', { config: { access: { routes: AUT } }, schema: { tags, querystring: ZAutorizzazioniQuery } }, async (req) => {
    const user = currentUser(req);
    const q = req.query;
    const today = localNow(tz).data;
    const where = and(
      autScope(user),
      q.oggi ? and(lte(autorizzazioni.dal, today), gte(autorizzazioni.al, today)) : undefined,
      q.dal ? gte(autorizzazioni.al, q.dal) : undefined,
      q.al ? lte(autorizzazioni.dal, q.al) : undefined,
      q.stato ? sql`${statoExpr} = ${q.stato}` : undefined,
    );
    const [rows, [{ n }]] = await Promise.all([
      autFrom().where(where).orderBy(autorizzazioni.dal, autorizzazioni.ora_da).limit(q.size).offset((q.page - 1) * q.size),
      db.select({ n: count() }).from(autorizzazioni).where(where),
    ]);
    return { rows: rows.map((a) => withPermessi(user, a)), total: Number(n) };
  });

  /** Validates and stores an expected visit (also the base of a self-registration link); returns its id. */
  async function createAutorizzazione(user: CurrentUser, b: Omit<z.infer<typeof ZAutorizzazione>, 'email'> & { email?: string }, tx: Db = db) {
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

  r.put('/api/visite/autorizzazioni', { config: { access: { routes: AUT } }, schema: { tags, body: ZAutorizzazione } }, async (req, reply) => {
    const user = currentUser(req);
    const id = await db.transaction((tx) => createAutorizzazione(user, req.body, tx as never));
    return reply.status(201).send({ message: 'avvisi.created', data: await autOne(user, id) });
  });

  const idP = z.strictObject({ id: zId });
  async function setState(user: CurrentUser, id: number, change: Partial<typeof autorizzazioni.$inferInsert>, allowed: (a: Awaited<ReturnType<typeof autOne>>) => boolean, azione: string) {
    const a = await autOne(user, id);
    if (!allowed(a)) throw new AppError(409, 'avvisi.stato_non_valido', { stato: a.approvazione === 'in_attesa' ? a.approvazione : a.stato });
    await db.transaction(async (tx) => {
      await tx.update(autorizzazioni).set(change).where(eq(autorizzazioni.id, id));
      await audit(tx as never, user, { entita: 'autorizzazioni_visita', entita_id: id, azione, prima: { stato: a.stato, approvazione: a.approvazione }, dopo: change });
    });
    return { message: 'avvisi.updated', data: await autOne(user, id) };
  }
  r.post('/api/visite/autorizzazioni/:id/approva', { config: { access: { routes: [ADMIN] } }, schema: { tags, params: idP, body: ZNoBody } }, async (req) => {
    const user = currentUser(req);
    return setState(user, req.params.id, { approvazione: 'approvata', approvata_da: user.id }, (a) => a.approvazione === 'in_attesa' && a.stato === 'attiva', 'approva');
  });
  r.post('/api/visite/autorizzazioni/:id/rifiuta', { config: { access: { routes: [ADMIN] } }, schema: { tags, params: idP, body: ZNoBody } }, async (req) => {
    const user = currentUser(req);
    return setState(user, req.params.id, { approvazione: 'rifiutata', approvata_da: user.id }, (a) => a.approvazione === 'in_attesa' && a.stato === 'attiva', 'rifiuta');
  });
  r.post('/api/visite/autorizzazioni/:id/revoca', { config: { access: { routes: AUT } }, schema: { tags, params: idP, body: ZNoBody } }, async (req) => {
    const user = currentUser(req);
    const a = await autOne(user, req.params.id);
    if (a.stato === 'attiva' && !a.puo_revocare) throw forbidden();
    return setState(user, a.id, { stato: 'revocata' }, (x) => x.stato === 'attiva', 'revoca');
  });

  /** Lets an expected visitor in: one refusal message per reason, the name taken from the authorisation unless given. */
  async function ingressoAutorizzato(user: CurrentUser, a: AutRow, b: z.infer<typeof ZIngressoAutorizzato>, log: FastifyBaseLogger) {
    const now = localNow(tz);
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

  r.post('/api/visite/autorizzazioni/:id/ingresso', { config: { access: { routes: REGISTRO } }, schema: { tags, params: idP, body: ZIngressoAutorizzato.nullish() } }, async (req, reply) => {
    const user = currentUser(req);
    const visita = await ingressoAutorizzato(user, await autOne(user, req.params.id), req.body ?? {}, req.log);
    return reply.status(201).send({ message: 'avvisi.created', params: checkInParams(visita), data: visita });
  });

  const parAccess = { routes: ['visite.parametri'] };
  r.get('/api/visite/parametri', { config: { access: { routes: ['visite.parametri', ...REGISTRO] } }, schema: { tags } }, async () => parametriVisite(db));
  r.post('/api/visite/parametri', { config: { access: parAccess }, schema: { tags, body: ZParametriVisite } }, async (req) => {
    const before = await parametriVisite(db);
    const value = JSON.stringify(req.body);
    await db.transaction(async (tx) => {
      await tx.insert(impostazioni).values({ chiave: PARAMETRI_KEY, valore: value }).onConflictDoUpdate({ target: impostazioni.chiave, set: { valore: value } });
      await audit(tx as never, currentUser(req), { entita: 'parametri_visite', azione: 'update', prima: before, dopo: req.body });
    });
    return { message: 'avvisi.updated', data: await parametriVisite(db) };
  });
  r.post('/api/visite/conservazione', { config: { access: parAccess }, schema: { tags, body: ZNoBody } }, async (req) => {
    const n = await runRetention(db, currentUser(req));
    return { message: 'avvisi.conservazione_eseguita', params: { n }, data: { anonimizzate: n } };
  });

  linkRoutes(app, deps, { autFrom, statoLinkExpr, autScope, seesAll, puoRevocare, createAutorizzazione, ingressoAutorizzato, setState: setState as never, parametri: () => parametriVisite(db) });
}
