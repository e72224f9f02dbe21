/**
 * The operations of module anagrafica beyond its resources (employees, departments, users, profiles... are resources
 * of the generic layer): the company's data and logo, the catalogue of route names, and two acts on a user.
 */
import { z } from 'zod';
import { defineOperations, zAnswer, ZMessaggio, zNullableText } from '../operation';
import { ZAzienda } from '../schemas/anagrafica';
import { zId, ZNoBody } from '../schemas/common';
import { MENU_GROUPS } from '../routes';

const opt = zNullableText.optional();
/** The company's data as stored: the employer on every printout. */
export const ZAziendaDati = z.object({
  ragione_sociale: z.string(),
  partita_iva: opt, codice_fiscale: opt, indirizzo: opt, cap: opt, comune: opt, provincia: opt,
  posizione_inps: opt, codice_ditta_inail: opt, pat_inail: opt, ccnl: opt, logo_file_id: opt,
});
export type TAziendaDati = z.infer<typeof ZAziendaDati>;

/** A screen's route name, as profiles are granted them (SPEC §2). */
export const ZRouteDef = z.object({
  name: z.string(), path: z.string(), title: z.string(), group: z.enum(MENU_GROUPS), ready: z.boolean(), open: z.boolean().optional(),
});

const USERS_ADMIN = { routes: ['anagrafica.utenti'] };
const idParams = z.strictObject({ id: zId });

export const OPS_ANAGRAFICA = defineOperations({
  azienda: {
    method: 'GET', path: '/api/azienda', tag: 'anagrafica', summary: 'Dati azienda',
    access: { routes: ['azienda'] }, responses: { 200: ZAziendaDati },
  },
  salvaAzienda: {
    method: 'POST', path: '/api/azienda', tag: 'anagrafica', summary: 'Dati azienda: modifica',
    access: { routes: ['azienda'], scopes: ['tutti'] }, body: ZAzienda, responses: { 200: zAnswer(ZAziendaDati) },
  },
  /** Shown to anyone signed in (the page header); never the other files. */
  logo: {
    method: 'GET', path: '/api/azienda/logo', tag: 'anagrafica', summary: 'Logo dell’azienda',
    access: { auth: true }, responses: { file: 'image/*' },
  },
  catalogoRoutes: {
    method: 'GET', path: '/api/profili/routes', tag: 'accessi', summary: 'Catalogo delle funzioni concedibili ai profili',
    access: { routes: ['anagrafica.profili', 'anagrafica.utenti'] }, responses: { 200: z.array(ZRouteDef) },
  },
  sblocca: {
    method: 'POST', path: '/api/utenti/:id/sblocca', tag: 'accessi', summary: 'Utente: sblocco dopo troppi tentativi di accesso',
    access: USERS_ADMIN, params: idParams, body: ZNoBody, responses: { 200: ZMessaggio },
  },
  resetLink: {
    method: 'POST', path: '/api/utenti/:id/reset-link', tag: 'accessi', summary: 'Utente: invio del link per impostare la password',
    access: USERS_ADMIN, params: idParams, body: ZNoBody, responses: { 200: ZMessaggio },
  },
});
