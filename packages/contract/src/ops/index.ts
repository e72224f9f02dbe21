/**
 * Every module's operations (issue #13): the server registers its routes from them, the web calls them through its
 * typed client. A module's file is named after the module; `OPS_<MODULE>` is its map of operations.
 */
import type { Operation } from '../operation';
import type { Resource } from '../resource';
import { RES_CDC, RES_DIPENDENTI, RES_MANSIONI, RES_PROFILI, RES_REPARTI, RES_SEDI, RES_TIPI_DOCUMENTO, RES_UTENTI, RES_VOCI_MENU } from './anagrafica';
import { RES_CAUSALI } from './giustificativi';
import { RES_CLIENTI, RES_COMMESSE } from './commesse';
import { RES_TERMINALI } from './kiosk';
import { RES_LINGUE } from './lingue';
import { RES_ASSEGNAZIONI_ORARIO, RES_FESTIVITA, RES_ORARI, RES_TURNI } from './turni';
import { RES_MOTIVI_VISITA, RES_REFERENTI_VISITA, RES_TIPI_VISITATORE } from './visite';
import { OPS_SPESE, RES_TARIFFE_ACI, RES_TIPI_PAGAMENTO, RES_TIPI_SPESA, RES_VALUTE, RES_VEICOLI } from './spese';
import { OPS_DOTAZIONI, RES_ARTICOLI_DOTAZIONE, RES_TIPOLOGIE_DOTAZIONE } from './dotazioni';
import { OPS_CONTRATTI, RES_CAUSALI_DETERMINATO, RES_CCNL, RES_MODELLI } from './contratti';
import { OPS_ANAGRAFICA } from './anagrafica';
import { OPS_ACCESSO, RES_PROVIDER_SSO } from './accesso';
import { OPS_AUDIT } from './audit';
import { OPS_AUTH } from './auth';
import { OPS_MFA } from './mfa';
import { OPS_COMMESSE } from './commesse';
import { OPS_CONFORMITA } from './conformita';
import { OPS_CONSULTAZIONE, RES_TRACCIATI_PAGHE } from './consultazione';
import { OPS_FILES } from './files';
import { OPS_GIUSTIFICATIVI } from './giustificativi';
import { OPS_HOME } from './home';
import { OPS_INTEGRAZIONI, OPS_TOKEN_API } from './integrazioni';
import { OPS_KIOSK } from './kiosk';
import { OPS_LINGUE } from './lingue';
import { OPS_RAPPORTINI, OPS_RILEVAZIONE } from './rilevazione';
import { OPS_SERVER } from './server';
import { OPS_TIMBRATURE } from './timbrature';
import { OPS_TURNI } from './turni';
import { OPS_USER } from './user';
import { OPS_VISITE } from './visite';

export * from './accesso';
export * from './anagrafica';
export * from './audit';
export * from './auth';
export * from './commesse';
export * from './conformita';
export * from './consultazione';
export * from './contratti';
export * from './dotazioni';
export * from './files';
export * from './giustificativi';
export * from './home';
export * from './integrazioni';
export * from './kiosk';
export * from './mfa';
export * from './lingue';
export * from './rilevazione';
export * from './server';
export * from './spese';
export * from './timbrature';
export * from './turni';
export * from './user';
export * from './visite';

const ALL: Record<string, Operation>[] = [
  OPS_LINGUE, OPS_ANAGRAFICA, OPS_AUTH, OPS_MFA, OPS_USER, OPS_AUDIT, OPS_TURNI, OPS_GIUSTIFICATIVI, OPS_TIMBRATURE, OPS_CONSULTAZIONE, OPS_KIOSK, OPS_VISITE, OPS_CONTRATTI,
  OPS_COMMESSE, OPS_RILEVAZIONE, OPS_RAPPORTINI, OPS_SPESE, OPS_DOTAZIONI, OPS_CONFORMITA, OPS_INTEGRAZIONI, OPS_TOKEN_API, OPS_ACCESSO, OPS_HOME, OPS_FILES, OPS_SERVER,
];

/** Every resource of the generic layer. */
export const RESOURCES: Resource[] = [
  RES_LINGUE, RES_CDC, RES_MANSIONI, RES_TIPI_DOCUMENTO, RES_REPARTI, RES_DIPENDENTI, RES_PROFILI, RES_UTENTI, RES_SEDI, RES_VOCI_MENU,
  RES_TURNI, RES_ORARI, RES_ASSEGNAZIONI_ORARIO, RES_FESTIVITA, RES_CAUSALI, RES_TERMINALI, RES_MOTIVI_VISITA, RES_TIPI_VISITATORE, RES_REFERENTI_VISITA,
  RES_CLIENTI, RES_COMMESSE, RES_TIPI_PAGAMENTO, RES_TIPI_SPESA, RES_VEICOLI, RES_TARIFFE_ACI, RES_VALUTE,
  RES_TIPOLOGIE_DOTAZIONE, RES_ARTICOLI_DOTAZIONE, RES_CCNL, RES_MODELLI, RES_CAUSALI_DETERMINATO,
  RES_TRACCIATI_PAGHE, RES_PROVIDER_SSO,
];

/** Every operation of the contract, keyed "METHOD path" as the server declares it: the tests check answers by it. */
export const OPERATIONS: ReadonlyMap<string, Operation> = new Map(
  [...ALL, ...RESOURCES.map((r) => r.ops as Record<string, Operation>)].flatMap((ops) => Object.values(ops)).map((op) => [`${op.method} ${op.path}`, op]),
);
