import { bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { dipendenti } from '../anagrafica';
import { commesse, fasi } from '../commesse';
import { now } from '../../platform/clock';

/**
 * A booking of time on an order (and phase), whatever screen made it. A running phase timer is a booking with
 * `inizio` and no `fine`.
 */
export const registrazioni = pgTable(
  'registrazioni',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
    /** The work day it counts on (a night shift's phase counts on the day the shift began). */
    data: date('data', { mode: 'string' }).notNull(),
    commessa_id: integer('commessa_id').notNull().references(() => commesse.id),
    fase_id: integer('fase_id').references(() => fasi.id),
    minuti: integer('minuti').notNull(),
    inizio: timestamp('inizio', { withTimezone: true }),
    fine: timestamp('fine', { withTimezone: true }),
    quantita: integer('quantita'),
    scarto: integer('scarto'),
    note: text('note'),
    /** 'settimanale' | 'manuale' | 'timer' | 'rapportino' */
    origine: varchar('origine', { length: 12 }).notNull(),
    /** 'bozza' | 'inviata' | 'approvata': the state of its week. */
    stato: varchar('stato', { length: 10 }).notNull().default('bozza'),
    da_verificare: boolean('da_verificare').notNull().default(false),
    motivo_verifica: varchar('motivo_verifica', { length: 40 }),
    /** Makes a create idempotent, as with punches. */
    id_richiesta: uuid('id_richiesta').unique(),
    creata_da: integer('creata_da'),
    creata_il: timestamp('creata_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    index('registrazioni_dip_data_idx').on(t.dipendente_id, t.data),
    index('registrazioni_commessa_idx').on(t.commessa_id, t.fase_id),
    // running timers: the phase operations find them by person, under a per-person lock (fasi.ts)
    index('registrazioni_aperte_idx').on(t.dipendente_id).where(sql`${t.inizio} is not null and ${t.fine} is null`),
  ],
);

/** A person's week (its Monday) once it leaves the draft state: sent, approved, or sent back with a reason. */
export const settimane = pgTable(
  'registrazioni_settimane',
  {
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
    lunedi: date('lunedi', { mode: 'string' }).notNull(),
    stato: varchar('stato', { length: 10 }).notNull(),
    motivo: text('motivo'),
    inviata_il: timestamp('inviata_il', { withTimezone: true }),
    decisa_da: integer('decisa_da'),
    decisa_il: timestamp('decisa_il', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.dipendente_id, t.lunedi] }), index('registrazioni_settimane_stato_idx').on(t.stato)],
);

/** The answer given to a phase action, by its request id: a retry gets the same answer, other content a 409. */
export const richiesteFase = pgTable('registrazioni_richieste', {
  id_richiesta: uuid('id_richiesta').primaryKey(),
  dipendente_id: integer('dipendente_id').notNull(),
  impronta: text('impronta').notNull(),
  risposta: jsonb('risposta').notNull(),
  creata_il: timestamp('creata_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
});
