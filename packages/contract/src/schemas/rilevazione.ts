/**
 * Time on job orders (issue #15): bookings (one record whatever screen made it), the weekly grid and its approval,
 * the shop-floor phase timers, the reconciliation with the timecard, the parameters. Minutes are integers; instants
 * are the company's wall clock, `YYYY-MM-DDTHH:mm:ss`.
 */
import { z } from 'zod';
import { ISO_WEEK_RE, isoWeekMonday } from '../isoWeek';
import { FIELD_KEYS, zDate, zId, zNullableText, zRequiredText, zText } from './common';
import { ZStatoCommessa } from './commesse';
import { zDateTime } from './presenze';

export const ORIGINI_REGISTRAZIONE = ['settimanale', 'manuale', 'timer', 'rapportino'] as const;
export const STATI_REGISTRAZIONE = ['bozza', 'inviata', 'approvata'] as const;
export const ZStatoSettimana = z.enum(STATI_REGISTRAZIONE);
export type TStatoSettimana = z.infer<typeof ZStatoSettimana>;

/**
 * The most a person may book on one day: 24 hours less the 11 of daily rest (D.Lgs 66/2003 art. 7 c. 1), the same
 * limit as the engine's `durata_massima_giornaliera` (packages/attendance/src/conformita.ts).
 */
export const MINUTI_REGISTRABILI_GIORNO = 13 * 60;

/** Minutes of one booking: more than none, at most a day. */
export const zMinutiRegistrati = z
  .number({ message: FIELD_KEYS.invalid })
  .int({ message: 'avvisi.regola_non_valida' })
  .min(1, { message: 'avvisi.minuti_non_validi' })
  .max(1440, { message: 'avvisi.minuti_non_validi' });
const zQuantita = z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(0, { message: 'avvisi.regola_negativa' }).max(100_000_000);
/** An ISO week, `2026-W48`. */
export const zSettimanaIso = z
  .string()
  .regex(ISO_WEEK_RE, { message: 'avvisi.settimana_non_valida' })
  .refine((w) => isoWeekMonday(w) !== null, { message: 'avvisi.settimana_non_valida' });

export const ZRegistrazione = z.object({
  id: z.number(),
  dipendente_id: z.number(),
  dipendente_nome: z.string(),
  data: z.string(),
  commessa_id: z.number(),
  commessa_codice: z.string(),
  commessa_descrizione: z.string(),
  fase_id: z.number().nullable(),
  fase_codice: zNullableText,
  fase_descrizione: zNullableText,
  /** Tracks quantities (its phase does). */
  fase_quantita: z.boolean(),
  minuti: z.number(),
  inizio: zNullableText,
  fine: zNullableText,
  quantita: z.number().nullable(),
  scarto: z.number().nullable(),
  note: zNullableText,
  origine: z.enum(ORIGINI_REGISTRAZIONE),
  stato: ZStatoSettimana,
  /** Closed by the exit punch or the end of the work day, not by the person: to review. */
  da_verificare: z.boolean(),
  motivo_verifica: zNullableText,
});
export type TRegistrazione = z.infer<typeof ZRegistrazione>;

/** A booking of minutes on a day (`PUT /api/rilevazione/ore`); idempotent on `id_richiesta`. */
export const ZOreInput = z.strictObject({
  dipendente_id: zId.optional(),
  data: zDate,
  commessa_id: zId,
  fase_id: zId.nullable().optional(),
  minuti: zMinutiRegistrati,
  quantita: zQuantita.nullable().optional(),
  scarto: zQuantita.nullable().optional(),
  note: zText(500).nullable().optional(),
  id_richiesta: z.uuid({ message: FIELD_KEYS.invalid }),
});
export type TOreInput = z.infer<typeof ZOreInput>;

/** A correction of a booking: what changes, and why (required when it is someone else's). */
export const ZOreCorrezione = z.strictObject({
  data: zDate.optional(),
  commessa_id: zId.optional(),
  fase_id: zId.nullable().optional(),
  minuti: zMinutiRegistrati.optional(),
  quantita: zQuantita.nullable().optional(),
  scarto: zQuantita.nullable().optional(),
  note: zText(500).nullable().optional(),
  motivo: zText(300).optional(),
});
export const ZOreEliminazione = z.strictObject({ motivo: zText(300).optional() });

export const ZOreQuery = z.object({
  dipendente_id: zId.optional(),
  dal: zDate,
  al: zDate,
  commessa_id: zId.optional(),
  stato: ZStatoSettimana.optional(),
  da_verificare: z.enum(['si', 'no']).optional(),
});

// ---- the weekly grid ---------------------------------------------------------------------------------------------

export const ZSettimanaQuery = z.object({ dipendente: zId.optional(), settimana: zSettimanaIso });
export const ZRigaSettimana = z.object({
  commessa_id: z.number(), commessa_codice: z.string(), commessa_descrizione: z.string(), commessa_stato: ZStatoCommessa,
  fase_id: z.number().nullable(), fase_codice: zNullableText, fase_descrizione: zNullableText,
  /** Minutes Monday to Sunday. */
  minuti: z.array(z.number()).length(7),
  /** Minutes of each day recorded by timers or reports: the grid cannot go below them. */
  minimi: z.array(z.number()).length(7),
});
export const ZSettimana = z.object({
  dipendente_id: z.number(),
  settimana: z.string(),
  giorni: z.array(z.string()).length(7),
  righe: z.array(ZRigaSettimana),
  totali_giorno: z.array(z.number()).length(7),
  /** The timecard's worked minutes of each day. */
  lavorati_giorno: z.array(z.number()).length(7),
  tolleranza: z.number(),
  stato: ZStatoSettimana,
  motivo_rifiuto: zNullableText,
  /** Days in a closed attendance month: read-only. */
  chiusi: z.array(z.boolean()).length(7),
});
export type TSettimana = z.infer<typeof ZSettimana>;

/** The grid as the employee leaves it: each row's minutes per day (a row left out loses its grid minutes). */
export const ZSettimanaSalva = z.strictObject({
  dipendente_id: zId.optional(),
  settimana: zSettimanaIso,
  righe: z
    .array(
      z.strictObject({
        commessa_id: zId,
        fase_id: zId.nullable().optional(),
        minuti: z.array(z.number().int({ message: 'avvisi.regola_non_valida' }).min(0, { message: 'avvisi.regola_negativa' }).max(1440, { message: 'avvisi.minuti_non_validi' })).length(7),
      }),
    )
    .max(100),
});
export type TSettimanaSalva = z.infer<typeof ZSettimanaSalva>;

export const ZSettimanaAzione = z.strictObject({ dipendente_id: zId, settimana: zSettimanaIso });
export const ZSettimanaRifiuto = ZSettimanaAzione.extend({ motivo: zRequiredText(300) });
export const ZSettimanaDaApprovare = z.object({
  dipendente_id: z.number(), matricola: z.string(), nome: z.string(), reparto_descrizione: zNullableText, settimana: z.string(), minuti: z.number(),
  lavorati: z.number(), inviata_il: zNullableText,
});
export const ZSettimanaStato = z.object({ dipendente_id: z.number(), settimana: z.string(), stato: ZStatoSettimana, motivo_rifiuto: zNullableText });

// ---- phase timers ------------------------------------------------------------------------------------------------

export const AZIONI_FASE = ['inf', 'closePrevious', 'cf', 'rtf'] as const;
const ZFaseAzioneCampi = z.strictObject({
    op: z.enum(AZIONI_FASE),
    dipendente_id: zId.optional(),
    commessa_id: zId.optional(),
    fase_id: zId.optional(),
    /** A scanned job-sheet barcode, `<commessa>/<fase>`, instead of the ids. */
    codice: zText(60).optional(),
    inizio: zDateTime.optional(),
    fine: zDateTime.optional(),
    minuti: zMinutiRegistrati.optional(),
    quantita: zQuantita.optional(),
    scarto: zQuantita.optional(),
    note: zText(500).optional(),
    id_richiesta: z.uuid({ message: FIELD_KEYS.invalid }),
  });
const fineDopoInizio = (b: { inizio?: string; fine?: string }) => !b.inizio || !b.fine || b.fine > b.inizio;
const FINE_PRIMA_INIZIO = { message: 'avvisi.fine_prima_inizio', path: ['fine'] };
export const ZFaseAzione = ZFaseAzioneCampi.refine(fineDopoInizio, FINE_PRIMA_INIZIO);
export type TFaseAzione = z.infer<typeof ZFaseAzione>;
/** Who stands at a shared shop-floor tablet: badge, matricola or username, and the PIN, as at the kiosk. */
export const ZIdentificazioneTerminale = z.strictObject({
  badge: zText(40).optional(),
  matricola: zText(20).optional(),
  utente: zText(60).optional(),
  pin: z.string().regex(/^\d{4,8}$/, { message: 'avvisi.pin_non_valido' }),
});
/** A phase action from a registered terminal: the person identified as at the kiosk, then the action. */
export const ZFaseTerminale = ZFaseAzioneCampi.omit({ dipendente_id: true }).extend(ZIdentificazioneTerminale.shape).refine(fineDopoInizio, FINE_PRIMA_INIZIO);
export const ZFaseEsito = z.object({ aperta: ZRegistrazione.nullable(), chiusa: ZRegistrazione.nullable() });
/** What a shared tablet shows once the person is identified: who they are and what they have running. */
export const ZFaseTerminaleStato = z.object({ dipendente: z.object({ nome: z.string(), cognome: z.string() }), aperta: ZRegistrazione.nullable() });

// ---- reconciliation and parameters -------------------------------------------------------------------------------

export const ZRiconciliazioneQuery = z.object({
  dal: zDate,
  al: zDate,
  reparto_id: zId.optional(),
  dipendente_id: zId.optional(),
  solo_differenze: z.enum(['si', 'no']).default('no'),
});
export const ZRiconciliazioneRiga = z.object({
  dipendente_id: z.number(), matricola: z.string(), nome: z.string(), reparto_descrizione: zNullableText, data: z.string(),
  lavorati: z.number(), registrati: z.number(), differenza: z.number(), fuori_tolleranza: z.boolean(),
});

export const ZParametriRilevazione = z.strictObject({
  tolleranza_minuti: z.number().int().min(0, { message: 'avvisi.regola_negativa' }).max(240),
  timer_senza_presenza: z.enum(['rifiuta', 'avvisa']),
  fasi_parallele: z.boolean(),
});
export type TParametriRilevazione = z.infer<typeof ZParametriRilevazione>;


// ---- the daily work report (rapportino) --------------------------------------------------------------------------

export const STATI_RAPPORTINO = ['bozza', 'firmato', 'approvato'] as const;
export const ZStatoRapportino = z.enum(STATI_RAPPORTINO);
const zOra = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'avvisi.orario_non_valido' });
/** The largest signature image accepted: a drawn PNG of the pad is far smaller. */
export const FIRMA_MAX_BYTES = 300 * 1024;

export const ZRapportinoRiga = z
  .strictObject({
    commessa_id: zId,
    fase_id: zId.nullable().optional(),
    inizio: zOra,
    fine: zOra,
    descrizione: zText(500).nullable().optional(),
  })
  .refine((r) => r.fine > r.inizio, { message: 'avvisi.ora_fine_prima_inizio', path: ['fine'] });
export const ZRapportinoMateriale = z.strictObject({
  descrizione: zRequiredText(200),
  quantita: z.number({ message: FIELD_KEYS.invalid }).positive({ message: FIELD_KEYS.invalid }).max(1_000_000),
  unita: zText(20).nullable().optional(),
});
export const ZRapportino = z.strictObject({
  dipendente_id: zId.optional(),
  data: zDate,
  cliente_id: zId.nullable().optional(),
  sito: zText(200).nullable().optional(),
  commessa_id: zId.nullable().optional(),
  km: z.number().int().min(0, { message: 'avvisi.regola_negativa' }).max(5000).nullable().optional(),
  minuti_viaggio: z.number().int().min(0, { message: 'avvisi.regola_negativa' }).max(1440).nullable().optional(),
  note: zText(2000).nullable().optional(),
  righe: z.array(ZRapportinoRiga).min(1, { message: 'avvisi.rapportino_senza_righe' }).max(50),
  materiali: z.array(ZRapportinoMateriale).max(100).default([]),
  /** On a change: the version the form was filled from; a newer stored one refuses the save (409) instead of losing it */
  versione: z.number().int().positive().optional(),
});
export type TRapportinoInput = z.infer<typeof ZRapportino>;
export const ZRapportinoRow = z.object({
  id: z.number(), dipendente_id: z.number(), dipendente_nome: z.string(), data: z.string(), cliente_id: z.number().nullable(), cliente_ragione_sociale: zNullableText,
  sito: zNullableText, commessa_id: z.number().nullable(), commessa_codice: zNullableText, km: z.number().nullable(), minuti_viaggio: z.number().nullable(),
  note: zNullableText, stato: ZStatoRapportino, firmatario: zNullableText, email_cliente: zNullableText, firmato_il: zNullableText, minuti: z.number(),
  righe: z.array(z.object({ commessa_id: z.number(), commessa_codice: z.string(), fase_id: z.number().nullable(), fase_codice: zNullableText, inizio: z.string(), fine: z.string(), minuti: z.number(), descrizione: zNullableText })),
  materiali: z.array(z.object({ descrizione: z.string(), quantita: z.number(), unita: zNullableText })),
  versione: z.number(),
  /** The SHA-256 of the signed PDF, as stored and mailed */
  pdf_sha256: zNullableText,
});
export type TRapportinoRow = z.infer<typeof ZRapportinoRow>;
export const ZRapportiniQuery = z.object({ dal: zDate, al: zDate, dipendente_id: zId.optional(), stato: ZStatoRapportino.optional() });
/** The customer signs on the screen: the PNG uploaded through `POST /api/file`, the signer's name, where to send the PDF. */
export const ZRapportinoFirma = z.strictObject({
  firma_file_id: z.uuid({ message: FIELD_KEYS.invalid }),
  firmatario: zRequiredText(120),
  email_cliente: z.string().trim().max(254).email({ message: FIELD_KEYS.email }).nullable().optional(),
  /** The version the customer saw on the screen: signing a report changed since is refused (409) */
  versione: z.number().int().positive().optional(),
});
