import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { seesLeaveType, ZCartellinoQuery, ZMeseBody, ZTotalizQuery, zId, zMese } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { calendarioRoutes } from './calendario';
import { giornateRoutes } from './giornate';
import { audit } from '../../platform/audit';
import { localNow, monthRange } from '../../platform/dates';
import { AppError, notFound } from '../../platform/errors';
import { currentUser, type CurrentUser } from '../../platform/guard';
import { impostazioni } from '../../platform/db/tables';
import { causali } from '../giustificativi';
import { mesiChiusi } from '../turni';
import { companyData, companyLogo, employeeInScope, staffInScope, type Staff } from '../anagrafica';
import { buildMonths, presenceBoard } from './service';
import { sendXlsx } from '../../platform/export/xlsx';
import { cartellinoPdf, hmm } from './pdf';
import { utenti } from '../anagrafica';
import { messagesOf } from '../lingue';

const CARTELLINO = ['cartellino'];
const HR = { routes: ['cartellino', 'totaliz'], scopes: ['tutti'] as 'tutti'[] };

export function consultazioneRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const tz = config.timezone;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['consultazione'];
  calendarioRoutes(app, deps);
  giornateRoutes(app, deps);

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
    const azienda = await companyData(db);
    const logo = await companyLogo(db, azienda);
    const pdf = await cartellinoPdf(c, { ...azienda, logo }, (await anomalyLabels(currentUser(req))).short);
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

  /** Who is in right now, for everyone in scope (or one department). */
  // why someone is absent (sickness is health data, GDPR art. 9) only for who manages leave; reception sees "on leave"
  const presenze = (user: CurrentUser, repartoId?: number) => presenceBoard(db, tz, user, { repartoId, seesCausale: seesLeaveType(user.profilo) });
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
