import { boolean, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import type { TCampoTracciato, TVoceTracciato } from '@tulip/contract';

/**
 * The payroll layouts (issue #31 §4): how the month's file is written for a payroll package. The fields, the mapping
 * of each kind to the package's voice code and the employees' own codes are kept as JSON, as the contract's
 * ZTracciato validates them.
 */
export const tracciatiPaghe = pgTable('tracciati_paghe', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 80 }).notNull().unique(),
  tipo: varchar('tipo', { length: 10 }).notNull(),
  separatore: varchar('separatore', { length: 3 }).notNull().default(';'),
  intestazione: boolean('intestazione').notNull().default(false),
  codifica: varchar('codifica', { length: 20 }).notNull().default('utf-8'),
  codice_azienda: varchar('codice_azienda', { length: 20 }),
  campi: jsonb('campi').$type<TCampoTracciato[]>().notNull(),
  mappatura: jsonb('mappatura').$type<TVoceTracciato[]>().notNull().default([]),
  codici_dipendenti: jsonb('codici_dipendenti').$type<{ matricola: string; codice: string }[]>().notNull().default([]),
});
