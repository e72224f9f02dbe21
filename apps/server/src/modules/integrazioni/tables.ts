import { char, integer, pgTable, serial, timestamp, varchar, date } from 'drizzle-orm/pg-core';
import { profili, utenti } from '../anagrafica';
import { now } from '../../platform/clock';

/**
 * API tokens of other systems' machines (issue #32 §3): only the SHA-256 of the secret is kept, looked up by that hash
 * (an index, so no token is compared with another); a revoked one stays, with its date, for the audit's sake.
 */
export const tokenApi = pgTable('token_api', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 50 }).notNull().unique(),
  hash: char('hash', { length: 64 }).notNull().unique(),
  profilo_id: integer('profilo_id')
    .notNull()
    .references(() => profili.id),
  /**
   * The person it acts for (a personal token): then it has that user's employee and departments, while the user is
   * active and holds the profile. Null for a machine's token, which may only have a profile that sees everyone.
   */
  utente_id: integer('utente_id').references(() => utenti.id, { onDelete: 'cascade' }),
  /** The last day it works, on the company's calendar; null = until revoked. */
  scadenza: date('scadenza', { mode: 'string' }),
  creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  creato_da: integer('creato_da').references(() => utenti.id, { onDelete: 'set null' }),
  /** Written at most once a minute: a machine's every request must not be a write. */
  ultimo_uso: timestamp('ultimo_uso', { withTimezone: true }),
  revocato_il: timestamp('revocato_il', { withTimezone: true }),
});
