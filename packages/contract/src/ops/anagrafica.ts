/**
 * The operations of module anagrafica beyond its resources (employees, departments, users, profiles... are resources
 * of the generic layer): the company's data and logo, the catalogue of route names, and two acts on a user.
 */
import { z } from 'zod';
import { defineOperations, zAnswer, ZMessaggio } from '../operation';
import { ZAzienda, ZCartelleVociMenu, ZCentroCosto, ZDipendente, ZMansione, ZProfilo, ZReparto, ZSede, ZTipoDocumento, ZUtente, ZVoceMenu } from '../schemas/anagrafica';
import { zId, ZNoBody, ZScope, zNullableText } from '../schemas/common';
import { defineResourceOps } from '../resource';
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
  name: z.string(), path: z.string(), title: z.string(), group: z.enum(MENU_GROUPS), ready: z.boolean(), open: z.boolean().optional(), api: z.boolean().optional(),
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
  /** The administrator's allow-list of the folders desktop menu items may open (issue #27 §6). */
  cartelleVociMenu: {
    method: 'GET', path: '/api/vocimenu/cartelle', tag: 'accessi', summary: 'Voci di menu desktop: cartelle ammesse',
    access: { routes: ['anagrafica.vocimenu'] }, responses: { 200: ZCartelleVociMenu },
  },
  salvaCartelleVociMenu: {
    method: 'POST', path: '/api/vocimenu/cartelle', tag: 'accessi', summary: 'Voci di menu desktop: cartelle ammesse, modifica',
    description: 'Le voci esistenti fuori dalle cartelle ammesse restano salvate ma non compaiono più nei menu.',
    access: { routes: ['anagrafica.vocimenu'], scopes: ['tutti'] }, body: ZCartelleVociMenu, responses: { 200: zAnswer(ZCartelleVociMenu) },
  },
  resetLink: {
    method: 'POST', path: '/api/utenti/:id/reset-link', tag: 'accessi', summary: 'Utente: invio del link per impostare la password',
    access: USERS_ADMIN, params: idParams, body: ZNoBody, responses: { 200: ZMessaggio },
  },
});

// ---- resources of the generic layer --------------------------------------------------------------------------------

const ANAGRAFICA_READ = ['anagrafica.dipendenti', 'anagrafica.reparti', 'anagrafica.cdc', 'rilevazione.tipo', 'tipodocumento', 'anagrafica.utenti'];
const nId = z.number().nullable();
const ZCodice = z.object({ id: z.number(), codice: z.string(), descrizione: z.string() });

export const RES_CDC = defineResourceOps({
  name: 'centri_costo', label: ['Centro di costo', 'Centri di costo'], path: '/api/cdc', tag: 'anagrafica', importable: true,
  row: ZCodice, input: ZCentroCosto, read: ['anagrafica.cdc', ...ANAGRAFICA_READ], write: ['anagrafica.cdc'], lookupForAll: true,
});
export const RES_MANSIONI = defineResourceOps({
  name: 'mansioni', label: ['Mansione', 'Mansioni'], path: '/api/mansioni', tag: 'anagrafica', importable: true,
  row: ZCodice, input: ZMansione, read: ['rilevazione.tipo', ...ANAGRAFICA_READ], write: ['rilevazione.tipo'], lookupForAll: true,
});
export const RES_TIPI_DOCUMENTO = defineResourceOps({
  name: 'tipi_documento', label: ['Tipo di documento', 'Tipi di documento'], path: '/api/tipidocumento', tag: 'anagrafica',
  row: ZCodice.extend({ note: zNullableText }), input: ZTipoDocumento, read: ['tipodocumento', 'contratti.stipulazione'], write: ['tipodocumento'], lookupForAll: true,
});
export const RES_REPARTI = defineResourceOps({
  name: 'reparti', label: ['Reparto', 'Reparti'], path: '/api/reparti', tag: 'anagrafica', importable: true, filters: ['cdc_id'],
  row: ZCodice.extend({ cdc_id: nId, cdc_descrizione: zNullableText, responsabili: z.array(z.number()) }),
  input: ZReparto, read: ['anagrafica.reparti', ...ANAGRAFICA_READ], write: ['anagrafica.reparti'], lookupForAll: true,
});
export const ZDipendenteRow = z.object({
  id: z.number(), matricola: z.string(), cognome: z.string(), nome: z.string(), codice_fiscale: z.string(), email: zNullableText,
  reparto_id: nId, cdc_id: nId, mansione_id: nId, data_assunzione: z.string(), data_cessazione: zNullableText, badge: zNullableText,
  /** Whether a kiosk PIN is set (the PIN itself never leaves the server). */
  pin_impostato: z.boolean(),
  reparto_descrizione: zNullableText, cdc_descrizione: zNullableText, mansione_descrizione: zNullableText,
});
export const RES_DIPENDENTI = defineResourceOps({
  name: 'dipendenti', label: ['Dipendente', 'Dipendenti'], path: '/api/dipendenti', tag: 'anagrafica', importable: true,
  filters: ['reparto_id', 'cdc_id', 'mansione_id'], row: ZDipendenteRow, input: ZDipendente,
  read: ['anagrafica.dipendenti', 'anagrafica.utenti', 'anagrafica.reparti'], write: ['anagrafica.dipendenti'], writeScopes: ['tutti'],
});
export const RES_PROFILI = defineResourceOps({
  name: 'profili', label: ['Profilo', 'Profili'], path: '/api/profili', tag: 'accessi',
  row: ZCodice.extend({ scope: ZScope, routes: z.array(z.string()), pagina_iniziale: zNullableText }),
  input: ZProfilo, read: ['anagrafica.profili', 'anagrafica.utenti'], write: ['anagrafica.profili'],
});
export const RES_UTENTI = defineResourceOps({
  name: 'utenti', label: ['Utente', 'Utenti'], path: '/api/utenti', tag: 'accessi', filters: ['dipendente_id'],
  row: z.object({
    id: z.number(), username: z.string(), email: zNullableText, dipendente_id: nId, attivo: z.boolean(), lingua: zNullableText, profilo_attivo_id: nId,
    /** Locked for everyone after too many wrong passwords. */
    bloccato: z.boolean(),
    solo_sso: z.boolean(),
    dipendente_nome: zNullableText, profili: z.array(z.number()),
  }),
  input: ZUtente, read: ['anagrafica.utenti'], write: ['anagrafica.utenti'],
});
export const RES_SEDI = defineResourceOps({
  name: 'sedi', label: ['Sede', 'Sedi'], path: '/api/sedi', tag: 'anagrafica', importable: true,
  row: z.object({ id: z.number(), descrizione: z.string(), indirizzo: zNullableText, cap: zNullableText, comune: z.string(), provincia: zNullableText, attiva: z.boolean() }),
  input: ZSede, read: ['azienda'], write: ['azienda'], writeScopes: ['tutti'], lookupForAll: true,
});
/** The desktop build's menu items that open a local program or document (issue #19), assigned to profiles. */
export const RES_VOCI_MENU = defineResourceOps({
  name: 'voci_menu', label: ['Voce di menu', 'Voci di menu'], path: '/api/vocimenu', tag: 'accessi',
  row: z.object({ id: z.number(), etichetta: z.string(), destinazione: z.string(), argomenti: z.array(z.string()), profili: z.array(z.number()) }),
  input: ZVoceMenu, read: ['anagrafica.vocimenu'], write: ['anagrafica.vocimenu'],
});
