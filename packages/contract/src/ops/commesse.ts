/**
 * Job orders' operations (module commesse, issue #14): customers and orders as generic resources (orders with their
 * phases as child rows), then the order import, the job sheet, visibility, associations, planning and the report.
 */
import { z } from 'zod';
import { defineOperations, zAnswer, zRows } from '../operation';
import { defineResourceOps, IMPORT_MAX_ROWS } from '../resource';
import { zId } from '../schemas/common';
import {
  ZApplicaAssociazioni, ZApplicaEsito, ZAssociazioni, ZAssociazioniLette, ZCliente, ZClienteRow, ZCommessa, ZCommessaRow, ZCommessaVisibile, ZConsuntivo,
  ZCostiMansione, ZCostoMansione, ZParametriCommesse, ZPersonaVisibilita, ZPianificazioneBody, ZPianificazioneGriglia, ZPianificazioneQuery, ZTimelineQuery, ZTimelineRiga,
  ZVisibilita, ZVisibilitaLetta,
} from '../schemas/commesse';

const ANAGRAFICA = ['commesse.anagrafica'];
const VISIBILITA = ['commesse.visibilita'];
const ASSOCIA = ['commesse.associa'];
const PIANIFICAZIONE = ['commesse.pianificazione'];
const REPORT = ['commesse.report'];
/** The screens that book time on orders (module rilevazione). */
const PRENOTANO = [
  'rilevazione.commessa1', 'rilevazione.commessa2', 'rilevazione.rilevaTempoFase', 'rilevazione.iniziaFase', 'rilevazione.iniziaFaseChiudiPrec', 'rilevazione.chiudiFase',
  'rilevazione.rapportino',
];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const idParams = z.strictObject({ id: zId });

export const RES_CLIENTI = defineResourceOps({
  // customers are the company's reference data: any logged-in user picks one (a work report's customer)
  name: 'clienti', label: ['Cliente', 'Clienti'], path: '/api/clienti', tag: 'commesse', importable: true, lookupForAll: true,
  row: ZClienteRow, input: ZCliente, read: ['commesse.clienti', ...ANAGRAFICA], write: ['commesse.clienti', ...ANAGRAFICA],
});

/**
 * Orders with their phases. Everyone logged in may ask the lookup, which lists only the orders the caller may see
 * (visibility rules); the list and the record need one of the module's screens.
 */
export const RES_COMMESSE = defineResourceOps({
  name: 'commesse', label: ['Commessa', 'Commesse'], path: '/api/commesse', tag: 'commesse', lookupForAll: true,
  // the booking screens read an order's phases too: the record is still limited to the orders the user may see
  row: ZCommessaRow, input: ZCommessa, read: [...ANAGRAFICA, ...VISIBILITA, ...ASSOCIA, ...PIANIFICAZIONE, ...REPORT, ...PRENOTANO], write: ANAGRAFICA,
  filters: ['stato', 'cliente_id', 'capo_commessa_id'],
});

/** An order import's preview (what would be stored, the errors row by row), or its outcome. */
const ZImportCommesse = z.union([
  z.object({
    righe: z.number(), valide: z.number(), commesse: z.number(), fasi: z.number(),
    errori: z.array(z.object({ riga: z.number(), campi: z.record(z.string(), z.string()) })),
  }),
  z.object({ message: z.string(), params: z.record(z.string(), z.unknown()).optional(), data: z.object({ righe: z.number(), commesse: z.number(), fasi: z.number() }) }),
]);

export const OPS_COMMESSE = defineOperations({
  importa: {
    method: 'POST', path: '/api/commesse/import', tag: 'commesse', summary: 'Commesse e fasi: importazione dal gestionale (anteprima, poi tutte le righe o nessuna)',
    description: 'Una riga per fase, con le colonne della commessa ripetute: commessa, descrizione, cliente, stato, data_inizio, data_fine, ore_budget, costo_budget, capo_commessa, fase, fase_descrizione, fase_ore_previste.',
    access: { routes: ANAGRAFICA },
    body: z.strictObject({ righe: z.array(z.record(z.string(), z.unknown())).min(1).max(IMPORT_MAX_ROWS), conferma: z.boolean().default(false) }),
    responses: { 200: ZImportCommesse },
  },
  scheda: {
    method: 'GET', path: '/api/commesse/:id/scheda', tag: 'commesse', summary: 'Scheda di lavorazione della commessa (PDF con un codice a barre per fase)',
    access: { routes: [...ANAGRAFICA, ...PIANIFICAZIONE, ...REPORT] }, params: idParams, responses: { file: 'application/pdf' },
  },

  // ---- visibility ----
  visibilita: {
    method: 'GET', path: '/api/commesse/:id/visibilita', tag: 'commesse', summary: 'Visibilità della commessa: le regole',
    access: { routes: VISIBILITA }, params: idParams, responses: { 200: ZVisibilitaLetta },
  },
  salvaVisibilita: {
    method: 'POST', path: '/api/commesse/:id/visibilita', tag: 'commesse', summary: 'Visibilità della commessa: sostituzione delle regole',
    access: { routes: VISIBILITA }, params: idParams, body: ZVisibilita, responses: { 200: zAnswer(ZVisibilitaLetta) },
  },
  persone: {
    method: 'GET', path: '/api/commesse/:id/visibilita/persone', tag: 'commesse', summary: 'Chi vede la commessa, e perché',
    access: { routes: VISIBILITA }, params: idParams, responses: { 200: z.array(ZPersonaVisibilita) },
  },
  visibiliA: {
    method: 'GET', path: '/api/commesse/visibili/:id', tag: 'commesse', summary: 'Le commesse che un dipendente vede, e perché',
    access: { routes: VISIBILITA }, params: idParams, responses: { 200: z.array(ZCommessaVisibile) },
  },

  // ---- associations ----
  associazioni: {
    method: 'GET', path: '/api/commesse/:id/associazioni', tag: 'commesse', summary: 'Associazioni della commessa: mansioni per fase, squadra',
    access: { routes: ASSOCIA }, params: idParams, responses: { 200: ZAssociazioniLette },
  },
  salvaAssociazioni: {
    method: 'POST', path: '/api/commesse/:id/associazioni', tag: 'commesse', summary: 'Associazioni della commessa: sostituzione',
    access: { routes: ASSOCIA }, params: idParams, body: ZAssociazioni, responses: { 200: zAnswer(ZAssociazioniLette) },
  },
  applicaAssociazioni: {
    method: 'POST', path: '/api/commesse/associazioni/applica', tag: 'commesse', summary: 'Associazioni di una commessa applicate ad altre (per codice di fase)',
    access: { routes: ASSOCIA }, body: ZApplicaAssociazioni, responses: { 200: zAnswer(ZApplicaEsito) },
  },
  costiMansione: {
    method: 'GET', path: '/api/commesse/costi-mansione', tag: 'commesse', summary: 'Costo orario standard di ogni mansione',
    access: { routes: ASSOCIA }, responses: { 200: z.array(ZCostoMansione) },
  },
  salvaCostiMansione: {
    method: 'POST', path: '/api/commesse/costi-mansione', tag: 'commesse', summary: 'Costo orario standard delle mansioni: modifica',
    access: { routes: ASSOCIA }, body: ZCostiMansione, responses: { 200: zAnswer(z.array(ZCostoMansione)) },
  },

  // ---- the labour cost's mode (issue #18) ----
  parametri: {
    method: 'GET', path: '/api/commesse/parametri', tag: 'commesse', summary: 'Parametri delle commesse: come il consuntivo costa le ore (mansione o retribuzione × coefficiente)',
    access: { routes: ASSOCIA }, responses: { 200: ZParametriCommesse },
  },
  salvaParametri: {
    method: 'PUT', path: '/api/commesse/parametri', tag: 'commesse', summary: 'Parametri delle commesse: modifica',
    access: { routes: ASSOCIA, scopes: ['tutti'] }, body: ZParametriCommesse, responses: { 200: zAnswer(ZParametriCommesse) },
  },

  // ---- planning ----
  pianificazione: {
    method: 'GET', path: '/api/commesse/pianificazione', tag: 'commesse', summary: 'Pianificazione: dipendenti per settimane, con la capacità dal calendario turni',
    access: { routes: [...PIANIFICAZIONE, ...REPORT] }, query: ZPianificazioneQuery, responses: { 200: ZPianificazioneGriglia },
  },
  pianifica: {
    method: 'POST', path: '/api/commesse/pianificazione', tag: 'commesse', summary: 'Pianificazione: ore per commessa, fase, dipendente e settimana (0 toglie)',
    access: { routes: PIANIFICAZIONE }, body: ZPianificazioneBody, responses: { 200: zAnswer(z.object({ salvate: z.number() })) },
  },
  pianificazioneExcel: {
    method: 'GET', path: '/api/commesse/pianificazione/excel', tag: 'commesse', summary: 'Pianificazione: esportazione Excel',
    access: { routes: [...PIANIFICAZIONE, ...REPORT] }, query: ZPianificazioneQuery, responses: { file: XLSX },
  },
  timeline: {
    method: 'GET', path: '/api/commesse/timeline', tag: 'commesse', summary: 'Commesse nel periodo, con avanzamento (cronoprogramma)',
    access: { routes: [...PIANIFICAZIONE, ...REPORT] }, query: ZTimelineQuery, responses: { 200: zRows(ZTimelineRiga) },
  },

  // ---- the order's report ----
  consuntivo: {
    method: 'GET', path: '/api/commesse/:id/consuntivo', tag: 'commesse', summary: 'Consuntivo della commessa: budget, pianificato, registrato, costi',
    access: { routes: [...ANAGRAFICA, ...PIANIFICAZIONE, ...REPORT] }, params: idParams, responses: { 200: ZConsuntivo },
  },
  consuntivoExcel: {
    method: 'GET', path: '/api/commesse/:id/consuntivo/excel', tag: 'commesse', summary: 'Consuntivo della commessa: esportazione Excel',
    access: { routes: [...ANAGRAFICA, ...PIANIFICAZIONE, ...REPORT] }, params: idParams, responses: { file: XLSX },
  },
});
