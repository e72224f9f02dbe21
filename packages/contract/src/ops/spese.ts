/**
 * Expense notes' operations (module spese, issue #16): payment and expense types, vehicles and currencies as generic
 * resources; the rates of a currency and the ECB import; the note, its lines, advances and states; the reviews, the
 * lists, the PDF and the exports to payroll.
 */
import { z } from 'zod';
import { defineOperations, zAnswer, zRows } from '../operation';
import { defineResourceOps } from '../resource';
import { zId } from '../schemas/common';
import { ZMotivo } from '../schemas/presenze';
import {
  ZAnticipo, ZAnticipoRow, ZCambio, ZCambioRow, ZCambiQuery, ZDecisioneNota, ZImportCambi, ZImportCambiEsito, ZLiquida, ZLiquidaMolte,
  ZNotaSpese, ZNotaSpeseDettaglio, ZNoteElenco, ZNoteQuery, ZPagheSpeseQuery, ZRevisioneRiga, ZRigaElenco, ZRigaSpesa, ZRigaSpesaRow, ZRigheQuery,
  ZParametriSpese, ZTariffaAci, ZTariffaAciRow, ZCostoDaAci, ZTipoPagamento, ZTipoPagamentoRow, ZTipoSpesa, ZTipoSpesaRow, ZValuta, ZValutaRow, ZVeicolo, ZVeicoloRow, zCodiceValuta, ZCategoriaSpesa,
} from '../schemas/spese';

const NOTE = ['notaspese'];
const GESTIONE = ['notaspesaadmin'];
const SPESE = ['speseadmin'];
const TUTTE = [...NOTE, ...GESTIONE, ...SPESE];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const idParams = z.strictObject({ id: zId });
const rigaParams = z.strictObject({ id: zId, riga: zId });

export const RES_TIPI_PAGAMENTO = defineResourceOps({
  name: 'tipipagamento', label: ['Tipo di pagamento', 'Tipi di pagamento'], path: '/api/tipipagamento', tag: 'spese', lookupForAll: true,
  row: ZTipoPagamentoRow, input: ZTipoPagamento, read: ['tipipagamento'], write: ['tipipagamento'],
});

export const RES_TIPI_SPESA = defineResourceOps({
  name: 'tipispesa', label: ['Tipo di spesa', 'Tipi di spesa'], path: '/api/tipispesa', tag: 'spese', lookupForAll: true,
  row: ZTipoSpesaRow, input: ZTipoSpesa, read: ['tipispesa'], write: ['tipispesa'], filters: ['categoria'],
});

/**
 * An employee registers and sees their own cars; a profile that sees everyone, every car (the service's scope). The
 * cost per km is HR's: only a profile that sees everyone writes it (an employee's is refused, 403).
 */
export const RES_VEICOLI = defineResourceOps({
  name: 'veicoli', label: ['Veicolo', 'Veicoli'], path: '/api/veicoli', tag: 'spese',
  row: ZVeicoloRow, input: ZVeicolo, read: ['veicoli'], write: ['veicoli'], filters: ['dipendente_id'],
});

/** The ACI's cost tables kept in Tulip (imported from CSV): HR fills a car's cost per km from a row. */
export const RES_TARIFFE_ACI = defineResourceOps({
  name: 'tariffeaci', label: ['Tariffa ACI', 'Tariffe ACI'], path: '/api/tariffeaci', tag: 'spese', lookupForAll: true,
  row: ZTariffaAciRow, input: ZTariffaAci, read: ['veicoli'], write: ['veicoli'], writeScopes: ['tutti'], filters: ['anno', 'alimentazione'], importable: true,
});

export const RES_VALUTE = defineResourceOps({
  name: 'valute', label: ['Valuta', 'Valute'], path: '/api/valute', tag: 'spese', lookupForAll: true, idSchema: zCodiceValuta, idField: 'codice',
  row: ZValutaRow, input: ZValuta, read: ['valute'], write: ['valute'],
});

/** What the note's form offers: the active expense and payment types, currencies, and the caller's own cars. */
const ZRiferimenti = z.object({
  tipi_spesa: z.array(z.object({ codice: z.string(), descrizione: z.string(), categoria: ZCategoriaSpesa, massimale: z.number().nullable(), massimale_per: z.enum(['giorno', 'voce']), ricevuta_obbligatoria: z.boolean() })),
  tipi_pagamento: z.array(z.object({ codice: z.string(), descrizione: z.string(), tracciabile: z.boolean(), pagata_azienda: z.boolean() })),
  valute: z.array(z.object({ codice: z.string(), simbolo: z.string().nullable(), decimali: z.number() })),
  veicoli: z.array(z.object({ id: z.number(), targa: z.string(), descrizione: z.string(), dipendente_id: z.number().nullable() })),
});

export const OPS_SPESE = defineOperations({
  // ---- rates ----
  cambi: {
    method: 'GET', path: '/api/valute/:codice/cambi', tag: 'spese', summary: 'Cambi di una valuta per data (unità per 1 EUR)',
    access: { routes: ['valute'] }, params: z.strictObject({ codice: zCodiceValuta }), query: ZCambiQuery, responses: { 200: zRows(ZCambioRow) },
  },
  salvaCambio: {
    method: 'PUT', path: '/api/valute/:codice/cambi', tag: 'spese', summary: 'Cambio di una valuta in una data (nuovo o corretto)',
    access: { routes: ['valute'] }, params: z.strictObject({ codice: zCodiceValuta }), body: ZCambio, responses: { 201: zAnswer(ZCambioRow) },
  },
  importaCambi: {
    method: 'POST', path: '/api/valute/cambi/import', tag: 'spese', summary: 'Cambi dal file della BCE (Date,USD,JPY,...): anteprima, poi tutti o nessuno',
    access: { routes: ['valute'] }, body: ZImportCambi, responses: { 200: ZImportCambiEsito },
  },

  // ---- vehicles ----
  costoDaAci: {
    method: 'POST', path: '/api/veicoli/:id/costo-aci', tag: 'spese', summary: 'Veicolo: costo per km dell’anno preso da una riga della tabella ACI (ufficio del personale)',
    access: { routes: ['veicoli'], scopes: ['tutti'] }, params: idParams, body: ZCostoDaAci, responses: { 200: zAnswer(ZVeicoloRow) },
  },

  // ---- parameters ----
  parametri: {
    method: 'GET', path: '/api/notaspese/parametri', tag: 'spese', summary: 'Parametri delle note spese (quattro occhi sulla liquidazione)',
    access: { routes: GESTIONE }, responses: { 200: ZParametriSpese },
  },
  salvaParametri: {
    method: 'PUT', path: '/api/notaspese/parametri', tag: 'spese', summary: 'Parametri delle note spese: modifica',
    access: { routes: GESTIONE, scopes: ['tutti'] }, body: ZParametriSpese, responses: { 200: zAnswer(ZParametriSpese) },
  },

  // ---- the note ----
  riferimenti: {
    method: 'GET', path: '/api/notaspese/riferimenti', tag: 'spese', summary: 'Tipi di spesa e di pagamento, valute e veicoli propri, per il modulo della nota',
    access: { routes: TUTTE }, responses: { 200: ZRiferimenti },
  },
  elenco: {
    method: 'GET', path: '/api/notaspese', tag: 'spese', summary: 'Note spese: le proprie, o quelle nel proprio ambito, con i totali',
    access: { routes: [...NOTE, ...GESTIONE] }, query: ZNoteQuery, responses: { 200: ZNoteElenco },
  },
  excel: {
    method: 'GET', path: '/api/notaspese/excel', tag: 'spese', summary: 'Note spese: esportazione Excel', access: { routes: GESTIONE }, query: ZNoteQuery, responses: { file: XLSX },
  },
  crea: {
    method: 'PUT', path: '/api/notaspese', tag: 'spese', summary: 'Nota spese: creazione (con o senza trasferta)',
    access: { routes: [...NOTE, ...GESTIONE] }, body: ZNotaSpese, responses: { 201: zAnswer(ZNotaSpeseDettaglio) },
  },
  dettaglio: {
    method: 'GET', path: '/api/notaspese/:id', tag: 'spese', summary: 'Nota spese con righe, anticipi, totali e storia',
    access: { routes: TUTTE }, params: idParams, responses: { 200: ZNotaSpeseDettaglio },
  },
  modifica: {
    method: 'POST', path: '/api/notaspese/:id', tag: 'spese', summary: 'Nota spese: modifica dell’intestazione (solo in bozza)',
    access: { routes: [...NOTE, ...GESTIONE] }, params: idParams, body: ZNotaSpese, responses: { 200: zAnswer(ZNotaSpeseDettaglio) },
  },
  elimina: {
    method: 'DELETE', path: '/api/notaspese/:id', tag: 'spese', summary: 'Nota spese: eliminazione (solo in bozza)',
    access: { routes: [...NOTE, ...GESTIONE] }, params: idParams, responses: { 204: null },
  },
  pdf: {
    method: 'GET', path: '/api/notaspese/:id/pdf', tag: 'spese', summary: 'Nota spese in PDF', access: { routes: TUTTE }, params: idParams, responses: { file: 'application/pdf' },
  },

  // ---- lines ----
  aggiungiRiga: {
    method: 'PUT', path: '/api/notaspese/:id/righe', tag: 'spese', summary: 'Riga di spesa: aggiunta (la giornata è ricalcolata)',
    access: { routes: [...NOTE, ...GESTIONE] }, params: idParams, body: ZRigaSpesa, responses: { 201: zAnswer(ZRigaSpesaRow) },
  },
  modificaRiga: {
    method: 'POST', path: '/api/notaspese/:id/righe/:riga', tag: 'spese', summary: 'Riga di spesa: modifica (solo in bozza)',
    access: { routes: [...NOTE, ...GESTIONE] }, params: rigaParams, body: ZRigaSpesa, responses: { 200: zAnswer(ZRigaSpesaRow) },
  },
  eliminaRiga: {
    method: 'DELETE', path: '/api/notaspese/:id/righe/:riga', tag: 'spese', summary: 'Riga di spesa: eliminazione (solo in bozza)',
    access: { routes: [...NOTE, ...GESTIONE] }, params: rigaParams, responses: { 204: null },
  },
  rivediRiga: {
    method: 'POST', path: '/api/notaspese/:id/righe/:riga/revisione', tag: 'spese', summary: 'Riga di spesa: esclusione, tetto o correzione di chi approva, prima della liquidazione (con motivo)',
    access: { routes: [...GESTIONE, ...SPESE] }, params: rigaParams, body: ZRevisioneRiga, responses: { 200: zAnswer(ZRigaSpesaRow) },
  },
  ricevuta: {
    method: 'GET', path: '/api/notaspese/:id/righe/:riga/ricevuta', tag: 'spese', summary: 'Ricevuta di una riga (immagine o PDF)',
    access: { routes: TUTTE }, params: rigaParams, responses: { file: 'application/octet-stream' },
  },
  righe: {
    method: 'GET', path: '/api/notaspese/righe', tag: 'spese', summary: 'Righe di spesa nel proprio ambito, con filtri',
    access: { routes: SPESE }, query: ZRigheQuery, responses: { 200: zRows(ZRigaElenco) },
  },
  righeExcel: {
    method: 'GET', path: '/api/notaspese/righe/excel', tag: 'spese', summary: 'Righe di spesa: esportazione Excel', access: { routes: SPESE }, query: ZRigheQuery, responses: { file: XLSX },
  },

  // ---- advances ----
  aggiungiAnticipo: {
    method: 'PUT', path: '/api/notaspese/:id/anticipi', tag: 'spese', summary: 'Anticipo in contanti sulla nota (ufficio del personale)',
    access: { routes: GESTIONE, scopes: ['tutti'] }, params: idParams, body: ZAnticipo, responses: { 201: zAnswer(ZAnticipoRow) },
  },
  eliminaAnticipo: {
    method: 'DELETE', path: '/api/notaspese/:id/anticipi/:riga', tag: 'spese', summary: 'Anticipo: eliminazione',
    access: { routes: GESTIONE, scopes: ['tutti'] }, params: rigaParams, responses: { 204: null },
  },

  // ---- states ----
  invia: {
    method: 'POST', path: '/api/notaspese/:id/invia', tag: 'spese', summary: 'Nota spese: invio per l’approvazione',
    access: { routes: [...NOTE, ...GESTIONE] }, params: idParams, responses: { 200: zAnswer(ZNotaSpeseDettaglio) },
  },
  riapri: {
    method: 'POST', path: '/api/notaspese/:id/riapri', tag: 'spese', summary: 'Nota spese respinta: di nuovo in bozza per correggerla',
    access: { routes: [...NOTE, ...GESTIONE] }, params: idParams, responses: { 200: zAnswer(ZNotaSpeseDettaglio) },
  },
  approva: {
    method: 'POST', path: '/api/notaspese/:id/approva', tag: 'spese', summary: 'Nota spese: approvazione (mai la propria)',
    access: { routes: GESTIONE }, params: idParams, responses: { 200: zAnswer(ZNotaSpeseDettaglio) },
  },
  rifiuta: {
    method: 'POST', path: '/api/notaspese/:id/rifiuta', tag: 'spese', summary: 'Nota spese: respinta con il motivo',
    access: { routes: GESTIONE }, params: idParams, body: ZMotivo, responses: { 200: zAnswer(ZNotaSpeseDettaglio) },
  },
  liquida: {
    method: 'POST', path: '/api/notaspese/:id/liquida', tag: 'spese', summary: 'Nota spese: liquidazione (data di pagamento o mese paghe)',
    access: { routes: GESTIONE, scopes: ['tutti'] }, params: idParams, body: ZLiquida, responses: { 200: zAnswer(ZNotaSpeseDettaglio) },
  },
  liquidaMolte: {
    method: 'POST', path: '/api/notaspese/liquida', tag: 'spese', summary: 'Note spese: liquidazione di più note insieme (tutte o nessuna)',
    access: { routes: GESTIONE, scopes: ['tutti'] }, body: ZLiquidaMolte, responses: { 200: zAnswer(z.object({ liquidate: z.number() })) },
  },
  paghe: {
    method: 'GET', path: '/api/notaspese/paghe', tag: 'spese', summary: 'Rimborsi liquidati nel mese paghe: esportazione CSV o XML (esente e imponibile per voce)',
    access: { routes: GESTIONE, scopes: ['tutti'] }, query: ZPagheSpeseQuery, responses: { file: 'text/csv' },
  },
  decisioni: {
    method: 'GET', path: '/api/notaspese/decisioni', tag: 'spese', summary: 'Decisioni recenti sulle proprie note (pagina iniziale)',
    access: { auth: true }, responses: { 200: z.array(ZDecisioneNota) },
  },
});
