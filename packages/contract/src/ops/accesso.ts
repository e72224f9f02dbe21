/**
 * The operations of module accesso (issue #32 §1): single sign-on with OpenID Connect. Administrators configure the
 * providers (a resource: the client secret is written, never read back); the login page lists the active ones, and
 * the browser goes through `avvio` to the provider and comes back to `callback`, which answers with a redirect to the
 * web's login page carrying the usual one-time user token (or an `avvisi.*` key), never with JSON.
 */
import { z } from 'zod';
import { defineOperations } from '../operation';
import { defineResourceOps } from '../resource';
import { zId, zRequiredText } from '../schemas/common';
import { CODICE_APP_RE } from '../desktop';

/** The claim of the ID token that names the user. */
export const CLAIM_SSO = ['email', 'preferred_username'] as const;

const zDominio = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { message: 'avvisi.sso_dominio_non_valido' });

export const ZProviderSsoInput = z.strictObject({
  nome: zRequiredText(60),
  issuer: z
    .string()
    .trim()
    .max(500)
    .url({ message: 'avvisi.sso_issuer_non_valido' })
    .regex(/^https?:\/\//i, { message: 'avvisi.sso_issuer_non_valido' }),
  client_id: zRequiredText(255),
  /** Written only: empty or absent on an update keeps the stored one. */
  client_secret: z.string().max(2000).nullable().optional(),
  claim: z.enum(CLAIM_SSO).default('email'),
  /** Allowed e-mail domains; empty: any. */
  domini: z.array(zDominio).max(50).default([]),
  crea_utenti: z.boolean().default(false),
  attivo: z.boolean().default(true),
});
export type TProviderSsoInput = z.infer<typeof ZProviderSsoInput>;

export const ZProviderSsoRow = z.object({
  id: z.number(),
  nome: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  client_secret_impostato: z.boolean(),
  claim: z.enum(CLAIM_SSO),
  domini: z.array(z.string()),
  crea_utenti: z.boolean(),
  attivo: z.boolean(),
});

export const RES_PROVIDER_SSO = defineResourceOps({
  name: 'provider_sso', label: ['Provider di accesso aziendale', 'Provider di accesso aziendale'], path: '/api/provider-sso', tag: 'accesso',
  row: ZProviderSsoRow, input: ZProviderSsoInput, read: ['accesso'], write: ['accesso'],
});

const zParam = z.string().max(4096).optional();

/**
 * The start of a sign-in: from the web (no `app`), or from the desktop app through the system browser (`app=desktop`
 * with the code of its attempt, which the way back to `tulip://sso` carries; both or neither).
 */
const zAvvioQuery = z
  .strictObject({
    base: z.string().max(500).optional(),
    app: z.literal('desktop').optional(),
    codice_app: z.string().regex(CODICE_APP_RE, { message: 'avvisi.sso_codice_app_non_valido' }).optional(),
  })
  .refine((q) => (q.app === 'desktop') === (q.codice_app !== undefined), { message: 'avvisi.sso_codice_app_non_valido', path: ['codice_app'] });

export const OPS_ACCESSO = defineOperations({
  provider: {
    method: 'GET', path: '/api/accesso/provider', tag: 'accesso', summary: 'Accesso aziendale: provider attivi, per la pagina di accesso',
    access: { public: true }, responses: { 200: z.array(z.object({ id: z.number(), nome: z.string() })) },
  },
  avvio: {
    method: 'GET', path: '/api/accesso/:id/avvio', tag: 'accesso', summary: 'Accesso aziendale: reindirizza al provider',
    description:
      'Reindirizza il browser alla pagina di accesso del provider (codice di autorizzazione con PKCE, state e nonce). `base`: l’indirizzo pubblico di Tulip da cui si parte, se è fra quelli configurati (TULIP_PUBLIC_URLS). `app=desktop` con `codice_app`: l’accesso è dell’app desktop, aperto nel browser di sistema; il ritorno va a tulip://sso con il token monouso e lo stesso codice.',
    access: { public: true }, params: z.strictObject({ id: zId }), query: zAvvioQuery, responses: { 302: null },
  },
  callback: {
    method: 'GET', path: '/api/accesso/callback', tag: 'accesso', summary: 'Accesso aziendale: ritorno dal provider (redirect URI)',
    description: 'L’indirizzo di ritorno da registrare presso il provider: <indirizzo pubblico>/api/accesso/callback. Reindirizza alla pagina di accesso con il token monouso dell’utente, o con la chiave dell’avviso.',
    access: { public: true },
    // a provider may add its own parameters (session_state, iss, scope...): they are passed on to the library's checks
    query: z.looseObject({ state: zParam, code: zParam, error: zParam, error_description: zParam }),
    responses: { 302: null },
  },
});
