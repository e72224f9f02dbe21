import { boolean, date, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { now } from '../../platform/clock';

export const centriCosto = pgTable('centri_costo', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 20 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
});

export const mansioni = pgTable('mansioni', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 20 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
});

export const tipiDocumento = pgTable('tipi_documento', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 20 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  note: varchar('note', { length: 500 }),
});

export const reparti = pgTable('reparti', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 20 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  cdc_id: integer('cdc_id').references(() => centriCosto.id),
});

export const dipendenti = pgTable('dipendenti', {
  id: serial('id').primaryKey(),
  matricola: varchar('matricola', { length: 20 }).notNull().unique(),
  cognome: varchar('cognome', { length: 80 }).notNull(),
  nome: varchar('nome', { length: 80 }).notNull(),
  codice_fiscale: varchar('codice_fiscale', { length: 16 }).notNull().unique(),
  email: varchar('email', { length: 254 }),
  reparto_id: integer('reparto_id').references(() => reparti.id),
  cdc_id: integer('cdc_id').references(() => centriCosto.id),
  mansione_id: integer('mansione_id').references(() => mansioni.id),
  data_assunzione: date('data_assunzione', { mode: 'string' }).notNull(),
  data_cessazione: date('data_cessazione', { mode: 'string' }),
  badge: varchar('badge', { length: 40 }).unique(),
  pin_hash: text('pin_hash'),
});

/** Managers of a department: the employees whose RESPONSABILE scope covers it. */
export const repartiResponsabili = pgTable(
  'reparti_responsabili',
  {
    reparto_id: integer('reparto_id')
      .notNull()
      .references(() => reparti.id, { onDelete: 'cascade' }),
    dipendente_id: integer('dipendente_id')
      .notNull()
      .references(() => dipendenti.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.reparto_id, t.dipendente_id] })],
);

export const profili = pgTable('profili', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 30 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  scope: varchar('scope', { length: 10 }).notNull(),
  routes: jsonb('routes').$type<string[]>().notNull().default([]),
  /** The route its users land on after login (issue #12): reception on the register, an employee on the clock-in. */
  pagina_iniziale: varchar('pagina_iniziale', { length: 60 }),
});

export const utenti = pgTable('utenti', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 60 }).notNull().unique(),
  email: varchar('email', { length: 254 }),
  password_hash: text('password_hash'),
  dipendente_id: integer('dipendente_id').references(() => dipendenti.id, { onDelete: 'set null' }),
  attivo: boolean('attivo').notNull().default(true),
  lingua: varchar('lingua', { length: 10 }),
  profilo_attivo_id: integer('profilo_attivo_id').references(() => profili.id, { onDelete: 'set null' }),
  /** Demo accounts log in only while the server runs in demo mode. */
  demo: boolean('demo').notNull().default(false),
  creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  /** The user's own setting: an e-mail when a request of theirs is decided (on by default). */
  notifiche_email: boolean('notifiche_email').notNull().default(true),
  /** Signs in only through single sign-on (module accesso): the password login refuses it as a wrong password. */
  solo_sso: boolean('solo_sso').notNull().default(false),
});

export const utentiProfili = pgTable(
  'utenti_profili',
  {
    utente_id: integer('utente_id')
      .notNull()
      .references(() => utenti.id, { onDelete: 'cascade' }),
    profilo_id: integer('profilo_id')
      .notNull()
      .references(() => profili.id),
  },
  (t) => [primaryKey({ columns: [t.utente_id, t.profilo_id] })],
);

/** The company's workplaces (sedi): where people work, for trips and hiring letters. */
export const sedi = pgTable('sedi', {
  id: serial('id').primaryKey(),
  descrizione: varchar('descrizione', { length: 120 }).notNull().unique(),
  indirizzo: varchar('indirizzo', { length: 160 }),
  cap: varchar('cap', { length: 5 }),
  comune: varchar('comune', { length: 80 }).notNull(),
  provincia: varchar('provincia', { length: 2 }),
  attiva: boolean('attiva').notNull().default(true),
});

/**
 * The desktop build's menu items that open a local program or document (issue #19): shown only on a Windows desktop,
 * to the users whose active profile is listed. The shell opens the target only as read from the user's menu.
 */
export const vociMenu = pgTable('voci_menu', {
  id: serial('id').primaryKey(),
  etichetta: varchar('etichetta', { length: 80 }).notNull(),
  destinazione: varchar('destinazione', { length: 1000 }).notNull(),
  argomenti: jsonb('argomenti').$type<string[]>().notNull().default([]),
  /** Ids of the profiles that see it. */
  profili: jsonb('profili').$type<number[]>().notNull().default([]),
});
