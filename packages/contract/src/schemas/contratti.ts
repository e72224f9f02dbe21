/**
 * Contracts (module contratti, issue #18), first slice: the CCNL with its levels, the pay components of each level by
 * decorrenza, the pay in force on a date, and the employee's contract rows, each valid from a date. The rules are the
 * pure functions of retribuzione.ts.
 */
import { z } from 'zod';
import { DISTRIBUZIONI_PART_TIME, QUALIFICHE, TIPI_CONTRATTO } from '../retribuzione';
import { MODIFICHE_ART1 } from '../assunzione';
import { isValidCodiceFiscale } from '../codiceFiscale';
import { FIELD_KEYS, zCode, zDate, zEmail, zId, zNullableText, zRequiredText, zText } from './common';

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
const zIntRange = (min: number, max: number) =>
  z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(min, { message: FIELD_KEYS.invalid }).max(max, { message: FIELD_KEYS.invalid }).nullable().optional();
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
    /** A part-timer's supplementary work allowed a week, per cent of the agreed hours; null: the law's 25 % (D.Lgs 81/2015 art. 6 c. 2). */
    limite_supplementare: z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(0, { message: FIELD_KEYS.invalid }).max(100, { message: FIELD_KEYS.invalid }).nullable().optional(),
    valido_dal: zDate.nullable().optional(),
    valido_al: zDate.nullable().optional(),
    /** Who signed it (D.Lgs 152/1997 art. 1 c. 1 lett. q): the employers' and the unions' associations. */
    parti_firmatarie: zText(500).nullable().optional(),
    /** D.Lgs 66/2003 art. 4 c. 4: the reference period of the 48-hour average, 4 to 12 months (null: 4). */
    mesi_riferimento_orario: zIntRange(4, 12),
    /** Art. 5 c. 3: the agreement's yearly overtime limit in hours (null: 250). */
    straordinario_annuo_ore: zIntRange(0, 1000),
    /** Art. 8 c. 1: the agreement's minimum break in minutes (null, and never less than: 10). */
    pausa_minima_minuti: zIntRange(10, 120),
    /** Art. 1 c. 2 lett. e) 2): the night days a year that make a night worker (null: 80). */
    notturno_giorni_anno: zIntRange(1, 366),
    /** Art. 13 c. 1: the days over which a night worker's 8 hours are averaged (null: 1, every day). */
    notturno_periodo_giorni: zIntRange(1, 366),
    /** In their order, lowest first (D1, D2, C1 ... A1). */
    livelli: z.array(ZLivelloCcnl).max(50),
  })
  .refine((v) => !v.valido_dal || !v.valido_al || v.valido_dal <= v.valido_al, { path: ['valido_al'], message: 'avvisi.al_prima_di_dal' })
  .refine((v) => new Set(v.livelli.map((l) => l.codice.toUpperCase())).size === v.livelli.length, { path: ['livelli'], message: 'avvisi.livello_ripetuto' });
export type TCcnl = z.infer<typeof ZCcnl>;
export const ZLivelloRow = z.object({ id: z.number(), codice: z.string(), descrizione: z.string(), ordine: z.number() });
export const ZCcnlRow = z.object({
  id: z.number(), codice: z.string(), descrizione: z.string(), mensilita: z.number(), ore_settimanali: z.number(), divisore_orario: z.number(), limite_supplementare: z.number().nullable(),
  valido_dal: z.string().nullable(), valido_al: z.string().nullable(), parti_firmatarie: zNullableText, livelli: z.array(ZLivelloRow),
  mesi_riferimento_orario: z.number().nullable(), straordinario_annuo_ore: z.number().nullable(), pausa_minima_minuti: z.number().nullable(),
  notturno_giorni_anno: z.number().nullable(), notturno_periodo_giorni: z.number().nullable(),
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
  /** The latest decorrenza of any component, future ones included; null when the CCNL has no table. */
  ultima_decorrenza: z.string().nullable(),
  /** Today, not on `data`: the latest decorrenza is more than 12 months old (retribuzione.ts tabellaScaduta). */
  tabella_scaduta: z.boolean(),
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

/** Calendar days of trial. */
export const zGiorniProva = z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(1, { message: FIELD_KEYS.invalid }).max(365, { message: FIELD_KEYS.invalid });
/** A trial period not given in days: the length the CCNL sets for the level, or none. */
export const ZPeriodoProva = z.enum(['ccnl', 'nessuno']);

/** 24-hour 'HH:mm'. */
const zOra = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'avvisi.orario_non_valido' });
const zIntero = (min: number, max: number) => z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(min, { message: FIELD_KEYS.invalid }).max(max, { message: FIELD_KEYS.invalid });
/**
 * When the part-time hours are worked (D.Lgs 81/2015 art. 5 c. 2; assunzione.ts): each weekday's stretches (1 Monday …
 * 7 Sunday, up to two a day), and for a vertical or mixed arrangement the weeks of the month (1–5) and the months (1–12)
 * worked; the elastic clauses when agreed (art. 6 c. 4–6).
 */
export const ZOrarioPartTime = z.strictObject({
  giorni: z.array(z.strictObject({ giorno: zIntero(1, 7), dalle: zOra, alle: zOra })).max(14),
  settimane: z.array(zIntero(1, 5)).max(5).nullable().optional(),
  mesi: z.array(zIntero(1, 12)).max(12).nullable().optional(),
  note: zText(300).nullable().optional(),
  elastiche: z
    .strictObject({
      condizioni: zRequiredText(500),
      aumento_massimo: zIntero(1, 100).nullable().optional(),
      preavviso_giorni: zIntero(0, 30),
      maggiorazione: zIntero(0, 100),
    })
    .nullable()
    .optional(),
});
export type TOrarioPartTime = z.infer<typeof ZOrarioPartTime>;

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
  orario_part_time: ZOrarioPartTime.nullable().optional(),
  /** The individual superminimo, cents per month. */
  superminimo: zImportoMensile.default(0),
  sede_id: zId.nullable().optional(),
  mansione_id: zId.nullable().optional(),
  /** The trial period agreed in writing (c.c. art. 2096): a length in calendar days, or 'ccnl' / 'nessuno' said as such. */
  periodo_prova_giorni: zGiorniProva.nullable().optional(),
  periodo_prova: ZPeriodoProva.nullable().optional(),
  note: zText(300).nullable().optional(),
});
export type TContratto = z.infer<typeof ZContratto>;
/** A correction of a stored row: the same fields and why (audited with the row before and after). */
export const ZContrattoCorrezione = ZContratto.extend({ motivo: zRequiredText(300) });
export type TContrattoCorrezione = z.infer<typeof ZContrattoCorrezione>;
export const ZContrattoRow = z.object({
  id: z.number(), dipendente_id: z.number(), dal: z.string(), al: z.string().nullable(), ccnl_id: z.number(), ccnl_codice: z.string(), livello: z.string(), livello_descrizione: z.string(),
  qualifica: ZQualifica, tipo_contratto: ZTipoContratto, data_fine: z.string().nullable(), causale: zNullableText, part_time: z.boolean(),
  percentuale_part_time: z.number().nullable(), distribuzione_part_time: ZDistribuzionePartTime.nullable(), orario_part_time: ZOrarioPartTime.nullable(), superminimo: z.number(),
  sede_id: z.number().nullable(), sede_descrizione: zNullableText, mansione_id: z.number().nullable(), mansione_descrizione: zNullableText,
  periodo_prova_giorni: z.number().nullable(), periodo_prova: ZPeriodoProva.nullable(), note: zNullableText,
  creato_il: z.string(), creato_da: zNullableText,
  /** The art. 1 items this row changes from the one before (D.Lgs 152/1997 art. 3); empty for the first row. */
  modifiche_art1: z.array(z.enum(MODIFICHE_ART1)),
  /** It changes an art. 1 item and no art. 3 notice about it is in the dossier yet. */
  da_comunicare: z.boolean(),
});
export type TContrattoRow = z.infer<typeof ZContrattoRow>;

// ---- hiring documents: templates, generation, the employee's dossier -------------------------------------------------

/** Whom a template is for: a contract type, or part-time whatever the type. Empty: every contract. */
export const PER_CONTRATTO = ['indeterminato', 'determinato', 'apprendistato', 'part_time'] as const;
export const ZPerContratto = z.enum(PER_CONTRATTO);

/** A template: a DOCX uploaded through POST /api/file, with merge fields (campiModello.ts). A new file is a new version. */
export const ZModello = z.strictObject({
  descrizione: zRequiredText(200),
  tipo_documento_id: zId.nullable().optional(),
  tipi_contratto: z.array(ZPerContratto).max(4).default([]),
  /** A hiring letter: checked against D.Lgs 152/1997 art. 1 before it is produced. */
  lettera_assunzione: z.boolean().default(false),
  attivo: z.boolean().default(true),
  file_id: z.uuid({ message: FIELD_KEYS.invalid }),
});
export type TModello = z.infer<typeof ZModello>;
export const ZModelloRow = z.object({
  id: z.number(), descrizione: z.string(), tipo_documento_id: z.number().nullable(), tipo_documento: zNullableText, tipi_contratto: z.array(ZPerContratto),
  lettera_assunzione: z.boolean(), attivo: z.boolean(), versione: z.number(), file_id: z.string(), campi: z.array(z.string()), aggiornato_il: z.string(),
});
export type TModelloRow = z.infer<typeof ZModelloRow>;

export const ZCampoModello = z.object({ campo: z.string(), tipo: z.enum(['testo', 'condizione', 'elenco']), figli: z.array(z.string()).optional() });
/** What a DOCX's tags are: the known fields it uses and the unknown ones (a template with any is refused). */
export const ZVerificaModello = z.object({ campi: z.array(z.string()), sconosciuti: z.array(z.string()) });

/** The company's texts and declarations every document reads (a setting of the module). */
export const ZParametriDocumenti = z.strictObject({
  /** The company organises work through automated decision or monitoring systems: art. 1-bis applies. */
  sistemi_automatizzati: z.boolean().default(false),
  sistemi: z
    .strictObject({
      aspetti: zText(1000).nullable().optional(),
      scopi: zText(1000).nullable().optional(),
      logica: zText(1000).nullable().optional(),
      dati: zText(1000).nullable().optional(),
      controlli: zText(1000).nullable().optional(),
      accuratezza: zText(1000).nullable().optional(),
      referente: zText(300).nullable().optional(),
    })
    .default({}),
  periodicita_retribuzione: zText(60).nullable().optional(),
  modalita_pagamento: zText(120).nullable().optional(),
  /** Where the documents are signed (the comune), when not the workplace's. */
  luogo_firma: zText(80).nullable().optional(),
});
export type TParametriDocumenti = z.infer<typeof ZParametriDocumenti>;

/**
 * What a document states beyond the employee's record: each field overrides the employee's contract row in force on
 * the start date, for this document only (a new hire's row is made from them).
 */
export const ZDatiDocumento = z.strictObject({
  tipo_contratto: ZTipoContratto.nullable().optional(),
  data_inizio: zDate.nullable().optional(),
  data_fine: zDate.nullable().optional(),
  causale: zText(300).nullable().optional(),
  periodo_prova_giorni: zGiorniProva.nullable().optional(),
  periodo_prova: ZPeriodoProva.nullable().optional(),
  ore_settimanali: z.number({ message: FIELD_KEYS.invalid }).min(1, { message: FIELD_KEYS.invalid }).max(48, { message: FIELD_KEYS.invalid }).nullable().optional(),
  part_time: z.boolean().nullable().optional(),
  percentuale_part_time: z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(-1000).max(1000).nullable().optional(),
  distribuzione_part_time: ZDistribuzionePartTime.nullable().optional(),
  orario_part_time: ZOrarioPartTime.nullable().optional(),
  /** The employee's contract row the document is about (its conditions; for an art. 3 notice, the change it brings). */
  contratto_id: zId.nullable().optional(),
  /** Work abroad for more than four consecutive weeks (D.Lgs 152/1997 art. 2). */
  estero: z
    .strictObject({
      paese: zText(120).nullable().optional(),
      dal: zDate.nullable().optional(),
      al: zDate.nullable().optional(),
      valuta: zText(60).nullable().optional(),
      prestazioni: zText(500).nullable().optional(),
      rimpatrio: zText(500).nullable().optional(),
      distacco: z.boolean().nullable().optional(),
      retribuzione_ospitante: zText(500).nullable().optional(),
      indennita_rimborsi: zText(500).nullable().optional(),
      sito_istituzionale: zText(300).nullable().optional(),
    })
    .nullable()
    .optional(),
  sede_id: zId.nullable().optional(),
  mansione_id: zId.nullable().optional(),
  ccnl_id: zId.nullable().optional(),
  livello: zCode(10).nullable().optional(),
  qualifica: ZQualifica.nullable().optional(),
  superminimo: zImportoMensile.nullable().optional(),
  /** The worker's residence or domicile (art. 1 c. 1 lett. a). */
  residenza: zText(200).nullable().optional(),
  /** No fixed workplace: several places, or the worker's choice (lett. b). */
  luogo_non_fisso: z.enum(['luoghi_diversi', 'libero']).nullable().optional(),
  /** The document's date and place; by default today and the workplace's comune. */
  data_documento: zDate.nullable().optional(),
  luogo_documento: zText(80).nullable().optional(),
});
export type TDatiDocumento = z.infer<typeof ZDatiDocumento>;

export const ZDocumento = z.strictObject({ dipendente_id: zId, modello_id: zId, dati: ZDatiDocumento.default({}) });
/** A new hire entered with the documents: the employee's record (hired on `dati.data_inizio`). */
export const ZNuovoDipendente = z.strictObject({
  matricola: zCode(20),
  cognome: zRequiredText(80),
  nome: zRequiredText(80),
  codice_fiscale: z.string().trim().toUpperCase().refine(isValidCodiceFiscale, { message: FIELD_KEYS.codiceFiscale }),
  email: zEmail.nullable().optional(),
  reparto_id: zId.nullable().optional(),
});
export type TNuovoDipendente = z.infer<typeof ZNuovoDipendente>;
/** The generation screen's check and preview: for an employee, or for a new hire not stored yet. Stores nothing. */
export const ZAnteprima = z
  .strictObject({
    dipendente_id: zId.nullable().optional(),
    nuovo: ZNuovoDipendente.nullable().optional(),
    modello_ids: z.array(zId).min(1, { message: FIELD_KEYS.required }).max(10),
    dati: ZDatiDocumento.default({}),
  })
  .refine((v) => !!v.dipendente_id !== !!v.nuovo, { path: ['dipendente_id'], message: FIELD_KEYS.required });
export const ZAssunzione = z.strictObject({ nuovo: ZNuovoDipendente, modello_ids: z.array(zId).min(1, { message: FIELD_KEYS.required }).max(10), dati: ZDatiDocumento });

export const ZParagrafo = z.object({ stile: z.enum(['titolo', 'sottotitolo', 'testo']), testo: z.string() });
export const ZAnteprimaRisposta = z.object({
  /** Of the hiring letters among the templates: what D.Lgs 152/1997 art. 1 wants and the data lack (checklist). */
  mancanti: z.array(z.string()),
  rinvio_ccnl: z.array(z.string()),
  documenti: z.array(z.object({ modello_id: z.number(), descrizione: z.string(), lettera_assunzione: z.boolean(), paragrafi: z.array(ZParagrafo) })),
});

export const ZInvioRow = z.object({ indirizzo: z.string(), inviato_il: z.string(), inviato_da: zNullableText });
export const ZDocumentoRow = z.object({
  id: z.number(), dipendente_id: z.number(), modello_id: z.number(), descrizione: z.string(), modello_versione: z.number(), tipo_documento: zNullableText,
  /** SHA-256 of the DOCX and of the PDF, hex. */
  sha256: z.string(), sha256_pdf: z.string(),
  creato_il: z.string(), creato_da: zNullableText,
  firmato: z.object({ nome: z.string(), caricato_il: z.string(), caricato_da: zNullableText }).nullable(),
  invii: z.array(ZInvioRow),
});
export type TDocumentoRow = z.infer<typeof ZDocumentoRow>;
export const ZDocumentoDettaglio = ZDocumentoRow.extend({ dati: z.record(z.string(), z.unknown()) });
export const ZAssunzioneRisposta = z.object({ dipendente_id: z.number(), contratto_id: z.number(), documenti: z.array(ZDocumentoRow) });
export const ZFirmato = z.strictObject({ file_id: z.uuid({ message: FIELD_KEYS.invalid }) });
export const ZInvio = z.strictObject({ documento_ids: z.array(zId).min(1, { message: FIELD_KEYS.required }).max(20), indirizzo: zEmail.nullable().optional() });
