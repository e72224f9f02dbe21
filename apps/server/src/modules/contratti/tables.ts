import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { TOrarioPartTime } from '@tulip/contract';
import { now } from '../../platform/clock';
import { file } from '../../platform/db/tables';
import { dipendenti, mansioni, sedi, tipiDocumento, utenti } from '../anagrafica';

/** A national collective agreement (CCNL) with its pay parameters. */
export const ccnl = pgTable('contratti_ccnl', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 30 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 200 }).notNull(),
  mensilita: integer('mensilita').notNull(),
  ore_settimanali: numeric('ore_settimanali', { precision: 4, scale: 2, mode: 'number' }).notNull(),
  divisore_orario: integer('divisore_orario').notNull(),
  /** The CCNL's limit of a part-timer's supplementary work, per cent of the weekly agreed hours; null: the law's 25 % (D.Lgs 81/2015 art. 6 c. 2). */
  limite_supplementare: integer('limite_supplementare'),
  valido_dal: date('valido_dal', { mode: 'string' }),
  valido_al: date('valido_al', { mode: 'string' }),
  parti_firmatarie: varchar('parti_firmatarie', { length: 500 }),
  // the working-time limits the agreement may move (D.Lgs 66/2003, issue #31); null: the law's
  mesi_riferimento_orario: integer('mesi_riferimento_orario'),
  straordinario_annuo_ore: integer('straordinario_annuo_ore'),
  pausa_minima_minuti: integer('pausa_minima_minuti'),
  notturno_giorni_anno: integer('notturno_giorni_anno'),
  notturno_periodo_giorni: integer('notturno_periodo_giorni'),
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
    /** When the part-time hours are worked and the elastic clauses (D.Lgs 81/2015 art. 5 c. 2, art. 6; ZOrarioPartTime). */
    orario_part_time: jsonb('orario_part_time').$type<TOrarioPartTime>(),
    superminimo: integer('superminimo').notNull().default(0),
    sede_id: integer('sede_id').references(() => sedi.id),
    mansione_id: integer('mansione_id').references(() => mansioni.id),
    periodo_prova_giorni: integer('periodo_prova_giorni'),
    periodo_prova: varchar('periodo_prova', { length: 8 }),
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

/**
 * A reason for fixed-term contracts a CCNL lists (D.Lgs 81/2015 art. 19 c. 1 lett. a, as amended by D.L. 48/2023): the
 * catalogue the contract rows' form offers; the row stores the text, so a reason may still be typed.
 */
export const causaliDeterminato = pgTable(
  'contratti_causali',
  {
    id: serial('id').primaryKey(),
    ccnl_id: integer('ccnl_id').notNull().references(() => ccnl.id, { onDelete: 'cascade' }),
    codice: varchar('codice', { length: 20 }).notNull(),
    descrizione: varchar('descrizione', { length: 300 }).notNull(),
    attiva: boolean('attiva').notNull().default(true),
  },
  (t) => [uniqueIndex('contratti_causali_codice_idx').on(t.ccnl_id, t.codice)],
);

/** A template of a hiring document: a DOCX with merge fields. A new file is a new version; documents keep theirs. */
export const modelli = pgTable('contratti_modelli', {
  id: serial('id').primaryKey(),
  descrizione: varchar('descrizione', { length: 200 }).notNull().unique(),
  tipo_documento_id: integer('tipo_documento_id').references(() => tipiDocumento.id),
  /** Contract types (and 'part_time') it is for; empty: every contract. */
  tipi_contratto: jsonb('tipi_contratto').$type<string[]>().notNull().default([]),
  lettera_assunzione: boolean('lettera_assunzione').notNull().default(false),
  attivo: boolean('attivo').notNull().default(true),
  versione: integer('versione').notNull().default(1),
  file_id: uuid('file_id').notNull().references(() => file.id),
  /** The merge fields the template uses, read when it was stored. */
  campi: jsonb('campi').$type<string[]>().notNull().default([]),
  aggiornato_il: timestamp('aggiornato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
});

/**
 * A document in the employee's dossier: the DOCX and the PDF produced from one template version and one data snapshot,
 * with their SHA-256, who produced them and when. Never changed afterwards, except the signed scan attached to it.
 */
export const documenti = pgTable(
  'contratti_documenti',
  {
    id: serial('id').primaryKey(),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
    modello_id: integer('modello_id').notNull().references(() => modelli.id),
    modello_versione: integer('modello_versione').notNull(),
    modello_file_id: uuid('modello_file_id').notNull().references(() => file.id),
    /** The contract row the document is about (an art. 3 notice: the row whose change it states). */
    contratto_id: integer('contratto_id').references(() => contrattiDipendenti.id),
    descrizione: varchar('descrizione', { length: 200 }).notNull(),
    /** The merge data as filled in, the snapshot the document was made from. */
    dati: jsonb('dati').$type<Record<string, unknown>>().notNull(),
    docx_file_id: uuid('docx_file_id').notNull().references(() => file.id),
    pdf_file_id: uuid('pdf_file_id').notNull().references(() => file.id),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    sha256_pdf: varchar('sha256_pdf', { length: 64 }).notNull(),
    creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    creato_da: integer('creato_da').references(() => utenti.id),
    firmato_file_id: uuid('firmato_file_id').references(() => file.id),
    firmato_il: timestamp('firmato_il', { withTimezone: true }),
    firmato_da: integer('firmato_da').references(() => utenti.id),
  },
  (t) => [index('contratti_documenti_dipendente_idx').on(t.dipendente_id)],
);

/** A delivery by e-mail: the proof the law accepts of handing the documents over (D.Lgs 152/1997 art. 1 c. 2). */
export const invii = pgTable(
  'contratti_invii',
  {
    id: serial('id').primaryKey(),
    documento_id: integer('documento_id').notNull().references(() => documenti.id),
    indirizzo: varchar('indirizzo', { length: 254 }).notNull(),
    inviato_il: timestamp('inviato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    inviato_da: integer('inviato_da').references(() => utenti.id),
  },
  (t) => [index('contratti_invii_documento_idx').on(t.documento_id)],
);
