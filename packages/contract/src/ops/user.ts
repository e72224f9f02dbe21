/** The signed-in user's own operations (module user, SPEC §7 api/user). */
import { z } from 'zod';
import { defineOperations } from '../operation';
import { ZProfiloInfo, ZUserProfile, ZUserUpdate } from '../schemas/auth';

export type TProfiloInfo = z.infer<typeof ZProfiloInfo>;

export const OPS_USER = defineOperations({
  /** With `X-HTTP-Method-Override: profiles` it answers the profiles the user may switch to (an array). */
  profilo: {
    method: 'GET', path: '/api/user/profile', tag: 'user', summary: 'Profilo dell’utente collegato',
    access: { auth: true }, responses: { 200: z.union([ZUserProfile, z.array(ZProfiloInfo)]) },
  },
  modifica: {
    method: 'POST', path: '/api/user', tag: 'user', summary: 'Utente collegato: modifica di profilo attivo, lingua, e-mail, notifiche e password',
    access: { auth: true }, body: ZUserUpdate, responses: { 200: z.object({ message: z.string(), data: ZUserProfile }) },
  },
});
