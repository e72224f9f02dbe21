/**
 * Contracts' operations (module contratti, issue #18), first slice: the CCNL with its levels as a generic resource;
 * the pay components of each level by decorrenza (added, never overwritten; imported from CSV or Excel with a preview);
 * the pay in force on a date for a level and for an employee; the whole table on a date, a level's timeline, the
 * comparison of two dates and the table's Excel export; the employee's contract rows, each valid from a date.
 */
import { z } from 'zod';
import { defineOperations, zAnswer, zRows } from '../operation';
import { defineResourceOps, IMPORT_MAX_ROWS } from '../resource';
import { zCode, zId } from '../schemas/common';
import {
  ZAnteprima, ZAnteprimaRisposta, ZAssunzione, ZAssunzioneRisposta, ZCampoModello, ZDocumento, ZDocumentoDettaglio, ZDocumentoRow, ZFirmato, ZInvio, ZModello, ZModelloRow,
  ZParametriDocumenti, ZVerificaModello,
  ZCcnl, ZCcnlRow, ZConfronto, ZConfrontoQuery, ZContratto, ZContrattoCorrezione, ZContrattoRow, ZDataQuery, ZImportVoci, ZRetribuzione, ZRetribuzioneDipendente,
  ZRetribuzioneQuery, ZStoricoLivello, ZTabellaCcnl, ZVoce, ZVociQuery, ZVoceRow,
} from '../schemas/contratti';
import { ZCatena, ZCausaleDeterminato, ZCausaleDeterminatoRow } from '../schemas/catena';

const RETRIBUZIONE = ['contratti.retribuzione'];
const STIPULAZIONE = ['contratti.stipulazione'];
/** The dossier: HR, and each employee his own (the scope decides whose). */
const FASCICOLO = ['contratti.stipulazione', 'contratti.fascicolo'];
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const LEGGONO = ['contratti.retribuzione', 'contratti.stipulazione'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const idParams = z.strictObject({ id: zId });

export const RES_CCNL = defineResourceOps({
  name: 'contratti_ccnl', label: ['CCNL', 'CCNL'], path: '/api/contratti/ccnl', tag: 'contratti',
  row: ZCcnlRow, input: ZCcnl, read: LEGGONO, write: RETRIBUZIONE, writeScopes: ['tutti'],
});

/** The templates of hiring documents: a DOCX each, with its document type, the contracts it is for, its version. */
export const RES_MODELLI = defineResourceOps({
  name: 'contratti_modelli', label: ['Modello di documento', 'Modelli di documento'], path: '/api/contratti/modelli', tag: 'contratti',
  row: ZModelloRow, input: ZModello, read: STIPULAZIONE, write: STIPULAZIONE, writeScopes: ['tutti'],
});

/**
 * The reasons for fixed-term contracts each CCNL lists (D.Lgs 81/2015 art. 19 c. 1 lett. a), offered by the contract
 * rows' form; a reason may still be typed.
 */
export const RES_CAUSALI_DETERMINATO = defineResourceOps({
  name: 'contratti_causali', label: ['Causale del tempo determinato', 'Causali del tempo determinato'], path: '/api/contratti/causali', tag: 'contratti',
  row: ZCausaleDeterminatoRow, input: ZCausaleDeterminato, read: LEGGONO, write: RETRIBUZIONE, writeScopes: ['tutti'], filters: ['ccnl_id', 'attiva'],
});

export const OPS_CONTRATTI = defineOperations({
  // ---- the components of the tables ----
  voci: {
    method: 'GET', path: '/api/contratti/ccnl/:id/voci', tag: 'contratti', summary: 'Voci tabellari di un CCNL con le loro decorrenze (tutte le versioni)',
    access: { routes: LEGGONO }, params: idParams, query: ZVociQuery, responses: { 200: zRows(ZVoceRow) },
  },
  voce: {
    method: 'PUT', path: '/api/contratti/ccnl/:id/voci', tag: 'contratti', summary: 'Nuova voce tabellare di un livello da una decorrenza (importo in centesimi al mese); mai sovrascritta',
    access: { routes: RETRIBUZIONE, scopes: ['tutti'] }, params: idParams, body: ZVoce, responses: { 201: zAnswer(ZVoceRow) },
  },
  importaVoci: {
    method: 'POST', path: '/api/contratti/ccnl/:id/voci/import', tag: 'contratti', summary: 'Voci tabellari: importazione da CSV o Excel (anteprima, poi tutte le righe o nessuna)',
    description: 'Una riga per livello, voce e decorrenza: livello, voce, decorrenza (AAAA-MM-GG), importo (centesimi al mese).',
    access: { routes: RETRIBUZIONE, scopes: ['tutti'] }, params: idParams,
    body: z.strictObject({ righe: z.array(z.record(z.string(), z.unknown())).min(1).max(IMPORT_MAX_ROWS), conferma: z.boolean().default(false) }),
    responses: { 200: ZImportVoci },
  },

  // ---- pay on a date ----
  retribuzione: {
    method: 'GET', path: '/api/contratti/retribuzione', tag: 'contratti', summary: 'Retribuzione tabellare di un livello in vigore a una data: voci, totale mensile, paga oraria',
    access: { routes: LEGGONO }, query: ZRetribuzioneQuery, responses: { 200: ZRetribuzione },
  },
  tabella: {
    method: 'GET', path: '/api/contratti/ccnl/:id/tabella', tag: 'contratti', summary: 'Tabella di un CCNL in vigore a una data: livelli per voci, totali e paga oraria',
    access: { routes: LEGGONO }, params: idParams, query: ZDataQuery, responses: { 200: ZTabellaCcnl },
  },
  tabellaExcel: {
    method: 'GET', path: '/api/contratti/ccnl/:id/tabella/excel', tag: 'contratti', summary: 'Tabella di un CCNL in vigore a una data: esportazione Excel',
    access: { routes: LEGGONO }, params: idParams, query: ZDataQuery, responses: { file: XLSX },
  },
  storico: {
    method: 'GET', path: '/api/contratti/ccnl/:id/livelli/:livello/storico', tag: 'contratti', summary: 'Storia di un livello: la tabella da ogni sua decorrenza',
    access: { routes: LEGGONO }, params: z.strictObject({ id: zId, livello: zCode(10) }), responses: { 200: ZStoricoLivello },
  },
  confronto: {
    method: 'GET', path: '/api/contratti/ccnl/:id/confronto', tag: 'contratti', summary: 'Confronto fra le tabelle di due date: aumento per livello in euro e in percentuale',
    access: { routes: LEGGONO }, params: idParams, query: ZConfrontoQuery, responses: { 200: ZConfronto },
  },

  // ---- the employee ----
  dipendenteRetribuzione: {
    method: 'GET', path: '/api/contratti/dipendenti/:id/retribuzione', tag: 'contratti', summary: 'Retribuzione lorda mensile e paga oraria del dipendente a una data (superminimo e part-time compresi)',
    access: { routes: LEGGONO }, params: idParams, query: ZDataQuery, responses: { 200: ZRetribuzioneDipendente },
  },
  contratti: {
    method: 'GET', path: '/api/contratti/dipendenti/:id/contratti', tag: 'contratti', summary: 'Storia contrattuale del dipendente: le righe, ognuna valida da una data',
    access: { routes: LEGGONO }, params: idParams, responses: { 200: z.array(ZContrattoRow) },
  },
  contrattoNuovo: {
    method: 'PUT', path: '/api/contratti/dipendenti/:id/contratti', tag: 'contratti', summary: 'Nuova riga contrattuale del dipendente valida da una data (le precedenti restano)',
    access: { routes: RETRIBUZIONE }, params: idParams, body: ZContratto, responses: { 201: zAnswer(ZContrattoRow) },
  },
  catena: {
    method: 'GET', path: '/api/contratti/dipendenti/:id/catena', tag: 'contratti',
    summary: 'Catena dei contratti a tempo determinato del dipendente: contratti, proroghe e rinnovi con i mesi, il totale e quanto resta possibile (D.Lgs 81/2015 art. 19 e 21)',
    access: { routes: LEGGONO }, params: idParams, responses: { 200: ZCatena },
  },
  // ---- hiring documents ----
  campiModello: {
    method: 'GET', path: '/api/contratti/modelli/campi', tag: 'contratti', summary: 'I campi di unione che un modello può usare',
    access: { routes: STIPULAZIONE }, responses: { 200: z.array(ZCampoModello) },
  },
  verificaModello: {
    method: 'POST', path: '/api/contratti/modelli/verifica', tag: 'contratti', summary: 'I campi di un DOCX caricato: noti e sconosciuti (un tag non chiuso è un 400 che lo nomina)',
    access: { routes: STIPULAZIONE }, body: ZFirmato, responses: { 200: ZVerificaModello },
  },
  modelloDocx: {
    method: 'GET', path: '/api/contratti/modelli/:id/docx', tag: 'contratti', summary: 'Il file DOCX del modello, versione corrente',
    access: { routes: STIPULAZIONE }, params: idParams, responses: { file: DOCX },
  },
  parametriDocumenti: {
    method: 'GET', path: '/api/contratti/parametri', tag: 'contratti', summary: "Dati dei documenti: sistemi decisionali o di monitoraggio automatizzati (art. 1-bis), pagamento, luogo di firma",
    access: { routes: STIPULAZIONE }, responses: { 200: ZParametriDocumenti },
  },
  salvaParametriDocumenti: {
    method: 'PUT', path: '/api/contratti/parametri', tag: 'contratti', summary: 'Salva i dati dei documenti',
    access: { routes: STIPULAZIONE, scopes: ['tutti'] }, body: ZParametriDocumenti, responses: { 200: zAnswer(ZParametriDocumenti) },
  },
  anteprima: {
    method: 'POST', path: '/api/contratti/documenti/anteprima', tag: 'contratti', summary: 'Verifica di trasparenza (D.Lgs 152/1997 art. 1) e anteprima dei documenti, senza salvare nulla',
    access: { routes: STIPULAZIONE }, body: ZAnteprima, responses: { 200: ZAnteprimaRisposta },
  },
  genera: {
    method: 'PUT', path: '/api/contratti/documenti', tag: 'contratti', summary: "Genera un documento (DOCX e PDF) e lo conserva nel fascicolo del dipendente; una lettera di assunzione incompleta è un 400 con gli elementi mancanti",
    access: { routes: STIPULAZIONE }, body: ZDocumento, responses: { 201: zAnswer(ZDocumentoRow) },
  },
  assunzione: {
    method: 'PUT', path: '/api/contratti/assunzioni', tag: 'contratti', summary: 'Nuova assunzione: il dipendente, la sua riga contrattuale e i documenti, tutto o niente',
    access: { routes: STIPULAZIONE, scopes: ['tutti'] }, body: ZAssunzione, responses: { 201: zAnswer(ZAssunzioneRisposta) },
  },
  fascicolo: {
    method: 'GET', path: '/api/contratti/dipendenti/:id/documenti', tag: 'contratti', summary: 'Fascicolo del dipendente: i documenti generati, con hash, firma e consegne',
    access: { routes: FASCICOLO }, params: idParams, responses: { 200: z.array(ZDocumentoRow) },
  },
  documento: {
    method: 'GET', path: '/api/contratti/documenti/:id', tag: 'contratti', summary: 'Un documento del fascicolo con i dati con cui è stato generato',
    access: { routes: FASCICOLO }, params: idParams, responses: { 200: ZDocumentoDettaglio },
  },
  documentoDocx: {
    method: 'GET', path: '/api/contratti/documenti/:id/docx', tag: 'contratti', summary: 'Il documento in DOCX',
    access: { routes: FASCICOLO }, params: idParams, responses: { file: DOCX },
  },
  documentoPdf: {
    method: 'GET', path: '/api/contratti/documenti/:id/pdf', tag: 'contratti', summary: 'Il documento in PDF',
    access: { routes: FASCICOLO }, params: idParams, responses: { file: 'application/pdf' },
  },
  documentoFirmato: {
    method: 'GET', path: '/api/contratti/documenti/:id/firmato', tag: 'contratti', summary: 'La scansione firmata del documento (PDF o immagine)',
    access: { routes: FASCICOLO }, params: idParams, responses: { file: 'application/octet-stream' },
  },
  caricaFirmato: {
    method: 'POST', path: '/api/contratti/documenti/:id/firmato', tag: 'contratti', summary: 'Allega la scansione firmata (PDF o immagine caricata con POST /api/file)',
    access: { routes: STIPULAZIONE }, params: idParams, body: ZFirmato, responses: { 200: zAnswer(ZDocumentoRow) },
  },
  invia: {
    method: 'POST', path: '/api/contratti/documenti/invio', tag: 'contratti', summary: "Invia i documenti al dipendente per e-mail (DOCX e PDF allegati) e registra la consegna",
    access: { routes: STIPULAZIONE }, body: ZInvio, responses: { 200: zAnswer(z.object({ indirizzo: z.string(), documenti: z.number() })) },
  },

  contrattoCorrezione: {
    method: 'POST', path: '/api/contratti/dipendenti/:id/contratti/:riga', tag: 'contratti', summary: 'Correzione di una riga contrattuale, con il motivo (registrata nel registro delle modifiche)',
    access: { routes: RETRIBUZIONE }, params: z.strictObject({ id: zId, riga: zId }), body: ZContrattoCorrezione, responses: { 200: zAnswer(ZContrattoRow) },
  },
});
