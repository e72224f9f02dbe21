/**
 * Time on job orders' operations (module rilevazione, issue #15): bookings, the weekly grid and its approval, the
 * shop-floor phase timers, the reconciliation with the timecard, the parameters.
 */
import { z } from 'zod';
import { defineOperations, zAnswer, zRows } from '../operation';
import { zId, ZNoBody } from '../schemas/common';
import {
  ZFaseAzione, ZFaseEsito, ZFaseTerminale, ZFaseTerminaleStato, ZIdentificazioneTerminale, ZRapportiniQuery, ZRapportino, ZRapportinoFirma, ZRapportinoRow, ZOreCorrezione, ZOreEliminazione, ZOreInput, ZOreQuery, ZParametriRilevazione, ZRegistrazione, ZRiconciliazioneQuery,
  ZRiconciliazioneRiga, ZSettimana, ZStatoSettimana, ZSettimanaAzione, ZSettimanaDaApprovare, ZSettimanaQuery, ZSettimanaRifiuto, ZSettimanaSalva, ZSettimanaStato,
} from '../schemas/rilevazione';

/** The employee's own week. */
const SETTIMANA = ['rilevazione.commessa1'];
/** Recording per employee: others' bookings, approvals, reconciliation. */
const PER_DIPENDENTE = ['rilevazione.commessa2'];
/** The four shop-floor phase screens. */
const FASI = ['rilevazione.rilevaTempoFase', 'rilevazione.iniziaFase', 'rilevazione.iniziaFaseChiudiPrec', 'rilevazione.chiudiFase'];
const PARAMETRI = ['rilevazione.parametri'];
/** A capo commessa reads and sends back the weeks booked on their orders. */
const CAPO = ['commesse.report'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const idParams = z.strictObject({ id: zId });

export const OPS_RILEVAZIONE = defineOperations({
  // ---- bookings ----
  ore: {
    method: 'GET', path: '/api/rilevazione/ore', tag: 'rilevazione', summary: 'Registrazioni di ore su commessa: elenco',
    access: { routes: [...SETTIMANA, ...PER_DIPENDENTE] }, query: ZOreQuery, responses: { 200: zRows(ZRegistrazione) },
  },
  registra: {
    method: 'PUT', path: '/api/rilevazione/ore', tag: 'rilevazione', summary: 'Registrazione di ore su commessa (idempotente su id_richiesta)',
    access: { routes: [...SETTIMANA, ...PER_DIPENDENTE, ...FASI] }, body: ZOreInput, responses: { 201: zAnswer(ZRegistrazione) },
  },
  correggi: {
    method: 'POST', path: '/api/rilevazione/ore/:id', tag: 'rilevazione', summary: 'Registrazione: correzione (con motivo se di un altro)',
    access: { routes: [...SETTIMANA, ...PER_DIPENDENTE] }, params: idParams, body: ZOreCorrezione, responses: { 200: zAnswer(ZRegistrazione) },
  },
  elimina: {
    method: 'POST', path: '/api/rilevazione/ore/:id/elimina', tag: 'rilevazione', summary: 'Registrazione: eliminazione (con motivo se di un altro)',
    access: { routes: [...SETTIMANA, ...PER_DIPENDENTE] }, params: idParams, body: ZOreEliminazione.nullish(), responses: { 200: zAnswer(ZRegistrazione) },
  },

  // ---- the weekly grid and its approval ----
  settimana: {
    method: 'GET', path: '/api/rilevazione/settimana', tag: 'rilevazione', summary: 'Settimana di un dipendente: ore per commessa e fase, con le ore lavorate dal cartellino',
    access: { routes: [...SETTIMANA, ...PER_DIPENDENTE, ...CAPO] }, query: ZSettimanaQuery, responses: { 200: ZSettimana },
  },
  salvaSettimana: {
    method: 'POST', path: '/api/rilevazione/settimana', tag: 'rilevazione', summary: 'Settimana: salvataggio della griglia',
    access: { routes: [...SETTIMANA, ...PER_DIPENDENTE] }, body: ZSettimanaSalva, responses: { 200: zAnswer(ZSettimana) },
  },
  invia: {
    method: 'POST', path: '/api/rilevazione/settimana/invia', tag: 'rilevazione', summary: 'Settimana: invio per approvazione',
    access: { routes: [...SETTIMANA, ...PER_DIPENDENTE] }, body: ZSettimanaAzione, responses: { 200: zAnswer(ZSettimanaStato) },
  },
  approva: {
    method: 'POST', path: '/api/rilevazione/settimana/approva', tag: 'rilevazione', summary: 'Settimana: approvazione',
    access: { routes: PER_DIPENDENTE }, body: ZSettimanaAzione, responses: { 200: zAnswer(ZSettimanaStato) },
  },
  rifiuta: {
    method: 'POST', path: '/api/rilevazione/settimana/rifiuta', tag: 'rilevazione', summary: 'Settimana: rinvio al dipendente con motivo',
    access: { routes: [...PER_DIPENDENTE, ...CAPO] }, body: ZSettimanaRifiuto, responses: { 200: zAnswer(ZSettimanaStato) },
  },
  riapri: {
    method: 'POST', path: '/api/rilevazione/settimana/riapri', tag: 'rilevazione', summary: 'Settimana approvata: riapertura con motivo (ufficio personale)',
    access: { routes: PER_DIPENDENTE, scopes: ['tutti'] }, body: ZSettimanaRifiuto, responses: { 200: zAnswer(ZSettimanaStato) },
  },
  decisioni: {
    method: 'GET', path: '/api/rilevazione/settimane/decisioni', tag: 'rilevazione', summary: 'Settimane dell’utente decise da altri nelle ultime due settimane',
    access: { routes: SETTIMANA },
    responses: { 200: z.array(z.object({ settimana: z.string(), stato: ZStatoSettimana, motivo: z.string().nullable(), decisa_il: z.string() })) },
  },
  daApprovare: {
    method: 'GET', path: '/api/rilevazione/settimane/da-approvare', tag: 'rilevazione', summary: 'Settimane inviate in attesa di decisione',
    access: { routes: [...PER_DIPENDENTE, ...CAPO] }, responses: { 200: z.array(ZSettimanaDaApprovare) },
  },

  // ---- phase timers ----
  fasi: {
    method: 'POST', path: '/api/rilevazione/fasi', tag: 'rilevazione', summary: 'Fase: inizio, cambio, chiusura o tempo a posteriori (op inf, closePrevious, cf, rtf)',
    access: { routes: FASI }, body: ZFaseAzione, responses: { 200: zAnswer(ZFaseEsito) }, idempotency: 'own',
  },
  fasiTerminale: {
    method: 'POST', path: '/api/rilevazione/fasi/terminale', tag: 'rilevazione',
    summary: 'Fase da un terminale registrato (tablet di reparto): la persona con badge e PIN come al chiosco, poi l’azione',
    access: { public: true }, body: ZFaseTerminale, responses: { 200: zAnswer(ZFaseEsito) }, idempotency: 'own',
  },
  statoTerminale: {
    method: 'POST', path: '/api/rilevazione/fasi/terminale/stato', tag: 'rilevazione', summary: 'Terminale di reparto: chi è la persona (badge e PIN) e la sua fase in corso',
    access: { public: true }, body: ZIdentificazioneTerminale, responses: { 200: ZFaseTerminaleStato },
  },
  aperta: {
    method: 'GET', path: '/api/rilevazione/fasi/aperta', tag: 'rilevazione', summary: 'La fase in corso del dipendente, o null',
    access: { routes: [...FASI, ...SETTIMANA, ...PER_DIPENDENTE] }, query: z.object({ dipendente_id: zId.optional() }), responses: { 200: ZRegistrazione.nullable() },
  },

  // ---- reconciliation and parameters ----
  riconciliazione: {
    method: 'GET', path: '/api/rilevazione/riconciliazione', tag: 'rilevazione', summary: 'Ore lavorate (cartellino) contro ore registrate, per dipendente e giorno',
    access: { routes: PER_DIPENDENTE }, query: ZRiconciliazioneQuery, responses: { 200: zRows(ZRiconciliazioneRiga) },
  },
  riconciliazioneExcel: {
    method: 'GET', path: '/api/rilevazione/riconciliazione/excel', tag: 'rilevazione', summary: 'Riconciliazione: esportazione Excel',
    access: { routes: PER_DIPENDENTE }, query: ZRiconciliazioneQuery, responses: { file: XLSX },
  },
  parametri: {
    method: 'GET', path: '/api/rilevazione/parametri', tag: 'rilevazione', summary: 'Parametri della rilevazione',
    access: { routes: [...PARAMETRI, ...SETTIMANA, ...PER_DIPENDENTE, ...FASI] }, responses: { 200: ZParametriRilevazione },
  },
  salvaParametri: {
    method: 'POST', path: '/api/rilevazione/parametri', tag: 'rilevazione', summary: 'Parametri della rilevazione: modifica',
    access: { routes: PARAMETRI }, body: ZParametriRilevazione, responses: { 200: zAnswer(ZParametriRilevazione) },
  },
});


const RAPPORTINO = ['rilevazione.rapportino'];

/** The daily work report (rapportino): a day's activities at a customer's site, signed on the screen, mailed as PDF. */
export const OPS_RAPPORTINI = defineOperations({
  elenco: {
    method: 'GET', path: '/api/rilevazione/rapportini', tag: 'rilevazione', summary: 'Rapportini: elenco',
    access: { routes: RAPPORTINO }, query: ZRapportiniQuery, responses: { 200: zRows(ZRapportinoRow) },
  },
  dettaglio: {
    method: 'GET', path: '/api/rilevazione/rapportini/:id', tag: 'rilevazione', summary: 'Rapportino: dettaglio',
    access: { routes: RAPPORTINO }, params: idParams, responses: { 200: ZRapportinoRow },
  },
  crea: {
    method: 'PUT', path: '/api/rilevazione/rapportini', tag: 'rilevazione', summary: 'Rapportino: creazione (bozza)',
    access: { routes: RAPPORTINO }, body: ZRapportino, responses: { 201: zAnswer(ZRapportinoRow) },
  },
  modifica: {
    method: 'POST', path: '/api/rilevazione/rapportini/:id', tag: 'rilevazione', summary: 'Rapportino: modifica (solo in bozza)',
    access: { routes: RAPPORTINO }, params: idParams, body: ZRapportino, responses: { 200: zAnswer(ZRapportinoRow) },
  },
  firma: {
    method: 'POST', path: '/api/rilevazione/rapportini/:id/firma', tag: 'rilevazione', summary: 'Rapportino: firma del cliente, PDF e invio per e-mail',
    access: { routes: RAPPORTINO }, params: idParams, body: ZRapportinoFirma, responses: { 200: zAnswer(ZRapportinoRow) },
  },
  approva: {
    method: 'POST', path: '/api/rilevazione/rapportini/:id/approva', tag: 'rilevazione', summary: 'Rapportino: approvazione (le righe diventano ore approvate)',
    access: { routes: [...RAPPORTINO, ...PER_DIPENDENTE] }, params: idParams, body: ZNoBody, responses: { 200: zAnswer(ZRapportinoRow) },
  },
  pdf: {
    method: 'GET', path: '/api/rilevazione/rapportini/:id/pdf', tag: 'rilevazione', summary: 'Rapportino: PDF',
    access: { routes: RAPPORTINO }, params: idParams, responses: { file: 'application/pdf' },
  },
});
