import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { now } from '../../platform/clock';
import { dipendenti, mansioni, sedi, utenti } from '../anagrafica';

/** A national collective agreement (CCNL) with its pay parameters. */
export const ccnl = pgTable('contratti_ccnl', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 30 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 200 }).notNull(),
  mensilita: integer('mensilita').notNull(),
  ore_settimanali: numeric('ore_settimanali', { precision: 4, scale: 2, mode: 'number' }).notNull(),
  divisore_orario: integer('divisore_orario').notNull(),
  valido_dal: date('valido_dal', { mode: 'string' }),
  valido_al: date('valido_al', { mode: 'string' }),
});

/** A CCNL's levels (D1 ... A1), in their order. */
export const livelli = pgTable(
  'contratti_livelli',
  {
    id: serial('id').primaryKey(),
    ccnl_id: integer('ccnl_id').notNull().references(() => ccnl.id, { onDelete: 'cascade' }),
    codice: varchar('codice', { length: 10 }).notNull(),
    descrizione: varchar('descrizione', { length: 200 }).notNull(),
    ordine: integer('ordine').notNull().default(0),
  },
  (t) => [uniqueIndex('contratti_livelli_codice_idx').on(t.ccnl_id, t.codice)],
);

/**
 * A pay component of a level from a decorrenza, cents per month. Versions are added, never overwritten: the table in
 * force on a date is, per level and component, the latest decorrenza on or before it (retribuzione.ts).
 */
export const voci = pgTable(
  'contratti_voci',
  {
    id: serial('id').primaryKey(),
    ccnl_id: integer('ccnl_id').notNull().references(() => ccnl.id),
    livello_id: integer('livello_id').notNull().references(() => livelli.id),
    voce: varchar('voce', { length: 60 }).notNull(),
    decorrenza: date('decorrenza', { mode: 'string' }).notNull(),
    importo: integer('importo').notNull(),
    creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    creato_da: integer('creato_da').references(() => utenti.id),
  },
  (t) => [
    uniqueIndex('contratti_voci_versione_idx').on(t.ccnl_id, t.livello_id, t.voce, t.decorrenza),
    check('contratti_voci_importo_check', sql`${t.importo} >= 0`),
  ],
);

/** An employee's contract row, valid from `dal` until the next row's: never overwritten by a newer one. */
export const contrattiDipendenti = pgTable(
  'contratti_dipendenti',
  {
    id: serial('id').primaryKey(),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
    dal: date('dal', { mode: 'string' }).notNull(),
    ccnl_id: integer('ccnl_id').notNull().references(() => ccnl.id),
    livello_id: integer('livello_id').notNull().references(() => livelli.id),
    qualifica: varchar('qualifica', { length: 12 }).notNull(),
    tipo_contratto: varchar('tipo_contratto', { length: 15 }).notNull(),
    data_fine: date('data_fine', { mode: 'string' }),
    causale: varchar('causale', { length: 300 }),
    part_time: boolean('part_time').notNull().default(false),
    percentuale_part_time: integer('percentuale_part_time'),
    distribuzione_part_time: varchar('distribuzione_part_time', { length: 12 }),
    superminimo: integer('superminimo').notNull().default(0),
    sede_id: integer('sede_id').references(() => sedi.id),
    mansione_id: integer('mansione_id').references(() => mansioni.id),
    note: varchar('note', { length: 300 }),
    creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    creato_da: integer('creato_da').references(() => utenti.id),
  },
  (t) => [
    uniqueIndex('contratti_dipendenti_dal_idx').on(t.dipendente_id, t.dal),
    index('contratti_dipendenti_livello_idx').on(t.livello_id),
    check('contratti_dipendenti_superminimo_check', sql`${t.superminimo} >= 0`),
    check('contratti_dipendenti_percentuale_check', sql`${t.percentuale_part_time} is null or ${t.percentuale_part_time} between 1 and 99`),
  ],
);
