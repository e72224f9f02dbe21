import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { dipendenti } from '../anagrafica';
import { clienti, commesse, fasi } from '../commesse';
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
    /** The report whose approval made it. */
    rapportino_id: bigint('rapportino_id', { mode: 'number' }),
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

/** The daily work report: a day of activities at a customer's site, signed on the screen by the customer. */
export const rapportini = pgTable(
  'rapportini',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
    data: date('data', { mode: 'string' }).notNull(),
    cliente_id: integer('cliente_id').references(() => clienti.id),
    sito: text('sito'),
    commessa_id: integer('commessa_id').references(() => commesse.id),
    km: integer('km'),
    minuti_viaggio: integer('minuti_viaggio'),
    note: text('note'),
    /** 'bozza' | 'firmato' (lines locked) | 'approvato' (its lines are approved bookings) */
    stato: varchar('stato', { length: 10 }).notNull().default('bozza'),
    firmatario: varchar('firmatario', { length: 120 }),
    email_cliente: varchar('email_cliente', { length: 254 }),
    firma_file_id: uuid('firma_file_id'),
    pdf_file_id: uuid('pdf_file_id'),
    firmato_il: timestamp('firmato_il', { withTimezone: true }),
    creato_da: integer('creato_da'),
    /** Raised by every save: a save or a signature of an older version than the stored one is refused, not applied */
    versione: integer('versione').notNull().default(1),
  },
  (t) => [index('rapportini_dip_data_idx').on(t.dipendente_id, t.data)],
);

export const rapportiniRighe = pgTable('rapportini_righe', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  rapportino_id: bigint('rapportino_id', { mode: 'number' }).notNull().references(() => rapportini.id, { onDelete: 'cascade' }),
  commessa_id: integer('commessa_id').notNull().references(() => commesse.id),
  fase_id: integer('fase_id').references(() => fasi.id),
  inizio: varchar('inizio', { length: 5 }).notNull(),
  fine: varchar('fine', { length: 5 }).notNull(),
  minuti: integer('minuti').notNull(),
  descrizione: text('descrizione'),
});

export const rapportiniMateriali = pgTable('rapportini_materiali', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  rapportino_id: bigint('rapportino_id', { mode: 'number' }).notNull().references(() => rapportini.id, { onDelete: 'cascade' }),
  descrizione: varchar('descrizione', { length: 200 }).notNull(),
  /** Thousandths of the unit: 2.5 m is 2500. */
  quantita_millesimi: bigint('quantita_millesimi', { mode: 'number' }).notNull(),
  unita: varchar('unita', { length: 20 }),
});
