/**
 * Contracts (module contratti, issue #18), first slice: the CCNL with its levels, the pay components of each level by
 * decorrenza, the pay in force on a date, and the employee's contract rows, each valid from a date. The rules are the
 * pure functions of retribuzione.ts.
 */
import { z } from 'zod';
import { DISTRIBUZIONI_PART_TIME, QUALIFICHE, TIPI_CONTRATTO } from '../retribuzione';
import { FIELD_KEYS, zCode, zDate, zId, zNullableText, zRequiredText, zText } from './common';

export const ZQualifica = z.enum(QUALIFICHE);
export const ZTipoContratto = z.enum(TIPI_CONTRATTO);
export const ZDistribuzionePartTime = z.enum(DISTRIBUZIONI_PART_TIME);

/** Cents per month, never negative. */
export const zImportoMensile = z
  .number({ message: FIELD_KEYS.invalid })
  .int({ message: FIELD_KEYS.invalid })
  .min(0, { message: 'avvisi.importo_negativo' })
  .max(100_000_000, { message: FIELD_KEYS.invalid });

// ---- the CCNL and its levels -----------------------------------------------------------------------------------------

export const ZLivelloCcnl = z.strictObject({
  id: zId.optional(),
  codice: zCode(10),
  descrizione: zRequiredText(200),
});
export const ZCcnl = z
  .strictObject({
    /** E.g. the CNEL code of the agreement. */
    codice: zCode(30),
    descrizione: zRequiredText(200),
    /** Monthly payments a year: 13 (the tredicesima) or 14 (the quattordicesima too). */
    mensilita: z.union([z.literal(13), z.literal(14)], { message: FIELD_KEYS.invalid }),
    ore_settimanali: z.number({ message: FIELD_KEYS.invalid }).min(1, { message: FIELD_KEYS.invalid }).max(48, { message: FIELD_KEYS.invalid }).multipleOf(0.01, { message: FIELD_KEYS.invalid }),
    /** The hourly divisor: monthly pay / divisor = hourly rate (173 in Metalmeccanici Industria). */
    divisore_orario: z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(1, { message: FIELD_KEYS.invalid }).max(400, { message: FIELD_KEYS.invalid }),
    valido_dal: zDate.nullable().optional(),
    valido_al: zDate.nullable().optional(),
    /** In their order, lowest first (D1, D2, C1 ... A1). */
    livelli: z.array(ZLivelloCcnl).max(50),
  })
  .refine((v) => !v.valido_dal || !v.valido_al || v.valido_dal <= v.valido_al, { path: ['valido_al'], message: 'avvisi.al_prima_di_dal' })
  .refine((v) => new Set(v.livelli.map((l) => l.codice.toUpperCase())).size === v.livelli.length, { path: ['livelli'], message: 'avvisi.livello_ripetuto' });
export type TCcnl = z.infer<typeof ZCcnl>;
export const ZLivelloRow = z.object({ id: z.number(), codice: z.string(), descrizione: z.string(), ordine: z.number() });
export const ZCcnlRow = z.object({
  id: z.number(), codice: z.string(), descrizione: z.string(), mensilita: z.number(), ore_settimanali: z.number(), divisore_orario: z.number(),
  valido_dal: z.string().nullable(), valido_al: z.string().nullable(), livelli: z.array(ZLivelloRow),
});
export type TCcnlRow = z.infer<typeof ZCcnlRow>;

// ---- pay components by decorrenza ------------------------------------------------------------------------------------

/** One component of a level from a date: `importo` is cents per month. */
export const ZVoce = z.strictObject({
  livello: zCode(10),
  /** minimo tabellare, EDR, elemento perequativo, or any other by name. */
  voce: zRequiredText(60),
  decorrenza: zDate,
  importo: zImportoMensile,
});
export type TVoce = z.infer<typeof ZVoce>;
export const ZVoceRow = z.object({
  id: z.number(), ccnl_id: z.number(), livello: z.string(), voce: z.string(), decorrenza: z.string(), importo: z.number(), creato_il: z.string(), creato_da: zNullableText,
});
export type TVoceRow = z.infer<typeof ZVoceRow>;
export const ZVociQuery = z.object({ livello: zCode(10).optional() });

/** An import of components: one row per level, component and decorrenza (CSV or Excel read by the screen). */
export const ZImportVoci = z.union([
  z.object({ righe: z.number(), valide: z.number(), errori: z.array(z.object({ riga: z.number(), campi: z.record(z.string(), z.string()) })) }),
  z.object({ message: z.string(), params: z.record(z.string(), z.unknown()).optional(), data: z.object({ righe: z.number() }) }),
]);

// ---- pay on a date ---------------------------------------------------------------------------------------------------

export const ZVoceImporto = z.object({ voce: z.string(), importo: z.number() });
export const ZRetribuzioneQuery = z.object({ ccnl: zId, livello: zCode(10), data: zDate });
export const ZRetribuzione = z.object({
  ccnl_id: z.number(), livello: z.string(), data: z.string(),
  /** The latest decorrenza among the components in force. */
  decorrenza: z.string(),
  voci: z.array(ZVoceImporto),
  /** Cents per month: the components (plus the superminimo, times the part-time percentage, for an employee). */
  totale_mensile: z.number(),
  /** Cents per hour, from the full-time monthly pay over the CCNL's divisor, half up. */
  paga_oraria: z.number(),
  divisore_orario: z.number(),
});
export type TRetribuzione = z.infer<typeof ZRetribuzione>;
export const ZRetribuzioneDipendente = ZRetribuzione.extend({
  dipendente_id: z.number(), contratto_id: z.number(), dal: z.string(), ccnl_codice: z.string(), qualifica: ZQualifica, tipo_contratto: ZTipoContratto,
  superminimo: z.number(),
  /** The part-time percentage, 100 at full time. */
  percentuale: z.number(),
  /** The full-time monthly pay the hourly rate comes from (components + superminimo). */
  mensile_tempo_pieno: z.number(),
});
export const ZDataQuery = z.object({ data: zDate });

/** The whole table of a CCNL on a date: levels × components. */
export const ZTabellaLivello = z.object({
  livello: z.string(), descrizione: z.string(), decorrenza: z.string().nullable(), voci: z.array(ZVoceImporto), totale_mensile: z.number(), paga_oraria: z.number(),
});
export const ZTabellaCcnl = z.object({
  ccnl_id: z.number(), codice: z.string(), descrizione: z.string(), data: z.string(), mensilita: z.number(), divisore_orario: z.number(),
  /** The components' names, the table's columns. */
  voci: z.array(z.string()),
  livelli: z.array(ZTabellaLivello),
});
export type TTabellaCcnl = z.infer<typeof ZTabellaCcnl>;

/** One level's timeline: the table from each of its decorrenze. */
export const ZStoricoLivello = z.object({
  ccnl_id: z.number(), livello: z.string(), descrizione: z.string(),
  versioni: z.array(z.object({ decorrenza: z.string(), voci: z.array(ZVoceImporto), totale_mensile: z.number(), paga_oraria: z.number() })),
});

export const ZConfrontoQuery = z.object({ dal: zDate, al: zDate });
export const ZConfronto = z.object({
  ccnl_id: z.number(), dal: z.string(), al: z.string(),
  livelli: z.array(z.object({
    livello: z.string(), descrizione: z.string(), totale_dal: z.number().nullable(), totale_al: z.number().nullable(),
    /** Cents; null where a date has no table. */
    differenza: z.number().nullable(),
    /** Per cent with two decimals. */
    percentuale: z.number().nullable(),
  })),
});

// ---- the employee's contract rows ------------------------------------------------------------------------------------

export const ZContratto = z.strictObject({
  /** Valid from this date until the next row's. */
  dal: zDate,
  ccnl_id: zId,
  livello: zCode(10),
  qualifica: ZQualifica,
  tipo_contratto: ZTipoContratto,
  /** The term of a fixed-term contract (its last day). */
  data_fine: zDate.nullable().optional(),
  /** The reason of a fixed-term contract beyond 12 months (D.L. 48/2023). */
  causale: zText(300).nullable().optional(),
  part_time: z.boolean().default(false),
  percentuale_part_time: z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(-1000).max(1000).nullable().optional(),
  distribuzione_part_time: ZDistribuzionePartTime.nullable().optional(),
  /** The individual superminimo, cents per month. */
  superminimo: zImportoMensile.default(0),
  sede_id: zId.nullable().optional(),
  mansione_id: zId.nullable().optional(),
  note: zText(300).nullable().optional(),
});
export type TContratto = z.infer<typeof ZContratto>;
/** A correction of a stored row: the same fields and why (audited with the row before and after). */
export const ZContrattoCorrezione = ZContratto.extend({ motivo: zRequiredText(300) });
export type TContrattoCorrezione = z.infer<typeof ZContrattoCorrezione>;
export const ZContrattoRow = z.object({
  id: z.number(), dipendente_id: z.number(), dal: z.string(), al: z.string().nullable(), ccnl_id: z.number(), ccnl_codice: z.string(), livello: z.string(), livello_descrizione: z.string(),
  qualifica: ZQualifica, tipo_contratto: ZTipoContratto, data_fine: z.string().nullable(), causale: zNullableText, part_time: z.boolean(),
  percentuale_part_time: z.number().nullable(), distribuzione_part_time: ZDistribuzionePartTime.nullable(), superminimo: z.number(),
  sede_id: z.number().nullable(), sede_descrizione: zNullableText, mansione_id: z.number().nullable(), mansione_descrizione: zNullableText, note: zNullableText,
  creato_il: z.string(), creato_da: zNullableText,
});
export type TContrattoRow = z.infer<typeof ZContrattoRow>;
