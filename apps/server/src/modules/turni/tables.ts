import { date, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { dipendenti } from '../anagrafica';
import { now } from '../../platform/clock';

export type FasciaDb = { inizio: string; fine: string };

export const turni = pgTable('turni', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 20 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  colore: varchar('colore', { length: 7 }).notNull().default('#1677ff'),
  fasce: jsonb('fasce').$type<FasciaDb[]>().notNull(),
  minuti_teorici: integer('minuti_teorici'),
  flessibilita: integer('flessibilita').notNull().default(0),
  tolleranza: integer('tolleranza').notNull().default(0),
  arrotondamento_entrata: integer('arrotondamento_entrata').notNull().default(0),
  arrotondamento_uscita: integer('arrotondamento_uscita').notNull().default(0),
  soglia_straordinario: integer('soglia_straordinario').notNull().default(0),
  blocco_straordinario: integer('blocco_straordinario').notNull().default(0),
  pausa_minima: integer('pausa_minima').notNull().default(0),
  // a break paid within the shift and taken without punching (a continuous shift's meal break): D.Lgs 66/2003 art. 8
  pausa_retribuita: integer('pausa_retribuita').notNull().default(0),
  notturno: jsonb('notturno').$type<FasciaDb>().notNull(),
});

/** A shift id (or null = rest) per weekday, Monday first. */
export const orariSettimanali = pgTable('orari_settimanali', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 20 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  giorni: jsonb('giorni').$type<(number | null)[]>().notNull(),
});

export const assegnazioniOrario = pgTable(
  'assegnazioni_orario',
  {
    id: serial('id').primaryKey(),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id, { onDelete: 'cascade' }),
    orario_id: integer('orario_id').notNull().references(() => orariSettimanali.id),
    dal: date('dal', { mode: 'string' }).notNull(),
    al: date('al', { mode: 'string' }),
  },
  (t) => [index('assegnazioni_orario_dip_idx').on(t.dipendente_id, t.dal)],
);

/** Day overrides of the weekly schedule; turno_id null = rest that day. */
export const calendarioServizi = pgTable(
  'calendario_servizi',
  {
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id, { onDelete: 'cascade' }),
    data: date('data', { mode: 'string' }).notNull(),
    turno_id: integer('turno_id').references(() => turni.id),
    modificato_da: integer('modificato_da'),
    modificato_il: timestamp('modificato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [primaryKey({ columns: [t.dipendente_id, t.data] }), index('calendario_servizi_data_idx').on(t.data)],
);

/** Company holidays (patron saint, closures); national ones are computed. */
export const festivita = pgTable('festivita', {
  id: serial('id').primaryKey(),
  data: date('data', { mode: 'string' }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  tipo: varchar('tipo', { length: 20 }).notNull(),
});

/**
 * Months closed for payroll: no change to their attendance data (shifts, punches, leave, and what later modules
 * record against a day) until HR reopens them. It sits with the calendar, the lowest attendance module, so every
 * module above can check it.
 */
export const mesiChiusi = pgTable('mesi_chiusi', {
  mese: varchar('mese', { length: 7 }).primaryKey(),
  chiuso_da: integer('chiuso_da'),
  chiuso_il: timestamp('chiuso_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
});
