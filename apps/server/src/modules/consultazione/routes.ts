/** The routes of the timecard engine's views, from their operations in the contract (OPS_CONSULTAZIONE): each handler calls one service function and sends its answer. */
import type { FastifyInstance } from 'fastify';
import { OPS_CONSULTAZIONE, RES_TRACCIATI_PAGHE } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { routes } from '../../platform/operation';
import { defineResource } from '../../platform/resource';
import { sendXlsx } from '../../platform/export/xlsx';
import { closeMonth, departmentPresence, presenceNow, reopenMonth, serviceCalendar, timecard, totalsOfMonth } from './service';
import { payrollExport, timecardPdf, timecardXlsx, totalsXlsx } from './exports';
import { assignShift, calendarXlsx, resetShift, rotateShifts } from './calendario';
import { monthDays, openAnomalies } from './giornate';
import { tracciatiPaghe } from './tables';
import { layoutExport } from './tracciati';
import { closedMonths, lulCalendar, lulPdf } from './lul';

export function consultazioneRoutes(app: FastifyInstance, { db, config, defaultLang }: AppDeps) {
  const tz = config.timezone;
  routes(app, OPS_CONSULTAZIONE, {
    cartellino: async (req) => timecard(db, tz, currentUser(req), req.query.dipendente, req.query.mese),
    cartellinoPdf: async (req, reply) => {
      const { pdf, filename } = await timecardPdf(db, tz, currentUser(req), req.query, defaultLang);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(Buffer.from(pdf));
    },
    cartellinoExcel: async (req, reply) => {
      const { wb, filename } = await timecardXlsx(db, tz, currentUser(req), req.query, defaultLang);
      return sendXlsx(reply, wb, filename);
    },
    chiudiMese: async (req) => {
      await closeMonth(db, tz, currentUser(req), req.body.mese);
      return { message: 'avvisi.mese_chiuso_ok', data: { mese: req.body.mese, chiuso: true } };
    },
    riapriMese: async (req, reply) => {
      await reopenMonth(db, currentUser(req), req.params.mese);
      return reply.status(204).send();
    },
    presenze: async (req) => presenceNow(db, tz, currentUser(req), req.query),
    presenzeReparto: async (req) => departmentPresence(db, tz, currentUser(req), req.query),
    totaliz: async (req) => totalsOfMonth(db, tz, currentUser(req), req.query),
    totalizExcel: async (req, reply) => {
      const { wb, filename } = await totalsXlsx(db, tz, currentUser(req), req.query);
      return sendXlsx(reply, wb, filename);
    },
    paghe: async (req, reply) => {
      const file = await payrollExport(db, tz, currentUser(req), req.query.mese, req.query.formato);
      return reply.header('content-disposition', `attachment; filename="${file.filename}"`).header('content-type', file.contentType).send(file.body);
    },
    esportaTracciato: async (req, reply) => {
      const file = await layoutExport(db, tz, currentUser(req), req.query.mese, req.query.tracciato);
      return reply.header('content-disposition', `attachment; filename="${file.filename}"`).header('content-type', file.contentType).send(file.body);
    },
    lulMesi: async () => closedMonths(db),
    lul: async (req) => lulCalendar(db, tz, currentUser(req), req.query.mese, req.query.dipendente_id),
    lulPdf: async (req, reply) => {
      const { pdf, filename } = await lulPdf(db, tz, currentUser(req), req.query);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(Buffer.from(pdf));
    },
    calendario: async (req) => serviceCalendar(db, currentUser(req), req.query),
    assegnaTurno: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', ...(await assignShift(db, currentUser(req), req.body)) }),
    ripristinaOrario: async (req, reply) => {
      await resetShift(db, currentUser(req), req.params.dipendente_id, req.params.data);
      return reply.status(204).send();
    },
    rotazione: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', data: { celle: await rotateShifts(db, currentUser(req), req.body) } }),
    calendarioExcel: async (req, reply) => {
      const { wb, filename } = await calendarXlsx(db, currentUser(req), req.query);
      return sendXlsx(reply, wb, filename);
    },
    giorni: async (req) => monthDays(db, tz, currentUser(req), req.query.dipendente_id, req.query.mese),
    anomalie: async (req) => openAnomalies(db, tz, currentUser(req), req.query),
  });

  const tp = tracciatiPaghe;
  defineResource(app, db, {
    resource: RES_TRACCIATI_PAGHE, table: tp, idColumn: tp.id,
    columns: {
      id: tp.id, nome: tp.nome, tipo: tp.tipo, separatore: tp.separatore, intestazione: tp.intestazione, codifica: tp.codifica,
      codice_azienda: tp.codice_azienda, campi: tp.campi, mappatura: tp.mappatura, codici_dipendenti: tp.codici_dipendenti,
    },
    search: [tp.nome], defaultSort: 'nome',
    lookup: { value: tp.id, label: tp.nome },
    model: () => ({
      nome: '', tipo: 'csv', separatore: ';', intestazione: true, codifica: 'utf-8', codice_azienda: null,
      campi: [
        { tipo: 'codice_dipendente', intestazione: 'DIPENDENTE' }, { tipo: 'data', intestazione: 'DATA', formato: 'AAAAMMGG' },
        { tipo: 'codice_voce', intestazione: 'VOCE' }, { tipo: 'ore', intestazione: 'ORE', formato: 'hh,mm' }, { tipo: 'importo', intestazione: 'IMPORTO', formato: 'centesimi' },
      ],
      mappatura: [], codici_dipendenti: [],
    }),
    toValues: (v) => ({ ...v, separatore: v.separatore ?? ';', intestazione: v.intestazione ?? false, codice_azienda: v.codice_azienda || null }),
  });
}
