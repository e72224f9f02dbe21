/** Attendance contract (issue #3): shifts, schedules, holidays, punches, justifications, timecard. */
import { z } from 'zod';
import { DATETIME_RE, isPlausibleDate, isRealDate } from '../formats';
import { FIELD_KEYS, zCode, zDate, zId, zNullableText, zRequiredText, zText } from './common';

/** 'HH:mm' (also accepts 'HH:mm:ss' from the wire and drops the seconds). */
export const zOrario = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { message: 'avvisi.orario_non_valido' })
  .transform((s) => s.slice(0, 5));
export const zDateTime = z
  .string()
  .refine((s) => DATETIME_RE.test(s) && isRealDate(s.slice(0, 10)), { message: 'avvisi.data_ora_non_valida', abort: true })
  .refine((s) => isPlausibleDate(s.slice(0, 10)), { message: FIELD_KEYS.dateRange });
/** An instant with its offset (`2026-11-21T08:00:00.000Z`), as a device clock gives it; years 2000-9999. */
export const zIstante = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && isRealDate(s.slice(0, 10)) && s >= '2000' && Number.isFinite(Date.parse(s)), {
    message: 'avvisi.data_ora_non_valida',
  });
export const zMese = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'avvisi.mese_non_valido' });
const zMinuti = (max = 600) =>
  z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(0, { message: 'avvisi.regola_negativa' }).max(max, { message: FIELD_KEYS.invalid });
const zColore = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: FIELD_KEYS.invalid });

export const ZFascia = z.strictObject({ inizio: zOrario, fine: zOrario });
export const ZTurno = z.strictObject({
  codice: zCode(20),
  descrizione: zRequiredText(120),
  colore: zColore.default('#1677ff'),
  fasce: z.array(ZFascia).min(1, { message: 'avvisi.fasce_richieste' }).max(4),
  minuti_teorici: zMinuti(1440).nullable().optional(),
  flessibilita: zMinuti(240).default(0),
  tolleranza: zMinuti(120).default(0),
  arrotondamento_entrata: zMinuti(60).default(0),
  arrotondamento_uscita: zMinuti(60).default(0),
  soglia_straordinario: zMinuti(480).default(0),
  blocco_straordinario: zMinuti(240).default(0),
  pausa_minima: zMinuti(240).default(0),
  /** A paid break within the shift, taken without punching (the meal break of a continuous shift): the break of D.Lgs 66/2003 art. 8. */
  pausa_retribuita: zMinuti(120).default(0),
  notturno: ZFascia.default({ inizio: '22:00', fine: '06:00' }),
});
export type TTurno = z.infer<typeof ZTurno>;

/** Weekly schedule: a shift (or null = rest) for each weekday, Monday first. */
export const ZOrarioSettimanale = z.strictObject({
  codice: zCode(20),
  descrizione: zRequiredText(120),
  giorni: z.array(zId.nullable()).length(7, { message: FIELD_KEYS.invalid }),
});
export const ZAssegnazioneOrario = z
  .strictObject({ dipendente_id: zId, orario_id: zId, dal: zDate, al: zDate.nullable().optional() })
  .refine((v) => !v.al || v.al >= v.dal, { message: 'avvisi.al_prima_di_dal', path: ['al'] });

export const TIPI_FESTIVITA = ['patrono', 'chiusura'] as const;
export const ZFestivita = z.strictObject({ data: zDate, descrizione: zRequiredText(120), tipo: z.enum(TIPI_FESTIVITA) });

export const ZCalendarioCella = z.strictObject({ dipendente_id: zId, data: zDate, turno_id: zId.nullable() });
export const ZCalendarioRotazione = z
  .strictObject({
    dipendenti: z.array(zId).min(1).max(1000),
    dal: zDate,
    al: zDate,
    /** Shifts applied in turn (null = rest); `periodo` says how long each stays. */
    sequenza: z.array(zId.nullable()).min(1).max(31),
    periodo: z.enum(['giorno', 'settimana']).default('settimana'),
    /** Where in the sequence each following employee starts (staggered teams). */
    sfasamento: z.number().int().min(0).max(31).default(0),
  })
  .refine((v) => v.al >= v.dal, { message: 'avvisi.al_prima_di_dal', path: ['al'] });
export const ZCalendarioQuery = z.object({ dal: zDate, al: zDate, reparto_id: zId.optional(), dipendente_id: zId.optional() });

export const VERSI = ['E', 'U'] as const;
export const FONTI_TIMBRATURA = ['web', 'kiosk', 'mobile', 'terminale', 'manuale'] as const;
/** HR/manager insert: employee, instant, verso, reason. An employee sends only verso and id_richiesta (+ position). */
export const ZTimbraturaInput = z.strictObject({
  dipendente_id: zId.optional(),
  ts: zDateTime.optional(),
  verso: z.enum(VERSI, { message: 'avvisi.verso_non_valido' }),
  motivo: zText(300).optional(),
  id_richiesta: z.uuid({ message: FIELD_KEYS.invalid }),
  fonte: z.enum(['web', 'mobile']).optional(),
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
  /** When the punch was made on the device, for one queued offline and sent later: kept for HR, the punch keeps the server's time. */
  ts_dispositivo: zIstante.optional(),
});
export const ZTimbraturaCorrezione = z.strictObject({
  ts: zDateTime.optional(),
  verso: z.enum(VERSI, { message: 'avvisi.verso_non_valido' }).optional(),
  motivo: zRequiredText(300),
});
export const ZMotivo = z.strictObject({ motivo: zRequiredText(300) });
export const ZTimbratureQuery = z.object({ dipendente_id: zId.optional(), dal: zDate, al: zDate, reparto_id: zId.optional() });

export const ZCausale = z.strictObject({
  codice: zCode(20),
  descrizione: zRequiredText(120),
  unita: z.enum(['G', 'H']),
  retribuita: z.boolean().default(true),
  richiede_approvazione: z.boolean().default(true),
  conta_come_lavorato: z.boolean().default(false),
  saldo: z.boolean().default(false),
  /** Yearly entitlement in minutes for tracked balances (accrued monthly). */
  spettanza_annua_minuti: z.number().int().min(0).max(100_000).nullable().optional(),
  codice_paghe: zCode(20).nullable().optional(),
  richiede_certificato: z.boolean().default(false),
  colore: zColore.default('#52c41a'),
  attiva: z.boolean().default(true),
});
export const STATI_GIUSTIFICATIVO = ['richiesto', 'approvato', 'rifiutato', 'annullato'] as const;
export const ZGiustificativoInput = z
  .strictObject({
    dipendente_id: zId.optional(),
    codice: zCode(20),
    dal: zDate,
    al: zDate,
    /** Hours on one day: minutes requested (unit H). Absent for full days. */
    minuti: z.number().int().min(1, { message: FIELD_KEYS.invalid }).max(1440, { message: 'avvisi.ore_oltre_giornata' }).optional(),
    note: zText(500).optional(),
    certificato: zText(40).optional(),
  })
  .refine((v) => v.al >= v.dal, { message: 'avvisi.al_prima_di_dal', path: ['al'] })
  .refine((v) => v.minuti === undefined || v.al === v.dal, { message: 'avvisi.ore_un_solo_giorno', path: ['al'] });
/** The years the balances are kept for (GET /api/giustificativi/saldi): the web asks no other. */
export const ANNI_SALDO = { min: 2000, max: 2100 } as const;
export const ZSaldiQuery = z.object({ dipendente_id: zId.optional(), anno: z.coerce.number().int().min(ANNI_SALDO.min).max(ANNI_SALDO.max).optional() });
export const ZGiustificativiQuery = z.object({
  dal: zDate.optional(),
  al: zDate.optional(),
  dipendente_id: zId.optional(),
  reparto_id: zId.optional(),
  cdc_id: zId.optional(),
  causale: zCode(20).optional(),
  stato: z.enum(STATI_GIUSTIFICATIVO).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(50),
});
export const ZDecisione = z.strictObject({ motivo: zText(300).optional() });

export const ZCartellinoQuery = z.object({ dipendente: zId, mese: zMese });
export const ZMeseBody = z.strictObject({ mese: zMese });
export const ZTotalizQuery = z.object({ mese: zMese, reparto_id: zId.optional(), cdc_id: zId.optional() });

/** The minute fields of a day result and of a month's totals (DESIGN §8), in the engine's order. */
export const MINUTI_KEYS = [
  'minuti_teorici',
  'minuti_lavorati',
  'minuti_ordinari',
  'minuti_straordinari',
  'minuti_supplementari',
  'minuti_notturni',
  'minuti_festivi',
  'minuti_ritardo',
  'minuti_uscita_anticipata',
  'minuti_mancanti',
  'minuti_giustificati',
] as const;
export type MinutiKey = (typeof MINUTI_KEYS)[number];
/** The minute fields as numbers: a day's result (the timecard, the shift's preview) and a month's totals. */
export const ZMinutiGiorno = z.object({
  minuti_teorici: z.number(),
  minuti_lavorati: z.number(),
  minuti_ordinari: z.number(),
  minuti_straordinari: z.number(),
  /** A part-timer's minutes beyond the agreed hours, within the full-time day (D.Lgs 81/2015 art. 6). */
  minuti_supplementari: z.number(),
  minuti_notturni: z.number(),
  minuti_festivi: z.number(),
  minuti_ritardo: z.number(),
  minuti_uscita_anticipata: z.number(),
  minuti_mancanti: z.number(),
  minuti_giustificati: z.number(),
} satisfies Record<MinutiKey, z.ZodNumber>);

/** The day the timecard engine computes (DESIGN §8): minutes, leave covered, anomaly codes, the worked pairs. */
export const ZRisultatoGiorno = ZMinutiGiorno.extend({
  /** Minutes each leave code covered, after the cap at minuti_teorici, in input order. */
  giustificativi: z.array(z.object({ codice: z.string(), minuti: z.number() })),
  /** The engine's anomaly codes (TIMBRATURE_DISPARI, RITARDO...). */
  anomalie: z.array(z.string()),
  /** Worked pairs after tolerance and rounding: wall-clock `YYYY-MM-DDTHH:mm:ss`, real minutes. */
  coppie: z.array(z.object({ entrata: z.string(), uscita: z.string(), minuti: z.number() })),
  prima_entrata: zNullableText,
  ultima_uscita: zNullableText,
  /** Present (true) only on a work day whose window has not closed yet: nothing is missing or odd there yet. */
  in_corso: z.literal(true).optional(),
});
