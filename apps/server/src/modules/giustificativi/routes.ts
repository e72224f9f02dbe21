import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { OPS_GIUSTIFICATIVI, RES_CAUSALI } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { routes } from '../../platform/operation';
import { defineResource } from '../../platform/resource';
import { causali } from './tables';
import {
  absencesByCostCentre, awaitingDecision, cancelLeave, decideLeave, employeeBalances, listLeave, recentDecisions, submitLeave,
} from './service';


export function giustificativiRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const tz = config.timezone;

  defineResource(app, db, {
    resource: RES_CAUSALI, table: causali, idColumn: causali.id,
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

  routes(app, OPS_GIUSTIFICATIVI, {
    elenco: async (req) => listLeave(db, tz, currentUser(req), req.query),
    richiesta: async (req, reply) => {
      const data = await submitLeave(db, tz, currentUser(req), req.body);
      return reply.status(201).send({ message: 'avvisi.created', params: { context: 'richiesta' }, data });
    },
    decisioni: async (req) => recentDecisions(db, tz, currentUser(req)),
    approva: async (req) => ({
      message: 'avvisi.updated', params: { context: 'richiesta_approvata' as const },
      data: await decideLeave(deps, app.log, currentUser(req), req.params.id, 'approvato', req.body?.motivo),
    }),
    rifiuta: async (req) => ({
      message: 'avvisi.updated', params: { context: 'richiesta_rifiutata' as const },
      data: await decideLeave(deps, app.log, currentUser(req), req.params.id, 'rifiutato', req.body?.motivo),
    }),
    annulla: async (req) => ({
      message: 'avvisi.updated', params: { context: 'richiesta_annullata' as const },
      data: await cancelLeave(db, tz, currentUser(req), req.params.id, req.body?.motivo),
    }),
    daApprovare: async (req) => awaitingDecision(db, tz, currentUser(req)),
    saldi: async (req) => employeeBalances(db, tz, currentUser(req), req.query),
    assentiCdc: async (req) => absencesByCostCentre(db, currentUser(req), req.query.dal, req.query.al),
  });
}
