import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aliasedTable, and, count, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { durataFasce } from '@tulip/attendance';
import { ZCausale, ZDecisione, ZGiustificativiQuery, ZGiustificativoInput, ZSaldiQuery, zId } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import { eachDay, localNow } from '../../platform/dates';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { currentUser, type CurrentUser } from '../../platform/guard';
import { defineResource } from '../../platform/resource';
import { centriCosto, dipendenti, reparti, utenti } from '../anagrafica';
import { dipendentiScope } from '../anagrafica';
import { holidays, resolveSchedule, toEngineTurno } from '../turni';
import { assertMonthOpen } from '../turni';
import { employeeInScope } from '../anagrafica';
import { causali, giustificativi, spettanze } from './tables';
import { sendTranslatedMail, translate } from '../lingue';
import { ACTIVE, overlapCond } from './service';
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

  /** Minutes a set of leave takes in a year: hours as asked, full days as the shift's theoretical time. */
  async function minutesOf(dipId: number, anno: number, leaves: { dal: string; al: string; minuti: number | null }[]) {
    const dal = `${anno}-01-01`;
    const al = `${anno}-12-31`;
    const [schedule, feste] = await Promise.all([resolveSchedule(db, [dipId], dal, al), holidays(db, dal, al)]);
    const row = schedule.get(dipId)!;
    const dayMinutes = (d: string) => {
      const t = row.get(d)?.turno;
      if (!t || feste.has(d)) return 0;
      return t.minuti_teorici ?? durataFasce(toEngineTurno(t));
    };
    return leaves.reduce((sum, l) => {
      if (l.minuti != null) return l.dal.slice(0, 4) === String(anno) ? sum + l.minuti : sum;
      return sum + eachDay(l.dal < dal ? dal : l.dal, l.al > al ? al : l.al).reduce((s, d) => s + dayMinutes(d), 0);
    }, 0);
  }

  async function saldi(dipId: number, anno: number) {
    const tracked = await db.select().from(causali).where(eq(causali.saldo, true)).orderBy(causali.codice);
    const own = await db.select().from(spettanze).where(and(eq(spettanze.dipendente_id, dipId), eq(spettanze.anno, anno)));
    const leave = await db
      .select({ causale_id: giustificativi.causale_id, dal: giustificativi.dal, al: giustificativi.al, minuti: giustificativi.minuti, stato: giustificativi.stato })
      .from(giustificativi)
      .where(and(eq(giustificativi.dipendente_id, dipId), inArray(giustificativi.stato, ACTIVE), lte(giustificativi.dal, `${anno}-12-31`), gte(giustificativi.al, `${anno}-01-01`)));
    const today = localNow(config.timezone).data;
    const monthsAccrued = Number(today.slice(0, 4)) > anno ? 12 : Number(today.slice(0, 4)) < anno ? 0 : Number(today.slice(5, 7));
    return Promise.all(
      tracked.map(async (c) => {
        const o = own.find((x) => x.causale_id === c.id);
        const spettanza = o ? o.minuti + o.residuo_precedente : c.spettanza_annua_minuti ?? 0;
        const mine = leave.filter((l) => l.causale_id === c.id);
        const goduto = await minutesOf(dipId, anno, mine.filter((l) => l.stato === 'approvato'));
        const richiesto = await minutesOf(dipId, anno, mine.filter((l) => l.stato === 'richiesto'));
        return {
          codice: c.codice, descrizione: c.descrizione, unita: c.unita, spettanza,
          maturato: Math.round((spettanza * monthsAccrued) / 12), goduto, richiesto, residuo: spettanza - goduto - richiesto,
        };
      }),
    );
  }

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
    const user = currentUser(req);
    const b = req.body;
    const dipId = b.dipendente_id ?? user.dipendente_id;
    if (!dipId) throw badRequest({ dipendente_id: 'avvisi.campo_richiesto' });
    const forOther = dipId !== user.dipendente_id;
    if (forOther && user.profilo?.scope === 'proprio') throw notFound();
    const dip = await employeeInScope(db, user, dipId);
    const [c] = await db.select().from(causali).where(and(eq(causali.codice, b.codice), eq(causali.attiva, true)));
    if (!c) throw badRequest({ codice: 'avvisi.causale_sconosciuta' });
    if (c.unita === 'H' && b.minuti === undefined) throw badRequest({ minuti: 'avvisi.campo_richiesto' });
    if (c.unita === 'G' && b.minuti !== undefined) throw badRequest({ minuti: 'avvisi.causale_a_giorni' });
    if (c.richiede_certificato && !b.certificato) throw badRequest({ certificato: 'avvisi.campo_richiesto' });
    if (b.dal < dip.data_assunzione || (dip.data_cessazione && b.al > dip.data_cessazione)) throw badRequest({ dal: 'avvisi.fuori_rapporto' });
    if (b.minuti !== undefined) {
      // hours may not exceed the day's theoretical time (or a whole day where there is no shift)
      const [day] = [(await resolveSchedule(db, [dipId], b.dal, b.dal)).get(dipId)!.get(b.dal)!];
      const max = day.turno ? day.turno.minuti_teorici ?? durataFasce(toEngineTurno(day.turno)) : 0;
      if (b.minuti > max) throw badRequest({ minuti: 'avvisi.ore_oltre_giornata' });
    }
    const hr = user.profilo?.scope === 'tutti' && forOther;
    const stato = hr || !c.richiede_approvazione ? 'approvato' : 'richiesto';
    // read before the transaction: on the embedded database a query outside an open transaction would wait for it
    if (c.saldo) {
      // leave across the year end draws each year's days from that year's balance (a year not begun yet has its full entitlement)
      for (let anno = Number(b.dal.slice(0, 4)); anno <= Number(b.al.slice(0, 4)); anno++) {
        const saldo = (await saldi(dipId, anno)).find((s) => s.codice === c.codice)!;
        const need = await minutesOf(dipId, anno, [{ dal: b.dal, al: b.al, minuti: b.minuti ?? null }]);
        if (need > saldo.residuo) {
          throw new AppError(409, 'avvisi.saldo_insufficiente', { anno, residuo: fmtHours(saldo.residuo), richiesto: fmtHours(need) });
        }
      }
    }
    const id = await db.transaction(async (tx) => {
      for (const m of new Set(eachDay(b.dal, b.al).map((d) => d.slice(0, 7)))) await assertMonthOpen(tx as never, `${m}-01`);
      const clash = await tx
        .select({ id: giustificativi.id, minuti: giustificativi.minuti })
        .from(giustificativi)
        .where(overlapCond(dipId, b.dal, b.al));
      // two hour-based requests may share a day; anything with a full day may not
      if (clash.some((x) => x.minuti == null || b.minuti === undefined)) throw new AppError(409, 'avvisi.giustificativo_sovrapposto');
      const [row] = await tx
        .insert(giustificativi)
        .values({
          dipendente_id: dipId, causale_id: c.id, dal: b.dal, al: b.al, minuti: b.minuti ?? null, stato, note: b.note ?? null,
          certificato: b.certificato ?? null, richiesto_da: user.id, ...(stato === 'approvato' ? { deciso_da: user.id, deciso_il: now() } : {}),
        })
        .returning({ id: giustificativi.id });
      await audit(tx as never, user, { entita: 'giustificativi', entita_id: row.id, azione: 'richiesta', dopo: { ...b, dipendente_id: dipId, stato } });
      return row.id;
    });
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
      return saldi(dipId, req.query.anno ?? Number(localNow(config.timezone).data.slice(0, 4)));
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

export const fmtHours = (min: number) => `${min < 0 ? '-' : ''}${Math.floor(Math.abs(min) / 60)}:${String(Math.abs(min) % 60).padStart(2, '0')}`;
