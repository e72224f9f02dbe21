/** Sign-in's operations (module auth, SPEC §4, §7): tokens, logout, password and e-mail links, the user's menu. */
import { z } from 'zod';
import { defineOperations, ZMessaggio } from '../operation';
import { ZLoginUser, ZPasswordForgot, ZPasswordReset, ZTokenPair, ZUserDefs } from '../schemas/auth';
import { ZNoBody } from '../schemas/common';
import { ZLoginAnswer } from '../schemas/mfa';

export const OPS_AUTH = defineOperations({
  loginUser: {
    method: 'POST', path: '/api/auth/loginUser', tag: 'auth', summary: 'Accesso: verifica di nome utente e password',
    access: { public: true }, body: ZLoginUser, responses: { 200: ZLoginAnswer },
  },
  authUser: {
    method: 'POST', path: '/api/auth/authUser', tag: 'auth', summary: 'Accesso: scelta del profilo e rilascio dei token',
    access: { token: 'u' }, body: ZNoBody, responses: { 200: ZTokenPair },
  },
  rtoken: {
    method: 'GET', path: '/api/auth/rtoken', tag: 'auth', summary: 'Rinnovo dei token',
    access: { token: 'r' }, responses: { 200: ZTokenPair },
  },
  logout: {
    method: 'POST', path: '/api/auth/logout', tag: 'auth', summary: 'Uscita',
    access: { auth: true }, body: z.strictObject({ rtoken: z.string().max(4096).optional() }).nullish(), responses: { 204: null },
  },
  passwordForgot: {
    method: 'POST', path: '/api/auth/password/forgot', tag: 'auth', summary: 'Password dimenticata: invio del link',
    access: { public: true }, body: ZPasswordForgot, responses: { 200: ZMessaggio },
  },
  passwordReset: {
    method: 'POST', path: '/api/auth/password/reset', tag: 'auth', summary: 'Password: nuova password dal link',
    access: { token: 'reset' }, body: ZPasswordReset, responses: { 200: ZMessaggio },
  },
  emailConferma: {
    method: 'POST', path: '/api/auth/email/conferma', tag: 'auth', summary: 'Conferma del nuovo indirizzo e-mail',
    access: { token: 'email' }, body: ZNoBody, responses: { 200: ZMessaggio },
  },
  userdefs: {
    method: 'GET', path: '/api/auth/userdefs', tag: 'auth', summary: 'Utente collegato: profili, funzioni e menu',
    access: { auth: true }, responses: { 200: ZUserDefs },
  },
});
