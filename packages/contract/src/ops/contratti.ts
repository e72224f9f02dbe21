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
  ZCcnl, ZCcnlRow, ZConfronto, ZConfrontoQuery, ZContratto, ZContrattoCorrezione, ZContrattoRow, ZDataQuery, ZImportVoci, ZRetribuzione, ZRetribuzioneDipendente,
  ZRetribuzioneQuery, ZStoricoLivello, ZTabellaCcnl, ZVoce, ZVociQuery, ZVoceRow,
} from '../schemas/contratti';

const RETRIBUZIONE = ['contratti.retribuzione'];
const LEGGONO = ['contratti.retribuzione', 'contratti.stipulazione'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const idParams = z.strictObject({ id: zId });

export const RES_CCNL = defineResourceOps({
  name: 'contratti_ccnl', label: ['CCNL', 'CCNL'], path: '/api/contratti/ccnl', tag: 'contratti',
  row: ZCcnlRow, input: ZCcnl, read: LEGGONO, write: RETRIBUZIONE, writeScopes: ['tutti'],
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
  contrattoCorrezione: {
    method: 'POST', path: '/api/contratti/dipendenti/:id/contratti/:riga', tag: 'contratti', summary: 'Correzione di una riga contrattuale, con il motivo (registrata nel registro delle modifiche)',
    access: { routes: RETRIBUZIONE }, params: z.strictObject({ id: zId, riga: zId }), body: ZContrattoCorrezione, responses: { 200: zAnswer(ZContrattoRow) },
  },
});
