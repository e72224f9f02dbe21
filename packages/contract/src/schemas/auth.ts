import { z } from 'zod';
import { zDate, zEmail, zId, zText, zCode } from './common';
import { ZScope } from './common';
import type { MenuItem } from '../routes';

export const PASSWORD_MIN = 10;

export const ZLoginUser = z.strictObject({
  username: z.string().trim().min(1, { message: 'avvisi.campo_richiesto' }).max(100, { message: 'avvisi.troppo_lungo' }),
  password: z.string().min(1, { message: 'avvisi.campo_richiesto' }).max(200, { message: 'avvisi.troppo_lungo' }),
});
export const ZUserToken = z.object({ token: z.string() });
export const ZTokenPair = z.object({ atoken: z.string(), rtoken: z.string() });
export type TTokenPair = z.infer<typeof ZTokenPair>;

export const ZPasswordForgot = z.strictObject({ email: zEmail });
export const ZPasswordReset = z.strictObject({
  password: z.string().min(PASSWORD_MIN, { message: 'avvisi.password_corta' }).max(200, { message: 'avvisi.troppo_lungo' }),
});

export const ZUtenteInfo = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  lingua: z.string().nullable(),
  profilo_attivo_id: z.number().nullable(),
  /** An e-mail when a request of the user's is decided. */
  notifiche_email: z.boolean(),
});
export const ZProfiloInfo = z.object({
  id: z.number(),
  codice: z.string(),
  descrizione: z.string(),
  scope: ZScope,
  /** Where the profile lands after login (absent from the list of the profiles one may switch to). */
  pagina_iniziale: z.string().nullable().optional(),
});
export const ZDipendenteInfo = z.object({
  id: z.number(),
  matricola: z.string(),
  cognome: z.string(),
  nome: z.string(),
  reparto_id: z.number().nullable(),
  data_assunzione: z.string().nullable(),
});
export const ZUserProfile = z.object({
  utente: ZUtenteInfo,
  profilo: ZProfiloInfo.nullable(),
  dipendente: ZDipendenteInfo.nullable(),
});
export type TUserProfile = z.infer<typeof ZUserProfile>;

/** POST /api/user: the user's own settings. A new password needs the old one. */
export const ZUserUpdate = z
  .strictObject({
    email: zEmail.nullable().optional(),
    lingua: zCode(10).nullable().optional(),
    profilo_attivo_id: zId.optional(),
    /** An e-mail when a request of the user's is decided. */
    notifiche_email: z.boolean().optional(),
    password_attuale: z.string().max(200).optional(),
    password_nuova: z.string().min(PASSWORD_MIN, { message: 'avvisi.password_corta' }).max(200).optional(),
  })
  .refine((v) => !v.password_nuova || !!v.password_attuale, {
    message: 'avvisi.campo_richiesto',
    path: ['password_attuale'],
  });

export const ZVersion = z.object({ version: z.string() });

const ZMenuLeaf = z.object({
  key: z.string(), title: z.string(), path: z.string().optional(), open: z.boolean().optional(),
  id: z.number().optional(), label: z.string().optional(), target: z.string().optional(), args: z.array(z.string()).optional(),
});
/** A menu entry: a group of screens, or a screen; two levels, as buildMenu makes them (and the API document can show). */
export const ZMenuItem = ZMenuLeaf.extend({ children: z.array(ZMenuLeaf).optional() }) satisfies z.ZodType<MenuItem>;
/** The menu and the route names the active profile grants. */
export const ZUserDefs = z.object({
  menu: z.array(ZMenuItem),
  routes: z.array(z.string()),
});
export type TUserDefs = z.infer<typeof ZUserDefs>;

export const ZAuditRow = z.object({
  id: z.number(),
  ts: z.string(),
  utente_id: z.number().nullable(),
  username: z.string().nullable(),
  entita: z.string(),
  entita_id: z.string().nullable(),
  azione: z.string(),
  prima: z.unknown(),
  dopo: z.unknown(),
  motivo: z.string().nullable(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;
export const ZAuditQuery = z.object({
  entita: zText(60).optional(),
  dal: zDate.optional(),
  al: zDate.optional(),
});
