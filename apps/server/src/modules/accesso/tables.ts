import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { utenti } from '../anagrafica';
import { now } from '../../platform/clock';

/** The OpenID Connect providers an administrator configured (issue #32 §1); the secret is never answered back. */
export const providerSso = pgTable('provider_sso', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 60 }).notNull(),
  issuer: varchar('issuer', { length: 500 }).notNull(),
  client_id: varchar('client_id', { length: 255 }).notNull(),
  client_secret: text('client_secret'),
  /** 'email' | 'preferred_username': the ID token's claim that names the user at the first sign-in. */
  claim: varchar('claim', { length: 30 }).notNull().default('email'),
  /** Allowed e-mail domains, lower case; empty: any. */
  domini: jsonb('domini').$type<string[]>().notNull().default([]),
  crea_utenti: boolean('crea_utenti').notNull().default(false),
  attivo: boolean('attivo').notNull().default(true),
});

/**
 * A provider's account linked to a user by its subject (`sub`, stable at the provider): a later change of the e-mail
 * there still finds the same user. Written at the first sign-in, matched then by the configured claim.
 */
export const identitaSso = pgTable(
  'identita_sso',
  {
    provider_id: integer('provider_id')
      .notNull()
      .references(() => providerSso.id, { onDelete: 'cascade' }),
    sub: varchar('sub', { length: 255 }).notNull(),
    utente_id: integer('utente_id')
      .notNull()
      .references(() => utenti.id, { onDelete: 'cascade' }),
    creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [primaryKey({ columns: [t.provider_id, t.sub] }), index('identita_sso_utente').on(t.utente_id)],
);

/**
 * A sign-in under way, keyed by its `state`: the nonce and the PKCE verifier stay on the server. Used once (`usato_il`
 * set by the callback that takes it, so a replay is told apart from an unknown state), valid for 10 minutes of the
 * real clock; old rows are removed by the next start of a sign-in.
 */
export const statiSso = pgTable('stati_sso', {
  stato: varchar('stato', { length: 100 }).primaryKey(),
  provider_id: integer('provider_id')
    .notNull()
    .references(() => providerSso.id, { onDelete: 'cascade' }),
  nonce: varchar('nonce', { length: 100 }).notNull(),
  verifier: varchar('verifier', { length: 200 }).notNull(),
  /** The public base URL the sign-in started from: the redirect URI and the way back to the web. */
  base: varchar('base', { length: 500 }).notNull(),
  /**
   * Set when the desktop app started the sign-in in the system browser: the code of its attempt, which the way back
   * (`tulip://sso`, a fixed target) carries so that the app accepts only its own sign-in. Null: the web's.
   */
  codice_app: varchar('codice_app', { length: 128 }),
  scade_il: timestamp('scade_il', { withTimezone: true }).notNull(),
  usato_il: timestamp('usato_il', { withTimezone: true }),
});
