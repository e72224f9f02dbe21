/**
 * Job orders (issue #14): customers and orders (with their phases) as generic resources, then the module's operations
 * (packages/contract/src/ops/commesse.ts), each a thin handler over one service function.
 */
import type { FastifyInstance } from 'fastify';
import { aliasedTable, eq, sql } from 'drizzle-orm';
import { OPS_COMMESSE, RES_CLIENTI, RES_COMMESSE } from '@tulip/contract';
import { localNow } from '../../platform/dates';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { omitOps, routes } from '../../platform/operation';
import { codeLabel, defineResource } from '../../platform/resource';
import { dipendenti } from '../anagrafica';
import { applyAssociations, readAssociations, roleCosts, saveAssociations, saveRoleCosts } from './associazioni';
import { readParametriCommesse, saveParametriCommesse } from './parametri';
import { savePlanning } from './pianificazione';
import { jobSheet } from './documenti';
import { checkOrderRefs, importOrders } from './service';
import { clienti, commesse, fasi } from './tables';
import { commesseScope, ordersSeenBy, peopleWhoSee, readVisibility, saveVisibility } from './visibilita';

function resources(app: FastifyInstance, { db, config }: AppDeps) {
  defineResource(app, db, {
    resource: RES_CLIENTI, table: clienti, idColumn: clienti.id,
    columns: {
      id: clienti.id, ragione_sociale: clienti.ragione_sociale, partita_iva: clienti.partita_iva, codice_fiscale: clienti.codice_fiscale, indirizzo: clienti.indirizzo,
      cap: clienti.cap, comune: clienti.comune, provincia: clienti.provincia, referente: clienti.referente, email: clienti.email, telefono: clienti.telefono, attivo: clienti.attivo,
    },
    search: [clienti.ragione_sociale, clienti.partita_iva, clienti.comune], defaultSort: 'ragione_sociale',
    lookup: { value: clienti.id, label: clienti.ragione_sociale },
    model: () => ({ ragione_sociale: '', attivo: true }),
  });

  const capo = aliasedTable(dipendenti, 'capo');
  defineResource(app, db, {
    resource: RES_COMMESSE, table: commesse, idColumn: commesse.id,
    columns: {
      id: commesse.id, codice: commesse.codice, descrizione: commesse.descrizione, cliente_id: commesse.cliente_id, cliente_ragione_sociale: clienti.ragione_sociale,
      stato: commesse.stato, data_inizio: commesse.data_inizio, data_fine: commesse.data_fine, minuti_budget: commesse.minuti_budget, costo_budget: commesse.costo_budget,
      fatturabile: commesse.fatturabile, capo_commessa_id: commesse.capo_commessa_id,
      capo_commessa_nome: sql<string | null>`${capo.cognome} || ' ' || ${capo.nome}`.as('capo_commessa_nome'), cdc_id: commesse.cdc_id, note: commesse.note,
      visibile_tutti: commesse.visibile_tutti,
    },
    joins: (q) => q.leftJoin(clienti, eq(clienti.id, commesse.cliente_id)).leftJoin(capo, eq(capo.id, commesse.capo_commessa_id)),
    search: [commesse.codice, commesse.descrizione, clienti.ragione_sociale], defaultSort: 'codice',
    filters: { stato: commesse.stato, cliente_id: commesse.cliente_id, capo_commessa_id: commesse.capo_commessa_id },
    lookup: { value: commesse.id, label: codeLabel(commesse.codice, commesse.descrizione) },
    scope: commesseScope,
    lookupScope: commesseScope,
    model: () => ({ codice: '', descrizione: '', stato: 'aperta', data_inizio: localNow(config.timezone).data, fatturabile: true, fasi: [] }),
    beforeWrite: (tx, c) => checkOrderRefs(tx, c),
    children: {
      fasi: {
        table: fasi, idColumn: fasi.id, parentColumn: fasi.commessa_id, orderBy: fasi.ordine,
        columns: {
          id: fasi.id, codice: fasi.codice, descrizione: fasi.descrizione, ordine: fasi.ordine, minuti_previsti: fasi.minuti_previsti, quantita: fasi.quantita, stato: fasi.stato,
        },
      },
    },
  });
}

/** The operations whose answers show recorded hours: registered by rilevazione with its bookings. */
export const REPORT_OPS = ['consuntivo', 'consuntivoExcel', 'pianificazione', 'pianificazioneExcel', 'timeline'] as const;

export function commesseRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const tz = deps.config.timezone;
  resources(app, deps);

  // the reports that show recorded hours (the order report, the planning grid, the timeline) are served by
  // rilevazione, which keeps the bookings: REPORT_OPS
  routes(app, omitOps(OPS_COMMESSE, REPORT_OPS), {
    importa: async (req) => importOrders(db, currentUser(req), req.body.righe, req.body.conferma),
    scheda: async (req, reply) => {
      const { pdf, filename } = await jobSheet(db, currentUser(req), req.params.id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(Buffer.from(pdf));
    },

    visibilita: async (req) => readVisibility(db, req.params.id),
    salvaVisibilita: async (req) => ({ message: 'avvisi.updated', data: await saveVisibility(db, currentUser(req), req.params.id, req.body) }),
    persone: async (req) => peopleWhoSee(db, req.params.id, localNow(tz).data),
    visibiliA: async (req) => ordersSeenBy(db, req.params.id),

    associazioni: async (req) => readAssociations(db, req.params.id),
    salvaAssociazioni: async (req) => ({ message: 'avvisi.updated', data: await saveAssociations(db, currentUser(req), req.params.id, req.body) }),
    applicaAssociazioni: async (req) => {
      const data = await applyAssociations(db, currentUser(req), req.body);
      return { message: 'avvisi.associazioni_applicate', params: { count: data.commesse }, data };
    },
    costiMansione: async () => roleCosts(db),
    salvaCostiMansione: async (req) => ({ message: 'avvisi.updated', data: await saveRoleCosts(db, currentUser(req), req.body.costi) }),

    parametri: async () => readParametriCommesse(db),
    salvaParametri: async (req) => ({ message: 'avvisi.updated', data: await saveParametriCommesse(db, currentUser(req), req.body) }),

    pianifica: async (req) => {
      const data = await savePlanning(db, currentUser(req), req.body);
      return { message: 'avvisi.pianificazione_salvata', params: { count: data.salvate }, data };
    },
  });
}
