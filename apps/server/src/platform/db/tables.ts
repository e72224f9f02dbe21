/** Platform tables: settings, audit log, tokens, login attempts and stored files. */
import { bigint, bigserial, boolean, char, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { now, realNowMs } from '../clock';

export const impostazioni = pgTable('impostazioni', {
  chiave: varchar('chiave', { length: 100 }).primaryKey(),
  valore: text('valore').notNull(),
});

/** Append-only: rows are inserted, never updated or deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ts: timestamp('ts', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    utente_id: integer('utente_id'),
    username: varchar('username', { length: 60 }),
    entita: varchar('entita', { length: 60 }).notNull(),
    entita_id: varchar('entita_id', { length: 60 }),
    azione: varchar('azione', { length: 30 }).notNull(),
    prima: jsonb('prima'),
    dopo: jsonb('dopo'),
    motivo: text('motivo'),
  },
  (t) => [index('audit_log_entita_idx').on(t.entita, t.entita_id), index('audit_log_ts_idx').on(t.ts)],
);

/** Refresh tokens: one row per issued token; `famiglia` groups the rotations of one login. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: uuid('jti').primaryKey(),
    famiglia: uuid('famiglia').notNull(),
    utente_id: integer('utente_id').notNull(),
    scade_il: timestamp('scade_il', { withTimezone: true }).notNull(),
    usato_il: timestamp('usato_il', { withTimezone: true }),
    revocato_il: timestamp('revocato_il', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_famiglia_idx').on(t.famiglia), index('refresh_tokens_utente_idx').on(t.utente_id)],
);

/** Single-use tokens (login user token, password reset link). */
export const tokenMonouso = pgTable('token_monouso', {
  jti: uuid('jti').primaryKey(),
  tipo: varchar('tipo', { length: 20 }).notNull(),
  utente_id: integer('utente_id').notNull(),
  scade_il: timestamp('scade_il', { withTimezone: true }).notNull(),
  usato_il: timestamp('usato_il', { withTimezone: true }),
});

export const tentativiLogin = pgTable(
  'tentativi_login',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // rate limits count on the real clock, whatever TULIP_NOW says
    ts: timestamp('ts', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => new Date(realNowMs())),
    username: varchar('username', { length: 100 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
  },
  (t) => [index('tentativi_login_username_idx').on(t.username, t.ts), index('tentativi_login_ip_idx').on(t.ip, t.ts)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The bytes of every stored file (receipts, signatures, templates, generated documents), once each: keyed by their
 * SHA-256, in the database, so backups, restores and every process see the same files on both engines. A row exists
 * only once all its blocks (file_blocchi) are written.
 */
export const fileContenuti = pgTable('file_contenuti', {
  sha256: char('sha256', { length: 64 }).primaryKey(),
  dimensione: integer('dimensione').notNull(),
  creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
});

/**
 * A file's bytes in blocks of FILE_BLOCCO_BYTES, n from 0 (issue #27 §3): each written by its own statement, so that
 * the embedded database (in-process, one thread) answers other requests between two blocks of a large upload.
 * Written before their file_contenuti row, hence no foreign key; blocks left by an upload cut short are removed by the
 * daily cleanup (platform/files.ts).
 */
export const fileBlocchi = pgTable(
  'file_blocchi',
  {
    sha256: char('sha256', { length: 64 }).notNull(),
    n: integer('n').notNull(),
    dati: bytea('dati').notNull(),
    creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.n] })],
);

/** A file as it was uploaded or generated: its name and type, who stored it, and its content. */
export const file = pgTable(
  'file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sha256: char('sha256', { length: 64 }).notNull().references(() => fileContenuti.sha256),
    nome: varchar('nome', { length: 255 }).notNull(),
    tipo: varchar('tipo', { length: 100 }).notNull(),
    dimensione: integer('dimensione').notNull(),
    caricato_da: integer('caricato_da'),
    caricato_il: timestamp('caricato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    // the real instant of an upload through POST /api/file (rate limits follow the real clock); null for a file the
    // server generated, which counts against no one
    ricevuto_il: timestamp('ricevuto_il', { withTimezone: true }),
  },
  (t) => [index('file_sha256_idx').on(t.sha256), index('file_caricato_da_idx').on(t.caricato_da, t.ricevuto_il)],
);

/**
 * Requests sent with an idempotency key (platform/idempotency.ts): the key is recorded in the same transaction as the
 * write it guards, then the answer given, so a repeat (concurrent, later, or after a crash) gets the first answer and
 * never a second write. Kept a few days (a daily job removes older ones).
 */
export const richiesteIdempotenti = pgTable(
  'richieste_idempotenti',
  {
    utente_id: integer('utente_id').notNull(),
    chiave: varchar('chiave', { length: 200 }).notNull(),
    /** SHA-256 of method, path, parameters and body: the same key with other content is refused */
    impronta: char('impronta', { length: 64 }).notNull(),
    creata_il: timestamp('creata_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    /** null until the answer is written (a write committed by a process that then died keeps it null) */
    stato_http: integer('stato_http'),
    risposta: text('risposta'),
  },
  (t) => [primaryKey({ name: 'richieste_idempotenti_pk', columns: [t.utente_id, t.chiave] }), index('richieste_idempotenti_creata_idx').on(t.creata_il)],
);

/**
 * Webhook subscriptions (platform/webhooks.ts, issue #32 §4). The secret is kept in clear: it signs every delivery
 * (HMAC needs the key itself, so a hash cannot do), and encrypting it with a key the same server holds would protect
 * nothing a stolen database plus the server's environment does not give away. It is answered once, at creation.
 */
export const webhookSottoscrizioni = pgTable('webhook_sottoscrizioni', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  url: text('url').notNull(),
  eventi: text('eventi').array().notNull(),
  attivo: boolean('attivo').notNull().default(true),
  segreto: text('segreto').notNull(),
  creata_il: timestamp('creata_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  /**
   * The secret a rotation replaced: deliveries carry its signature too (a second v1) until `segreto_precedente_fino`,
   * so a receiver can switch to the new one without refusing an event meanwhile.
   */
  segreto_precedente: text('segreto_precedente'),
  segreto_precedente_fino: timestamp('segreto_precedente_fino', { withTimezone: true }),
});

/**
 * The outbox: one row per event and subscription, written in the transaction that made the event, sent after its
 * commit by the worker (at least once). `stato`: in_attesa (due at `prossimo_tentativo`), consegnata, fallita (24 hours
 * of retries). `bloccata_fino`: the lease of the worker that claimed it.
 */
export const webhookConsegne = pgTable(
  'webhook_consegne',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sottoscrizione_id: bigint('sottoscrizione_id', { mode: 'number' }).notNull().references(() => webhookSottoscrizioni.id, { onDelete: 'cascade' }),
    evento: varchar('evento', { length: 100 }).notNull(),
    dati: jsonb('dati').notNull(),
    creato_il: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    stato: varchar('stato', { length: 20 }).notNull().default('in_attesa'),
    tentativi: integer('tentativi').notNull().default(0),
    prossimo_tentativo: timestamp('prossimo_tentativo', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    /** Retries stop here (24 hours after the event, or after an administrator's resend): then `fallita`. */
    scade_il: timestamp('scade_il', { withTimezone: true }).notNull(),
    bloccata_fino: timestamp('bloccata_fino', { withTimezone: true }),
    consegnata_il: timestamp('consegnata_il', { withTimezone: true }),
  },
  (t) => [index('webhook_consegne_dovute_idx').on(t.stato, t.prossimo_tentativo), index('webhook_consegne_sottoscrizione_idx').on(t.sottoscrizione_id, t.creato_il),
    // the retention's purge finds the old delivered ones by it (the bulk of the table), a batch at a time
    index('webhook_consegne_consegnata_idx').on(t.consegnata_il),
  ],
);

/** Each attempt of a delivery: its HTTP status (null when none came back), its error, how long it took. */
export const webhookTentativi = pgTable(
  'webhook_tentativi',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consegna_id: uuid('consegna_id').notNull().references(() => webhookConsegne.id, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    stato_http: integer('stato_http'),
    errore: text('errore'),
    durata_ms: integer('durata_ms').notNull(),
  },
  (t) => [index('webhook_tentativi_consegna_idx').on(t.consegna_id)],
);
