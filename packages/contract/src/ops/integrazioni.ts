/**
 * The integrations' operations (module integrazioni, issue #32 §3): API tokens for other systems' machines, which act
 * with one profile's routes and data scope, never as an administrator.
 */
import { z } from 'zod';
import { defineOperations, zAnswer, zRows } from '../operation';
import { zDate, zId, zRequiredText } from '../schemas/common';

/** The recognisable start of every API token: a log line or a leaked secret says what it is. */
export const API_TOKEN_PREFIX = 'tlp_';

export const ZTokenApiInput = z.strictObject({
  /** Who uses it ("Tornello ingresso nord"): every write the token makes is audited as `token:<nome>`. */
  nome: zRequiredText(50),
  profilo_id: zId,
  /** The last day it works (company calendar); none = until revoked. */
  scadenza: zDate.nullable().optional(),
});

export const ZTokenApi = z.object({
  id: z.number(),
  nome: z.string(),
  profilo_id: z.number(),
  profilo: z.string(),
  scadenza: z.string().nullable(),
  creato_il: z.string(),
  creato_da: z.string().nullable(),
  ultimo_uso: z.string().nullable(),
  revocato_il: z.string().nullable(),
});
export type TTokenApi = z.infer<typeof ZTokenApi>;

/** The secret, in the answer to its creation only: the server keeps its SHA-256. */
export const ZTokenApiCreato = z.object({ id: z.number(), token: z.string() });

const ADMIN = { routes: ['integrazioni.token'], scopes: ['tutti'] } as const satisfies { routes: string[]; scopes: 'tutti'[] };

export const OPS_INTEGRAZIONI = defineOperations({
  tokenElenco: {
    method: 'GET', path: '/api/integrazioni/token', tag: 'integrazioni', summary: 'Token API: elenco (senza il segreto)',
    access: ADMIN, responses: { 200: zRows(ZTokenApi) },
  },
  tokenCrea: {
    method: 'PUT', path: '/api/integrazioni/token', tag: 'integrazioni', summary: 'Token API: creazione (il segreto si vede solo nella risposta)',
    access: ADMIN, body: ZTokenApiInput, responses: { 201: zAnswer(ZTokenApiCreato) },
  },
  tokenRevoca: {
    method: 'DELETE', path: '/api/integrazioni/token/:id', tag: 'integrazioni', summary: 'Token API: revoca immediata',
    access: ADMIN, params: z.strictObject({ id: zId }), responses: { 204: null },
  },
});
