import { bigint, boolean, char, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { now } from '../../platform/clock';
import { dipendenti, utenti } from '../anagrafica';
import { file } from '../../platform/db/tables';
import { commesse } from '../commesse';

export const tipiPagamento = pgTable('spese_tipi_pagamento', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 30 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  tracciabile: boolean('tracciabile').notNull().default(true),
  pagata_azienda: boolean('pagata_azienda').notNull().default(false),
  attivo: boolean('attivo').notNull().default(true),
});

export const tipiSpesa = pgTable('spese_tipi_spesa', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 30 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  /** The tax rule that applies (trattamentoSpese's categories). */
  categoria: varchar('categoria', { length: 20 }).notNull(),
  massimale: integer('massimale'),
  massimale_per: varchar('massimale_per', { length: 6 }).notNull().default('voce'),
  ricevuta_obbligatoria: boolean('ricevuta_obbligatoria').notNull().default(true),
  codice_paghe: varchar('codice_paghe', { length: 20 }),
  codice_paghe_imponibile: varchar('codice_paghe_imponibile', { length: 20 }),
  attivo: boolean('attivo').notNull().default(true),
});

export const veicoli = pgTable('spese_veicoli', {
  id: serial('id').primaryKey(),
  targa: varchar('targa', { length: 10 }).notNull().unique(),
  marca: varchar('marca', { length: 60 }).notNull(),
  modello: varchar('modello', { length: 60 }).notNull(),
  alimentazione: varchar('alimentazione', { length: 15 }).notNull(),
  /** The employee whose own car it is; null: a company car. */
  dipendente_id: integer('dipendente_id').references(() => dipendenti.id),
  attivo: boolean('attivo').notNull().default(true),
});

/** The ACI cost per km of a vehicle in a year, in euros with 4 decimals, exact. */
export const veicoliCosti = pgTable(
  'spese_veicoli_costi',
  {
    id: serial('id').primaryKey(),
    veicolo_id: integer('veicolo_id').notNull().references(() => veicoli.id, { onDelete: 'cascade' }),
    anno: integer('anno').notNull(),
    euro_km: numeric('euro_km', { precision: 10, scale: 4 }).notNull(),
  },
  (t) => [uniqueIndex('spese_veicoli_costi_uq').on(t.veicolo_id, t.anno)],
);

/** The ACI's cost tables kept in Tulip: a model as ACI describes it, its fuel, a year, euros per km (4 decimals, exact). */
export const tariffeAci = pgTable(
  'spese_tariffe_aci',
  {
    id: serial('id').primaryKey(),
    anno: integer('anno').notNull(),
    descrizione: varchar('descrizione', { length: 160 }).notNull(),
    alimentazione: varchar('alimentazione', { length: 15 }).notNull(),
    euro_km: numeric('euro_km', { precision: 10, scale: 4 }).notNull(),
  },
  (t) => [uniqueIndex('spese_tariffe_aci_uq').on(t.anno, t.descrizione, t.alimentazione)],
);

export const valute = pgTable('spese_valute', {
  codice: char('codice', { length: 3 }).primaryKey(),
  nome: varchar('nome', { length: 60 }).notNull(),
  simbolo: varchar('simbolo', { length: 5 }),
  decimali: integer('decimali').notNull().default(2),
  attiva: boolean('attiva').notNull().default(true),
});

/** A currency's rate on a day, as units per 1 EUR (the ECB's reference rates), 6 decimals, exact. */
export const cambi = pgTable(
  'spese_cambi',
  {
    valuta: char('valuta', { length: 3 }).notNull().references(() => valute.codice, { onDelete: 'cascade' }),
    data: date('data', { mode: 'string' }).notNull(),
    cambio: numeric('cambio', { precision: 18, scale: 6 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.valuta, t.data] })],
);

export const note = pgTable(
  'spese_note',
  {
    id: serial('id').primaryKey(),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
    descrizione: varchar('descrizione', { length: 200 }).notNull(),
    stato: varchar('stato', { length: 10 }).notNull().default('bozza'),
    /** The trip's first day, or the day the note was made: the note's month in lists. */
    data: date('data', { mode: 'string' }).notNull(),
    // the optional business trip
    destinazione: varchar('destinazione', { length: 120 }),
    estero: boolean('estero'),
    comune_sede: boolean('comune_sede'),
    dal: date('dal', { mode: 'string' }),
    al: date('al', { mode: 'string' }),
    regime: varchar('regime', { length: 12 }),
    commessa_id: integer('commessa_id').references(() => commesse.id),
    /** The last rejection's reason. */
    motivo: text('motivo'),
    creata_da: integer('creata_da').references(() => utenti.id),
    creata_il: timestamp('creata_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    inviata_il: timestamp('inviata_il', { withTimezone: true }),
    decisa_da: integer('decisa_da').references(() => utenti.id),
    decisa_il: timestamp('decisa_il', { withTimezone: true }),
    approvata_il: timestamp('approvata_il', { withTimezone: true }),
    liquidata_da: integer('liquidata_da').references(() => utenti.id),
    /** The payment's date. */
    liquidata_il: date('liquidata_il', { mode: 'string' }),
    /** The payroll month that pays it (YYYY-MM). */
    mese_paghe: varchar('mese_paghe', { length: 7 }),
  },
  (t) => [index('spese_note_dip_idx').on(t.dipendente_id, t.data), index('spese_note_stato_idx').on(t.stato), index('spese_note_mese_paghe_idx').on(t.mese_paghe)],
);

export const righe = pgTable(
  'spese_righe',
  {
    id: serial('id').primaryKey(),
    nota_id: integer('nota_id').notNull().references(() => note.id, { onDelete: 'cascade' }),
    data: date('data', { mode: 'string' }).notNull(),
    tipo_spesa_id: integer('tipo_spesa_id').notNull().references(() => tipiSpesa.id),
    /** In the currency's minor units; null for mileage. */
    importo: bigint('importo', { mode: 'number' }),
    /** What the employee claimed, kept through reviews: a review gives back at most this. */
    importo_dichiarato: bigint('importo_dichiarato', { mode: 'number' }),
    valuta: char('valuta', { length: 3 }).notNull().references(() => valute.codice),
    cambio: numeric('cambio', { precision: 18, scale: 6 }),
    /** The date of the rate used (the latest on or before the expense). */
    cambio_data: date('cambio_data', { mode: 'string' }),
    /** Dated after the currency's last known rate: converted with that one, and flagged. */
    cambio_provvisorio: boolean('cambio_provvisorio').notNull().default(false),
    tipo_pagamento_id: integer('tipo_pagamento_id').references(() => tipiPagamento.id),
    documentata: boolean('documentata').notNull().default(false),
    /** Paid abroad: outside the traceability rule (D.L. 84/2025); set from the trip's when not given. */
    estero: boolean('estero').notNull().default(false),
    file_id: uuid('file_id').references(() => file.id),
    km: numeric('km', { precision: 10, scale: 2 }),
    veicolo_id: integer('veicolo_id').references(() => veicoli.id),
    euro_km: numeric('euro_km', { precision: 10, scale: 4 }),
    da: varchar('da', { length: 120 }),
    a: varchar('a', { length: 120 }),
    descrizione: varchar('descrizione', { length: 300 }),
    commessa_id: integer('commessa_id').references(() => commesse.id),
    esclusa: boolean('esclusa').notNull().default(false),
    tetto: integer('tetto'),
    motivo_revisione: text('motivo_revisione'),
    // what the rules made of it, recomputed with its day (cents of EUR)
    importo_eur: integer('importo_eur').notNull(),
    rimborsabile: integer('rimborsabile').notNull(),
    esente: integer('esente').notNull(),
    imponibile: integer('imponibile').notNull(),
    avvisi: jsonb('avvisi').$type<string[]>().notNull().default([]),
    /** The rule that decided the split (trattamentoSpese's REGOLE_SPESA); null until recomputed. */
    regola: varchar('regola', { length: 40 }),
  },
  (t) => [index('spese_righe_nota_idx').on(t.nota_id, t.data), index('spese_righe_data_idx').on(t.data)],
);

/** Cash advanced before a trip, subtracted at settlement. */
export const anticipi = pgTable('spese_anticipi', {
  id: serial('id').primaryKey(),
  nota_id: integer('nota_id').notNull().references(() => note.id, { onDelete: 'cascade' }),
  data: date('data', { mode: 'string' }).notNull(),
  importo: integer('importo').notNull(),
  note: varchar('note', { length: 200 }),
  registrato_da: integer('registrato_da').references(() => utenti.id),
});
