import { char, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const lingue = pgTable('lingue', {
  cod_lingua: varchar('cod_lingua', { length: 10 }).primaryKey(),
  descrizione: varchar('descrizione', { length: 60 }).notNull(),
  se_default: char('se_default', { length: 1 }).notNull().default('N'),
  se_attiva: char('se_attiva', { length: 1 }).notNull().default('Y'),
});

export const traduzioni = pgTable(
  'traduzioni',
  {
    id: serial('id').primaryKey(),
    cod_lingua: varchar('cod_lingua', { length: 10 })
      .notNull()
      .references(() => lingue.cod_lingua, { onDelete: 'cascade', onUpdate: 'cascade' }),
    translate_group: varchar('translate_group', { length: 60 }).notNull().default(''),
    translate_tag: varchar('translate_tag', { length: 120 }).notNull(),
    testo: text('testo').notNull(),
  },
  (t) => [uniqueIndex('traduzioni_chiave_uq').on(t.cod_lingua, t.translate_group, t.translate_tag)],
);
