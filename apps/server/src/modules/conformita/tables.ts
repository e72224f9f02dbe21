import { date, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { now } from '../../platform/clock';
import { dipendenti, utenti } from '../anagrafica';

/**
 * HR's review of a finding (issue #31 §1): a finding is recomputed from the punches at every read, so it has no row
 * of its own; its identity is the person, the rule and the day. A month is closed for payroll only when each of its
 * findings has one.
 */
export const verificheConformita = pgTable(
  'conformita_verifiche',
  {
    id: serial('id').primaryKey(),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
    regola: varchar('regola', { length: 40 }).notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    nota: varchar('nota', { length: 1000 }).notNull(),
    verificato_da: integer('verificato_da').notNull().references(() => utenti.id),
    verificato_il: timestamp('verificato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [uniqueIndex('conformita_verifiche_riscontro_idx').on(t.dipendente_id, t.regola, t.data)],
);
