import { bigint, bigserial, boolean, date, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { TApprovazioneVisita, TStatoAutorizzazioneVisita } from '@tulip/contract';
import { dipendenti } from '../anagrafica';
import { now } from '../../platform/clock';

export const motiviVisita = pgTable('motivi_visita', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 20 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  attivo: boolean('attivo').notNull().default(true),
});

export const tipiVisitatore = pgTable('tipi_visitatore', {
  id: serial('id').primaryKey(),
  codice: varchar('codice', { length: 20 }).notNull().unique(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  briefing_sicurezza: boolean('briefing_sicurezza').notNull().default(false),
  accompagnamento: boolean('accompagnamento').notNull().default(false),
  dpi_richiesti: boolean('dpi_richiesti').notNull().default(false),
  colore_badge: varchar('colore_badge', { length: 7 }).notNull().default('#1677ff'),
  giorni_conservazione: integer('giorni_conservazione'),
  /** Visits of this type need a second approval by an administrator (e.g. external contractors). */
  richiede_approvazione: boolean('richiede_approvazione').notNull().default(false),
  attivo: boolean('attivo').notNull().default(true),
});

export const referentiVisita = pgTable('referenti_visita', {
  id: serial('id').primaryKey(),
  dipendente_id: integer('dipendente_id').notNull().unique().references(() => dipendenti.id, { onDelete: 'cascade' }),
  notifica_email: boolean('notifica_email').notNull().default(true),
  attivo: boolean('attivo').notNull().default(true),
});

/** One visit: personal data are anonymised after the retention period, counts stay. */
export const visite = pgTable(
  'visite',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nome: varchar('nome', { length: 80 }).notNull(),
    cognome: varchar('cognome', { length: 80 }).notNull(),
    azienda: varchar('azienda', { length: 120 }),
    email: varchar('email', { length: 254 }),
    tipo_id: integer('tipo_id').notNull().references(() => tipiVisitatore.id),
    motivo_id: integer('motivo_id').notNull().references(() => motiviVisita.id),
    referente_id: integer('referente_id').notNull().references(() => dipendenti.id),
    documento_tipo: varchar('documento_tipo', { length: 30 }),
    documento_numero: varchar('documento_numero', { length: 12 }),
    badge: varchar('badge', { length: 20 }),
    entrata: timestamp('entrata', { withTimezone: true }).notNull(),
    uscita: timestamp('uscita', { withTimezone: true }),
    badge_restituito: boolean('badge_restituito'),
    note: text('note'),
    anonimizzata: boolean('anonimizzata').notNull().default(false),
    registrata_da: integer('registrata_da'),
  },
  (t) => [index('visite_entrata_idx').on(t.entrata), index('visite_presenti_idx').on(t.uscita)],
);

/** An expected visit authorised by an employee; reception checks it in with one click. */
export const autorizzazioni = pgTable(
  'autorizzazioni_visita',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    referente_id: integer('referente_id').notNull().references(() => dipendenti.id),
    richiesta_da: integer('richiesta_da'),
    nome: varchar('nome', { length: 80 }),
    cognome: varchar('cognome', { length: 80 }),
    azienda: varchar('azienda', { length: 120 }),
    email: varchar('email', { length: 254 }),
    tipo_id: integer('tipo_id').notNull().references(() => tipiVisitatore.id),
    motivo_id: integer('motivo_id').notNull().references(() => motiviVisita.id),
    dal: date('dal', { mode: 'string' }).notNull(),
    al: date('al', { mode: 'string' }).notNull(),
    ora_da: varchar('ora_da', { length: 5 }).notNull(),
    ora_a: varchar('ora_a', { length: 5 }).notNull(),
    note: text('note'),
    /** attiva | usata | revocata; `scaduta` is derived from the window. */
    stato: varchar('stato', { length: 10 }).notNull().default('attiva').$type<Exclude<TStatoAutorizzazioneVisita, 'scaduta'>>(),
    /** non_richiesta | in_attesa | approvata | rifiutata */
    approvazione: varchar('approvazione', { length: 16 }).notNull().default('non_richiesta').$type<TApprovazioneVisita>(),
    approvata_da: integer('approvata_da'),
    visita_id: integer('visita_id'),
    creata_il: timestamp('creata_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [index('autorizzazioni_visita_dal_idx').on(t.dal, t.al)],
);

/**
 * A self-registration link: an authorisation whose visitor registers on a public page. Only the SHA-256 of the token is
 * stored; `codice` (Crockford base 32 with a check symbol) is what the visitor shows at the desk, as text or QR code.
 */
export const linkVisitatore = pgTable('link_visitatore', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  autorizzazione_id: bigint('autorizzazione_id', { mode: 'number' }).notNull().unique().references(() => autorizzazioni.id, { onDelete: 'cascade' }),
  token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
  codice: varchar('codice', { length: 8 }).notNull().unique(),
  lingua: varchar('lingua', { length: 10 }),
  telefono: varchar('telefono', { length: 30 }),
  inviato_il: timestamp('inviato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  /** When the visitor registered and accepted the privacy notice and the safety rules (the two acceptances are one act). */
  compilato_il: timestamp('compilato_il', { withTimezone: true }),
  creato_da: integer('creato_da'),
});
