import { boolean, date, index, integer, pgTable, serial, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { now } from '../../platform/clock';
import { file } from '../../platform/db/tables';
import { dipendenti, mansioni, utenti } from '../anagrafica';

export const tipologie = pgTable('dotazioni_tipologie', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 30 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  dpi: boolean('dpi').notNull(),
  categoria: varchar('categoria', { length: 3 }),
  protezione: varchar('protezione', { length: 20 }),
  norma: varchar('norma', { length: 80 }),
  durata_mesi: integer('durata_mesi'),
  ispezione_mesi: integer('ispezione_mesi'),
  /** The manufacturer's life from the date of manufacture, in months (Reg. UE 2016/425 Annex II 1.4). */
  vita_utile_mesi: integer('vita_utile_mesi'),
  taglie: boolean('taglie').notNull().default(false),
  tipo_taglia: varchar('tipo_taglia', { length: 15 }),
  restituibile: boolean('restituibile').notNull().default(false),
  numero_serie: boolean('numero_serie').notNull().default(false),
  /** Stored as effective: on whenever the law requires it (dpi.ts formazioneRichiesta). */
  formazione: boolean('formazione').notNull().default(false),
  attivo: boolean('attivo').notNull().default(true),
});

export const articoli = pgTable(
  'dotazioni_articoli',
  {
    id: serial('id').primaryKey(),
    tipologia_id: integer('tipologia_id').notNull().references(() => tipologie.id),
    marca: varchar('marca', { length: 60 }).notNull(),
    modello: varchar('modello', { length: 80 }).notNull(),
    fornitore: varchar('fornitore', { length: 120 }),
    costo: integer('costo'),
    marcatura_ce: boolean('marcatura_ce').notNull().default(false),
    organismo_notificato: varchar('organismo_notificato', { length: 4 }),
    nota_file_id: uuid('nota_file_id').references(() => file.id),
    scorta_minima: integer('scorta_minima'),
    attivo: boolean('attivo').notNull().default(true),
  },
  (t) => [index('dotazioni_articoli_tipologia_idx').on(t.tipologia_id)],
);

/** Every change of stock, kept: the stock of an article and size is the sum of its movements. */
export const movimenti = pgTable(
  'dotazioni_movimenti',
  {
    id: serial('id').primaryKey(),
    articolo_id: integer('articolo_id').notNull().references(() => articoli.id),
    /** '' for an article without sizes (one key per size in the sums). */
    taglia: varchar('taglia', { length: 10 }).notNull().default(''),
    quantita: integer('quantita').notNull(),
    causale: varchar('causale', { length: 15 }).notNull(),
    riferimento: varchar('riferimento', { length: 80 }),
    motivo: varchar('motivo', { length: 300 }),
    consegna_id: integer('consegna_id'),
    numero_serie: varchar('numero_serie', { length: 60 }),
    /** A load's lot and date of manufacture; a delivery's movement names the lot it took. */
    lotto: varchar('lotto', { length: 40 }),
    data_fabbricazione: date('data_fabbricazione', { mode: 'string' }),
    creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    creato_da: integer('creato_da').references(() => utenti.id),
  },
  (t) => [index('dotazioni_movimenti_articolo_idx').on(t.articolo_id, t.taglia)],
);

/** A serial-numbered unit (laptop, phone, harness) and its state. */
export const unita = pgTable(
  'dotazioni_unita',
  {
    id: serial('id').primaryKey(),
    articolo_id: integer('articolo_id').notNull().references(() => articoli.id),
    numero_serie: varchar('numero_serie', { length: 60 }).notNull(),
    lotto: varchar('lotto', { length: 40 }),
    data_fabbricazione: date('data_fabbricazione', { mode: 'string' }),
    stato: varchar('stato', { length: 15 }).notNull().default('disponibile'),
  },
  (t) => [uniqueIndex('dotazioni_unita_serie_idx').on(t.articolo_id, t.numero_serie)],
);

export const taglie = pgTable('dotazioni_taglie', {
  dipendente_id: integer('dipendente_id').primaryKey().references(() => dipendenti.id),
  scarpe: varchar('scarpe', { length: 10 }),
  abbigliamento: varchar('abbigliamento', { length: 10 }),
  guanti: varchar('guanti', { length: 10 }),
});

export const formazione = pgTable(
  'dotazioni_formazione',
  {
    id: serial('id').primaryKey(),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
    tipologia_id: integer('tipologia_id').notNull().references(() => tipologie.id),
    data: date('data', { mode: 'string' }).notNull(),
    docente: varchar('docente', { length: 120 }).notNull(),
    note: varchar('note', { length: 300 }),
    creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    creato_da: integer('creato_da').references(() => utenti.id),
  },
  (t) => [index('dotazioni_formazione_dip_idx').on(t.dipendente_id, t.tipologia_id)],
);

/** The standard kit of a mansione: the types it needs. */
export const kit = pgTable(
  'dotazioni_kit',
  {
    id: serial('id').primaryKey(),
    mansione_id: integer('mansione_id').notNull().references(() => mansioni.id),
    tipologia_id: integer('tipologia_id').notNull().references(() => tipologie.id),
    quantita: integer('quantita').notNull(),
    obbligatoria: boolean('obbligatoria').notNull(),
    valida_dal: date('valida_dal', { mode: 'string' }),
    valida_al: date('valida_al', { mode: 'string' }),
  },
  (t) => [uniqueIndex('dotazioni_kit_idx').on(t.mansione_id, t.tipologia_id)],
);

/** A delivery: never deleted, only cancelled with its reason (the verbale stays evidence). */
export const consegne = pgTable(
  'dotazioni_consegne',
  {
    id: serial('id').primaryKey(),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
    data: date('data', { mode: 'string' }).notNull(),
    causale: varchar('causale', { length: 25 }).notNull(),
    note: varchar('note', { length: 300 }),
    stato: varchar('stato', { length: 10 }).notNull().default('valida'),
    firma_file_id: uuid('firma_file_id').references(() => file.id),
    firma_incaricato_file_id: uuid('firma_incaricato_file_id').references(() => file.id),
    pdf_file_id: uuid('pdf_file_id').references(() => file.id),
    motivo_annullamento: varchar('motivo_annullamento', { length: 300 }),
    annullata_il: timestamp('annullata_il', { withTimezone: true }),
    creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    creato_da: integer('creato_da').references(() => utenti.id),
  },
  (t) => [index('dotazioni_consegne_dip_idx').on(t.dipendente_id, t.data)],
);

export const consegneRighe = pgTable(
  'dotazioni_consegne_righe',
  {
    id: serial('id').primaryKey(),
    consegna_id: integer('consegna_id').notNull().references(() => consegne.id),
    articolo_id: integer('articolo_id').notNull().references(() => articoli.id),
    tipologia_id: integer('tipologia_id').notNull().references(() => tipologie.id),
    taglia: varchar('taglia', { length: 10 }),
    quantita: integer('quantita').notNull(),
    unita_id: integer('unita_id').references(() => unita.id),
    numero_serie: varchar('numero_serie', { length: 60 }),
    lotto: varchar('lotto', { length: 40 }),
    data_fabbricazione: date('data_fabbricazione', { mode: 'string' }),
    /** The earlier of delivery + the type's lifetime and manufacture + the manufacturer's life, fixed at delivery (dpi.ts scadenzaConsegna). */
    scadenza: date('scadenza', { mode: 'string' }),
    /** The next periodic inspection. */
    ispezione: date('ispezione', { mode: 'string' }),
    /** Still held: the quantity less returns, write-offs and replacements (kept in step with `resi`). */
    in_dotazione: integer('in_dotazione').notNull(),
  },
  (t) => [index('dotazioni_righe_consegna_idx').on(t.consegna_id), index('dotazioni_righe_scadenza_idx').on(t.scadenza)],
);

/** Returns, write-offs and replacements of delivered items. */
export const resi = pgTable(
  'dotazioni_resi',
  {
    id: serial('id').primaryKey(),
    riga_id: integer('riga_id').notNull().references(() => consegneRighe.id),
    data: date('data', { mode: 'string' }).notNull(),
    quantita: integer('quantita').notNull(),
    esito: varchar('esito', { length: 12 }).notNull(),
    motivo: varchar('motivo', { length: 300 }),
    /** The delivery that replaced it (esito `sostituito`). */
    consegna_id: integer('consegna_id').references(() => consegne.id),
    creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    creato_da: integer('creato_da').references(() => utenti.id),
  },
  (t) => [index('dotazioni_resi_riga_idx').on(t.riga_id)],
);
