import { anyOf } from '../../platform/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { seesLeaveType, ZCartellinoQuery, ZMeseBody, ZTotalizQuery, zId, zMese } from '@tulip/contract';
import type { AppDeps } from '../../app';
import { audit } from '../../platform/audit';
import { addDays, localNow, monthRange } from '../../platform/dates';
import { AppError, notFound } from '../../platform/errors';
import { currentUser, type CurrentUser } from '../../platform/guard';
import { impostazioni } from '../../platform/db/tables';
import { causali } from '../giustificativi/tables';
import { approvedLeave } from '../giustificativi/service';
import { mesiChiusi, timbrature } from '../timbrature/tables';
import { localToInstant, instantToLocal } from '../timbrature/service';
import { employeeInScope } from '../timbrature/routes';
import { holidays, resolveSchedule, type TurnoRow } from '../turni/service';
import { buildMonths, staffInScope, type Staff } from './service';
import { cartellinoPdf, hmm } from './pdf';
import { collocaFasce, minutiDaOrario } from '@tulip/attendance';
import { utenti } from '../anagrafica/tables';
import { messagesOf } from '../lingue/service';
import { sqlNow } from '../../platform/clock';

const CARTELLINO = ['cartellino'];
const HR = { routes: ['cartellino', 'totaliz'], scopes: ['tutti'] as 'tutti'[] };

export function consultazioneRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const tz = config.timezone;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['consultazione'];

  const isClosed = async (mese: string) => (await db.select().from(mesiChiusi).where(eq(mesiChiusi.mese, mese))).length > 0;

  async function cartellino(user: CurrentUser, dipId: number, mese: string) {
    const dip = await employeeInScope(db, user, dipId);
    const { dal, al } = monthRange(mese);
    const [month] = await buildMonths(db, tz, [{ ...dip, reparto_descrizione: null } as Staff], dal, al);
    const rep = await staffInScope(db, user, dal, al).then((s) => s.find((x) => x.id === dip.id));
    return {
      dipendente: { ...month.dipendente, reparto_descrizione: rep?.reparto_descrizione ?? null },
      mese,
      chiuso: await isClosed(mese),
      giorni: month.giorni,
      totali: month.totali,
    };
  }

  const q = ZCartellinoQuery;
  r.get('/api/cartellino', { config: { access: { routes: CARTELLINO } }, schema: { tags, querystring: q } }, async (req) =>
    cartellino(currentUser(req), req.query.dipendente, req.query.mese),
  );

  r.post('/api/cartellino/chiusura', { config: { access: HR }, schema: { tags, body: ZMeseBody } }, async (req) => {
    const user = currentUser(req);
    if (req.body.mese >= localNow(tz).data.slice(0, 7)) throw new AppError(409, 'avvisi.mese_in_corso');
    await db.insert(mesiChiusi).values({ mese: req.body.mese, chiuso_da: user.id }).onConflictDoNothing();
    await audit(db, user, { entita: 'mesi_chiusi', entita_id: req.body.mese, azione: 'chiusura' });
    return { message: 'avvisi.mese_chiuso_ok', data: { mese: req.body.mese, chiuso: true } };
  });

  r.delete('/api/cartellino/chiusura/:mese', { config: { access: HR }, schema: { tags, params: z.strictObject({ mese: zMese }) } }, async (req, reply) => {
    const user = currentUser(req);
    const gone = await db.delete(mesiChiusi).where(eq(mesiChiusi.mese, req.params.mese)).returning();
    if (!gone.length) throw notFound();
    await audit(db, user, { entita: 'mesi_chiusi', entita_id: req.params.mese, azione: 'riapertura' });
    return reply.status(204).send();
  });

  /** The screen's labels of the anomalies, in the user's language: exports say what the screen says. */
  async function anomalyLabels(user: CurrentUser): Promise<{ full: (code: string) => string; short: (code: string) => string }> {
    const [u] = await db.select({ lingua: utenti.lingua }).from(utenti).where(eq(utenti.id, user.id));
    const texts = (await messagesOf(db, u?.lingua ?? (await deps.defaultLang()))).anomalie ?? Object.create(null);
    return { full: (c) => texts[c] ?? c, short: (c) => texts[`breve.${c}`] ?? texts[c] ?? c };
  }

  r.get('/api/cartellino/pdf', { config: { access: { routes: CARTELLINO } }, schema: { tags, querystring: q } }, async (req, reply) => {
    const c = await cartellino(currentUser(req), req.query.dipendente, req.query.mese);
    const [az] = await db.select().from(impostazioni).where(eq(impostazioni.chiave, 'ragione_sociale'));
    const pdf = await cartellinoPdf(c, az?.valore ?? 'Tulip', (await anomalyLabels(currentUser(req))).short);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="cartellino-${c.dipendente.matricola}-${c.mese}.pdf"`)
      .send(Buffer.from(pdf));
  });

  r.get('/api/cartellino/excel', { config: { access: { routes: CARTELLINO } }, schema: { tags, querystring: q } }, async (req, reply) => {
    const c = await cartellino(currentUser(req), req.query.dipendente, req.query.mese);
    const label = (await anomalyLabels(currentUser(req))).full;
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(`Cartellino ${c.mese}`);
    ws.addRow([`${c.dipendente.cognome} ${c.dipendente.nome} (${c.dipendente.matricola})`, '', c.mese]).font = { bold: true };
    ws.addRow(['Data', 'Turno', 'Timbrature', 'Teorici', 'Lavorati', 'Ordinari', 'Straordinari', 'Notturni', 'Festivi', 'Ritardo', 'Uscita anticipata', 'Mancanti', 'Giustificativi', 'Anomalie']).font = { bold: true };
    // hours as Excel durations shown h:mm, as on the screen (a fraction of a day), so they add up in Excel
    const h = (m: number) => m / 1440;
    const durations = (row: { getCell: (i: number) => { numFmt: string } }) => {
      for (let i = 4; i <= 12; i++) row.getCell(i).numFmt = '[h]:mm';
    };
    for (const g of c.giorni) {
      durations(ws.addRow([
        g.data.split('-').reverse().join('/'), g.turno?.codice ?? '', g.timbrature.filter((t) => t.stato === 'valida').map((t) => `${t.verso} ${t.ts.slice(11, 16)}${t.differita ? ` (° ${t.differita.slice(11, 16)})` : ''}`).join(' '),
        h(g.minuti_teorici), h(g.minuti_lavorati), h(g.minuti_ordinari), h(g.minuti_straordinari), h(g.minuti_notturni), h(g.minuti_festivi),
        h(g.minuti_ritardo), h(g.minuti_uscita_anticipata), h(g.minuti_mancanti), g.giustificativi.map((x) => `${x.codice} ${hmm(x.minuti)}`).join(', '), g.anomalie.map(label).join(', '),
      ]));
    }
    const t = c.totali;
    const total = ws.addRow(['Totale', '', '', h(t.minuti_teorici), h(t.minuti_lavorati), h(t.minuti_ordinari), h(t.minuti_straordinari), h(t.minuti_notturni), h(t.minuti_festivi), h(t.minuti_ritardo), h(t.minuti_uscita_anticipata), h(t.minuti_mancanti)]);
    total.font = { bold: true };
    durations(total);
    return sendXlsx(reply, wb, `cartellino-${c.dipendente.matricola}-${c.mese}.xlsx`);
  });

  /**
   * Someone with a shift today, no entry and no leave (issue #12): expected until the first band's start plus the
   * flexibility and the tolerance (DESIGN §8 rules 2 and 6), late until that band ends, absent after. A shift that
   * starts in the evening (T3 at 22:00) is expected all day.
   */
  function absentState(turno: TurnoRow, nowMin: number): 'atteso' | 'in_ritardo' | 'assente' {
    // the bands laid out from midnight (a band past midnight ends the next day)
    const [first] = collocaFasce(turno.fasce);
    if (nowMin < first.inizio + turno.flessibilita + turno.tolleranza) return 'atteso';
    return nowMin < first.fine ? 'in_ritardo' : 'assente';
  }

  /**
   * Someone whose last punch today is an exit: gone in the middle of the shift (a break, an errand) is "uscito"; an
   * exit at the shift's end, with no shift today, or before today's shift began (it closed last night's) ends the day.
   */
  function exitState(turno: TurnoRow | null, exitMin: number): 'uscito' | 'turno_concluso' {
    if (!turno) return 'turno_concluso';
    const bands = collocaFasce(turno.fasce);
    return exitMin >= bands[0].inizio && exitMin < bands[bands.length - 1].fine - turno.tolleranza ? 'uscito' : 'turno_concluso';
  }

  /** Who is in right now, for everyone in scope (or one department). */
  async function presenze(user: CurrentUser, repartoId?: number) {
    const now = localNow(tz);
    const today = now.data;
    const staff = await staffInScope(db, user, today, today, repartoId);
    const ids = staff.map((s) => s.id);
    const [schedule, feste, leave, last] = await Promise.all([
      resolveSchedule(db, ids, today, today),
      holidays(db, today, today),
      approvedLeave(db, ids, today, today, false),
      ids.length
        ? db
            .selectDistinctOn([timbrature.dipendente_id], { dipendente_id: timbrature.dipendente_id, ts: instantToLocal(timbrature.ts, tz), verso: timbrature.verso })
            .from(timbrature)
            // since yesterday noon: a night shift started yesterday is still "in"
            .where(and(anyOf(timbrature.dipendente_id, ids), eq(timbrature.stato, 'valida'), gte(timbrature.ts, localToInstant(`${addDays(today, -1)}T12:00:00`, tz)), lt(timbrature.ts, sql`${sqlNow()} + interval '1 minute'`)))
            .orderBy(timbrature.dipendente_id, desc(timbrature.ts))
        : Promise.resolve([]),
    ]);
    const lastBy = new Map(last.map((l) => [l.dipendente_id, l]));
    // why someone is absent (sickness is health data, GDPR art. 9) only for who manages leave; reception sees "on leave"
    const seesCausale = seesLeaveType(user.profilo);
    const nowMin = minutiDaOrario(now.ts.slice(11, 16));
    const righe = staff.map((s) => {
      const p = lastBy.get(s.id);
      const todayPunch = p && (p.verso === 'E' || p.ts.slice(0, 10) === today) ? p : undefined;
      const g = leave.find((l) => l.dipendente_id === s.id);
      const turno = schedule.get(s.id)?.get(today)?.turno ?? null;
      const working = turno && !feste.has(today) ? turno : null;
      const stato = todayPunch
        ? todayPunch.verso === 'E' ? 'presente' : exitState(working, minutiDaOrario(todayPunch.ts.slice(11, 16)))
        : g ? 'assente_giustificato' : !working ? 'riposo' : absentState(working, nowMin);
      return {
        dipendente: { id: s.id, matricola: s.matricola, cognome: s.cognome, nome: s.nome, reparto_descrizione: s.reparto_descrizione },
        stato, ultima_timbratura: todayPunch ? { ts: todayPunch.ts, verso: todayPunch.verso } : null, causale: seesCausale ? g?.codice ?? null : null, turno: turno?.codice ?? null,
      };
    });
    const count = (st: string) => righe.filter((x) => x.stato === st).length;
    return {
      aggiornato_il: now.ts,
      contatori: {
        presenti: count('presente'), in_ritardo: count('in_ritardo'), attesi: count('atteso'), usciti: count('uscito'), turno_concluso: count('turno_concluso'),
        assenti_giustificati: count('assente_giustificato'), assenti: count('assente'), riposo: count('riposo'), totale: righe.length,
      },
      righe,
    };
  }
  const pq = z.object({ reparto_id: zId.optional() });
  r.get('/api/presenze', { config: { access: { routes: ['presentiassenti'] } }, schema: { tags, querystring: pq } }, async (req) => presenze(currentUser(req), req.query.reparto_id));
  r.get('/api/presenze/reparto', { config: { access: { routes: ['presentireparto'] } }, schema: { tags, querystring: pq } }, async (req) => {
    const user = currentUser(req);
    // the manager's own departments, whatever the profile's wider scope; who manages none but sees everyone (HR, an
    // administrator) gets every department, to pick one from, rather than an empty page
    const mine = user.reparti.length || user.profilo?.scope !== 'tutti' ? { ...user, profilo: user.profilo ? { ...user.profilo, scope: 'reparto' as const } : null } : user;
    return presenze(mine, req.query.reparto_id);
  });

  async function totaliz(user: CurrentUser, qy: z.infer<typeof ZTotalizQuery>) {
    const { dal, al } = monthRange(qy.mese);
    const staff = await staffInScope(db, user, dal, al, qy.reparto_id, qy.cdc_id);
    const months = await buildMonths(db, tz, staff, dal, al, { detail: false });
    const codes = [...new Set(months.flatMap((m) => Object.keys(m.totali.per_causale)))].sort();
    return { mese: qy.mese, chiuso: await isClosed(qy.mese), causali: codes, righe: months.map((m) => ({ dipendente: m.dipendente, totali: m.totali, giorni: m.giorni })) };
  }
  const totAccess = { routes: ['totaliz'] };
  r.get('/api/totaliz', { config: { access: totAccess }, schema: { tags, querystring: ZTotalizQuery } }, async (req) => {
    const t = await totaliz(currentUser(req), req.query);
    return { ...t, righe: t.righe.map(({ giorni: _g, ...rest }) => rest) };
  });

  r.get('/api/totaliz/excel', { config: { access: totAccess }, schema: { tags, querystring: ZTotalizQuery } }, async (req, reply) => {
    const t = await totaliz(currentUser(req), req.query);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(`Totalizzatori ${t.mese}`);
    ws.addRow(['Matricola', 'Dipendente', 'Reparto', 'Giorni lavorati', 'Ordinari', 'Straordinari', 'Notturni', 'Festivi', 'Ritardo', 'Mancanti', ...t.causali]).font = { bold: true };
    const h = (m: number) => Number((m / 60).toFixed(2));
    for (const x of t.righe) {
      const k = x.totali;
      ws.addRow([x.dipendente.matricola, `${x.dipendente.cognome} ${x.dipendente.nome}`, x.dipendente.reparto_descrizione ?? '', k.giorni_lavorati, h(k.minuti_ordinari), h(k.minuti_straordinari), h(k.minuti_notturni), h(k.minuti_festivi), h(k.minuti_ritardo), h(k.minuti_mancanti), ...t.causali.map((c) => h(k.per_causale[c] ?? 0))]);
    }
    ws.views = [{ state: 'frozen', xSplit: 2, ySplit: 1 }];
    return sendXlsx(reply, wb, `totalizzatori-${t.mese}.xlsx`);
  });

  /** Payroll export: one record per employee × day × payroll code, only for closed months. */
  r.get(
    '/api/totaliz/paghe',
    { config: { access: { routes: ['totaliz'], scopes: ['tutti'] } }, schema: { tags, querystring: z.object({ mese: zMese, formato: z.enum(['csv', 'xml']).default('csv') }) } },
    async (req, reply) => {
      const user = currentUser(req);
      if (!(await isClosed(req.query.mese))) throw new AppError(409, 'avvisi.mese_non_chiuso');
      const t = await totaliz(user, { mese: req.query.mese });
      const settings = new Map((await db.select().from(impostazioni)).map((s) => [s.chiave, s.valore]));
      const azienda = settings.get('codice_azienda') ?? '000001';
      const voci = { ordinari: 'ORD', straordinari: 'STR', notturni: 'NOT', festivi: 'FES', ...JSON.parse(settings.get('codici_paghe') ?? '{}') } as Record<string, string>;
      const byCausale = new Map((await db.select({ codice: causali.codice, paghe: causali.codice_paghe }).from(causali)).map((c) => [c.codice, c.paghe ?? c.codice]));
      const records: { matricola: string; voce: string; data: string; minuti: number }[] = [];
      for (const x of t.righe) {
        for (const g of x.giorni) {
          const push = (voce: string, minuti: number) => minuti > 0 && records.push({ matricola: x.dipendente.matricola, voce, data: g.data, minuti });
          push(voci.ordinari, g.minuti_ordinari);
          push(voci.straordinari, g.minuti_straordinari);
          push(voci.notturni, g.minuti_notturni);
          push(voci.festivi, g.minuti_festivi);
          for (const c of g.giustificativi) push(byCausale.get(c.codice) ?? c.codice, c.minuti);
        }
      }
      await audit(db, user, { entita: 'paghe', entita_id: req.query.mese, azione: `export_${req.query.formato}`, dopo: { record: records.length } });
      const name = `paghe-${azienda}-${req.query.mese}.${req.query.formato}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (req.query.formato === 'csv') {
        const lines = ['codice_azienda;codice_dipendente;codice_voce;data;ore;minuti', ...records.map((x) => [azienda, x.matricola, x.voce, x.data, Math.floor(x.minuti / 60), x.minuti % 60].join(';'))];
        return reply.header('content-type', 'text/csv; charset=utf-8').send(`${lines.join('\r\n')}\r\n`);
      }
      const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<movimenti codice_azienda="${esc(azienda)}" mese="${req.query.mese}">`,
        ...records.map((x) => `  <movimento codice_dipendente="${esc(x.matricola)}" codice_voce="${esc(x.voce)}" data="${x.data}" ore="${Math.floor(x.minuti / 60)}" minuti="${x.minuti % 60}"/>`),
        '</movimenti>',
      ].join('\n');
      return reply.header('content-type', 'application/xml; charset=utf-8').send(`${xml}\n`);
    },
  );
}

export async function sendXlsx(reply: import('fastify').FastifyReply, wb: { xlsx: { writeBuffer: () => Promise<unknown> } }, filename: string) {
  const buf = await wb.xlsx.writeBuffer();
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Buffer.from(buf as ArrayBuffer));
}
