import { bigint, boolean, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { centriCosto, dipendenti, mansioni } from '../anagrafica';

export const clienti = pgTable('clienti', {
  id: serial('id').primaryKey(),
  ragione_sociale: varchar('ragione_sociale', { length: 160 }).notNull(),
  partita_iva: varchar('partita_iva', { length: 11 }).unique(),
  codice_fiscale: varchar('codice_fiscale', { length: 16 }),
  indirizzo: varchar('indirizzo', { length: 160 }),
  cap: varchar('cap', { length: 5 }),
  comune: varchar('comune', { length: 80 }),
  provincia: varchar('provincia', { length: 2 }),
  referente: varchar('referente', { length: 120 }),
  email: varchar('email', { length: 254 }),
  telefono: varchar('telefono', { length: 30 }),
  attivo: boolean('attivo').notNull().default(true),
});

/** A job order. Internal orders everyone books on (maintenance, training) are ordinary orders visible to everyone. */
export const commesse = pgTable(
  'commesse',
  {
    id: serial('id').primaryKey(),
    codice: varchar('codice', { length: 30 }).notNull().unique(),
    descrizione: varchar('descrizione', { length: 200 }).notNull(),
    cliente_id: integer('cliente_id').references(() => clienti.id),
    stato: varchar('stato', { length: 10 }).notNull().default('aperta'),
    data_inizio: date('data_inizio', { mode: 'string' }).notNull(),
    data_fine: date('data_fine', { mode: 'string' }),
    minuti_budget: integer('minuti_budget'),
    costo_budget: bigint('costo_budget', { mode: 'number' }),
    fatturabile: boolean('fatturabile').notNull().default(true),
    capo_commessa_id: integer('capo_commessa_id').references(() => dipendenti.id),
    cdc_id: integer('cdc_id').references(() => centriCosto.id),
    note: text('note'),
    /** The "everyone" rule of visibility; the others are rows of commesse_visibilita. */
    visibile_tutti: boolean('visibile_tutti').notNull().default(false),
  },
  (t) => [index('commesse_stato_idx').on(t.stato)],
);

export const fasi = pgTable(
  'commesse_fasi',
  {
    id: serial('id').primaryKey(),
    commessa_id: integer('commessa_id').notNull().references(() => commesse.id, { onDelete: 'cascade' }),
    codice: varchar('codice', { length: 20 }).notNull(),
    descrizione: varchar('descrizione', { length: 120 }).notNull(),
    ordine: integer('ordine').notNull().default(1),
    minuti_previsti: integer('minuti_previsti'),
    quantita: boolean('quantita').notNull().default(false),
    stato: varchar('stato', { length: 10 }).notNull().default('aperta'),
  },
  (t) => [uniqueIndex('commesse_fasi_codice_uq').on(t.commessa_id, sql`upper(${t.codice})`)],
);

/** Who may see and book on an order besides everyone (commesse.visibile_tutti): departments, roles, named people. */
export const visibilita = pgTable(
  'commesse_visibilita',
  {
    commessa_id: integer('commessa_id').notNull().references(() => commesse.id, { onDelete: 'cascade' }),
    /** 'reparto' | 'mansione' | 'dipendente' */
    tipo: varchar('tipo', { length: 10 }).notNull(),
    rif_id: integer('rif_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commessa_id, t.tipo, t.rif_id] }), index('commesse_visibilita_rif_idx').on(t.tipo, t.rif_id)],
);

/** The roles that work on a phase, each with its hourly cost there (else the role's standard cost) and whether the phase is the role's default in the order. */
export const fasiMansioni = pgTable(
  'commesse_fasi_mansioni',
  {
    fase_id: integer('fase_id').notNull().references(() => fasi.id, { onDelete: 'cascade' }),
    mansione_id: integer('mansione_id').notNull().references(() => mansioni.id),
    costo_orario: integer('costo_orario'),
    predefinita: boolean('predefinita').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.fase_id, t.mansione_id] })],
);

/** The order's team (the capo commessa approves its hours). */
export const team = pgTable(
  'commesse_team',
  {
    commessa_id: integer('commessa_id').notNull().references(() => commesse.id, { onDelete: 'cascade' }),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
  },
  (t) => [primaryKey({ columns: [t.commessa_id, t.dipendente_id] }), index('commesse_team_dip_idx').on(t.dipendente_id)],
);

/** The standard hourly cost of a role (cents per hour), for costing where a phase names none. */
export const costiMansione = pgTable('commesse_costi_mansione', {
  mansione_id: integer('mansione_id').primaryKey().references(() => mansioni.id, { onDelete: 'cascade' }),
  costo_orario: integer('costo_orario').notNull(),
});

/** Planned minutes of an employee on an order (and phase, or the whole order) in a week (its Monday). */
export const pianificazioni = pgTable(
  'commesse_pianificazioni',
  {
    id: serial('id').primaryKey(),
    // no cascade: an order or phase someone is planned on is not deleted by accident (409)
    commessa_id: integer('commessa_id').notNull().references(() => commesse.id),
    fase_id: integer('fase_id').references(() => fasi.id),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
    settimana: date('settimana', { mode: 'string' }).notNull(),
    minuti: integer('minuti').notNull(),
  },
  (t) => [
    uniqueIndex('commesse_pianificazioni_uq').on(t.commessa_id, sql`coalesce(${t.fase_id}, 0)`, t.dipendente_id, t.settimana),
    index('commesse_pianificazioni_sett_idx').on(t.settimana, t.dipendente_id),
  ],
);
