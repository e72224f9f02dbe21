/**
 * Contracts (issue #18): the CCNL with its levels as a generic resource, then the module's operations
 * (packages/contract/src/ops/contratti.ts), each a thin handler over one service function.
 */
import type { FastifyInstance } from 'fastify';
import { OPS_CONTRATTI, RES_CAUSALI_DETERMINATO, RES_CCNL, RES_MODELLI, type TCausaleDeterminato, type TCcnl, type TModello } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { sendXlsx } from '../../platform/export/xlsx';
import { sendFile } from '../../platform/files';
import { currentUser } from '../../platform/guard';
import { routes } from '../../platform/operation';
import { codeLabel, defineResource } from '../../platform/resource';
import { tableWorkbookOf } from './export';
import { addContract, addVoce, ccnlTable, compareDates, correctContract, employeePay, importVoci, levelHistory, levelPay, listContracts, listVoci } from './service';
import {
  attachSigned, checkTemplate, documentDetail, documentFile, dossier, fieldCatalogue, generate, hire, prepareTemplate, preview, readParametri, saveParametri, sendDocuments,
  templateDocx,
} from './documenti';
import { employeeChain } from './catena';
import { causaliDeterminato, ccnl, livelli, modelli } from './tables';
import { tipiDocumento } from '../anagrafica';
import { eq } from 'drizzle-orm';
import { instantToLocal, localNow } from '../../platform/dates';
import { now } from '../../platform/clock';
import { badRequest } from '../../platform/errors';

function resources(app: FastifyInstance, { db, config }: AppDeps) {
  defineResource(app, db, {
    resource: RES_CCNL, table: ccnl, idColumn: ccnl.id, createdContext: 'ccnl',
    columns: {
      id: ccnl.id, codice: ccnl.codice, descrizione: ccnl.descrizione, mensilita: ccnl.mensilita, ore_settimanali: ccnl.ore_settimanali,
      divisore_orario: ccnl.divisore_orario, limite_supplementare: ccnl.limite_supplementare, valido_dal: ccnl.valido_dal, valido_al: ccnl.valido_al, parti_firmatarie: ccnl.parti_firmatarie,
      mesi_riferimento_orario: ccnl.mesi_riferimento_orario, straordinario_annuo_ore: ccnl.straordinario_annuo_ore, pausa_minima_minuti: ccnl.pausa_minima_minuti,
      notturno_giorni_anno: ccnl.notturno_giorni_anno, notturno_periodo_giorni: ccnl.notturno_periodo_giorni,
    },
    search: [ccnl.codice, ccnl.descrizione], defaultSort: 'descrizione',
    lookup: { value: ccnl.id, label: codeLabel(ccnl.codice, ccnl.descrizione) },
    model: () => ({ codice: '', descrizione: '', mensilita: 13, ore_settimanali: 40, divisore_orario: 173, limite_supplementare: null, parti_firmatarie: null, livelli: [] }),
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

  defineResource(app, db, {
    resource: RES_MODELLI, table: modelli, idColumn: modelli.id, createdContext: 'modello',
    columns: {
      id: modelli.id, descrizione: modelli.descrizione, tipo_documento_id: modelli.tipo_documento_id, tipo_documento: tipiDocumento.descrizione,
      tipi_contratto: modelli.tipi_contratto, lettera_assunzione: modelli.lettera_assunzione, attivo: modelli.attivo, versione: modelli.versione,
      file_id: modelli.file_id, campi: modelli.campi, aggiornato_il: instantToLocal(modelli.aggiornato_il, config.timezone),
    },
    joins: (q) => q.leftJoin(tipiDocumento, eq(tipiDocumento.id, modelli.tipo_documento_id)),
    search: [modelli.descrizione], defaultSort: 'descrizione',
    lookup: { value: modelli.id, label: modelli.descrizione },
    model: () => ({ descrizione: '', tipo_documento_id: null, tipi_contratto: [], lettera_assunzione: false, attivo: true, file_id: null }),
    // the DOCX is checked (every tag known) and a new file makes a new version
    beforeWrite: async (tx, v: TModello, { existing }) => prepareTemplate(tx, v, existing),
    toValues: (v) => ({ ...v, tipo_documento_id: v.tipo_documento_id ?? null, aggiornato_il: now() }),
  });

  // the reasons for fixed-term contracts, per CCNL (D.Lgs 81/2015 art. 19 c. 1 lett. a)
  defineResource(app, db, {
    resource: RES_CAUSALI_DETERMINATO, table: causaliDeterminato, idColumn: causaliDeterminato.id, createdContext: 'causale_determinato',
    columns: {
      id: causaliDeterminato.id, ccnl_id: causaliDeterminato.ccnl_id, ccnl_codice: ccnl.codice, codice: causaliDeterminato.codice,
      descrizione: causaliDeterminato.descrizione, attiva: causaliDeterminato.attiva,
    },
    joins: (q) => q.leftJoin(ccnl, eq(ccnl.id, causaliDeterminato.ccnl_id)),
    search: [causaliDeterminato.codice, causaliDeterminato.descrizione], defaultSort: 'codice',
    filters: { ccnl_id: causaliDeterminato.ccnl_id, attiva: causaliDeterminato.attiva },
    lookup: { value: causaliDeterminato.id, label: causaliDeterminato.descrizione },
    model: () => ({ ccnl_id: null, codice: '', descrizione: '', attiva: true }),
    beforeWrite: async (tx, v: TCausaleDeterminato) => {
      if (!(await tx.select({ id: ccnl.id }).from(ccnl).where(eq(ccnl.id, v.ccnl_id))).length) throw badRequest({ ccnl_id: 'avvisi.valore_non_valido' });
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
    tabella: async (req) => ccnlTable(db, req.params.id, req.query.data, localNow(tz).data),
    tabellaExcel: async (req, reply) => {
      const { wb, filename } = await tableWorkbookOf(await ccnlTable(db, req.params.id, req.query.data, localNow(tz).data));
      return sendXlsx(reply, wb, filename);
    },
    storico: async (req) => levelHistory(db, req.params.id, req.params.livello),
    confronto: async (req) => compareDates(db, req.params.id, req.query.dal, req.query.al),

    dipendenteRetribuzione: async (req) => employeePay(db, currentUser(req), req.params.id, req.query.data),
    contratti: async (req) => listContracts(db, tz, currentUser(req), req.params.id),
    catena: async (req) => employeeChain(db, currentUser(req), req.params.id),
    contrattoNuovo: async (req, reply) =>
      reply.status(201).send({ message: 'avvisi.created', params: { context: 'contratto' }, data: await addContract(db, tz, currentUser(req), req.params.id, req.body) }),
    campiModello: async () => fieldCatalogue(),
    verificaModello: async (req) => checkTemplate(db, req.body.file_id),
    modelloDocx: async (req, reply) => sendFile(reply, await templateDocx(db, req.params.id)),
    parametriDocumenti: async () => readParametri(db),
    salvaParametriDocumenti: async (req) => ({ message: 'avvisi.updated', data: await saveParametri(db, currentUser(req), req.body) }),
    anteprima: async (req) => preview(db, tz, currentUser(req), req.body),
    genera: async (req, reply) =>
      reply.status(201).send({ message: 'avvisi.created', params: { context: 'documento' }, data: await generate(db, tz, currentUser(req), req.body) }),
    assunzione: async (req, reply) =>
      reply.status(201).send({ message: 'avvisi.assunzione_registrata', params: { context: 'assunzione' }, data: await hire(db, tz, currentUser(req), req.body) }),
    fascicolo: async (req) => dossier(db, tz, currentUser(req), req.params.id),
    documento: async (req) => documentDetail(db, tz, currentUser(req), req.params.id),
    documentoDocx: async (req, reply) => sendFile(reply, await documentFile(db, currentUser(req), req.params.id, 'docx')),
    documentoPdf: async (req, reply) => sendFile(reply, await documentFile(db, currentUser(req), req.params.id, 'pdf'), 'inline'),
    documentoFirmato: async (req, reply) => sendFile(reply, await documentFile(db, currentUser(req), req.params.id, 'firmato')),
    caricaFirmato: async (req) => ({ message: 'avvisi.updated', params: { context: 'documento' }, data: await attachSigned(db, tz, currentUser(req), req.params.id, req.body.file_id) }),
    invia: async (req) => {
      const data = await sendDocuments(deps, currentUser(req), req.body);
      return { message: 'avvisi.documenti_inviati', params: { indirizzo: data.indirizzo }, data };
    },

    contrattoCorrezione: async (req) => ({
      message: 'avvisi.updated', params: { context: 'contratto' }, data: await correctContract(db, tz, currentUser(req), req.params.id, req.params.riga, req.body),
    }),
  });
}
