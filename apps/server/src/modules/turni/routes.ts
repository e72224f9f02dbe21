import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, isNull, lte, or, gte, sql } from 'drizzle-orm';
import { aliasedTable } from 'drizzle-orm';
import { z } from 'zod';
import { computeDay, validaTurno } from '@tulip/attendance';
import {
  ZAssegnazioneOrario, ZCalendarioCella, ZCalendarioQuery, ZCalendarioRotazione, ZFestivita, ZOrarioSettimanale, ZTurno, zDate, zId, zOrario,
} from '@tulip/contract';
import type { AppDeps } from '../../app';
import { audit } from '../../platform/audit';
import { addDays, daysBetween, eachDay } from '../../platform/dates';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { currentUser } from '../../platform/guard';
import { codeLabel, defineResource } from '../../platform/resource';
import { dipendenti } from '../anagrafica/tables';
import { dipendentiScope } from '../anagrafica/routes';
import { assertMonthOpen } from '../timbrature/service';
import { approvedLeave } from '../giustificativi/service';
import { staffInScope } from '../consultazione/service';
import { assegnazioniOrario, calendarioServizi, festivita, orariSettimanali, turni } from './tables';
import { holidays, resolveSchedule, restBetween, toEngineTurno, type TurnoRow } from './service';
import { now } from '../../platform/clock';

const PLANNERS = ['turni.definizione', 'turni.calendario', 'turni.orari'];
const READERS = [...PLANNERS, 'timbrature.calendario', 'cartellino', 'giustificativi.calendario'];
const MAX_GIORNI = 62;

export function turniRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['turni'];

  const checkTurno = (t: z.infer<typeof ZTurno>) => {
    const errors = validaTurno({ ...t, minuti_teorici: t.minuti_teorici ?? undefined });
    if (errors.length) throw badRequest({ fasce: errors[0] });
  };

  defineResource(app, db, {
    name: 'turni', path: '/api/turni', tag: 'turni', table: turni, idColumn: turni.id, input: ZTurno,
    read: READERS, write: ['turni.definizione'], writeScopes: ['tutti'], lookupForAll: true,
    columns: {
      id: turni.id, codice: turni.codice, descrizione: turni.descrizione, colore: turni.colore, fasce: turni.fasce,
      minuti_teorici: turni.minuti_teorici, flessibilita: turni.flessibilita, tolleranza: turni.tolleranza,
      arrotondamento_entrata: turni.arrotondamento_entrata, arrotondamento_uscita: turni.arrotondamento_uscita,
      soglia_straordinario: turni.soglia_straordinario, blocco_straordinario: turni.blocco_straordinario,
      pausa_minima: turni.pausa_minima, notturno: turni.notturno,
    },
    search: [turni.codice, turni.descrizione], defaultSort: 'codice',
    lookup: { value: turni.id, label: codeLabel(turni.codice, turni.descrizione) },
    model: () => ({
      codice: '', descrizione: '', colore: '#1677ff', fasce: [{ inizio: '08:30', fine: '12:30' }, { inizio: '13:30', fine: '17:30' }],
      minuti_teorici: null, flessibilita: 0, tolleranza: 0, arrotondamento_entrata: 0, arrotondamento_uscita: 0,
      soglia_straordinario: 0, blocco_straordinario: 0, pausa_minima: 0, notturno: { inizio: '22:00', fine: '06:00' },
    }),
    beforeWrite: async (_tx, input) => checkTurno(input),
    toValues: (t) => ({ ...t, minuti_teorici: t.minuti_teorici ?? null }),
  });

  const ZAnteprima = z.strictObject({
    turno: ZTurno,
    tipo_giorno: z.enum(['lavorativo', 'riposo', 'festivo']).default('lavorativo'),
    timbrature: z.array(z.strictObject({ ora: zOrario, verso: z.enum(['E', 'U']), giorno_dopo: z.boolean().optional() })).max(20),
    giustificativi: z.array(z.strictObject({ codice: z.string().max(20), unita: z.enum(['G', 'H']), minuti: z.number().int().min(0).max(1440).optional() })).max(10).default([]),
  });
  r.post('/api/turni/anteprima', { config: { access: { routes: PLANNERS } }, schema: { tags, body: ZAnteprima } }, async (req) => {
    const b = req.body;
    checkTurno(b.turno);
    const data = '2026-01-14'; // a plain Wednesday with no DST change: the preview is about the rules
    const turno = toEngineTurno({ ...b.turno, id: 0, minuti_teorici: b.turno.minuti_teorici ?? null } as TurnoRow);
    return computeDay({
      data, tipo_giorno: b.tipo_giorno, turno,
      timbrature: b.timbrature.map((t) => ({ ts: `${t.giorno_dopo ? addDays(data, 1) : data}T${t.ora}:00`, verso: t.verso })),
      giustificativi: b.giustificativi,
    });
  });

  defineResource(app, db, {
    name: 'orari_settimanali', path: '/api/orari', tag: 'turni', table: orariSettimanali, idColumn: orariSettimanali.id, input: ZOrarioSettimanale,
    read: READERS, write: ['turni.orari'], writeScopes: ['tutti'], lookupForAll: true,
    columns: { id: orariSettimanali.id, codice: orariSettimanali.codice, descrizione: orariSettimanali.descrizione, giorni: orariSettimanali.giorni },
    search: [orariSettimanali.codice, orariSettimanali.descrizione], defaultSort: 'codice',
    lookup: { value: orariSettimanali.id, label: codeLabel(orariSettimanali.codice, orariSettimanali.descrizione) },
    model: () => ({ codice: '', descrizione: '', giorni: [null, null, null, null, null, null, null] }),
    beforeWrite: async (tx, input) => {
      const ids = input.giorni.filter((x): x is number => x != null);
      const found = ids.length ? await tx.select({ id: turni.id }).from(turni).where(inArray(turni.id, ids)) : [];
      if (found.length !== new Set(ids).size) throw badRequest({ giorni: 'avvisi.turno_sconosciuto' });
    },
  });

  const dipA = aliasedTable(dipendenti, 'dip_a');
  const orA = aliasedTable(orariSettimanali, 'or_a');
  defineResource(app, db, {
    name: 'assegnazioni_orario', path: '/api/assegnazioni-orario', tag: 'turni', table: assegnazioniOrario, idColumn: assegnazioniOrario.id,
    input: ZAssegnazioneOrario, read: READERS, write: ['turni.orari'], writeScopes: ['tutti'],
    columns: {
      id: assegnazioniOrario.id, dipendente_id: assegnazioniOrario.dipendente_id, orario_id: assegnazioniOrario.orario_id,
      dal: assegnazioniOrario.dal, al: assegnazioniOrario.al,
      dipendente_nome: sql<string>`${dipA.cognome} || ' ' || ${dipA.nome}`.as('dipendente_nome'),
      orario_descrizione: orA.descrizione,
    },
    joins: (q) => q.innerJoin(dipA, eq(dipA.id, assegnazioniOrario.dipendente_id)).innerJoin(orA, eq(orA.id, assegnazioniOrario.orario_id)),
    search: [dipA.cognome, dipA.nome, orA.descrizione], filters: { dipendente_id: assegnazioniOrario.dipendente_id, orario_id: assegnazioniOrario.orario_id },
    defaultSort: '-dal',
    lookup: { value: assegnazioniOrario.id, label: orA.descrizione },
    scope: (user) => {
      const s = dipendentiScope(user);
      return s ? sql`${assegnazioniOrario.dipendente_id} in (select ${dipendenti.id} from ${dipendenti} where ${s})` : undefined;
    },
    model: () => ({ dipendente_id: null, orario_id: null, dal: null, al: null }),
    toValues: (v) => ({ ...v, al: v.al ?? null }),
    beforeWrite: async (tx, input, ctx) => {
      // one schedule at a time: periods of the same employee may not overlap
      const clash = await tx
        .select({ id: assegnazioniOrario.id })
        .from(assegnazioniOrario)
        .where(
          and(
            eq(assegnazioniOrario.dipendente_id, input.dipendente_id),
            input.al ? lte(assegnazioniOrario.dal, input.al) : undefined,
            or(isNull(assegnazioniOrario.al), gte(assegnazioniOrario.al, input.dal)),
            ctx.existing ? sql`${assegnazioniOrario.id} <> ${ctx.existing.id as number}` : undefined,
          ),
        )
        .limit(1);
      if (clash.length) throw new AppError(409, 'avvisi.periodo_sovrapposto');
    },
  });

  defineResource(app, db, {
    name: 'festivita', path: '/api/festivita', tag: 'turni', table: festivita, idColumn: festivita.id, input: ZFestivita,
    read: READERS, write: ['turni.festivita'], writeScopes: ['tutti'], lookupForAll: true,
    columns: { id: festivita.id, data: festivita.data, descrizione: festivita.descrizione, tipo: festivita.tipo },
    search: [festivita.descrizione], defaultSort: 'data',
    lookup: { value: festivita.id, label: festivita.descrizione },
    model: () => ({ data: null, descrizione: '', tipo: 'chiusura' }),
  });

  r.get('/api/festivita/anno/:anno', { config: { access: { auth: true } }, schema: { tags, params: z.strictObject({ anno: z.coerce.number().int().min(1900).max(2200) }) } }, async (req) => {
    const map = await holidays(db, `${req.params.anno}-01-01`, `${req.params.anno}-12-31`);
    return [...map.values()].sort((a, b) => (a.data < b.data ? -1 : 1));
  });

  function restWarnings(dipId: number, row: Map<string, { turno: TurnoRow | null }>, days: string[]) {
    const out: { dipendente_id: number; data: string; message: string; params: { ore: string } }[] = [];
    for (let i = 1; i < days.length; i++) {
      const a = row.get(days[i - 1])?.turno;
      const b = row.get(days[i])?.turno;
      if (!a || !b) continue;
      const rest = restBetween(a, b);
      if (rest < 660) out.push({ dipendente_id: dipId, data: days[i], message: 'avvisi.riposo_insufficiente', params: { ore: (rest / 60).toFixed(1) } });
    }
    return out;
  }

  async function calendar(user: ReturnType<typeof currentUser>, q: z.infer<typeof ZCalendarioQuery>) {
    if (q.al < q.dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
    if (daysBetween(q.dal, q.al) >= MAX_GIORNI) throw badRequest({ al: 'avvisi.periodo_troppo_lungo' });
    const people = await staffInScope(db, user, q.dal, q.al, q.reparto_id, undefined, q.dipendente_id);
    const ids = people.map((p) => p.id);
    // one day earlier, for the rest check of the first day
    const [schedule, feste, leave] = await Promise.all([
      resolveSchedule(db, ids, addDays(q.dal, -1), q.al),
      holidays(db, q.dal, q.al),
      approvedLeave(db, ids, q.dal, q.al, true),
    ]);
    const days = eachDay(q.dal, q.al);
    const avvisi: ReturnType<typeof restWarnings> = [];
    const righe = people.map((p) => {
      const row = schedule.get(p.id)!;
      avvisi.push(...restWarnings(p.id, row, [addDays(q.dal, -1), ...days]));
      const celle: Record<string, unknown> = Object.create(null); // keyed by dates
      for (const d of days) {
        const c = row.get(d)!;
        const g = leave.find((l) => l.dipendente_id === p.id && l.dal <= d && l.al >= d);
        celle[d] = {
          turno_id: c.turno?.id ?? null, codice: c.turno?.codice ?? null, colore: c.turno?.colore ?? null, origine: c.origine,
          giustificativo: g ? { codice: g.codice, colore: g.colore, stato: g.stato } : null,
        };
      }
      return { dipendente: p, celle };
    });
    return {
      giorni: days.map((d) => ({ data: d, festivo: feste.has(d), ...(feste.has(d) ? { festivita: feste.get(d)!.descrizione } : {}) })),
      righe,
      avvisi,
    };
  }

  const calAccess = { routes: ['turni.calendario'] };
  const calWrite = { routes: ['turni.calendario'], scopes: ['tutti', 'reparto'] as ('tutti' | 'reparto')[] };

  r.get('/api/turni/calendario', { config: { access: calAccess }, schema: { tags, querystring: ZCalendarioQuery } }, async (req) => calendar(currentUser(req), req.query));

  async function inScope(user: ReturnType<typeof currentUser>, dipId: number) {
    const [row] = await db.select({ id: dipendenti.id }).from(dipendenti).where(and(eq(dipendenti.id, dipId), dipendentiScope(user)));
    if (!row) throw notFound();
  }

  async function setCell(tx: typeof db, user: ReturnType<typeof currentUser>, dipId: number, data: string, turnoId: number | null | undefined) {
    await assertMonthOpen(tx, data);
    const [before] = await tx.select().from(calendarioServizi).where(and(eq(calendarioServizi.dipendente_id, dipId), eq(calendarioServizi.data, data)));
    if (turnoId === undefined) {
      await tx.delete(calendarioServizi).where(and(eq(calendarioServizi.dipendente_id, dipId), eq(calendarioServizi.data, data)));
    } else {
      await tx
        .insert(calendarioServizi)
        .values({ dipendente_id: dipId, data, turno_id: turnoId, modificato_da: user.id })
        .onConflictDoUpdate({
          target: [calendarioServizi.dipendente_id, calendarioServizi.data],
          set: { turno_id: turnoId, modificato_da: user.id, modificato_il: now() },
        });
    }
    return before ?? null;
  }

  r.put('/api/turni/calendario', { config: { access: calWrite }, schema: { tags, body: ZCalendarioCella } }, async (req, reply) => {
    const user = currentUser(req);
    const b = req.body;
    await inScope(user, b.dipendente_id);
    if (b.turno_id) {
      const [t] = await db.select({ id: turni.id }).from(turni).where(eq(turni.id, b.turno_id));
      if (!t) throw badRequest({ turno_id: 'avvisi.turno_sconosciuto' });
    }
    await db.transaction(async (tx) => {
      const before = await setCell(tx as never, user, b.dipendente_id, b.data, b.turno_id);
      await audit(tx as never, user, { entita: 'calendario_servizi', entita_id: `${b.dipendente_id}:${b.data}`, azione: 'assegna', prima: before, dopo: b });
    });
    const view = await calendar(user, { dal: b.data, al: b.data, dipendente_id: b.dipendente_id });
    const near = await calendar(user, { dal: addDays(b.data, -1), al: addDays(b.data, 1), dipendente_id: b.dipendente_id });
    return reply.status(201).send({ message: 'avvisi.created', data: view.righe[0]?.celle[b.data] ?? null, avvisi: near.avvisi });
  });

  r.delete(
    '/api/turni/calendario/:dipendente_id/:data',
    { config: { access: calWrite }, schema: { tags, params: z.strictObject({ dipendente_id: zId, data: zDate }) } },
    async (req, reply) => {
      const user = currentUser(req);
      await inScope(user, req.params.dipendente_id);
      await db.transaction(async (tx) => {
        const before = await setCell(tx as never, user, req.params.dipendente_id, req.params.data, undefined);
        if (!before) throw notFound();
        await audit(tx as never, user, { entita: 'calendario_servizi', entita_id: `${req.params.dipendente_id}:${req.params.data}`, azione: 'ripristina_orario', prima: before });
      });
      return reply.status(204).send();
    },
  );

  r.put('/api/turni/calendario/rotazione', { config: { access: calWrite }, schema: { tags, body: ZCalendarioRotazione } }, async (req, reply) => {
    const user = currentUser(req);
    const b = req.body;
    if (daysBetween(b.dal, b.al) > 366) throw badRequest({ al: 'avvisi.periodo_troppo_lungo' });
    const visible = await db.select({ id: dipendenti.id }).from(dipendenti).where(and(inArray(dipendenti.id, b.dipendenti), dipendentiScope(user)));
    if (visible.length !== new Set(b.dipendenti).size) throw notFound();
    const ids = b.sequenza.filter((x): x is number => x != null);
    const found = ids.length ? await db.select({ id: turni.id }).from(turni).where(inArray(turni.id, ids)) : [];
    if (found.length !== new Set(ids).size) throw badRequest({ sequenza: 'avvisi.turno_sconosciuto' });
    const days = eachDay(b.dal, b.al);
    const step = b.periodo === 'settimana' ? 7 : 1;
    let n = 0;
    await db.transaction(async (tx) => {
      for (const [i, dip] of b.dipendenti.entries()) {
        const values = days.map((d, k) => ({
          dipendente_id: dip, data: d, modificato_da: user.id,
          turno_id: b.sequenza[(Math.floor(k / step) + i * b.sfasamento) % b.sequenza.length],
        }));
        for (const d of days) await assertMonthOpen(tx as never, d);
        await tx
          .insert(calendarioServizi)
          .values(values)
          .onConflictDoUpdate({ target: [calendarioServizi.dipendente_id, calendarioServizi.data], set: { turno_id: sql`excluded.turno_id`, modificato_da: user.id, modificato_il: now() } });
        n += values.length;
      }
      await audit(tx as never, user, { entita: 'calendario_servizi', azione: 'rotazione', dopo: b });
    });
    return reply.status(201).send({ message: 'avvisi.created', data: { celle: n } });
  });

  r.get('/api/turni/calendario/excel', { config: { access: calAccess }, schema: { tags, querystring: ZCalendarioQuery } }, async (req, reply) => {
    const cal = await calendar(currentUser(req), req.query);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Calendario servizi');
    ws.addRow(['Matricola', 'Dipendente', 'Reparto', ...cal.giorni.map((g) => `${g.data.slice(8, 10)}/${g.data.slice(5, 7)}`)]).font = { bold: true };
    for (const row of cal.righe) {
      ws.addRow([
        row.dipendente.matricola, `${row.dipendente.cognome} ${row.dipendente.nome}`, row.dipendente.reparto_descrizione ?? '',
        ...cal.giorni.map((g) => {
          const c = row.celle[g.data] as { codice: string | null; giustificativo: { codice: string } | null };
          return c.giustificativo?.codice ?? c.codice ?? 'R';
        }),
      ]);
    }
    ws.getColumn(2).width = 28;
    ws.views = [{ state: 'frozen', xSplit: 3, ySplit: 1 }];
    const buf = await wb.xlsx.writeBuffer();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="calendario-servizi-${req.query.dal}.xlsx"`)
      .send(Buffer.from(buf as ArrayBuffer));
  });
}
