/**
 * Time on job orders (issue #15): the module's operations (packages/contract/src/ops/rilevazione.ts), each a thin
 * handler over one service function.
 */
import type { FastifyInstance } from 'fastify';
import { OPS_COMMESSE, OPS_RAPPORTINI, OPS_RILEVAZIONE } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { sendXlsx } from '../../platform/export/xlsx';
import { currentUser } from '../../platform/guard';
import { pickOps, routes, sendJsonText } from '../../platform/operation';
import { orderReport, orderReportWorkbook, ordersTimeline, planningGridJson, planningWorkbook, REPORT_OPS } from '../commesse';
import { registrato } from './registrato';
import { approveReport, createReport, listReports, readReport, reportPdfFile, signReport, updateReport } from './rapportino';
import { sendFile } from '../../platform/files';
import { phaseAction, runningPhase, terminalPhaseAction, terminalState } from './fasi';
import { TERMINAL_HEADER } from '../kiosk';
import { reconciliation, reconciliationWorkbook } from './riconciliazione';
import { correctBooking, createBooking, deleteBooking, listBookings, readParametri, saveParametri } from './service';
import { decideWeek, readWeek, recentWeekDecisions, reopenWeek, saveWeek, sendWeek, weeksToDecide } from './settimana';

const phaseMessage = (op: string) => (op === 'cf' ? 'avvisi.fase_chiusa_ok' : op === 'rtf' ? 'avvisi.fase_registrata_ok' : 'avvisi.fase_iniziata_ok');

export function rilevazioneRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const tz = deps.config.timezone;
  routes(app, OPS_RILEVAZIONE, {
    ore: async (req) => listBookings(db, tz, currentUser(req), req.query),
    registra: async (req, reply) => {
      const { row, created } = await createBooking(db, tz, currentUser(req), req.body);
      return reply.status(created ? 201 : 200).send({ message: 'avvisi.created', data: row });
    },
    correggi: async (req) => ({ message: 'avvisi.updated', data: await correctBooking(db, tz, currentUser(req), req.params.id, req.body) }),
    elimina: async (req) => ({ message: 'avvisi.deleted', data: await deleteBooking(db, tz, currentUser(req), req.params.id, req.body?.motivo) }),

    settimana: async (req) => readWeek(db, tz, currentUser(req), req.query),
    salvaSettimana: async (req) => ({ message: 'avvisi.updated', data: await saveWeek(db, tz, currentUser(req), req.body) }),
    invia: async (req) => ({ message: 'avvisi.settimana_inviata_ok', data: await sendWeek(db, currentUser(req), req.body) }),
    approva: async (req) => ({ message: 'avvisi.settimana_approvata_ok', data: await decideWeek(deps, currentUser(req), req.body, 'approvata') }),
    rifiuta: async (req) => ({ message: 'avvisi.settimana_rinviata_ok', data: await decideWeek(deps, currentUser(req), req.body, 'bozza') }),
    riapri: async (req) => ({ message: 'avvisi.settimana_riaperta_ok', data: await reopenWeek(deps, currentUser(req), req.body) }),
    daApprovare: async (req) => weeksToDecide(db, tz, currentUser(req)),
    decisioni: async (req) => recentWeekDecisions(db, tz, currentUser(req)),

    fasi: async (req) => {
      const { esito, senzaPresenza } = await phaseAction(db, tz, currentUser(req), req.body);
      return { message: phaseMessage(req.body.op), ...(senzaPresenza ? { params: { context: 'senza_presenza' } } : {}), data: esito };
    },
    fasiTerminale: async (req) => {
      const { esito, senzaPresenza } = await terminalPhaseAction(db, tz, req.headers[TERMINAL_HEADER], req.ip, req.body);
      return { message: phaseMessage(req.body.op), ...(senzaPresenza ? { params: { context: 'senza_presenza' } } : {}), data: esito };
    },
    statoTerminale: async (req) => terminalState(db, tz, req.headers[TERMINAL_HEADER], req.ip, req.body),
    aperta: async (req) => runningPhase(db, tz, currentUser(req), req.query.dipendente_id),

    riconciliazione: async (req) => reconciliation(db, tz, currentUser(req), req.query),
    riconciliazioneExcel: async (req, reply) => {
      const { wb, filename } = await reconciliationWorkbook(db, tz, currentUser(req), req.query);
      return sendXlsx(reply, wb, filename);
    },
    parametri: async () => readParametri(db),
    salvaParametri: async (req) => ({ message: 'avvisi.updated', data: await saveParametri(db, currentUser(req), req.body) }),
  });

  // the job orders' reports that show recorded hours live here, with the bookings (paths of commesse)
  routes(app, pickOps(OPS_COMMESSE, REPORT_OPS), {
    consuntivo: async (req) => orderReport(db, currentUser(req), req.params.id, registrato),
    consuntivoExcel: async (req, reply) => {
      const { wb, filename } = await orderReportWorkbook(db, currentUser(req), req.params.id, registrato);
      return sendXlsx(reply, wb, filename);
    },
    pianificazione: async (req, reply) => sendJsonText(reply, await planningGridJson(db, currentUser(req), req.query, registrato)),
    pianificazioneExcel: async (req, reply) => {
      const { wb, filename } = await planningWorkbook(db, currentUser(req), req.query, registrato);
      return sendXlsx(reply, wb, filename);
    },
    timeline: async (req) => ordersTimeline(db, currentUser(req), req.query, registrato),
  });

  routes(app, OPS_RAPPORTINI, {
    elenco: async (req) => listReports(db, tz, currentUser(req), req.query),
    dettaglio: async (req) => readReport(db, tz, currentUser(req), req.params.id),
    crea: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', data: await createReport(db, tz, currentUser(req), req.body) }),
    modifica: async (req) => ({ message: 'avvisi.updated', data: await updateReport(db, tz, currentUser(req), req.params.id, req.body) }),
    firma: async (req) => ({ message: 'avvisi.rapportino_firmato_ok', data: await signReport(deps, tz, currentUser(req), req.params.id, req.body) }),
    approva: async (req) => ({ message: 'avvisi.rapportino_approvato_ok', data: await approveReport(db, tz, currentUser(req), req.params.id) }),
    pdf: async (req, reply) => sendFile(reply, await reportPdfFile(db, tz, currentUser(req), req.params.id), 'inline'),
  });
}
