import { bigserial, boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { dipendenti } from '../anagrafica';
import { now } from '../../platform/clock';

export const causali = pgTable('causali', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 20 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  unita: varchar('unita', { length: 1 }).notNull(),
  retribuita: boolean('retribuita').notNull().default(true),
  richiede_approvazione: boolean('richiede_approvazione').notNull().default(true),
  conta_come_lavorato: boolean('conta_come_lavorato').notNull().default(false),
  saldo: boolean('saldo').notNull().default(false),
  spettanza_annua_minuti: integer('spettanza_annua_minuti'),
  codice_paghe: varchar('codice_paghe', { length: 20 }),
  richiede_certificato: boolean('richiede_certificato').notNull().default(false),
  colore: varchar('colore', { length: 7 }).notNull().default('#52c41a'),
  attiva: boolean('attiva').notNull().default(true),
});

export const giustificativi = pgTable(
  'giustificativi',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
    causale_id: integer('causale_id').notNull().references(() => causali.id),
    dal: date('dal', { mode: 'string' }).notNull(),
    al: date('al', { mode: 'string' }).notNull(),
    minuti: integer('minuti'),
    stato: varchar('stato', { length: 10 }).notNull(),
    note: text('note'),
    certificato: varchar('certificato', { length: 40 }),
    richiesto_da: integer('richiesto_da'),
    richiesto_il: timestamp('richiesto_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    deciso_da: integer('deciso_da'),
    deciso_il: timestamp('deciso_il', { withTimezone: true }),
    motivo_decisione: text('motivo_decisione'),
  },
  (t) => [index('giustificativi_dip_idx').on(t.dipendente_id, t.dal), index('giustificativi_stato_idx').on(t.stato)],
);

/** Per-employee yearly entitlement overriding the leave type's default. */
export const spettanze = pgTable(
  'spettanze',
  {
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id, { onDelete: 'cascade' }),
    anno: integer('anno').notNull(),
    causale_id: integer('causale_id').notNull().references(() => causali.id),
    minuti: integer('minuti').notNull(),
    residuo_precedente: integer('residuo_precedente').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dipendente_id, t.anno, t.causale_id] })],
);
