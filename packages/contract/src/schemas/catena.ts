/**
 * The fixed-term chain (issue #28 §3, tempoDeterminato.ts): what GET /api/contratti/dipendenti/:id/catena answers, the
 * reasons' catalogue kept per CCNL, and HR's home warnings (terms ending within 30 days, the 20 % quota of art. 23).
 */
import { z } from 'zod';
import { zCode, zId, zNullableText, zRequiredText } from './common';

export const ZDurata = z.object({ mesi: z.number(), giorni: z.number() });
export const ZVoceCatena = z.object({
  id: z.number().nullable(),
  tipo: z.enum(['contratto', 'proroga', 'rinnovo', 'variazione']),
  dal: z.string(), al: z.string(), data_fine: z.string(), livello: z.string(), qualifica: z.string(), causale: zNullableText,
  durata: ZDurata, totale: ZDurata, proroghe: z.number(),
  /** A limit the stored row already breaks (rows stored before the check, or corrected since). */
  errore: z.object({ campo: z.string(), errore: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable(),
});
export const ZCatena = z.object({
  dipendente_id: z.number(),
  voci: z.array(ZVoceCatena),
  livello: zNullableText, qualifica: zNullableText,
  totale: ZDurata, proroghe_usate: z.number(), proroghe_residue: z.number(), residuo: ZDurata, residuo_senza_causale: ZDurata,
  in_corso: z.boolean(), termine: zNullableText, proroga_possibile: z.boolean(), rinnovo_dal: zNullableText,
  massimo_mesi: z.number(), massimo_proroghe: z.number(),
});
export type TCatena = z.infer<typeof ZCatena>;

/** A reason for fixed-term contracts of a CCNL (art. 19 c. 1 lett. a: the cases the collective agreements set). */
export const ZCausaleDeterminato = z.strictObject({
  ccnl_id: zId,
  codice: zCode(20),
  descrizione: zRequiredText(300),
  attiva: z.boolean().default(true),
});
export type TCausaleDeterminato = z.infer<typeof ZCausaleDeterminato>;
export const ZCausaleDeterminatoRow = z.object({
  id: z.number(), ccnl_id: z.number(), ccnl_codice: zNullableText, codice: z.string(), descrizione: z.string(), attiva: z.boolean(),
});
export type TCausaleDeterminatoRow = z.infer<typeof ZCausaleDeterminatoRow>;

/** HR's home: a fixed-term term within 30 days. */
export const ZTermineInScadenza = z.object({
  dipendente_id: z.number(), nominativo: z.string(), data_fine: z.string(), giorni_mancanti: z.number(), proroga_possibile: z.boolean(),
  residuo: ZDurata, proroghe_residue: z.number(),
});
/** HR's home: fixed-term staff today against the open-ended staff on 1 January (art. 23 c. 1). */
export const ZQuotaDeterminato = z.object({
  anno: z.number(), indeterminati: z.number(), determinati: z.number(), limite: z.number(), percentuale: z.number().nullable(), superata: z.boolean(),
});
