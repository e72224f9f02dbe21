/**
 * Contracts (issue #18): the CCNL with its levels as a generic resource, then the module's operations
 * (packages/contract/src/ops/contratti.ts), each a thin handler over one service function.
 */
import type { FastifyInstance } from 'fastify';
import { OPS_CONTRATTI, RES_CCNL, type TCcnl } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { sendXlsx } from '../../platform/export/xlsx';
import { currentUser } from '../../platform/guard';
import { routes } from '../../platform/operation';
import { codeLabel, defineResource } from '../../platform/resource';
import { tableWorkbookOf } from './export';
import { addContract, addVoce, ccnlTable, compareDates, correctContract, employeePay, importVoci, levelHistory, levelPay, listContracts, listVoci } from './service';
import { ccnl, livelli } from './tables';

function resources(app: FastifyInstance, { db }: AppDeps) {
  defineResource(app, db, {
    resource: RES_CCNL, table: ccnl, idColumn: ccnl.id, createdContext: 'ccnl',
    columns: {
      id: ccnl.id, codice: ccnl.codice, descrizione: ccnl.descrizione, mensilita: ccnl.mensilita, ore_settimanali: ccnl.ore_settimanali,
      divisore_orario: ccnl.divisore_orario, valido_dal: ccnl.valido_dal, valido_al: ccnl.valido_al,
    },
    search: [ccnl.codice, ccnl.descrizione], defaultSort: 'descrizione',
    lookup: { value: ccnl.id, label: codeLabel(ccnl.codice, ccnl.descrizione) },
    model: () => ({ codice: '', descrizione: '', mensilita: 13, ore_settimanali: 40, divisore_orario: 173, livelli: [] }),
    // the levels keep the order they are given in
    beforeWrite: async (_tx, v: TCcnl) => {
      v.livelli.forEach((l, i) => Object.assign(l, { ordine: i + 1 }));
    },
    children: {
      livelli: {
        table: livelli, idColumn: livelli.id, parentColumn: livelli.ccnl_id, orderBy: livelli.ordine,
        columns: { id: livelli.id, codice: livelli.codice, descrizione: livelli.descrizione, ordine: livelli.ordine },
      },
    },
  });
}

export function contrattiRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const tz = deps.config.timezone;
  resources(app, deps);

  routes(app, OPS_CONTRATTI, {
    voci: async (req) => listVoci(db, tz, req.params.id, req.query.livello),
    voce: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', params: { context: 'voce' }, data: await addVoce(db, tz, currentUser(req), req.params.id, req.body) }),
    importaVoci: async (req) => importVoci(db, currentUser(req), req.params.id, req.body.righe, req.body.conferma),

    retribuzione: async (req) => levelPay(db, req.query),
    tabella: async (req) => ccnlTable(db, req.params.id, req.query.data),
    tabellaExcel: async (req, reply) => {
      const { wb, filename } = await tableWorkbookOf(await ccnlTable(db, req.params.id, req.query.data));
      return sendXlsx(reply, wb, filename);
    },
    storico: async (req) => levelHistory(db, req.params.id, req.params.livello),
    confronto: async (req) => compareDates(db, req.params.id, req.query.dal, req.query.al),

    dipendenteRetribuzione: async (req) => employeePay(db, currentUser(req), req.params.id, req.query.data),
    contratti: async (req) => listContracts(db, tz, currentUser(req), req.params.id),
    contrattoNuovo: async (req, reply) =>
      reply.status(201).send({ message: 'avvisi.created', params: { context: 'contratto' }, data: await addContract(db, tz, currentUser(req), req.params.id, req.body) }),
    contrattoCorrezione: async (req) => ({
      message: 'avvisi.updated', params: { context: 'contratto' }, data: await correctContract(db, tz, currentUser(req), req.params.id, req.params.riga, req.body),
    }),
  });
}
