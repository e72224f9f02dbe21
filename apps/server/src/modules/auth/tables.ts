/**
 * The second factor (issue #32 §2). The TOTP secret is kept in clear, as the webhooks' secrets are
 * (platform/db/tables.ts): the code is computed from the secret itself, so a hash cannot do, and the platform has no
 * key of its own apart from the server's environment, which a stolen database plus that environment would give away
 * anyway. The recovery codes are kept as SHA-256 hashes: each is 50 random bits, used once, so a fast hash suffices.
 */
import { bigint, bigserial, char, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { now } from '../../platform/clock';
import { utenti } from '../anagrafica';

export const mfaUtenti = pgTable('mfa_utenti', {
  utente_id: integer('utente_id')
    .primaryKey()
    .references(() => utenti.id, { onDelete: 'cascade' }),
  /** The confirmed secret (base32): null while only an enrolment is pending. */
  segreto: text('segreto'),
  /** A new secret, until its first code confirms it. */
  segreto_in_attesa: text('segreto_in_attesa'),
  attiva_dal: timestamp('attiva_dal', { withTimezone: true }),
  /** The last time step a code was accepted for: a code of that step or an earlier one is refused (no replay). */
  ultimo_passo: bigint('ultimo_passo', { mode: 'number' }),
  modificata_il: timestamp('modificata_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
});

export const mfaCodiciRecupero = pgTable(
  'mfa_codici_recupero',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    utente_id: integer('utente_id')
      .notNull()
      .references(() => utenti.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the code, normalised (lowercase, no separators). */
    hash: char('hash', { length: 64 }).notNull(),
    usato_il: timestamp('usato_il', { withTimezone: true }),
  },
  (t) => [index('mfa_codici_recupero_utente_idx').on(t.utente_id)],
);
