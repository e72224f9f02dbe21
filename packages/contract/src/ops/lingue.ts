/**
 * The translations' operations (module lingue). The languages themselves are a resource of the generic layer with a
 * public list (`/api/lang`): the login page reads them before anyone logs in.
 */
import { z } from 'zod';
import { defineOperations, zAnswer, zDict, zRows } from '../operation';
import { defineResourceOps } from '../resource';
import { ZLingua, ZTraduzione, ZTraduzioneCreate, ZTraduzioneUpdate, ZTraduzioniQuery } from '../schemas/lang';
import { zCode, zId, ZLookupItem, zYN } from '../schemas/common';

/** A language as stored. */
export const ZLinguaRow = z.object({ cod_lingua: z.string(), descrizione: z.string(), se_default: zYN, se_attiva: zYN });
export type TLinguaRow = z.infer<typeof ZLinguaRow>;

/** Every text of one language, by group and tag (maps keyed by data: a group named `constructor` is just a group). */
export const ZMessaggi = zDict(zDict(z.string()));

const TRANSLATOR = { routes: ['traduzioni'] };
const codeParams = z.strictObject({ id: zCode(10) });

export const OPS_LINGUE = defineOperations({
  attiva: {
    method: 'GET', path: '/api/lang/active', tag: 'lingue', summary: 'Lingua predefinita (pubblico)',
    access: { public: true }, responses: { 200: ZLinguaRow },
  },
  messaggi: {
    method: 'GET', path: '/api/lang/traduzioni/:id', tag: 'lingue', summary: 'Traduzioni di una lingua (pubblico)',
    description: "La risposta porta l'impronta dei testi (ETag): chi la rimanda in If-None-Match e ha già quei testi riceve 304, senza corpo.",
    access: { public: true }, params: codeParams, responses: { 200: ZMessaggi, 304: null },
  },
  /** With `X-HTTP-Method-Override: lookup` (or model) it answers the groups, as `[{ value, label }]`. */
  traduzioni: {
    method: 'GET', path: '/api/lang/traduzioni', tag: 'lingue', summary: 'Traduzioni: elenco',
    access: TRANSLATOR, query: ZTraduzioniQuery, responses: { 200: z.union([zRows(ZTraduzione), z.array(ZLookupItem)]) },
  },
  creaTraduzione: {
    method: 'PUT', path: '/api/lang/traduzioni', tag: 'lingue', summary: 'Traduzione: creazione',
    access: TRANSLATOR, body: ZTraduzioneCreate, responses: { 201: zAnswer(ZTraduzione) },
  },
  modificaTraduzione: {
    method: 'POST', path: '/api/lang/traduzioni', tag: 'lingue', summary: 'Traduzione: modifica',
    access: TRANSLATOR, body: ZTraduzioneUpdate, responses: { 200: zAnswer(ZTraduzione) },
  },
  eliminaTraduzione: {
    method: 'DELETE', path: '/api/lang/traduzioni/:id', tag: 'lingue', summary: 'Traduzione: eliminazione',
    access: TRANSLATOR, params: z.strictObject({ id: zId }), responses: { 204: null },
  },
});

/** The languages, on the generic layer with a public list: the login page reads them before anyone logs in. */
export const RES_LINGUE = defineResourceOps({
  name: 'lingue', label: ['Lingua', 'Lingue'], path: '/api/lang', tag: 'lingue', row: ZLinguaRow, input: ZLingua,
  read: ['lingue'], write: ['lingue'], publicList: true, idSchema: zCode(10), idField: 'cod_lingua', filters: ['se_attiva'],
});
