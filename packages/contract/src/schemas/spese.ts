/**
 * Expense notes (issue #16): payment and expense types, vehicles with their ACI cost per km, currencies with their
 * ECB rates, the note with its optional business trip, its lines, advances and totals. Money is integer minor units
 * of its currency, and cents of EUR once converted; rates and ACI costs are exact decimals, carried as text.
 */
import { z } from 'zod';
import { AVVISI_SPESA, CATEGORIE_SPESA, REGIMI_TRASFERTA, REGOLE_SPESA, decimaleScalato, testoDecimale } from '../trattamentoSpese';
import { zCentesimi } from './commesse';
import { FIELD_KEYS, zCode, zDate, zId, zNullableText, zRequiredText, zText } from './common';
import { zMese } from './presenze';

export const ZCategoriaSpesa = z.enum(CATEGORIE_SPESA);
export const ZRegimeTrasferta = z.enum(REGIMI_TRASFERTA);
export const STATI_NOTA = ['bozza', 'inviata', 'approvata', 'rifiutata', 'liquidata'] as const;
export const ZStatoNota = z.enum(STATI_NOTA);
export type TStatoNota = z.infer<typeof ZStatoNota>;
export const ZAvvisoSpesa = z.enum(AVVISI_SPESA);
export const ZRegolaSpesa = z.enum(REGOLE_SPESA);
export const ALIMENTAZIONI = ['benzina', 'gasolio', 'gpl', 'metano', 'ibrida', 'ibrida_plugin', 'elettrica'] as const;

/**
 * An exact decimal with at most `places` decimals, given as a JSON number or as text ("1.0842", "0,5012"); answered as
 * its text with every place ("1.084200"), so it is stored and compared exactly, never as a binary float.
 */
export const zDecimale = (places: number, opts: { positive?: boolean } = {}) =>
  z
    .union([z.number(), z.string().max(30)], { message: FIELD_KEYS.invalid })
    .transform((v, ctx) => {
      const n = decimaleScalato(v, places);
      if (n === null || (opts.positive && n === 0n)) {
        ctx.addIssue({ code: 'custom', message: 'avvisi.decimale_non_valido', params: { decimali: places } });
        return z.NEVER;
      }
      return testoDecimale(n, places);
    });

/** A currency's ISO 4217 code. */
export const zCodiceValuta = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { message: 'avvisi.valuta_non_valida' });

// ---- payment and expense types -----------------------------------------------------------------------------------

export const ZTipoPagamento = z.strictObject({
  codice: zCode(30),
  descrizione: zRequiredText(120),
  /** Card, bank transfer: what the law calls traceable (L. 207/2024 c. 81). */
  tracciabile: z.boolean().default(true),
  /** Paid by the company (a company card): never reimbursed. */
  pagata_azienda: z.boolean().default(false),
  attivo: z.boolean().default(true),
});
export const ZTipoPagamentoRow = z.object({ id: z.number(), codice: z.string(), descrizione: z.string(), tracciabile: z.boolean(), pagata_azienda: z.boolean(), attivo: z.boolean() });

export const ZTipoSpesa = z.strictObject({
  codice: zCode(30),
  descrizione: zRequiredText(120),
  /** Which rule of the tax treatment applies (the seed's types are their own category). */
  categoria: ZCategoriaSpesa,
  massimale: zCentesimi.nullable().optional(),
  massimale_per: z.enum(['giorno', 'voce']).default('voce'),
  ricevuta_obbligatoria: z.boolean().default(true),
  /** Payroll codes of the exempt and of the taxable part of its reimbursements. */
  codice_paghe: zCode(20).nullable().optional(),
  codice_paghe_imponibile: zCode(20).nullable().optional(),
  attivo: z.boolean().default(true),
});
export const ZTipoSpesaRow = z.object({
  id: z.number(), codice: z.string(), descrizione: z.string(), categoria: ZCategoriaSpesa, massimale: z.number().nullable(), massimale_per: z.enum(['giorno', 'voce']),
  ricevuta_obbligatoria: z.boolean(), codice_paghe: zNullableText, codice_paghe_imponibile: zNullableText, attivo: z.boolean(),
});

// ---- vehicles ----------------------------------------------------------------------------------------------------

export const ZCostoKm = z.strictObject({
  id: zId.optional(),
  anno: z.number({ message: FIELD_KEYS.invalid }).int().min(2000, { message: FIELD_KEYS.invalid }).max(2100, { message: FIELD_KEYS.invalid }),
  /** Euros per km from the ACI tables, 4 decimals. */
  euro_km: zDecimale(4, { positive: true }),
});
export const ZVeicolo = z.strictObject({
  targa: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{5,10}$/, { message: 'avvisi.targa_non_valida' }),
  marca: zRequiredText(60),
  modello: zRequiredText(60),
  alimentazione: z.enum(ALIMENTAZIONI),
  /** The employee whose own car it is; none: a company car. */
  dipendente_id: zId.nullable().optional(),
  attivo: z.boolean().default(true),
  costo_km: z
    .array(ZCostoKm)
    .max(60)
    .refine((c) => new Set(c.map((x) => x.anno)).size === c.length, { message: 'avvisi.anno_ripetuto' })
    .optional(),
});
export const ZVeicoloRow = z.object({
  id: z.number(), targa: z.string(), marca: z.string(), modello: z.string(), alimentazione: z.enum(ALIMENTAZIONI), dipendente_id: z.number().nullable(),
  dipendente_nome: zNullableText, attivo: z.boolean(), costo_km: z.array(z.object({ id: z.number(), anno: z.number(), euro_km: z.string() })),
});

// ---- currencies and rates ----------------------------------------------------------------------------------------

export const ZValuta = z.strictObject({
  codice: zCodiceValuta,
  nome: zRequiredText(60),
  simbolo: zText(5).nullable().optional(),
  /** Minor units: 2 for EUR and USD, 0 for JPY. */
  decimali: z.number().int().min(0).max(4).default(2),
  attiva: z.boolean().default(true),
});
export const ZValutaRow = z.object({
  codice: z.string(), nome: z.string(), simbolo: zNullableText, decimali: z.number(), attiva: z.boolean(), ultimo_cambio: zNullableText, ultima_data: zNullableText,
});
export const ZCambio = z.strictObject({ data: zDate, cambio: zDecimale(6, { positive: true }) });
export const ZCambioRow = z.object({ valuta: z.string(), data: z.string(), cambio: z.string() });
export const ZCambiQuery = z.object({ dal: zDate.optional(), al: zDate.optional(), page: z.coerce.number().int().min(1).max(100000).default(1), size: z.coerce.number().int().min(1).max(1000).default(50) });
/** An ECB reference-rate file (`Date,USD,JPY,...`, a row per day, "N/A" where there is none), as its text. */
export const ZImportCambi = z.strictObject({ testo: z.string().min(1).max(900_000), conferma: z.boolean().default(false) });
export const ZImportCambiEsito = z.object({
  righe: z.number(), cambi: z.number(), valute: z.array(z.string()), ignorate: z.array(z.string()),
  errori: z.array(z.object({ riga: z.number(), campi: z.record(z.string(), z.string()) })), importati: z.boolean(),
});

// ---- notes -------------------------------------------------------------------------------------------------------

export const ZTrasferta = z
  .strictObject({
    destinazione: zRequiredText(120),
    estero: z.boolean().default(false),
    /** Within the municipality of the workplace. */
    comune_sede: z.boolean().default(false),
    dal: zDate,
    al: zDate,
    regime: ZRegimeTrasferta.default('misto'),
    commessa_id: zId.nullable().optional(),
  })
  .refine((t) => t.al >= t.dal, { message: 'avvisi.fine_prima_inizio', path: ['al'] })
  .refine((t) => !(t.estero && t.comune_sede), { message: 'avvisi.comune_sede_estero', path: ['comune_sede'] });
export type TTrasferta = z.infer<typeof ZTrasferta>;

export const ZNotaSpese = z.strictObject({
  /** HR records a note for someone else; absent: the caller's own. */
  dipendente_id: zId.optional(),
  descrizione: zRequiredText(200),
  trasferta: ZTrasferta.nullable().default(null),
});

export const ZRigaSpesa = z.strictObject({
  data: zDate,
  /** The expense type's code. */
  tipo_spesa: zCode(30),
  /** In the currency's minor units; absent for mileage (km × ACI cost). */
  importo: z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).positive({ message: 'avvisi.importo_non_positivo' }).max(100_000_000_00).optional(),
  valuta: zCodiceValuta.default('EUR'),
  /** The payment type's code; not for mileage. */
  tipo_pagamento: zCode(30).nullable().optional(),
  documentata: z.boolean().default(false),
  /** Paid abroad, outside the traceability rule (D.L. 84/2025); absent: the trip's. What counts is where it is paid. */
  estero: z.boolean().optional(),
  /** The receipt (POST /api/file): JPEG, PNG or PDF. */
  file_id: z.uuid({ message: FIELD_KEYS.invalid }).nullable().optional(),
  km: zDecimale(2, { positive: true }).optional(),
  veicolo_id: zId.optional(),
  da: zText(120).nullable().optional(),
  a: zText(120).nullable().optional(),
  descrizione: zText(300).nullable().optional(),
  commessa_id: zId.nullable().optional(),
});
export type TRigaSpesaInput = z.infer<typeof ZRigaSpesa>;

/** An approver's review of a line while the note waits: exclude it, cap it, or correct its type or amount, with a reason. */
export const ZRevisioneRiga = z.strictObject({
  esclusa: z.boolean().optional(),
  /** Cents of EUR; null removes the cap. */
  tetto: zCentesimi.nullable().optional(),
  tipo_spesa: zCode(30).optional(),
  importo: z.number().int().positive({ message: 'avvisi.importo_non_positivo' }).max(100_000_000_00).optional(),
  motivo: zRequiredText(300),
});

export const ZRigaSpesaRow = z.object({
  id: z.number(), nota_id: z.number(), data: z.string(), tipo_spesa: z.string(), tipo_spesa_descrizione: z.string(), categoria: ZCategoriaSpesa,
  importo: z.number().nullable(), valuta: z.string(), cambio: zNullableText, cambio_data: zNullableText,
  tipo_pagamento: zNullableText, tipo_pagamento_descrizione: zNullableText, tracciabile: z.boolean(), pagata_azienda: z.boolean(),
  documentata: z.boolean(), estero: z.boolean(), file_id: zNullableText, km: zNullableText, veicolo_id: z.number().nullable(), veicolo_targa: zNullableText, euro_km: zNullableText,
  da: zNullableText, a: zNullableText, descrizione: zNullableText, commessa_id: z.number().nullable(), commessa_codice: zNullableText,
  esclusa: z.boolean(), tetto: z.number().nullable(), motivo_revisione: zNullableText,
  /** What the employee claimed (minor units): a review lowers the amount, or gives back up to this, never more. */
  importo_dichiarato: z.number().nullable(),
  importo_eur: z.number(), rimborsabile: z.number(), esente: z.number(), imponibile: z.number(), avvisi: z.array(ZAvvisoSpesa),
  /** The rule that decided the split (a `spese_regole.*` text); null on a line stored before it was kept. */
  regola: ZRegolaSpesa.nullable(),
});
export type TRigaSpesaRow = z.infer<typeof ZRigaSpesaRow>;

export const ZTotaliNota = z.object({
  importo_eur: z.number(), rimborsabile: z.number(), esente: z.number(), imponibile: z.number(), anticipi: z.number(),
  /** rimborsabile − anticipi; negative: to be given back. */
  da_liquidare: z.number(),
});
export type TTotaliNota = z.infer<typeof ZTotaliNota>;

export const ZTrasfertaRow = z.object({
  destinazione: z.string(), estero: z.boolean(), comune_sede: z.boolean(), dal: z.string(), al: z.string(), regime: ZRegimeTrasferta,
  commessa_id: z.number().nullable(), commessa_codice: zNullableText,
});

export const ZNotaSpeseRow = z.object({
  id: z.number(), dipendente_id: z.number(), matricola: z.string(), dipendente_nome: z.string(), reparto_descrizione: zNullableText,
  descrizione: z.string(), stato: ZStatoNota, data: z.string(), trasferta: ZTrasfertaRow.nullable(),
  motivo: zNullableText, inviata_il: zNullableText, approvata_il: zNullableText, liquidata_il: zNullableText, mese_paghe: zNullableText,
  n_righe: z.number(), n_avvisi: z.number(), totali: ZTotaliNota,
});
export type TNotaSpeseRow = z.infer<typeof ZNotaSpeseRow>;

export const ZAnticipo = z.strictObject({ data: zDate, importo: z.number().int().positive({ message: 'avvisi.importo_non_positivo' }).max(100_000_000_00), note: zText(200).nullable().optional() });
export const ZAnticipoRow = z.object({ id: z.number(), data: z.string(), importo: z.number(), note: zNullableText });

export const ZEventoNota = z.object({ quando: z.string(), chi: zNullableText, azione: z.string(), motivo: zNullableText });

export const ZNotaSpeseDettaglio = ZNotaSpeseRow.extend({
  righe: z.array(ZRigaSpesaRow),
  anticipi: z.array(ZAnticipoRow),
  storia: z.array(ZEventoNota),
  /** What the caller may do on it now. */
  azioni: z.array(z.enum(['modifica', 'invia', 'riapri', 'approva', 'rifiuta', 'rivedi', 'liquida', 'anticipi', 'elimina'])),
});
export type TNotaSpeseDettaglio = z.infer<typeof ZNotaSpeseDettaglio>;

export const ZNoteQuery = z.object({
  /** Only the caller's own notes (the employee's screen). */
  mie: z.enum(['si', 'no']).default('no'),
  stato: ZStatoNota.optional(),
  dipendente_id: zId.optional(),
  reparto_id: zId.optional(),
  mese: zMese.optional(),
  commessa_id: zId.optional(),
  search: zText(100).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(20),
});
export type TNoteQuery = z.infer<typeof ZNoteQuery>;
export const ZNoteElenco = z.object({ rows: z.array(ZNotaSpeseRow), total: z.number(), totali: ZTotaliNota });

export const ZRigheQuery = z.object({
  dal: zDate.optional(),
  al: zDate.optional(),
  tipo_spesa: zCode(30).optional(),
  tipo_pagamento: zCode(30).optional(),
  /** Only lines paid in cash (not traceable) that are taxable. */
  contanti_imponibili: z.enum(['si', 'no']).default('no'),
  oltre_massimale: z.enum(['si', 'no']).default('no'),
  ricevuta_mancante: z.enum(['si', 'no']).default('no'),
  commessa_id: zId.optional(),
  dipendente_id: zId.optional(),
  stato: ZStatoNota.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(50),
});
export type TRigheQuery = z.infer<typeof ZRigheQuery>;
export const ZRigaElenco = ZRigaSpesaRow.extend({ dipendente_nome: z.string(), matricola: z.string(), nota_descrizione: z.string(), nota_stato: ZStatoNota });

export const ZLiquida = z
  .strictObject({ data: zDate.optional(), mese_paghe: zMese.optional() })
  .refine((b) => b.data || b.mese_paghe, { message: 'avvisi.liquidazione_data', path: ['data'] });
export const ZLiquidaMolte = z
  .strictObject({ ids: z.array(zId).min(1).max(1000), data: zDate.optional(), mese_paghe: zMese.optional() })
  .refine((b) => b.data || b.mese_paghe, { message: 'avvisi.liquidazione_data', path: ['data'] });
export const ZPagheSpeseQuery = z.object({ mese: zMese, formato: z.enum(['csv', 'xml']).default('csv') });
/**
 * The module's parameters. `quattro_occhi`: whoever settles a note is neither who created it nor who approved it
 * (four eyes on money); off by default, where HR settles what the managers approve.
 */
export const ZParametriSpese = z.strictObject({ quattro_occhi: z.boolean() });
export type TParametriSpese = z.infer<typeof ZParametriSpese>;
export const PARAMETRI_SPESE_DEFAULT: TParametriSpese = { quattro_occhi: false };

// ---- the ACI table -----------------------------------------------------------------------------------------------

/** A row of the ACI's cost tables: a model (its description as ACI writes it) and fuel, in a year, euros per km. */
export const ZTariffaAci = z.strictObject({
  anno: z.coerce.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(2000, { message: FIELD_KEYS.invalid }).max(2100, { message: FIELD_KEYS.invalid }),
  descrizione: zRequiredText(160),
  alimentazione: z.enum(ALIMENTAZIONI),
  euro_km: zDecimale(4, { positive: true }),
});
export const ZTariffaAciRow = z.object({ id: z.number(), anno: z.number(), descrizione: z.string(), alimentazione: z.enum(ALIMENTAZIONI), euro_km: z.string() });
/** HR fills a car's cost per km of the ACI row's year from that row. */
export const ZCostoDaAci = z.strictObject({ tariffa_id: zId });

export const ZDecisioneNota = z.object({ id: z.number(), descrizione: z.string(), stato: ZStatoNota, motivo: zNullableText, decisa_il: z.string() });
