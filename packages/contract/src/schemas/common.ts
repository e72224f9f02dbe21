import { z } from 'zod';
import { isPlausibleDate, isRealDate } from '../formats';

/** Error keys a validation issue maps to (translated on the client with params). */
export const FIELD_KEYS = {
  required: 'avvisi.campo_richiesto',
  tooLong: 'avvisi.troppo_lungo',
  tooShort: 'avvisi.troppo_corto',
  invalid: 'avvisi.valore_non_valido',
  html: 'avvisi.html_non_ammesso',
  date: 'avvisi.data_non_valida',
  dateRange: 'avvisi.data_fuori_intervallo',
  email: 'avvisi.email_non_valida',
  unknownField: 'avvisi.campo_sconosciuto',
  codiceFiscale: 'avvisi.codice_fiscale_non_valido',
} as const;

const HTML_RE = /<\s*\/?\s*[a-zA-Z!?]/;
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Plain text: trimmed, bounded, no markup and no control characters. */
export const zText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { message: FIELD_KEYS.tooLong })
    .refine((s) => !HTML_RE.test(s), { message: FIELD_KEYS.html })
    .refine((s) => !CONTROL_RE.test(s), { message: FIELD_KEYS.invalid });

export const zRequiredText = (max = 200) => zText(max).pipe(z.string().min(1, { message: FIELD_KEYS.required }));

/**
 * Names an object inherits ("__proto__", "constructor", "toString"...): a code that becomes a key of a map (a
 * translation group, a leave type in the timecard's totals) must not be one, or it reaches every object's prototype.
 */
const PROTOTYPE_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
export const isPrototypeKey = (s: string) => PROTOTYPE_KEYS.has(s);

/** A code: letters, digits, dot, dash and underscore; never the name of an inherited property. */
export const zCode = (max = 30) =>
  z
    .string()
    .trim()
    .min(1, { message: FIELD_KEYS.required })
    .max(max, { message: FIELD_KEYS.tooLong })
    .regex(/^[A-Za-z0-9._-]+$/, { message: FIELD_KEYS.invalid })
    .refine((s) => !isPrototypeKey(s), { message: FIELD_KEYS.invalid });

export const zDate = z
  .string()
  .refine(isRealDate, { message: FIELD_KEYS.date, abort: true })
  .refine(isPlausibleDate, { message: FIELD_KEYS.dateRange });
export const zEmail = z.string().trim().max(254, { message: FIELD_KEYS.tooLong }).email({ message: FIELD_KEYS.email });
export const zId = z.coerce.number().int().positive().max(2147483647);
export const zYN = z.enum(['Y', 'N']);
/** Text or null, as a nullable column reads (answers' schemas). */
export const zNullableText = z.string().nullable();

/** Query of every list: ?page=&size=&sort=campo,-altro&search= plus filters by field name. */
export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(20),
  sort: z
    .string()
    .max(200)
    .regex(/^-?[a-z_][a-z0-9_]*(,-?[a-z_][a-z0-9_]*)*$/, { message: FIELD_KEYS.invalid })
    .optional(),
  search: zText(100).optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

export const ZIdParam = z.strictObject({ id: zId });
/** The body of an action that takes none: absent or `{}`, anything else is refused. */
export const ZNoBody = z.strictObject({}).nullish();

export const ZErrorBody = z.object({
  message: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

export const ZLookupItem = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });
export type TLookupItem = z.infer<typeof ZLookupItem>;

export const listOf = <T extends z.ZodTypeAny>(row: T) => z.object({ rows: z.array(row), total: z.number().int() });
export const messageWith = <T extends z.ZodTypeAny>(data: T) => z.object({ message: z.string(), data });

/** Data scope of a profile (DESIGN §4). */
export const SCOPES = ['tutti', 'reparto', 'proprio'] as const;
export const ZScope = z.enum(SCOPES);
export type TScope = z.infer<typeof ZScope>;
