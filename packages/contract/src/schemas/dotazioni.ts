/**
 * Equipment and PPE (module dotazioni, issue #17): types, articles with stock per size and serial-numbered units,
 * the standard kit of a mansione, deliveries signed by the employee, returns and write-offs, training records.
 */
import { z } from 'zod';
import { CATEGORIE_DPI, PROTEZIONI_DPI, TIPI_TAGLIA, categoriaDpi } from '../dpi';
import { FIELD_KEYS, zCode, zDate, zId, zNullableText, zRequiredText, zText } from './common';
import { zCentesimi } from './commesse';

export const ZCategoriaDpi = z.enum(CATEGORIE_DPI);
export const ZProtezioneDpi = z.enum(PROTEZIONI_DPI);
export const ZTipoTaglia = z.enum(TIPI_TAGLIA);

/** A size as printed on the label: 42, XL, 9, 54-56. */
export const zTaglia = z.string().trim().min(1, { message: FIELD_KEYS.required }).max(10, { message: FIELD_KEYS.tooLong }).regex(/^[A-Za-z0-9./-]+$/, { message: FIELD_KEYS.invalid });
const zMesi = (max: number) => z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(1, { message: FIELD_KEYS.invalid }).max(max, { message: FIELD_KEYS.invalid });
const zQuantita = z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(1, { message: 'avvisi.quantita_positiva' }).max(100000, { message: FIELD_KEYS.invalid });
const zFileId = z.string().uuid({ message: FIELD_KEYS.invalid });
/** A manufacturer's lot (batch) number as printed on the item or its box. */
export const zLotto = z.string().trim().min(1, { message: FIELD_KEYS.required }).max(40, { message: FIELD_KEYS.tooLong }).regex(/^[A-Za-z0-9./_ -]+$/, { message: FIELD_KEYS.invalid });
export const zNumeroSerie = z.string().trim().min(1, { message: FIELD_KEYS.required }).max(60, { message: FIELD_KEYS.tooLong }).regex(/^[A-Za-z0-9./_-]+$/, { message: FIELD_KEYS.invalid });

// ---- types ---------------------------------------------------------------------------------------------------------

export const ZTipologia = z
  .strictObject({
    codice: zCode(30),
    descrizione: zRequiredText(120),
    /** A personal protective device (D.Lgs 81/2008 art. 74); false: a laptop, a phone, keys. */
    dpi: z.boolean(),
    categoria: ZCategoriaDpi.nullable().optional(),
    protezione: ZProtezioneDpi.nullable().optional(),
    /** The EN standard it meets, e.g. EN ISO 20345 S3. */
    norma: zText(80).nullable().optional(),
    /** Months after the delivery when it must be replaced; empty: no expiry. */
    durata_mesi: zMesi(240).nullable().optional(),
    /** Months between periodic inspections (fall-arrest harnesses); empty: none. */
    ispezione_mesi: zMesi(120).nullable().optional(),
    /** The manufacturer's life in months from the date of manufacture (Reg. UE 2016/425 Annex II 1.4); empty: none stated. */
    vita_utile_mesi: zMesi(600).nullable().optional(),
    taglie: z.boolean(),
    tipo_taglia: ZTipoTaglia.nullable().optional(),
    /** Given back when the employee leaves (laptop, keys); false: consumable. */
    restituibile: z.boolean(),
    /** One record per unit with its serial number. */
    numero_serie: z.boolean(),
    /** Training required before delivery (always on, whatever is sent, where the law requires it: art. 77 c. 5). */
    formazione: z.boolean(),
    attivo: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    // hearing, fall and respiratory protection have their category from the law (categoriaDpi): none need be sent
    if (v.dpi && !categoriaDpi(v.protezione, v.categoria)) ctx.addIssue({ code: 'custom', path: ['categoria'], message: FIELD_KEYS.required });
    if (v.taglie && !v.tipo_taglia) ctx.addIssue({ code: 'custom', path: ['tipo_taglia'], message: FIELD_KEYS.required });
    if (v.taglie && v.numero_serie) ctx.addIssue({ code: 'custom', path: ['numero_serie'], message: 'avvisi.serie_senza_taglie' });
  });
export type TTipologia = z.infer<typeof ZTipologia>;
export const ZTipologiaRow = z.object({
  id: z.number(), codice: z.string(), descrizione: z.string(), dpi: z.boolean(), categoria: ZCategoriaDpi.nullable(), protezione: ZProtezioneDpi.nullable(),
  norma: zNullableText, durata_mesi: z.number().nullable(), ispezione_mesi: z.number().nullable(), vita_utile_mesi: z.number().nullable(), taglie: z.boolean(), tipo_taglia: ZTipoTaglia.nullable(),
  restituibile: z.boolean(), numero_serie: z.boolean(), formazione: z.boolean(), attivo: z.boolean(),
});
export type TTipologiaRow = z.infer<typeof ZTipologiaRow>;

// ---- articles and stock ----------------------------------------------------------------------------------------------

export const ZArticolo = z.strictObject({
  tipologia_id: zId,
  marca: zRequiredText(60),
  modello: zRequiredText(80),
  fornitore: zText(120).nullable().optional(),
  /** Unit cost in euro cents. */
  costo: zCentesimi.nullable().optional(),
  marcatura_ce: z.boolean().default(false),
  /** The notified body's four digits after the CE marking (category III). */
  organismo_notificato: zText(4).nullable().optional(),
  /** The manufacturer's information note (PDF), uploaded through POST /api/file. */
  nota_file_id: zFileId.nullable().optional(),
  /** Below this stock, per size, the article is in the reorder list. */
  scorta_minima: z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(0, { message: FIELD_KEYS.invalid }).max(100000).nullable().optional(),
  attivo: z.boolean().default(true),
});
export type TArticolo = z.infer<typeof ZArticolo>;
export const ZGiacenza = z.object({ taglia: z.string().nullable(), quantita: z.number() });
/** A lot loaded into stock, with its date of manufacture (the latest load of that lot and size). */
export const ZLottoRow = z.object({ lotto: z.string(), taglia: z.string().nullable(), data_fabbricazione: z.string().nullable() });
export const ZArticoloRow = z.object({
  id: z.number(), tipologia_id: z.number(), tipologia_codice: z.string(), tipologia_descrizione: z.string(), dpi: z.boolean(), categoria: ZCategoriaDpi.nullable(),
  taglie: z.boolean(), numero_serie: z.boolean(), marca: z.string(), modello: z.string(), fornitore: zNullableText, costo: z.number().nullable(), marcatura_ce: z.boolean(),
  organismo_notificato: zNullableText, nota_file_id: zNullableText, scorta_minima: z.number().nullable(), attivo: z.boolean(),
  /** Stock per size (serial-numbered: the units available), and in all. */
  giacenze: z.array(ZGiacenza), giacenza: z.number(), sotto_scorta: z.boolean(),
  /** The lots loaded (non-serial articles; serial units carry their own), for the delivery's choice. */
  lotti: z.array(ZLottoRow),
  /** The type's manufacturer's life in months, or null. */
  vita_utile_mesi: z.number().nullable(),
});
export type TArticoloRow = z.infer<typeof ZArticoloRow>;

export const CAUSALI_MOVIMENTO = ['carico', 'rettifica', 'consegna', 'reso', 'annullamento'] as const;
export const ZCausaleMovimento = z.enum(CAUSALI_MOVIMENTO);
/** A load (with its document) or an adjustment (with its reason); serial-numbered articles load their units by number. */
export const ZMovimento = z
  .strictObject({
    taglia: zTaglia.nullable().optional(),
    quantita: z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(-100000).max(100000).refine((n) => n !== 0, { message: 'avvisi.quantita_zero' }),
    causale: z.enum(['carico', 'rettifica']),
    riferimento: zText(80).nullable().optional(),
    motivo: zText(300).nullable().optional(),
    numeri_serie: z.array(zNumeroSerie).max(500).optional(),
    /** A load's lot and date of manufacture (one load, one lot); a serial-numbered load gives them to each unit. */
    lotto: zLotto.nullable().optional(),
    data_fabbricazione: zDate.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.causale === 'carico' && v.quantita < 0) ctx.addIssue({ code: 'custom', path: ['quantita'], message: 'avvisi.quantita_positiva' });
    if (v.causale !== 'carico' && v.lotto) ctx.addIssue({ code: 'custom', path: ['lotto'], message: FIELD_KEYS.invalid });
    if (v.causale !== 'carico' && v.data_fabbricazione) ctx.addIssue({ code: 'custom', path: ['data_fabbricazione'], message: FIELD_KEYS.invalid });
    if (v.causale === 'rettifica' && !v.motivo) ctx.addIssue({ code: 'custom', path: ['motivo'], message: FIELD_KEYS.required });
  });
export type TMovimento = z.infer<typeof ZMovimento>;
export const ZMovimentoRow = z.object({
  id: z.number(), articolo_id: z.number(), taglia: z.string().nullable(), quantita: z.number(), causale: ZCausaleMovimento, riferimento: zNullableText, motivo: zNullableText,
  consegna_id: z.number().nullable(), numero_serie: zNullableText, lotto: zNullableText, data_fabbricazione: z.string().nullable(), creato_il: z.string(), creato_da: zNullableText,
});

export const STATI_UNITA = ['disponibile', 'assegnato', 'in_riparazione', 'dismesso'] as const;
export const ZStatoUnita = z.enum(STATI_UNITA);
export const ZUnitaRow = z.object({
  id: z.number(), articolo_id: z.number(), numero_serie: z.string(), lotto: zNullableText, data_fabbricazione: z.string().nullable(),
  /** The manufacturer's end of life (manufacture + the type's life), or null. */
  fine_vita: z.string().nullable(), stato: ZStatoUnita, dipendente_id: z.number().nullable(), dipendente_nome: zNullableText, consegnata_il: z.string().nullable(),
});
/** A unit sent for repair, back, or written off (an assigned one changes only through a delivery or a return). */
export const ZStatoUnitaCambio = z.strictObject({ stato: z.enum(['disponibile', 'in_riparazione', 'dismesso']), motivo: zRequiredText(300) });

export const ZRiordinoRow = z.object({
  articolo_id: z.number(), tipologia_descrizione: z.string(), marca: z.string(), modello: z.string(), fornitore: zNullableText, taglia: z.string().nullable(), giacenza: z.number(), scorta_minima: z.number(),
});

// ---- the employee: sizes, training ---------------------------------------------------------------------------------

export const ZTaglieDipendente = z.strictObject({ scarpe: zTaglia.nullable().optional(), abbigliamento: zTaglia.nullable().optional(), guanti: zTaglia.nullable().optional() });
export type TTaglieDipendente = z.infer<typeof ZTaglieDipendente>;
export const ZTaglieRow = z.object({ scarpe: z.string().nullable(), abbigliamento: z.string().nullable(), guanti: z.string().nullable() });

export const ZFormazione = z.strictObject({
  dipendente_id: zId,
  tipologia_id: zId,
  data: zDate,
  /** Who gave the training (a person or a training body). */
  docente: zRequiredText(120),
  note: zText(300).nullable().optional(),
});
export const ZFormazioneRow = z.object({
  id: z.number(), dipendente_id: z.number(), tipologia_id: z.number(), tipologia_descrizione: z.string(), data: z.string(), docente: z.string(), note: zNullableText,
});

// ---- the standard kit of a mansione --------------------------------------------------------------------------------

export const ZKitRiga = z
  .strictObject({
    tipologia_id: zId,
    quantita: zQuantita,
    obbligatoria: z.boolean(),
    valida_dal: zDate.nullable().optional(),
    valida_al: zDate.nullable().optional(),
  })
  .refine((r) => !r.valida_dal || !r.valida_al || r.valida_dal <= r.valida_al, { path: ['valida_al'], message: 'avvisi.al_prima_di_dal' });
export const ZKit = z
  .strictObject({ righe: z.array(ZKitRiga).max(100) })
  .refine((k) => new Set(k.righe.map((r) => r.tipologia_id)).size === k.righe.length, { path: ['righe'], message: 'avvisi.tipologia_ripetuta' });
export type TKit = z.infer<typeof ZKit>;
export const ZKitRigaRow = z.object({
  tipologia_id: z.number(), tipologia_codice: z.string(), tipologia_descrizione: z.string(), dpi: z.boolean(), categoria: ZCategoriaDpi.nullable(),
  quantita: z.number(), obbligatoria: z.boolean(), valida_dal: z.string().nullable(), valida_al: z.string().nullable(),
});
export const ZKitMansione = z.object({ mansione_id: z.number(), mansione_descrizione: z.string(), righe: z.array(ZKitRigaRow) });
export const ZMansioneKitRow = z.object({ mansione_id: z.number(), codice: z.string(), descrizione: z.string(), tipologie: z.number(), obbligatorie: z.number(), dipendenti: z.number() });

// ---- deliveries ------------------------------------------------------------------------------------------------------

export const CAUSALI_CONSEGNA = ['prima_consegna', 'sostituzione_scadenza', 'usura', 'smarrimento', 'nuova_mansione'] as const;
export const ZCausaleConsegna = z.enum(CAUSALI_CONSEGNA);

export const ZConsegnaRiga = z.strictObject({
  articolo_id: zId,
  taglia: zTaglia.nullable().optional(),
  quantita: zQuantita,
  numero_serie: zNumeroSerie.nullable().optional(),
  /** The lot handed out (non-serial articles: one of the lots loaded; a unit's lot is its own). */
  lotto: zLotto.nullable().optional(),
  /** The held item this one replaces: it is written off with the delivery (replacement at expiry, wear, loss). */
  sostituisce_riga_id: zId.nullable().optional(),
});
export const ZConsegna = z.strictObject({
  dipendente_id: zId,
  data: zDate,
  causale: ZCausaleConsegna,
  righe: z.array(ZConsegnaRiga).min(1, { message: 'avvisi.consegna_vuota' }).max(50),
  /** The employee's signature: a PNG uploaded through POST /api/file. */
  firma: zFileId.nullable().optional(),
  /** The signature of whoever hands it out (the HR officer), a PNG too. */
  firma_incaricato: zFileId.nullable().optional(),
  note: zText(300).nullable().optional(),
});
export type TConsegna = z.infer<typeof ZConsegna>;
export const ZFirmaConsegna = z.strictObject({ firma: zFileId, firma_incaricato: zFileId.nullable().optional() });

export const ZConsegnaRigaRow = z.object({
  id: z.number(), articolo_id: z.number(), tipologia_id: z.number(), tipologia_descrizione: z.string(), categoria: ZCategoriaDpi.nullable(), dpi: z.boolean(),
  articolo: z.string(), taglia: z.string().nullable(), quantita: z.number(), numero_serie: zNullableText,
  /** The manufacturer's lot and date of manufacture of what was handed out, when known. */
  lotto: zNullableText, data_fabbricazione: z.string().nullable(),
  /** When it must be replaced: the earlier of delivery + the type's lifetime and manufacture + the manufacturer's life (dpi.ts scadenzaConsegna), YYYY-MM-DD or null. */
  scadenza: z.string().nullable(),
  /** When it needs its next inspection, or null. */
  ispezione: z.string().nullable(),
  /** Still held: delivered less returned, written off or replaced. */
  in_dotazione: z.number(),
  restituibile: z.boolean(),
});
export type TConsegnaRigaRow = z.infer<typeof ZConsegnaRigaRow>;
export const ZConsegnaRow = z.object({
  id: z.number(), dipendente_id: z.number(), dipendente_nome: z.string(), matricola: z.string(), reparto_descrizione: zNullableText, data: z.string(), causale: ZCausaleConsegna,
  stato: z.enum(['valida', 'annullata']), firmata: z.boolean(), note: zNullableText, motivo_annullamento: zNullableText, creato_da: zNullableText, righe: z.array(ZConsegnaRigaRow),
});
export type TConsegnaRow = z.infer<typeof ZConsegnaRow>;
export const ZConsegneQuery = z.object({
  dipendente_id: zId.optional(),
  reparto_id: zId.optional(),
  dal: zDate.optional(),
  al: zDate.optional(),
  stato: z.enum(['valida', 'annullata']).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
});
export const ZConsegneElenco = z.object({ rows: z.array(ZConsegnaRow), total: z.number() });

export const ESITI_RESO = ['restituito', 'dismesso', 'smarrito'] as const;
/** A return (back in stock, or a unit back available) or a write-off (worn out, broken, lost). */
export const ZReso = z
  .strictObject({ riga_id: zId, data: zDate, quantita: zQuantita, esito: z.enum(ESITI_RESO), motivo: zText(300).nullable().optional() })
  .refine((r) => r.esito === 'restituito' || !!r.motivo, { path: ['motivo'], message: FIELD_KEYS.required });
/** A periodic inspection of a held item (a harness every 12 months): fit, the next one is due; unfit, it is written off. */
export const ZIspezione = z
  .strictObject({ data: zDate, esito: z.enum(['idonea', 'non_idonea']), note: zText(300).nullable().optional() })
  .refine((r) => r.esito === 'idonea' || !!r.note, { path: ['note'], message: FIELD_KEYS.required });
export const ZResoRow = z.object({ id: z.number(), riga_id: z.number(), data: z.string(), quantita: z.number(), esito: z.enum([...ESITI_RESO, 'sostituito']), motivo: zNullableText });

// ---- what an employee holds, lacks and must replace -----------------------------------------------------------------

export const ZInDotazione = ZConsegnaRigaRow.extend({ consegna_id: z.number(), data_consegna: z.string(), causale: ZCausaleConsegna });
export const ZMancante = z.object({ tipologia_id: z.number(), tipologia_descrizione: z.string(), quantita: z.number(), obbligatoria: z.boolean(), scaduti: z.number() });
export const ZSchedaDipendente = z.object({
  dipendente: z.object({
    id: z.number(), matricola: z.string(), nome: z.string(), reparto_descrizione: zNullableText, mansione_id: z.number().nullable(), mansione_descrizione: zNullableText,
    data_assunzione: z.string(), data_cessazione: z.string().nullable(),
  }),
  taglie: ZTaglieRow,
  in_dotazione: z.array(ZInDotazione),
  /** The mansione's kit, per type, still lacking (items expired count as lacking). */
  mancanti: z.array(ZMancante),
  /** Held items due for replacement or inspection within the window (30 days unless asked). */
  in_scadenza: z.array(ZInDotazione),
  /** Returnable items still held by an employee who has a leaving date. */
  da_restituire: z.array(ZInDotazione),
  formazione: z.array(ZFormazioneRow),
});
export type TSchedaDipendente = z.infer<typeof ZSchedaDipendente>;
export const ZSchedaQuery = z.object({ giorni: z.coerce.number().int().min(0).max(366).default(30) });

export const ZPropostaRiga = z.object({
  tipologia_id: z.number(), tipologia_descrizione: z.string(), articolo_id: z.number().nullable(), articolo: zNullableText, taglia: z.string().nullable(), quantita: z.number(),
  sostituisce_riga_id: z.number().nullable(), motivo: z.enum(['mancante', 'in_scadenza']),
  /** Stock of that size (serial-numbered: units available); the first available serial number. */
  disponibile: z.number(), numero_serie: zNullableText,
  /** The lot proposed (non-serial: the latest loaded still within its life), or null. */
  lotto: zNullableText,
  formazione_mancante: z.boolean(),
});
export const ZProposta = z.object({ causale: ZCausaleConsegna, righe: z.array(ZPropostaRiga) });

export const ZScadenzeQuery = z.object({
  dal: zDate.optional(),
  al: zDate.optional(),
  reparto_id: zId.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(50),
});
export const ZScadenzaRow = ZInDotazione.extend({
  dipendente_id: z.number(), dipendente_nome: z.string(), matricola: z.string(), reparto_descrizione: zNullableText,
  /** Why it is due: replacement or inspection; `data` is the earlier of the two. */
  motivo: z.enum(['scadenza', 'ispezione']), data_scadenza: z.string(),
});
export const ZScadenzeElenco = z.object({ rows: z.array(ZScadenzaRow), total: z.number() });

export const ZMancantiQuery = z.object({ reparto_id: zId.optional(), mansione_id: zId.optional(), dipendente_id: zId.optional() });
export const ZMancanteRow = z.object({
  dipendente_id: z.number(), matricola: z.string(), dipendente_nome: z.string(), reparto_descrizione: zNullableText, mansione_descrizione: zNullableText,
  tipologia_id: z.number(), tipologia_descrizione: z.string(), richiesti: z.number(), validi: z.number(), scaduti: z.number(), mancanti: z.number(),
});
