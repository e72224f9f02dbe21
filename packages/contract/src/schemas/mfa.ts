/** Two factors (issue #32 §2): TOTP enrolment, the login's second step, recovery codes, the mandatory parameter. */
import { z } from 'zod';

/** How many one-time recovery codes an enrolment gives. */
export const MFA_RECOVERY_CODES = 10;
/** The profiles that the parameter `mfa_obbligatoria` obliges to a second factor. */
export const MFA_PROFILES = ['AMMINISTRATORE', 'UFFICIO_PERSONALE'] as const;

/** A code: six digits of the app, or a recovery code (spaces and hyphens are ignored). */
export const ZMfaCodice = z.strictObject({
  codice: z.string().trim().min(1, { message: 'avvisi.campo_richiesto' }).max(40, { message: 'avvisi.troppo_lungo' }),
});

/**
 * The answer to the password: `token` is the one-time user token, unless a second step is due — `mfa_required`: the
 * token is accepted only by POST /api/auth/mfa with a code; `mfa_enrolment_required`: only by the enrolment's two calls
 * (/api/auth/mfa/iscrizione and /conferma), whose confirmation answers the user token.
 */
export const ZLoginAnswer = z.object({
  token: z.string(),
  mfa_required: z.literal(true).optional(),
  mfa_enrolment_required: z.literal(true).optional(),
});
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;

/** A new secret, pending until a first code confirms it: the otpauth URI, the same as a QR code (PNG data URL) and the key to type. */
export const ZMfaAttivazione = z.object({ otpauth: z.string(), qr: z.string(), segreto: z.string() });
export const ZMfaCodiciRecupero = z.object({ codici_recupero: z.array(z.string()) });
/** The enrolment at login: the recovery codes, and the one-time user token for authUser. */
export const ZMfaIscrizioneConferma = ZMfaCodiciRecupero.extend({ token: z.string() });
export const ZMfaStato = z.object({ attiva: z.boolean(), obbligatoria: z.boolean(), codici_rimasti: z.number() });
/** The users whose second factor is on (the users' screen). */
export const ZMfaUtenti = z.object({ utenti: z.array(z.number()) });

export const ZParametriMfa = z.strictObject({ mfa_obbligatoria: z.boolean() });
export type TParametriMfa = z.infer<typeof ZParametriMfa>;
/** Off by default: the demo's logins and the tests sign in with a password alone. */
export const PARAMETRI_MFA_DEFAULT: TParametriMfa = { mfa_obbligatoria: false };
