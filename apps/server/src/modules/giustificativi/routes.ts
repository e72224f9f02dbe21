import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aliasedTable, and, count, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZCausale, ZDecisione, ZGiustificativiQuery, ZGiustificativoInput, ZSaldiQuery, zId } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import { localNow } from '../../platform/dates';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { currentUser, type CurrentUser } from '../../platform/guard';
import { defineResource } from '../../platform/resource';
import { centriCosto, dipendenti, reparti, utenti } from '../anagrafica';
import { dipendentiScope } from '../anagrafica';
import { assertMonthOpen } from '../turni';
import { employeeInScope } from '../anagrafica';
import { causali, giustificativi } from './tables';
import { sendTranslatedMail, translate } from '../lingue';
import { ACTIVE, balances, requestLeave } from './service';
import { now } from '../../platform/clock';

const ROUTES = ['giustificativi.calendario'];
const READ = [...ROUTES, 'assenti.all', 'assenti.cdc', 'cartellino'];

export function giustificativiRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['giustificativi'];

  defineResource(app, db, {
    name: 'causali', label: ['Causale', 'Causali'], path: '/api/causali', tag: 'giustificativi', table: causali, idColumn: causali.id, input: ZCausale,
    read: ['giustificativi.causali', ...READ], write: ['giustificativi.causali'], writeScopes: ['tutti'], lookupForAll: true,
    columns: {
      id: causali.id, codice: causali.codice, descrizione: causali.descrizione, unita: causali.unita, retribuita: causali.retribuita,
      richiede_approvazione: causali.richiede_approvazione, conta_come_lavorato: causali.conta_come_lavorato, saldo: causali.saldo,
      spettanza_annua_minuti: causali.spettanza_annua_minuti, codice_paghe: causali.codice_paghe, richiede_certificato: causali.richiede_certificato,
      colore: causali.colore, attiva: causali.attiva,
    },
    search: [causali.codice, causali.descrizione], defaultSort: 'codice',
    lookup: { value: causali.codice, label: sql<string>`${causali.codice} || ' - ' || ${causali.descrizione}` },
    model: () => ({
      codice: '', descrizione: '', unita: 'G', retribuita: true, richiede_approvazione: true, conta_come_lavorato: false, saldo: false,
      spettanza_annua_minuti: null, codice_paghe: null, richiede_certificato: false, colore: '#52c41a', attiva: true,
    }),
    toValues: (v) => ({ ...v, spettanza_annua_minuti: v.spettanza_annua_minuti ?? null, codice_paghe: v.codice_paghe ?? null }),
  });

  const dipL = aliasedTable(dipendenti, 'dip_l');
  const repL = aliasedTable(reparti, 'rep_l');
  const decider = aliasedTable(utenti, 'ut_l');
  const listColumns = {
    id: giustificativi.id, dipendente_id: giustificativi.dipendente_id, dipendente_nome: sql<string>`${dipL.cognome} || ' ' || ${dipL.nome}`,
    matricola: dipL.matricola, reparto_descrizione: repL.descrizione, codice: causali.codice, causale_descrizione: causali.descrizione,
    colore: causali.colore, unita: causali.unita, dal: giustificativi.dal, al: giustificativi.al, minuti: giustificativi.minuti,
    stato: giustificativi.stato, note: giustificativi.note, certificato: giustificativi.certificato,
    richiesto_il: sql<string>`to_char(${giustificativi.richiesto_il} at time zone ${config.timezone}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
    deciso_da_nome: decider.username, motivo_decisione: giustificativi.motivo_decisione,
  };
  const listFrom = () =>
    db
      .select(listColumns)
      .from(giustificativi)
      .innerJoin(dipL, eq(dipL.id, giustificativi.dipendente_id))
      .leftJoin(repL, eq(repL.id, dipL.reparto_id))
      .innerJoin(causali, eq(causali.id, giustificativi.causale_id))
      .leftJoin(decider, eq(decider.id, giustificativi.deciso_da))
      .$dynamic();
  const scopeOf = (user: CurrentUser) => {
    const s = dipendentiScope(user);
    return s ? sql`${giustificativi.dipendente_id} in (select ${dipendenti.id} from ${dipendenti} where ${s})` : undefined;
  };

  r.get('/api/giustificativi', { config: { access: { routes: READ } }, schema: { tags, querystring: ZGiustificativiQuery } }, async (req) => {
    const user = currentUser(req);
    const q = req.query;
    const where = and(
      scopeOf(user),
      q.dal ? gte(giustificativi.al, q.dal) : undefined,
      q.al ? lte(giustificativi.dal, q.al) : undefined,
      q.dipendente_id ? eq(giustificativi.dipendente_id, q.dipendente_id) : undefined,
      q.reparto_id ? eq(dipL.reparto_id, q.reparto_id) : undefined,
      q.cdc_id ? eq(dipL.cdc_id, q.cdc_id) : undefined,
      q.causale ? eq(causali.codice, q.causale) : undefined,
      q.stato ? eq(giustificativi.stato, q.stato) : undefined,
    );
    const [rows, [{ n }]] = await Promise.all([
      listFrom().where(where).orderBy(desc(giustificativi.dal), desc(giustificativi.id)).limit(q.size).offset((q.page - 1) * q.size),
      db
        .select({ n: count() })
        .from(giustificativi)
        .innerJoin(dipL, eq(dipL.id, giustificativi.dipendente_id))
        .innerJoin(causali, eq(causali.id, giustificativi.causale_id))
        .where(where),
    ]);
    return { rows, total: Number(n) };
  });

  const readOne = async (id: number) => (await listFrom().where(eq(giustificativi.id, id)))[0];

  r.put('/api/giustificativi', { config: { access: { routes: ROUTES } }, schema: { tags, body: ZGiustificativoInput } }, async (req, reply) => {
    const id = await requestLeave(db, config.timezone, currentUser(req), req.body);
    return reply.status(201).send({ message: 'avvisi.created', params: { context: 'richiesta' }, data: await readOne(id) });
  });

  const idParams = z.strictObject({ id: zId });

  /** Approvers: HR (scope tutti) and the managers of the employee's department, never for their own leave. */
  async function decide(user: CurrentUser, id: number, stato: 'approvato' | 'rifiutato', motivo?: string) {
    if (user.profilo?.scope === 'proprio') throw forbidden();
    const [g] = await db.select().from(giustificativi).where(eq(giustificativi.id, id));
    if (!g) throw notFound();
    await employeeInScope(db, user, g.dipendente_id);
    if (g.dipendente_id === user.dipendente_id) throw new AppError(403, 'avvisi.approvazione_propria');
    if (g.stato !== 'richiesto') throw new AppError(409, 'avvisi.stato_non_valido', { stato: g.stato });
    await db.transaction(async (tx) => {
      await assertMonthOpen(tx as never, g.dal);
      await tx.update(giustificativi).set({ stato, deciso_da: user.id, deciso_il: now(), motivo_decisione: motivo ?? null }).where(eq(giustificativi.id, id));
      await audit(tx as never, user, { entita: 'giustificativi', entita_id: id, azione: stato, prima: { stato: g.stato }, dopo: { stato }, motivo });
    });
    const data = await readOne(id);
    // the requester hears of it (unless they switched the e-mails off); the answer does not wait for the mail
    tellRequester(data).catch((err) => app.log.error({ err }, 'decision mail failed'));
    return { message: 'avvisi.updated', params: { context: stato === 'approvato' ? 'richiesta_approvata' : 'richiesta_rifiutata' }, data };
  }

  /** An e-mail to the users of the employee a decided request is about, in their language, when they want one. */
  async function tellRequester(g: Awaited<ReturnType<typeof readOne>>) {
    const to = await db
      .select({ email: utenti.email, lingua: utenti.lingua })
      .from(utenti)
      .where(and(eq(utenti.dipendente_id, g.dipendente_id), eq(utenti.attivo, true), eq(utenti.notifiche_email, true)));
    const date = (d: string) => d.split('-').reverse().join('/');
    for (const u of to) {
      if (!u.email) continue;
      const lang = u.lingua ?? (await deps.defaultLang());
      const esito = await translate(db, lang, `mail.esito_${g.stato}`);
      const params = {
        nome: g.dipendente_nome, causale: g.causale_descrizione, dal: date(g.dal), al: date(g.al), esito,
        motivo: g.motivo_decisione ? await translate(db, lang, 'mail.decisione_motivo', { motivo: g.motivo_decisione }) : '',
      };
      await sendTranslatedMail(db, deps.mailer, u.email, lang, 'decisione', params);
    }
  }

  /** The user's own requests decided by someone else in the last two weeks: what the home page tells them. */
  r.get('/api/giustificativi/decisioni', { config: { access: { routes: ROUTES } }, schema: { tags } }, async (req) => {
    const user = currentUser(req);
    if (!user.dipendente_id) return [];
    return listFrom()
      .where(
        and(
          eq(giustificativi.dipendente_id, user.dipendente_id), inArray(giustificativi.stato, ['approvato', 'rifiutato']), ne(giustificativi.deciso_da, user.id),
          gte(giustificativi.deciso_il, new Date(now().getTime() - 14 * 86_400_000)),
        ),
      )
      .orderBy(desc(giustificativi.deciso_il))
      .limit(20);
  });

  const decideAccess = { routes: ROUTES, scopes: ['tutti', 'reparto'] as ('tutti' | 'reparto')[] };
  r.post('/api/giustificativi/:id/approva', { config: { access: decideAccess }, schema: { tags, params: idParams, body: ZDecisione.nullish() } }, async (req) =>
    decide(currentUser(req), req.params.id, 'approvato', req.body?.motivo),
  );
  r.post('/api/giustificativi/:id/rifiuta', { config: { access: decideAccess }, schema: { tags, params: idParams, body: ZDecisione.nullish() } }, async (req) =>
    decide(currentUser(req), req.params.id, 'rifiutato', req.body?.motivo),
  );

  r.post('/api/giustificativi/:id/annulla', { config: { access: { routes: ROUTES } }, schema: { tags, params: idParams, body: ZDecisione.nullish() } }, async (req) => {
    const user = currentUser(req);
    const [g] = await db.select().from(giustificativi).where(eq(giustificativi.id, req.params.id));
    if (!g) throw notFound();
    await employeeInScope(db, user, g.dipendente_id);
    const own = g.dipendente_id === user.dipendente_id;
    // the requester withdraws a pending request; HR may also cancel an approved one, but not one of its own
    const allowed = (own && g.stato === 'richiesto') || (!own && user.profilo?.scope === 'tutti' && ACTIVE.includes(g.stato));
    if (!allowed) throw new AppError(409, 'avvisi.stato_non_valido', { stato: g.stato });
    await db.transaction(async (tx) => {
      await assertMonthOpen(tx as never, g.dal);
      await tx.update(giustificativi).set({ stato: 'annullato', deciso_da: user.id, deciso_il: now(), motivo_decisione: req.body?.motivo ?? null }).where(eq(giustificativi.id, g.id));
      await audit(tx as never, user, { entita: 'giustificativi', entita_id: g.id, azione: 'annullato', prima: { stato: g.stato }, dopo: { stato: 'annullato' } });
    });
    return { message: 'avvisi.updated', params: { context: 'richiesta_annullata' }, data: await readOne(g.id) };
  });

  r.get('/api/giustificativi/da-approvare', { config: { access: { routes: ROUTES } }, schema: { tags } }, async (req) => {
    const user = currentUser(req);
    if (user.profilo?.scope === 'proprio') return [];
    return listFrom()
      .where(and(scopeOf(user), eq(giustificativi.stato, 'richiesto'), user.dipendente_id ? ne(giustificativi.dipendente_id, user.dipendente_id) : undefined))
      .orderBy(giustificativi.dal)
      .limit(200);
  });

  r.get(
    '/api/giustificativi/saldi',
    { config: { access: { routes: READ } }, schema: { tags, querystring: ZSaldiQuery } },
    async (req) => {
      const user = currentUser(req);
      const dipId = req.query.dipendente_id ?? user.dipendente_id;
      if (!dipId) throw badRequest({ dipendente_id: 'avvisi.campo_richiesto' });
      await employeeInScope(db, user, dipId);
      return balances(db, config.timezone, dipId, req.query.anno ?? Number(localNow(config.timezone).data.slice(0, 4)));
    },
  );

  r.get(
    '/api/assenti/cdc',
    { config: { access: { routes: ['assenti.cdc', 'assenti.all'] } }, schema: { tags, querystring: z.object({ dal: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), al: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }) } },
    async (req) => {
      const user = currentUser(req);
      const { dal, al } = req.query;
      if (al < dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
      // full days count Monday to Friday only (weekends cost no leave); hours count as asked
      const workDays = sql<number>`(select count(*) from generate_series(greatest(${giustificativi.dal}, ${dal}::date), least(${giustificativi.al}, ${al}::date), interval '1 day') g where extract(isodow from g) < 6)`;
      const rows = await db
        .select({
          cdc_id: centriCosto.id, cdc_descrizione: sql<string | null>`${centriCosto.descrizione}`, codice: causali.codice, unita: causali.unita,
          giorni: sql<number>`coalesce(sum(case when ${giustificativi.minuti} is null then ${workDays} else 0 end), 0)::int`,
          minuti: sql<number>`coalesce(sum(${giustificativi.minuti}), 0)::int`,
        })
        .from(giustificativi)
        .innerJoin(dipL, eq(dipL.id, giustificativi.dipendente_id))
        .leftJoin(centriCosto, eq(centriCosto.id, dipL.cdc_id))
        .innerJoin(causali, eq(causali.id, giustificativi.causale_id))
        .where(and(scopeOf(user), eq(giustificativi.stato, 'approvato'), lte(giustificativi.dal, al), gte(giustificativi.al, dal)))
        .groupBy(centriCosto.id, centriCosto.descrizione, causali.codice, causali.unita)
        .orderBy(centriCosto.descrizione, causali.codice);
      return rows;
    },
  );
}
