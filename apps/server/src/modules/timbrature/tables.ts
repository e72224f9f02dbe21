import { bigint, bigserial, char, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar, boolean } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { dipendenti } from '../anagrafica';
import { now } from '../../platform/clock';

/**
 * Punches are never deleted nor overwritten: a correction cancels the original (stato 'annullata',
 * with its reason) and inserts the corrected punch pointing at it (corregge_id).
 */
export const timbrature = pgTable(
  'timbrature',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dipendente_id: integer('dipendente_id').notNull().references(() => dipendenti.id),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    verso: char('verso', { length: 1 }).notNull(),
    fonte: varchar('fonte', { length: 12 }).notNull(),
    terminale_id: integer('terminale_id'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    id_richiesta: uuid('id_richiesta').notNull(),
    stato: varchar('stato', { length: 10 }).notNull().default('valida'),
    corregge_id: bigint('corregge_id', { mode: 'number' }),
    motivo: text('motivo'),
    motivo_annullamento: text('motivo_annullamento'),
    utente_id: integer('utente_id'),
    /** When the employee punched on the device, for a punch queued offline and sent later (the punch itself has the server's time). */
    ts_dispositivo: timestamp('ts_dispositivo', { withTimezone: true }),
    creata_il: timestamp('creata_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [uniqueIndex('timbrature_id_richiesta_uq').on(t.id_richiesta),
    // with the id, a person's last punch (ts, then id) is the first entry of a backward scan, however many punches they have
    index('timbrature_dip_ts_id_idx').on(t.dipendente_id, t.ts, t.id),
    // the same for the valid ones (who is clocked in): without the state in the index, a planner whose statistics
    // predate a busy day sorted all of a person's punches of the day to find the last one (issue #30)
    index('timbrature_valide_dip_ts_id_idx').on(t.dipendente_id, t.ts, t.id).where(sql`${t.stato} = 'valida'`),
    // the recent punches of everyone (the presence board, the totals of a month) without reading the whole history
    index('timbrature_ts_idx').on(t.ts)],
);

/** Kiosk devices registered by an administrator; the secret is shown once, stored hashed. */
export const terminali = pgTable('terminali', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  descrizione: varchar('descrizione', { length: 120 }).notNull(),
  chiave_hash: text('chiave_hash').notNull(),
  attivo: boolean('attivo').notNull().default(true),
  creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  ultimo_uso: timestamp('ultimo_uso', { withTimezone: true }),
});
