/**
 * The operations of module integrazioni (issue #32 §4): webhooks on the modules' published events, for administrators.
 * A subscription's secret is answered once, when it is created; deliveries are listed with their attempts. And (§3) API
 * tokens for other systems' machines, which act with one profile's routes and data scope, never as an administrator.
 */
import { z } from 'zod';
import { defineOperations, zAnswer, zRows } from '../operation';
import { zDate, zId, zRequiredText } from '../schemas/common';

const ADMIN = { routes: ['webhook'] };

export const STATI_CONSEGNA_WEBHOOK = ['in_attesa', 'consegnata', 'fallita'] as const;

export const ZWebhookInput = z.strictObject({
  url: z.string().trim().min(1, { message: 'avvisi.campo_richiesto' }).max(2000),
  eventi: z.array(z.string().max(100)).min(1, { message: 'avvisi.campo_richiesto' }).max(50),
  attivo: z.boolean(),
});
export type TWebhookInput = z.infer<typeof ZWebhookInput>;

export const ZWebhook = z.object({
  id: z.number(), url: z.string(), eventi: z.array(z.string()), attivo: z.boolean(), creata_il: z.string(), fallite: z.number(),
  /** After a rotation: until when deliveries are signed with the previous secret too (null: none, or the grace is over). */
  segreto_precedente_fino: z.string().nullable(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZWebhookCreato = z.object({ id: z.number(), segreto: z.string() });
/** A rotated secret, answered once; the previous one still signs (a second v1) until `segreto_precedente_fino`. */
export const ZWebhookSegretoRuotato = z.object({ id: z.number(), segreto: z.string(), segreto_precedente_fino: z.string() });

/** How long delivered deliveries (and their attempts) are kept before the job purges them. */
export const ZParametriWebhook = z.strictObject({ conservazione_giorni: z.number().int().min(1).max(3650) });
export type TParametriWebhook = z.infer<typeof ZParametriWebhook>;
export const PARAMETRI_WEBHOOK_DEFAULT: TParametriWebhook = { conservazione_giorni: 30 };

export const ZWebhookTentativo = z.object({ numero: z.number(), ts: z.string(), stato_http: z.number().nullable(), errore: z.string().nullable(), durata_ms: z.number() });
export const ZWebhookConsegna = z.object({
  id: z.string(),
  sottoscrizione_id: z.number(),
  url: z.string(),
  evento: z.string(),
  creato_il: z.string(),
  stato: z.enum(STATI_CONSEGNA_WEBHOOK),
  tentativi: z.number(),
  prossimo_tentativo: z.string().nullable(),
  consegnata_il: z.string().nullable(),
  /** The event's `dati`, as the receiver gets it in the body. */
  dati: z.record(z.string(), z.unknown()),
  elenco_tentativi: z.array(ZWebhookTentativo),
});
export type TWebhookConsegna = z.infer<typeof ZWebhookConsegna>;

export const ZWebhookConsegneQuery = z.strictObject({
  sottoscrizione_id: zId.optional(),
  stato: z.enum(STATI_CONSEGNA_WEBHOOK).optional(),
  size: z.coerce.number().int().min(1).max(500).default(100),
});

const idParams = z.strictObject({ id: zId });

export const OPS_INTEGRAZIONI = defineOperations({
  eventi: {
    method: 'GET', path: '/api/webhooks/eventi', tag: 'integrazioni', summary: 'Eventi a cui un webhook può sottoscriversi',
    access: ADMIN, responses: { 200: z.array(z.string()) },
  },
  elenco: {
    method: 'GET', path: '/api/webhooks', tag: 'integrazioni', summary: 'Webhook: sottoscrizioni',
    access: ADMIN, responses: { 200: zRows(ZWebhook) },
  },
  crea: {
    method: 'PUT', path: '/api/webhooks', tag: 'integrazioni', summary: 'Webhook: nuova sottoscrizione (il segreto è mostrato solo ora)',
    access: ADMIN, body: ZWebhookInput, responses: { 200: ZWebhookCreato },
  },
  modifica: {
    method: 'POST', path: '/api/webhooks/:id', tag: 'integrazioni', summary: 'Webhook: modifica di una sottoscrizione',
    access: ADMIN, params: idParams, body: ZWebhookInput, responses: { 200: zAnswer(ZWebhook) },
  },
  elimina: {
    method: 'DELETE', path: '/api/webhooks/:id', tag: 'integrazioni', summary: 'Webhook: eliminazione di una sottoscrizione',
    access: ADMIN, params: idParams, responses: { 204: null },
  },
  consegne: {
    method: 'GET', path: '/api/webhooks/consegne', tag: 'integrazioni', summary: 'Webhook: consegne recenti con i tentativi',
    access: ADMIN, query: ZWebhookConsegneQuery, responses: { 200: zRows(ZWebhookConsegna) },
  },
  ruotaSegreto: {
    method: 'POST', path: '/api/webhooks/:id/segreto', tag: 'integrazioni',
    summary: 'Webhook: nuovo segreto di firma (mostrato solo ora); per 24 ore le consegne sono firmate anche con il precedente',
    access: ADMIN, params: idParams, responses: { 200: ZWebhookSegretoRuotato },
  },
  parametri: {
    method: 'GET', path: '/api/webhooks/parametri', tag: 'integrazioni', summary: 'Webhook: per quanti giorni si conservano le consegne riuscite',
    access: ADMIN, responses: { 200: ZParametriWebhook },
  },
  salvaParametri: {
    method: 'PUT', path: '/api/webhooks/parametri', tag: 'integrazioni', summary: 'Webhook: conservazione delle consegne riuscite (modifica)',
    access: ADMIN, body: ZParametriWebhook, responses: { 200: zAnswer(ZParametriWebhook) },
  },
  reinvia: {
    method: 'POST', path: '/api/webhooks/consegne/:id/reinvia', tag: 'integrazioni', summary: 'Webhook: nuovo invio di una consegna',
    access: ADMIN, params: z.strictObject({ id: z.string().uuid() }), responses: { 200: zAnswer(ZWebhookConsegna) },
  },
});

// ---- API tokens for machines (issue #32 §3) ----

/** The recognisable start of every API token: a log line or a leaked secret says what it is. */
export const API_TOKEN_PREFIX = 'tlp_';

export const ZTokenApiInput = z.strictObject({
  /** Who uses it ("Tornello ingresso nord"): every write the token makes is audited as `token:<nome>`. */
  nome: zRequiredText(50),
  profilo_id: zId,
  /**
   * The person it acts for, who must hold the profile: the token then sees what that person sees. Required for a
   * profile whose scope is not `tutti` (a department's manager, an employee), optional otherwise.
   */
  utente_id: zId.nullable().optional(),
  /** The last day it works (company calendar); none = until revoked. */
  scadenza: zDate.nullable().optional(),
});

export const ZTokenApi = z.object({
  id: z.number(),
  nome: z.string(),
  profilo_id: z.number(),
  profilo: z.string(),
  utente_id: z.number().nullable(),
  /** The username of the person it acts for. */
  utente: z.string().nullable(),
  scadenza: z.string().nullable(),
  creato_il: z.string(),
  creato_da: z.string().nullable(),
  ultimo_uso: z.string().nullable(),
  revocato_il: z.string().nullable(),
});
export type TTokenApi = z.infer<typeof ZTokenApi>;

/** The secret, in the answer to its creation only: the server keeps its SHA-256. */
export const ZTokenApiCreato = z.object({ id: z.number(), token: z.string() });

const TOKEN_ADMIN = { routes: ['integrazioni.token'], scopes: ['tutti'] } as const satisfies { routes: string[]; scopes: 'tutti'[] };

export const OPS_TOKEN_API = defineOperations({
  tokenElenco: {
    method: 'GET', path: '/api/integrazioni/token', tag: 'integrazioni', summary: 'Token API: elenco (senza il segreto)',
    access: TOKEN_ADMIN, responses: { 200: zRows(ZTokenApi) },
  },
  tokenCrea: {
    method: 'PUT', path: '/api/integrazioni/token', tag: 'integrazioni', summary: 'Token API: creazione (il segreto si vede solo nella risposta)',
    access: TOKEN_ADMIN, body: ZTokenApiInput, responses: { 201: zAnswer(ZTokenApiCreato) },
  },
  tokenRevoca: {
    method: 'DELETE', path: '/api/integrazioni/token/:id', tag: 'integrazioni', summary: 'Token API: revoca immediata',
    access: TOKEN_ADMIN, params: z.strictObject({ id: zId }), responses: { 204: null },
  },
});
