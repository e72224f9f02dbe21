/**
 * Equipment and PPE's operations (module dotazioni, issue #17): types and articles as generic resources; stock
 * movements and serial-numbered units; the standard kit of a mansione and who lacks what; an employee's sizes,
 * training, what they hold, lack and must replace; deliveries with the signed verbale, returns and write-offs; the
 * items falling due.
 */
import { z } from 'zod';
import { defineOperations, zAnswer, zRows } from '../operation';
import { defineResourceOps } from '../resource';
import { zId } from '../schemas/common';
import { ZMotivo } from '../schemas/presenze';
import {
  ZArticolo, ZArticoloRow, ZConsegna, ZConsegnaRigaRow, ZConsegnaRow, ZConsegneElenco, ZConsegneQuery, ZFirmaConsegna, ZFormazione, ZIspezione, ZFormazioneRow, ZKit, ZKitMansione,
  ZMancanteRow, ZMancantiQuery, ZMansioneKitRow, ZMovimento, ZMovimentoRow, ZProposta, ZReso, ZResoRow, ZRiordinoRow, ZScadenzeElenco, ZScadenzeQuery,
  ZSchedaDipendente, ZSchedaQuery, ZStatoUnitaCambio, ZTaglieDipendente, ZTaglieRow, ZTipologia, ZTipologiaRow, ZUnitaRow,
} from '../schemas/dotazioni';

const TIPOLOGIE = ['dotazioni.tipologie'];
const ANAGRAFICA = ['dotazioni.anagrafica'];
const CONSEGNE = ['dotazioni.consegne'];
const MANSIONE = ['dotazioni.mansione'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const idParams = z.strictObject({ id: zId });

export const RES_TIPOLOGIE_DOTAZIONE = defineResourceOps({
  name: 'dotazioni_tipologie', label: ['Tipo di dotazione', 'Tipi di dotazione'], path: '/api/dotazioni/tipologie', tag: 'dotazioni',
  row: ZTipologiaRow, input: ZTipologia, read: [...TIPOLOGIE, ...ANAGRAFICA, ...CONSEGNE, ...MANSIONE], write: TIPOLOGIE, filters: ['dpi'],
});

/** An article's answer carries its stock per size (`giacenze`), the sum of its movements. */
export const RES_ARTICOLI_DOTAZIONE = defineResourceOps({
  name: 'dotazioni_articoli', label: ['Articolo', 'Articoli'], path: '/api/dotazioni/articoli', tag: 'dotazioni',
  row: ZArticoloRow, input: ZArticolo, read: [...ANAGRAFICA, ...CONSEGNE], write: ANAGRAFICA, filters: ['tipologia_id'],
});

export const OPS_DOTAZIONI = defineOperations({
  nota: {
    method: 'GET', path: '/api/dotazioni/note/:id', tag: 'dotazioni', summary: 'Nota informativa del fabbricante (PDF), per l’id del file di un articolo',
    access: { routes: [...ANAGRAFICA, ...CONSEGNE] }, params: z.strictObject({ id: z.string().uuid() }), responses: { file: 'application/pdf' },
  },

  // ---- stock ----
  movimenti: {
    method: 'GET', path: '/api/dotazioni/articoli/:id/movimenti', tag: 'dotazioni', summary: 'Movimenti di magazzino di un articolo (carichi, rettifiche, consegne, resi)',
    access: { routes: ANAGRAFICA }, params: idParams, responses: { 200: zRows(ZMovimentoRow) },
  },
  movimento: {
    method: 'PUT', path: '/api/dotazioni/articoli/:id/movimenti', tag: 'dotazioni', summary: 'Carico (con il documento) o rettifica (con il motivo) della giacenza',
    access: { routes: ANAGRAFICA }, params: idParams, body: ZMovimento, responses: { 201: zAnswer(ZArticoloRow) },
  },
  unita: {
    method: 'GET', path: '/api/dotazioni/articoli/:id/unita', tag: 'dotazioni', summary: 'Unità con numero di serie di un articolo e il loro stato',
    access: { routes: [...ANAGRAFICA, ...CONSEGNE] }, params: idParams, responses: { 200: z.array(ZUnitaRow) },
  },
  statoUnita: {
    method: 'POST', path: '/api/dotazioni/unita/:id', tag: 'dotazioni', summary: 'Unità: in riparazione, di nuovo disponibile o dismessa (con il motivo)',
    access: { routes: ANAGRAFICA }, params: idParams, body: ZStatoUnitaCambio, responses: { 200: zAnswer(ZUnitaRow) },
  },
  riordino: {
    method: 'GET', path: '/api/dotazioni/riordino', tag: 'dotazioni', summary: 'Articoli e taglie sotto la scorta minima',
    access: { routes: ANAGRAFICA }, responses: { 200: z.array(ZRiordinoRow) },
  },

  // ---- the kit of a mansione ----
  mansioni: {
    method: 'GET', path: '/api/dotazioni/mansioni', tag: 'dotazioni', summary: 'Mansioni con il numero di tipi della loro dotazione standard',
    access: { routes: [...MANSIONE, ...CONSEGNE] }, responses: { 200: z.array(ZMansioneKitRow) },
  },
  kit: {
    method: 'GET', path: '/api/dotazioni/mansioni/:mansione_id', tag: 'dotazioni', summary: 'Dotazione standard di una mansione',
    access: { routes: [...MANSIONE, ...CONSEGNE] }, params: z.strictObject({ mansione_id: zId }), responses: { 200: ZKitMansione },
  },
  salvaKit: {
    method: 'POST', path: '/api/dotazioni/mansioni/:mansione_id', tag: 'dotazioni', summary: 'Dotazione standard di una mansione: sostituita per intero',
    access: { routes: MANSIONE }, params: z.strictObject({ mansione_id: zId }), body: ZKit, responses: { 200: zAnswer(ZKitMansione) },
  },
  mancanti: {
    method: 'GET', path: '/api/dotazioni/mancanti', tag: 'dotazioni', summary: 'Chi manca di cosa: dotazione obbligatoria incompleta o scaduta, per reparto',
    access: { routes: [...MANSIONE, ...CONSEGNE] }, query: ZMancantiQuery, responses: { 200: z.array(ZMancanteRow) },
  },
  mancantiExcel: {
    method: 'GET', path: '/api/dotazioni/mancanti/excel', tag: 'dotazioni', summary: 'Chi manca di cosa: esportazione Excel',
    access: { routes: [...MANSIONE, ...CONSEGNE] }, query: ZMancantiQuery, responses: { file: XLSX },
  },

  // ---- the employee ----
  scheda: {
    method: 'GET', path: '/api/dotazioni/dipendenti/:id', tag: 'dotazioni', summary: 'Dotazioni di un dipendente: in uso, mancanti, in scadenza, da restituire, formazione',
    access: { routes: CONSEGNE }, params: idParams, query: ZSchedaQuery, responses: { 200: ZSchedaDipendente },
  },
  mie: {
    method: 'GET', path: '/api/dotazioni/mie', tag: 'dotazioni', summary: 'Le proprie dotazioni (pagina iniziale)',
    access: { auth: true }, query: ZSchedaQuery, responses: { 200: ZSchedaDipendente.nullable() },
  },
  proposta: {
    method: 'GET', path: '/api/dotazioni/dipendenti/:id/proposta', tag: 'dotazioni', summary: 'Consegna proposta: ciò che manca alla dotazione della mansione e ciò che scade, nelle taglie del dipendente',
    access: { routes: CONSEGNE }, params: idParams, query: ZSchedaQuery, responses: { 200: ZProposta },
  },
  taglie: {
    method: 'POST', path: '/api/dotazioni/dipendenti/:id/taglie', tag: 'dotazioni', summary: 'Taglie del dipendente (scarpe, abbigliamento, guanti)',
    access: { routes: CONSEGNE }, params: idParams, body: ZTaglieDipendente, responses: { 200: zAnswer(ZTaglieRow) },
  },
  formazione: {
    method: 'PUT', path: '/api/dotazioni/formazione', tag: 'dotazioni', summary: 'Formazione e addestramento su un tipo di DPI (D.Lgs 81/2008 art. 77)',
    access: { routes: CONSEGNE }, body: ZFormazione, responses: { 201: zAnswer(ZFormazioneRow) },
  },

  // ---- deliveries ----
  consegne: {
    method: 'GET', path: '/api/dotazioni/consegne', tag: 'dotazioni', summary: 'Consegne di dotazioni, con filtri',
    access: { routes: CONSEGNE }, query: ZConsegneQuery, responses: { 200: ZConsegneElenco },
  },
  consegna: {
    method: 'GET', path: '/api/dotazioni/consegne/:id', tag: 'dotazioni', summary: 'Consegna con le righe',
    access: { routes: CONSEGNE }, params: idParams, responses: { 200: ZConsegnaRow },
  },
  consegnaNuova: {
    method: 'PUT', path: '/api/dotazioni/consegne', tag: 'dotazioni', summary: 'Consegna di dotazioni al dipendente: scarico o assegnazione dell’unità, verbale firmato',
    access: { routes: CONSEGNE }, body: ZConsegna, responses: { 201: zAnswer(ZConsegnaRow) },
  },
  firma: {
    method: 'POST', path: '/api/dotazioni/consegne/:id/firma', tag: 'dotazioni', summary: 'Consegna: firma del dipendente (se non firmata alla consegna), il verbale è rifatto',
    access: { routes: CONSEGNE }, params: idParams, body: ZFirmaConsegna, responses: { 200: zAnswer(ZConsegnaRow) },
  },
  annulla: {
    method: 'POST', path: '/api/dotazioni/consegne/:id/annulla', tag: 'dotazioni', summary: 'Consegna annullata con il motivo (mai eliminata): la giacenza torna',
    access: { routes: CONSEGNE }, params: idParams, body: ZMotivo, responses: { 200: zAnswer(ZConsegnaRow) },
  },
  verbale: {
    method: 'GET', path: '/api/dotazioni/consegne/:id/verbale', tag: 'dotazioni', summary: 'Verbale di consegna in PDF (il proprio, per il dipendente)',
    access: { auth: true }, params: idParams, responses: { file: 'application/pdf' },
  },
  reso: {
    method: 'PUT', path: '/api/dotazioni/resi', tag: 'dotazioni', summary: 'Reso o dismissione di una dotazione consegnata',
    access: { routes: CONSEGNE }, body: ZReso, responses: { 201: zAnswer(ZResoRow) },
  },
  ispezione: {
    method: 'POST', path: '/api/dotazioni/righe/:id/ispezione', tag: 'dotazioni', summary: 'Ispezione periodica di una dotazione consegnata: idonea (nuova scadenza) o non idonea (dismessa)',
    access: { routes: CONSEGNE }, params: idParams, body: ZIspezione, responses: { 200: zAnswer(ZConsegnaRigaRow) },
  },
  scadenze: {
    method: 'GET', path: '/api/dotazioni/scadenze', tag: 'dotazioni', summary: 'Dotazioni in scadenza o da ispezionare nel periodo, per reparto',
    access: { routes: CONSEGNE }, query: ZScadenzeQuery, responses: { 200: ZScadenzeElenco },
  },
});
