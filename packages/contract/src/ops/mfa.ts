/** Two factors (module auth, issue #32 §2): the user's enrolment, the login's second step, the administrators' reset. */
import { defineOperations, ZMessaggio } from '../operation';
import { ZUserToken } from '../schemas/auth';
import { ZIdParam, ZNoBody } from '../schemas/common';
import { ZMfaAttivazione, ZMfaCodice, ZMfaCodiciRecupero, ZMfaIscrizioneConferma, ZMfaStato, ZMfaUtenti, ZParametriMfa } from '../schemas/mfa';

/** Whoever manages the users resets their second factor; the parameter is the administrator's (the profiles' screen). */
const USERS = { routes: ['anagrafica.utenti'] };
const PROFILES = { routes: ['anagrafica.profili'] };

export const OPS_MFA = defineOperations({
  verifica: {
    method: 'POST', path: '/api/auth/mfa', tag: 'auth', summary: 'Accesso: secondo fattore (codice TOTP o di recupero)',
    description: 'Accetta solo il token di breve durata che loginUser dà a chi ha il secondo fattore attivo; risponde il token utente per authUser. I codici errati contano nel blocco come le password.',
    access: { token: 'mfa' }, body: ZMfaCodice, responses: { 200: ZUserToken },
  },
  stato: {
    method: 'GET', path: '/api/auth/mfa', tag: 'auth', summary: 'Secondo fattore dell’utente: stato',
    access: { auth: true }, responses: { 200: ZMfaStato },
  },
  attivazione: {
    method: 'POST', path: '/api/auth/mfa/attivazione', tag: 'auth', summary: 'Secondo fattore: nuovo segreto da confermare (URI otpauth e QR)',
    access: { auth: true }, body: ZNoBody, responses: { 200: ZMfaAttivazione },
  },
  conferma: {
    method: 'POST', path: '/api/auth/mfa/conferma', tag: 'auth', summary: 'Secondo fattore: conferma con il primo codice, dieci codici di recupero',
    access: { auth: true }, body: ZMfaCodice, responses: { 200: ZMfaCodiciRecupero },
  },
  disattivazione: {
    method: 'POST', path: '/api/auth/mfa/disattivazione', tag: 'auth', summary: 'Secondo fattore: disattivazione con un codice valido',
    access: { auth: true }, body: ZMfaCodice, responses: { 200: ZMessaggio },
  },
  iscrizione: {
    method: 'POST', path: '/api/auth/mfa/iscrizione', tag: 'auth', summary: 'Accesso con secondo fattore obbligatorio: nuovo segreto da confermare',
    access: { token: 'mfa_enrol' }, body: ZNoBody, responses: { 200: ZMfaAttivazione },
  },
  iscrizioneConferma: {
    method: 'POST', path: '/api/auth/mfa/iscrizione/conferma', tag: 'auth', summary: 'Accesso con secondo fattore obbligatorio: conferma, codici di recupero e token utente',
    access: { token: 'mfa_enrol' }, body: ZMfaCodice, responses: { 200: ZMfaIscrizioneConferma },
  },
  utenti: {
    method: 'GET', path: '/api/auth/mfa/utenti', tag: 'auth', summary: 'Utenti con il secondo fattore attivo',
    access: USERS, responses: { 200: ZMfaUtenti },
  },
  reset: {
    method: 'DELETE', path: '/api/auth/mfa/utente/:id', tag: 'auth', summary: 'Azzeramento del secondo fattore di un utente (avvisato per e-mail)',
    access: USERS, params: ZIdParam, responses: { 200: ZMessaggio },
  },
  parametri: {
    method: 'GET', path: '/api/auth/mfa/parametri', tag: 'auth', summary: 'Parametri del secondo fattore',
    access: PROFILES, responses: { 200: ZParametriMfa },
  },
  salvaParametri: {
    method: 'PUT', path: '/api/auth/mfa/parametri', tag: 'auth', summary: 'Parametri del secondo fattore: obbligatorio per amministratori e ufficio personale',
    access: PROFILES, body: ZParametriMfa, responses: { 200: ZParametriMfa },
  },
});
