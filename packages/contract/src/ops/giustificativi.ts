/**
 * The leave's operations (module giustificativi) beyond the generic resource causali (declared by defineResource):
 * the requests, their approval and cancellation, the balances, the absences by cost centre.
 */
import { z } from 'zod';
import { defineOperations, zAnswer, zRows } from '../operation';
import { zId, zNullableText } from '../schemas/common';
import { defineResourceOps } from '../resource';
import { STATI_GIUSTIFICATIVO, ZCausale, ZDecisione, ZGiustificativiQuery, ZGiustificativoInput, ZSaldiQuery } from '../schemas/presenze';

const ROUTES = ['giustificativi.calendario'];
const READ = [...ROUTES, 'assenti.all', 'assenti.cdc', 'cartellino'];
const DECIDE = { routes: ROUTES, scopes: ['tutti', 'reparto'] } as const satisfies { routes: string[]; scopes: ('tutti' | 'reparto')[] };
const UNITA = ['G', 'H'] as const;

/** A leave request as the lists show it: the employee, the leave type, the period, who decided and why. */
export const ZGiustificativo = z.object({
  id: z.number(),
  dipendente_id: z.number(),
  /** "Cognome Nome". */
  dipendente_nome: z.string(),
  matricola: z.string(),
  reparto_descrizione: zNullableText,
  codice: z.string(),
  causale_descrizione: z.string(),
  colore: z.string(),
  unita: z.enum(UNITA),
  dal: z.string(),
  al: z.string(),
  /** Hours on one day (unit H), in minutes; null for full days. */
  minuti: z.number().nullable(),
  stato: z.enum(STATI_GIUSTIFICATIVO),
  note: zNullableText,
  certificato: zNullableText,
  /** Wall-clock time in the company's zone, `YYYY-MM-DDTHH:mm:ss`. */
  richiesto_il: z.string(),
  /** The username of who decided (or cancelled). */
  deciso_da_nome: zNullableText,
  motivo_decisione: zNullableText,
});
export type TGiustificativo = z.infer<typeof ZGiustificativo>;

/** A tracked leave type's balance of a year, in minutes: entitlement, accrued, taken, requested, left. */
export const ZSaldo = z.object({
  codice: z.string(),
  descrizione: z.string(),
  unita: z.enum(UNITA),
  spettanza: z.number(),
  maturato: z.number(),
  goduto: z.number(),
  richiesto: z.number(),
  residuo: z.number(),
});
export type TSaldo = z.infer<typeof ZSaldo>;

/** Approved absence of a period by cost centre (none: null) and leave type: full days Monday to Friday, hours in minutes. */
export const ZAssenzaCdc = z.object({
  cdc_id: z.number().nullable(),
  cdc_descrizione: zNullableText,
  codice: z.string(),
  unita: z.enum(UNITA),
  giorni: z.number(),
  minuti: z.number(),
});
export type TAssenzaCdc = z.infer<typeof ZAssenzaCdc>;

const idParams = z.strictObject({ id: zId });
const zLeaveAnswer = <C extends [string, ...string[]]>(...contexts: C) => zAnswer(ZGiustificativo).extend({ params: z.object({ context: z.enum(contexts) }) });
const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const OPS_GIUSTIFICATIVI = defineOperations({
  elenco: {
    method: 'GET', path: '/api/giustificativi', tag: 'giustificativi', summary: 'Giustificativi: elenco',
    access: { routes: READ }, query: ZGiustificativiQuery, responses: { 200: zRows(ZGiustificativo) },
  },
  richiesta: {
    method: 'PUT', path: '/api/giustificativi', tag: 'giustificativi', summary: 'Giustificativo: richiesta',
    access: { routes: ROUTES }, body: ZGiustificativoInput, responses: { 201: zLeaveAnswer('richiesta') },
  },
  decisioni: {
    method: 'GET', path: '/api/giustificativi/decisioni', tag: 'giustificativi', summary: 'Richieste dell’utente decise da altri nelle ultime due settimane',
    access: { routes: ROUTES }, responses: { 200: z.array(ZGiustificativo) },
  },
  approva: {
    method: 'POST', path: '/api/giustificativi/:id/approva', tag: 'giustificativi', summary: 'Giustificativo: approvazione',
    access: DECIDE, params: idParams, body: ZDecisione.nullish(), responses: { 200: zLeaveAnswer('richiesta_approvata') },
  },
  rifiuta: {
    method: 'POST', path: '/api/giustificativi/:id/rifiuta', tag: 'giustificativi', summary: 'Giustificativo: rifiuto',
    access: DECIDE, params: idParams, body: ZDecisione.nullish(), responses: { 200: zLeaveAnswer('richiesta_rifiutata') },
  },
  annulla: {
    method: 'POST', path: '/api/giustificativi/:id/annulla', tag: 'giustificativi', summary: 'Giustificativo: annullamento',
    access: { routes: ROUTES }, params: idParams, body: ZDecisione.nullish(), responses: { 200: zLeaveAnswer('richiesta_annullata') },
  },
  daApprovare: {
    method: 'GET', path: '/api/giustificativi/da-approvare', tag: 'giustificativi', summary: 'Giustificativi da approvare',
    access: { routes: ROUTES }, responses: { 200: z.array(ZGiustificativo) },
  },
  saldi: {
    method: 'GET', path: '/api/giustificativi/saldi', tag: 'giustificativi', summary: 'Saldi di ferie e permessi di un dipendente',
    access: { routes: READ }, query: ZSaldiQuery, responses: { 200: z.array(ZSaldo) },
  },
  /** Registered by this module (it owns the leave), shown by the consultation screens. */
  assentiCdc: {
    method: 'GET', path: '/api/assenti/cdc', tag: 'giustificativi', summary: 'Assenze per centro di costo',
    access: { routes: ['assenti.cdc', 'assenti.all'] }, query: z.object({ dal: zDay, al: zDay }), responses: { 200: z.array(ZAssenzaCdc) },
  },
});

// ---- resources of the generic layer --------------------------------------------------------------------------------

export const RES_CAUSALI = defineResourceOps({
  name: 'causali', label: ['Causale', 'Causali'], path: '/api/causali', tag: 'giustificativi',
  row: z.object({
    id: z.number(), codice: z.string(), descrizione: z.string(), unita: z.enum(['G', 'H']), retribuita: z.boolean(), richiede_approvazione: z.boolean(),
    conta_come_lavorato: z.boolean(), saldo: z.boolean(), spettanza_annua_minuti: z.number().nullable(), codice_paghe: zNullableText,
    richiede_certificato: z.boolean(), colore: z.string(), attiva: z.boolean(),
  }),
  input: ZCausale, read: ['giustificativi.calendario', 'assenti.all', 'assenti.cdc', 'cartellino', 'giustificativi.causali'],
  write: ['giustificativi.causali'], writeScopes: ['tutti'], lookupForAll: true,
});
