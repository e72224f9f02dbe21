/**
 * The visitor register's operations (module visite): check-in and out at the desk, the evacuation list, expected visits
 * and their approval, the self-registration links with the visitor's public page, the parameters and the retention
 * job. The lookup tables (motivi, tipi, referenti) are generic resources (defineResource) and are not listed here.
 */
import { z } from 'zod';
import { defineOperations, zAnswer, zRows } from '../operation';
import { zDate, zId, zText, ZNoBody } from '../schemas/common';
import {
  ZAutorizzazione, ZAutorizzazioneCodice, ZAutorizzazioneVisita, ZAutorizzazioniQuery, ZEvacuazione, ZIngressoAutorizzato, ZLinkCreato, ZLinkQuery,
  ZLinkVisitatore, ZLinkVisitatoreRiga, ZParametriVisite, ZParametriVisiteLetti, ZRegistrazioneVisitatore, ZVisita, ZVisitaIngresso, ZVisitaPrecedente,
  ZVisitaPubblica, ZVisitaUscita, ZVisiteQuery, ZMotivoVisita, ZReferenteVisita, ZTipoVisitatore,
} from '../schemas/visite';
import { defineResourceOps } from '../resource';

const REGISTRO = ['visite.registro'];
const AUT = ['visite.autorizzazioni'];
const LINK = ['visite.linkvisitatore'];
const PARAMETRI = ['visite.parametri'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const idParams = z.strictObject({ id: zId });
const tokenParams = z.strictObject({ token: z.string().max(200) });
const codiceParams = z.strictObject({ codice: zText(40) });

/** "Ingresso di Carla Boschi registrato alle 09:12": the spec's `avvisi.created` with the context of its text. */
const ZIngressoAnswer = zAnswer(ZVisita).extend({ params: z.object({ context: z.literal('ingresso_visita'), nome: z.string(), ora: z.string() }) });
/** "Uscita di Carla Boschi registrata alle 17:40": `avvisi.updated` with its context. */
const ZUscitaAnswer = zAnswer(ZVisita).extend({ params: z.object({ context: z.literal('uscita_visita'), nome: z.string(), ora: z.string() }) });

export const OPS_VISITE = defineOperations({
  // ---- the register: visits, check-in and out, evacuation list, export ----
  elenco: {
    method: 'GET', path: '/api/visite', tag: 'visite', summary: 'Registro visite: elenco',
    access: { routes: REGISTRO }, query: ZVisiteQuery, responses: { 200: zRows(ZVisita) },
  },
  ingresso: {
    method: 'PUT', path: '/api/visite', tag: 'visite', summary: 'Visita: ingresso',
    access: { routes: REGISTRO }, body: ZVisitaIngresso, responses: { 201: ZIngressoAnswer },
  },
  precedenti: {
    method: 'GET', path: '/api/visite/precedenti', tag: 'visite', summary: 'Visitatori già registrati, per riprenderne i dati',
    access: { routes: REGISTRO }, query: z.object({ search: zText(100) }), responses: { 200: z.array(ZVisitaPrecedente) },
  },
  uscita: {
    method: 'POST', path: '/api/visite/:id/uscita', tag: 'visite', summary: 'Visita: uscita',
    access: { routes: REGISTRO }, params: idParams, body: ZVisitaUscita.nullish(), responses: { 200: ZUscitaAnswer },
  },
  evacuazione: {
    method: 'GET', path: '/api/visite/evacuazione', tag: 'visite', summary: 'Lista di evacuazione: chi è in sede ora',
    access: { routes: [...REGISTRO, 'presentiassenti'] }, responses: { 200: ZEvacuazione },
  },
  excel: {
    method: 'GET', path: '/api/visite/excel', tag: 'visite', summary: 'Registro visite: esportazione Excel',
    access: { routes: REGISTRO }, query: z.object({ dal: zDate, al: zDate }), responses: { file: XLSX },
  },

  // ---- authorisations: expected visits, checked in with one click ----
  autorizzazioni: {
    method: 'GET', path: '/api/visite/autorizzazioni', tag: 'visite', summary: 'Autorizzazioni di visita: elenco',
    access: { routes: AUT }, query: ZAutorizzazioniQuery, responses: { 200: zRows(ZAutorizzazioneVisita) },
  },
  autorizza: {
    method: 'PUT', path: '/api/visite/autorizzazioni', tag: 'visite', summary: 'Autorizzazione di visita: creazione',
    access: { routes: AUT }, body: ZAutorizzazione, responses: { 201: zAnswer(ZAutorizzazioneVisita) },
  },
  approva: {
    method: 'POST', path: '/api/visite/autorizzazioni/:id/approva', tag: 'visite', summary: 'Autorizzazione di visita: approvazione',
    access: { routes: PARAMETRI }, params: idParams, body: ZNoBody, responses: { 200: zAnswer(ZAutorizzazioneVisita) },
  },
  rifiuta: {
    method: 'POST', path: '/api/visite/autorizzazioni/:id/rifiuta', tag: 'visite', summary: 'Autorizzazione di visita: rifiuto',
    access: { routes: PARAMETRI }, params: idParams, body: ZNoBody, responses: { 200: zAnswer(ZAutorizzazioneVisita) },
  },
  revoca: {
    method: 'POST', path: '/api/visite/autorizzazioni/:id/revoca', tag: 'visite', summary: 'Autorizzazione di visita: revoca',
    access: { routes: AUT }, params: idParams, body: ZNoBody, responses: { 200: zAnswer(ZAutorizzazioneVisita) },
  },
  ingressoAutorizzato: {
    method: 'POST', path: '/api/visite/autorizzazioni/:id/ingresso', tag: 'visite', summary: 'Autorizzazione di visita: ingresso del visitatore',
    access: { routes: REGISTRO }, params: idParams, body: ZIngressoAutorizzato.nullish(), responses: { 201: ZIngressoAnswer },
  },

  // ---- parameters and retention ----
  parametri: {
    method: 'GET', path: '/api/visite/parametri', tag: 'visite', summary: 'Parametri del registro visite',
    access: { routes: [...PARAMETRI, ...REGISTRO] }, responses: { 200: ZParametriVisiteLetti },
  },
  salvaParametri: {
    method: 'POST', path: '/api/visite/parametri', tag: 'visite', summary: 'Parametri del registro visite: modifica',
    access: { routes: PARAMETRI }, body: ZParametriVisite, responses: { 200: zAnswer(ZParametriVisiteLetti) },
  },
  conservazione: {
    method: 'POST', path: '/api/visite/conservazione', tag: 'visite', summary: 'Anonimizzazione delle visite oltre il periodo di conservazione',
    access: { routes: PARAMETRI }, body: ZNoBody,
    responses: { 200: zAnswer(z.object({ anonimizzate: z.number() })).extend({ params: z.object({ n: z.number() }) }) },
  },

  // ---- self-registration links ----
  link: {
    method: 'GET', path: '/api/visite/link', tag: 'visite', summary: 'Link per visitatori: elenco',
    access: { routes: LINK }, query: ZLinkQuery, responses: { 200: zRows(ZLinkVisitatoreRiga) },
  },
  invitaLink: {
    method: 'PUT', path: '/api/visite/link', tag: 'visite', summary: 'Link per visitatore: creazione e invio',
    access: { routes: LINK }, body: ZLinkVisitatore, responses: { 201: zAnswer(ZLinkCreato) },
  },
  reinviaLink: {
    method: 'POST', path: '/api/visite/link/:id/reinvia', tag: 'visite', summary: 'Link per visitatore: nuovo invio',
    access: { routes: LINK }, params: idParams, body: ZNoBody, responses: { 200: zAnswer(ZLinkCreato) },
  },
  revocaLink: {
    method: 'POST', path: '/api/visite/link/:id/revoca', tag: 'visite', summary: 'Link per visitatore: revoca',
    access: { routes: LINK }, params: idParams, body: ZNoBody, responses: { 200: zAnswer(ZLinkVisitatoreRiga) },
  },

  // ---- the visitor's public page: only its own visit ----
  visitaPubblica: {
    method: 'GET', path: '/api/visita/:token', tag: 'visite', summary: 'Visitatore: il modulo del suo link (pubblico)',
    access: { public: true }, params: tokenParams, responses: { 200: ZVisitaPubblica },
  },
  registrazione: {
    method: 'POST', path: '/api/visita/:token', tag: 'visite', summary: 'Visitatore: registrazione dal suo link (pubblico)',
    access: { public: true }, params: tokenParams, body: ZRegistrazioneVisitatore, responses: { 200: zAnswer(ZVisitaPubblica) },
  },

  // ---- the desk: check-in by code ----
  codice: {
    method: 'GET', path: '/api/visite/codice/:codice', tag: 'visite', summary: 'Visita: lettura del codice del visitatore',
    access: { routes: REGISTRO }, params: codiceParams, responses: { 200: ZAutorizzazioneCodice },
  },
  ingressoCodice: {
    method: 'POST', path: '/api/visite/codice/:codice/ingresso', tag: 'visite', summary: 'Visita: ingresso con il codice del visitatore',
    access: { routes: REGISTRO }, params: codiceParams, body: ZIngressoAutorizzato.nullish(), responses: { 201: ZIngressoAnswer },
  },
});

// ---- resources of the generic layer: the register's reference tables ------------------------------------------------

export const RES_MOTIVI_VISITA = defineResourceOps({
  name: 'motivi_visita', label: ['Motivo di visita', 'Motivi di visita'], path: '/api/visite/motivi', tag: 'visite',
  row: z.object({ id: z.number(), codice: z.string(), descrizione: z.string(), attivo: z.boolean() }),
  input: ZMotivoVisita, read: ['visite.motivovisita', ...AUT, ...REGISTRO], write: ['visite.motivovisita'], lookupForAll: true,
});
export const ZTipoVisitatoreRow = z.object({
  id: z.number(), codice: z.string(), descrizione: z.string(), briefing_sicurezza: z.boolean(), richiede_approvazione: z.boolean(),
  accompagnamento: z.boolean(), dpi_richiesti: z.boolean(), colore_badge: z.string(), giorni_conservazione: z.number().nullable(), attivo: z.boolean(),
});
export type TTipoVisitatoreRow = z.infer<typeof ZTipoVisitatoreRow>;
export const RES_TIPI_VISITATORE = defineResourceOps({
  name: 'tipi_visitatore', label: ['Tipo di visitatore', 'Tipi di visitatore'], path: '/api/visite/tipi', tag: 'visite',
  row: ZTipoVisitatoreRow, input: ZTipoVisitatore, read: ['visite.tipovisitatore', ...AUT, ...REGISTRO], write: ['visite.tipovisitatore'], lookupForAll: true,
});
export const RES_REFERENTI_VISITA = defineResourceOps({
  name: 'referenti_visita', label: ['Referente', 'Referenti'], path: '/api/visite/referenti', tag: 'visite',
  row: z.object({
    id: z.number(), dipendente_id: z.number(), notifica_email: z.boolean(), attivo: z.boolean(), dipendente_nome: z.string(), email: z.string().nullable(),
    reparto_descrizione: z.string().nullable(),
  }),
  input: ZReferenteVisita, read: ['visite.referentevisita', ...REGISTRO], write: ['visite.referentevisita'], lookupForAll: true,
});
