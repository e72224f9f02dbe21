import { z } from 'zod';
import { FIELD_KEYS, isPrototypeKey, zCode, zRequiredText, zText, zYN, zId } from './common';

export const ZLingua = z.strictObject({
  cod_lingua: zCode(10),
  descrizione: zRequiredText(60),
  se_default: zYN.default('N'),
  se_attiva: zYN.default('Y'),
});
export type TLingua = z.infer<typeof ZLingua>;

export const ZTraduzioneCreate = z.strictObject({
  cod_lingua: zCode(10),
  // the group and the tag are keys of the translation maps every client builds
  translate_group: zText(60).refine((s) => !isPrototypeKey(s), { message: FIELD_KEYS.invalid }).default(''),
  translate_tag: zRequiredText(120).refine((s) => !isPrototypeKey(s), { message: FIELD_KEYS.invalid }),
  testo: zText(4000),
});
export const ZTraduzioneUpdate = z.strictObject({
  id: zId,
  testo: zText(4000),
});
export const ZTraduzione = z.object({
  id: z.number(),
  cod_lingua: z.string(),
  translate_group: z.string(),
  translate_tag: z.string(),
  testo: z.string(),
});
export type TTraduzione = z.infer<typeof ZTraduzione>;
export const ZTraduzioniQuery = z.object({
  search: zText(100).optional(),
  groups: z.string().max(2000).optional(), // group list joined by ";"
  cod_lingua: zCode(10).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(5000).default(50),
});

/** Splits a dotted key at the first dot; a key without a dot is a tag with an empty group (SPEC §3). */
export function splitKey(key: string): { translate_group: string; translate_tag: string } {
  const i = key.indexOf('.');
  return i < 0
    ? { translate_group: '', translate_tag: key }
    : { translate_group: key.slice(0, i), translate_tag: key.slice(i + 1) };
}
