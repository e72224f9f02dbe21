/**
 * Visitor register (issue #4): the lookup tables as generic resources, then the module's operations
 * (packages/contract/src/ops/visite.ts), each a thin handler over one service function: the register (service.ts), the
 * expected visits (autorizzazioni.ts), the visitor links and their public page (link.ts).
 */
import type { FastifyInstance } from 'fastify';
import { aliasedTable, eq, sql } from 'drizzle-orm';
import { OPS_VISITE, RES_MOTIVI_VISITA, RES_REFERENTI_VISITA, RES_TIPI_VISITATORE } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { sendXlsx } from '../../platform/export/xlsx';
import { currentUser } from '../../platform/guard';
import { routes } from '../../platform/operation';
import { defineResource } from '../../platform/resource';
import { dipendenti, reparti } from '../anagrafica';
import { approveAutorizzazione, createAutorizzazione, letInByAutorizzazione, listAutorizzazioni, rejectAutorizzazione, revokeAutorizzazione } from './autorizzazioni';
import { inviteVisitor, letInByCodice, listLinks, readByCodice, registerVisitor, resendInvite, revokeLink, visitorPage } from './link';
import { checkInParams, checkOutParams } from './messages';
import { checkIn, checkOut, evacuationList, listVisits, parametriVisite, previousVisitors, runRetention, saveParametri, visitsWorkbook } from './service';
import { motiviVisita, referentiVisita, tipiVisitatore } from './tables';

/** The lookup tables of the register: reasons, visitor types, referents (list, form, lookup, audit). */
function lookupResources(app: FastifyInstance, { db }: AppDeps) {
  defineResource(app, db, {
    resource: RES_MOTIVI_VISITA, table: motiviVisita, idColumn: motiviVisita.id,
    columns: { id: motiviVisita.id, codice: motiviVisita.codice, descrizione: motiviVisita.descrizione, attivo: motiviVisita.attivo },
    search: [motiviVisita.codice, motiviVisita.descrizione], defaultSort: 'descrizione',
    lookup: { value: motiviVisita.id, label: motiviVisita.descrizione },
    model: () => ({ codice: '', descrizione: '', attivo: true }),
  });

  defineResource(app, db, {
    resource: RES_TIPI_VISITATORE, table: tipiVisitatore, idColumn: tipiVisitatore.id,
    columns: {
      id: tipiVisitatore.id, codice: tipiVisitatore.codice, descrizione: tipiVisitatore.descrizione, briefing_sicurezza: tipiVisitatore.briefing_sicurezza,
      richiede_approvazione: tipiVisitatore.richiede_approvazione,
      accompagnamento: tipiVisitatore.accompagnamento, dpi_richiesti: tipiVisitatore.dpi_richiesti, colore_badge: tipiVisitatore.colore_badge,
      giorni_conservazione: tipiVisitatore.giorni_conservazione, attivo: tipiVisitatore.attivo,
    },
    search: [tipiVisitatore.codice, tipiVisitatore.descrizione], defaultSort: 'descrizione',
    lookup: { value: tipiVisitatore.id, label: tipiVisitatore.descrizione },
    model: () => ({ codice: '', descrizione: '', briefing_sicurezza: false, accompagnamento: false, dpi_richiesti: false, colore_badge: '#1677ff', giorni_conservazione: null, richiede_approvazione: false, attivo: true }),
    toValues: (v) => ({ ...v, giorni_conservazione: v.giorni_conservazione ?? null }),
  });

  const dipR = aliasedTable(dipendenti, 'dip_r');
  const repR = aliasedTable(reparti, 'rep_r');
  defineResource(app, db, {
    resource: RES_REFERENTI_VISITA, table: referentiVisita, idColumn: referentiVisita.id,
    columns: {
      id: referentiVisita.id, dipendente_id: referentiVisita.dipendente_id, notifica_email: referentiVisita.notifica_email, attivo: referentiVisita.attivo,
      dipendente_nome: sql<string>`${dipR.cognome} || ' ' || ${dipR.nome}`.as('dipendente_nome'), email: dipR.email, reparto_descrizione: repR.descrizione,
    },
    joins: (q) => q.innerJoin(dipR, eq(dipR.id, referentiVisita.dipendente_id)).leftJoin(repR, eq(repR.id, dipR.reparto_id)),
    search: [dipR.cognome, dipR.nome], defaultSort: 'dipendente_nome',
    lookup: { value: referentiVisita.dipendente_id, label: sql<string>`${dipR.cognome} || ' ' || ${dipR.nome}` },
    model: () => ({ dipendente_id: null, notifica_email: true, attivo: true }),
  });
}

export function visiteRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const tz = deps.config.timezone;
  lookupResources(app, deps);

  routes(app, OPS_VISITE, {
    // ---- the register ----
    elenco: async (req) => listVisits(db, tz, req.query),
    ingresso: async (req, reply) => {
      const data = await checkIn(deps, currentUser(req), req.body, req.log);
      return reply.status(201).send({ message: 'avvisi.created', params: checkInParams(data), data });
    },
    precedenti: async (req) => previousVisitors(db, tz, req.query.search),
    uscita: async (req) => {
      const { visita, uscita } = await checkOut(db, tz, currentUser(req), req.params.id, req.body);
      return { message: 'avvisi.updated', params: checkOutParams(visita, uscita), data: visita };
    },
    evacuazione: async (req) => evacuationList(db, tz, currentUser(req)),
    excel: async (req, reply) => {
      const { wb, filename } = await visitsWorkbook(db, tz, req.query);
      return sendXlsx(reply, wb, filename);
    },

    // ---- expected visits ----
    autorizzazioni: async (req) => listAutorizzazioni(db, tz, currentUser(req), req.query),
    autorizza: async (req, reply) => {
      const data = await createAutorizzazione(db, tz, currentUser(req), req.body);
      return reply.status(201).send({ message: 'avvisi.created', data });
    },
    approva: async (req) => ({ message: 'avvisi.updated', data: await approveAutorizzazione(db, tz, currentUser(req), req.params.id) }),
    rifiuta: async (req) => ({ message: 'avvisi.updated', data: await rejectAutorizzazione(db, tz, currentUser(req), req.params.id) }),
    revoca: async (req) => ({ message: 'avvisi.updated', data: await revokeAutorizzazione(db, tz, currentUser(req), req.params.id) }),
    ingressoAutorizzato: async (req, reply) => {
      const data = await letInByAutorizzazione(deps, currentUser(req), req.params.id, req.body, req.log);
      return reply.status(201).send({ message: 'avvisi.created', params: checkInParams(data), data });
    },

    // ---- parameters and retention ----
    parametri: async () => parametriVisite(db),
    salvaParametri: async (req) => ({ message: 'avvisi.updated', data: await saveParametri(db, currentUser(req), req.body) }),
    conservazione: async (req) => {
      const n = await runRetention(db, currentUser(req));
      return { message: 'avvisi.conservazione_eseguita', params: { n }, data: { anonimizzate: n } };
    },

    // ---- visitor links ----
    link: async (req) => listLinks(db, tz, currentUser(req), req.query),
    invitaLink: async (req, reply) => {
      const data = await inviteVisitor(deps, req.headers['x-base-url'], currentUser(req), req.body);
      return reply.status(201).send({ message: 'avvisi.link_inviato', data });
    },
    reinviaLink: async (req) => ({ message: 'avvisi.link_inviato', data: await resendInvite(deps, req.headers['x-base-url'], currentUser(req), req.params.id) }),
    revocaLink: async (req) => ({ message: 'avvisi.updated', data: await revokeLink(db, tz, currentUser(req), req.params.id) }),

    // ---- the visitor's public page ----
    visitaPubblica: async (req) => visitorPage(db, tz, req.ip, req.params.token),
    registrazione: async (req) => ({ message: 'avvisi.registrazione_completata', data: await registerVisitor(deps, req.ip, req.params.token, req.body, req.log) }),

    // ---- the desk: check-in by code ----
    codice: async (req) => readByCodice(db, tz, req.params.codice),
    ingressoCodice: async (req, reply) => {
      const data = await letInByCodice(deps, currentUser(req), req.params.codice, req.body, req.log);
      return reply.status(201).send({ message: 'avvisi.created', params: checkInParams(data), data });
    },
  });
}
