/**
 * Job orders (issue #14): customers, orders and their phases, who may see and book on an order, the associations of
 * phases, roles and people, the weekly plan against capacity, and the order's report. Durations are integer minutes,
 * money integer cents (EUR).
 */
import { z } from 'zod';
import { INDIRIZZO, zCodiceFiscaleImpresa, zPartitaIva } from './anagrafica';
import { FIELD_KEYS, zCode, zDate, zEmail, zId, zNullableText, zRequiredText, zText } from './common';

/** Minutes: a whole, non-negative number (a year of a person's time fits many times over). */
export const zMinuti = z.number({ message: FIELD_KEYS.invalid }).int({ message: 'avvisi.regola_non_valida' }).min(0, { message: 'avvisi.regola_negativa' }).max(100_000_000);
/** An amount in cents of EUR, never negative (a budget, an hourly cost). */
export const zCentesimi = z.number({ message: FIELD_KEYS.invalid }).int({ message: FIELD_KEYS.invalid }).min(0, { message: 'avvisi.regola_negativa' }).max(1_000_000_000_000);

export const STATI_COMMESSA = ['aperta', 'sospesa', 'chiusa'] as const;
export const ZStatoCommessa = z.enum(STATI_COMMESSA);
export type TStatoCommessa = z.infer<typeof ZStatoCommessa>;
export const STATI_FASE = ['aperta', 'chiusa'] as const;

// ---- customers ---------------------------------------------------------------------------------------------------

export const ZCliente = z.strictObject({
  ragione_sociale: zRequiredText(160),
  partita_iva: zPartitaIva.nullable().optional(),
  codice_fiscale: zCodiceFiscaleImpresa.nullable().optional(),
  ...INDIRIZZO,
  referente: zText(120).nullable().optional(),
  email: zEmail.nullable().optional(),
  telefono: z.string().trim().regex(/^[+\d][\d\s./-]{4,24}$/, { message: 'avvisi.telefono_non_valido' }).nullable().optional(),
  attivo: z.boolean().default(true),
});
export const ZClienteRow = z.object({
  id: z.number(), ragione_sociale: z.string(), partita_iva: zNullableText, codice_fiscale: zNullableText, indirizzo: zNullableText, cap: zNullableText,
  comune: zNullableText, provincia: zNullableText, referente: zNullableText, email: zNullableText, telefono: zNullableText, attivo: z.boolean(),
});

// ---- orders and phases -------------------------------------------------------------------------------------------

export const ZFase = z.strictObject({
  /** Present for a phase already stored (kept), absent for a new one; a stored phase left out is deleted. */
  id: zId.optional(),
  codice: zCode(20),
  descrizione: zRequiredText(120),
  /** Order of execution; absent: the phase's place in the list. */
  ordine: z.number().int().min(1).max(999).optional(),
  minuti_previsti: zMinuti.nullable().optional(),
  /** Whether bookings on it record quantities produced and scrapped. */
  quantita: z.boolean().default(false),
  stato: z.enum(STATI_FASE).default('aperta'),
});
export const ZFaseRow = z.object({
  id: z.number(), codice: z.string(), descrizione: z.string(), ordine: z.number(), minuti_previsti: z.number().nullable(), quantita: z.boolean(),
  stato: z.enum(STATI_FASE),
});
export type TFaseRow = z.infer<typeof ZFaseRow>;

export const ZCommessa = z
  .strictObject({
    codice: zCode(30),
    descrizione: zRequiredText(200),
    cliente_id: zId.nullable().optional(),
    stato: ZStatoCommessa.default('aperta'),
    data_inizio: zDate,
    data_fine: zDate.nullable().optional(),
    minuti_budget: zMinuti.nullable().optional(),
    costo_budget: zCentesimi.nullable().optional(),
    fatturabile: z.boolean().default(true),
    capo_commessa_id: zId.nullable().optional(),
    cdc_id: zId.nullable().optional(),
    note: zText(2000).nullable().optional(),
    /** Left out of an update, the phases stay as they are. */
    fasi: z.array(ZFase).max(200).optional(),
  })
  .refine((c) => !c.data_fine || c.data_fine >= c.data_inizio, { message: 'avvisi.fine_prima_inizio', path: ['data_fine'] })
  .refine((c) => new Set((c.fasi ?? []).map((f) => f.codice.toUpperCase())).size === (c.fasi ?? []).length, {
    message: 'avvisi.fase_ripetuta',
    path: ['fasi'],
  })
  .transform((c) => (c.fasi ? { ...c, fasi: c.fasi.map((f, i) => ({ ...f, ordine: f.ordine ?? i + 1 })) } : c));
export type TCommessaInput = z.input<typeof ZCommessa>;

export const ZCommessaRow = z.object({
  id: z.number(), codice: z.string(), descrizione: z.string(), cliente_id: z.number().nullable(), cliente_ragione_sociale: zNullableText,
  stato: ZStatoCommessa, data_inizio: z.string(), data_fine: zNullableText, minuti_budget: z.number().nullable(), costo_budget: z.number().nullable(),
  fatturabile: z.boolean(), capo_commessa_id: z.number().nullable(), capo_commessa_nome: zNullableText, cdc_id: z.number().nullable(), note: zNullableText,
  visibile_tutti: z.boolean(), fasi: z.array(ZFaseRow),
});
export type TCommessaRow = z.infer<typeof ZCommessaRow>;

/**
 * One row of an order import, the way an ERP exports them: one line per phase, the order's columns repeated on each
 * (the first line of an order gives them). Hours are decimal ("12,5"), the budget cost in euros ("1.250,00").
 */
const zNumero = z.union([z.number(), z.string().trim().regex(/^\d{1,9}([.,]\d{1,2})?$|^\d{1,3}(\.\d{3})+(,\d{1,2})?$/, { message: FIELD_KEYS.invalid })]);
export const ZCommessaImportRiga = z.strictObject({
  commessa: zCode(30),
  descrizione: zRequiredText(200),
  /** The customer's partita IVA or ragione sociale, as stored. */
  cliente: zText(160).optional(),
  stato: ZStatoCommessa.default('aperta'),
  data_inizio: zDate,
  data_fine: zDate.optional(),
  ore_budget: zNumero.optional(),
  costo_budget: zNumero.optional(),
  /** The capo commessa's matricola. */
  capo_commessa: zCode(20).optional(),
  fase: zCode(20).optional(),
  fase_descrizione: zText(120).optional(),
  fase_ore_previste: zNumero.optional(),
});
export type TCommessaImportRiga = z.infer<typeof ZCommessaImportRiga>;
/** The columns of the order import, in their documented order. */
export const COLONNE_IMPORT_COMMESSE = Object.keys(ZCommessaImportRiga.shape) as (keyof TCommessaImportRiga)[];

// ---- visibility --------------------------------------------------------------------------------------------------

export const ZVisibilita = z.strictObject({
  tutti: z.boolean(),
  reparti: z.array(zId).max(500).default([]),
  mansioni: z.array(zId).max(500).default([]),
  dipendenti: z.array(zId).max(5000).default([]),
});
export type TVisibilita = z.infer<typeof ZVisibilita>;
export const ZVisibilitaLetta = z.object({ tutti: z.boolean(), reparti: z.array(z.number()), mansioni: z.array(z.number()), dipendenti: z.array(z.number()) });
/** Why someone sees an order: the rules that match (any one admits), or being its capo commessa or on its team. */
export const MOTIVI_VISIBILITA = ['tutti', 'reparto', 'mansione', 'dipendente', 'capo', 'team'] as const;
export const ZMotivoVisibilita = z.enum(MOTIVI_VISIBILITA);
export const ZPersonaVisibilita = z.object({
  id: z.number(), matricola: z.string(), cognome: z.string(), nome: z.string(), reparto_descrizione: zNullableText, mansione_descrizione: zNullableText,
  motivi: z.array(ZMotivoVisibilita),
});
export const ZCommessaVisibile = z.object({
  id: z.number(), codice: z.string(), descrizione: z.string(), stato: ZStatoCommessa, cliente_ragione_sociale: zNullableText, motivi: z.array(ZMotivoVisibilita),
});

// ---- associations ------------------------------------------------------------------------------------------------

export const ZAssociazioni = z
  .strictObject({
    fasi: z
      .array(
        z.strictObject({
          fase_id: zId,
          mansioni: z
            .array(z.strictObject({ mansione_id: zId, costo_orario: zCentesimi.nullable().optional(), predefinita: z.boolean().default(false) }))
            .max(200),
        }),
      )
      .max(200),
    team: z.array(zId).max(2000).default([]),
  })
  .refine(
    (a) => {
      // one default phase per role within an order
      const defaults = a.fasi.flatMap((f) => f.mansioni.filter((m) => m.predefinita).map((m) => m.mansione_id));
      return new Set(defaults).size === defaults.length;
    },
    { message: 'avvisi.predefinita_ripetuta', path: ['fasi'] },
  );
export type TAssociazioni = z.infer<typeof ZAssociazioni>;
export const ZAssociazioniLette = z.object({
  commessa_id: z.number(),
  capo_commessa_id: z.number().nullable(),
  fasi: z.array(
    z.object({
      fase_id: z.number(), codice: z.string(), descrizione: z.string(),
      mansioni: z.array(z.object({ mansione_id: z.number(), mansione_descrizione: z.string(), costo_orario: z.number().nullable(), predefinita: z.boolean() })),
    }),
  ),
  team: z.array(z.object({ dipendente_id: z.number(), matricola: z.string(), nome: z.string(), reparto_descrizione: zNullableText })),
});
export const ZApplicaAssociazioni = z.strictObject({ da: zId, a: z.array(zId).min(1).max(500), team: z.boolean().default(false) });
export const ZApplicaEsito = z.object({ commesse: z.number(), associazioni: z.number(), fasi_mancanti: z.array(z.string()) });

export const ZCostoMansione = z.object({ mansione_id: z.number(), codice: z.string(), descrizione: z.string(), costo_orario: z.number().nullable() });
export const ZCostiMansione = z.strictObject({
  costi: z.array(z.strictObject({ mansione_id: zId, costo_orario: zCentesimi.nullable() })).min(1).max(500),
});

// ---- planning ----------------------------------------------------------------------------------------------------

export const ZPianificazioneQuery = z.object({
  /** Any day: the grid starts on the Monday of its week. */
  dal: zDate,
  settimane: z.coerce.number().int().min(1).max(26).default(8),
  reparto_id: zId.optional(),
  commessa_id: zId.optional(),
  capo_commessa_id: zId.optional(),
  dipendente_id: zId.optional(),
  search: zText(100).optional(),
});
export type TPianificazioneQuery = z.infer<typeof ZPianificazioneQuery>;
/** One assignment of a cell: its own figures, its order and phase by id (the grid's `commesse` and `fasi` name them). */
export const ZAssegnazione = z.object({ id: z.number(), commessa_id: z.number(), fase_id: z.number().nullable(), minuti: z.number() });
export type TAssegnazione = z.infer<typeof ZAssegnazione>;
/** One employee's week. */
export const ZCellaPianificazione = z.object({
  settimana: z.string(),
  /** Theoretical minutes of the week's shifts, less approved leave and holidays. */
  capacita: z.number(),
  /** Planned on every order, also when the grid is filtered by order: overbooking is about the person. */
  pianificati: z.number(),
  registrati: z.number(),
  /** The week's assignments on the orders asked for, by order code, then phase (its place in the order; none last), then id. */
  assegnazioni: z.array(ZAssegnazione),
});
export type TCellaPianificazione = z.infer<typeof ZCellaPianificazione>;
/** An order named by the grid's assignments. */
export const ZCommessaPianificata = z.object({ id: z.number(), codice: z.string(), descrizione: z.string(), stato: ZStatoCommessa });
export type TCommessaPianificata = z.infer<typeof ZCommessaPianificata>;
/** A phase named by the grid's assignments, with its place in the order. */
export const ZFasePianificata = z.object({ id: z.number(), commessa_id: z.number(), codice: zNullableText, ordine: z.number() });
export type TFasePianificata = z.infer<typeof ZFasePianificata>;
/**
 * The grid: employees by weeks, each cell with its assignments; the orders and phases they name once each (issue #30).
 * 500 people over 12 weeks hold some 12,000 assignments: with their order's and phase's labels, their employee and
 * their week repeated on each, the answer was 3 MB, and building and sending it cost more than reading it.
 */
export const ZPianificazioneGriglia = z.object({
  settimane: z.array(z.string()),
  righe: z.array(
    z.object({
      dipendente: z.object({ id: z.number(), matricola: z.string(), cognome: z.string(), nome: z.string(), reparto_descrizione: zNullableText }),
      /** One a week, in the order of `settimane`. */
      celle: z.array(ZCellaPianificazione),
    }),
  ),
  /** The orders of the assignments, by code. */
  commesse: z.array(ZCommessaPianificata),
  /** The phases of the assignments, by order code, then place in the order. */
  fasi: z.array(ZFasePianificata),
});
export type TPianificazioneGriglia = z.infer<typeof ZPianificazioneGriglia>;
export const ZPianificazioneBody = z.strictObject({
  righe: z
    .array(
      z.strictObject({
        commessa_id: zId,
        fase_id: zId.nullable().optional(),
        dipendente_id: zId,
        /** The Monday of the week. */
        settimana: zDate,
        /** 0 removes the assignment. */
        minuti: zMinuti,
      }),
    )
    .min(1)
    .max(5000),
});
export type TPianificazioneBody = z.infer<typeof ZPianificazioneBody>;

export const ZTimelineQuery = z.object({ dal: zDate, al: zDate, stato: ZStatoCommessa.optional(), capo_commessa_id: zId.optional() });
export const ZTimelineRiga = z.object({
  id: z.number(), codice: z.string(), descrizione: z.string(), stato: ZStatoCommessa, cliente_ragione_sociale: zNullableText, data_inizio: z.string(),
  data_fine: zNullableText, minuti_budget: z.number().nullable(), minuti_pianificati: z.number(), minuti_registrati: z.number(),
});

// ---- the order's report ------------------------------------------------------------------------------------------

/**
 * How the order report costs a booking (issue #18): at the hourly cost of the booker's job role (`mansione`: the phase's
 * association, else the role's standard cost), or at the employee's hourly pay on the booking's date (`retribuzione`:
 * the contratti module's rate) times a company overhead coefficient, 1.00–5.00 with two decimals.
 */
export const MODI_COSTO_ORARIO = ['mansione', 'retribuzione'] as const;
export const ZModoCostoOrario = z.enum(MODI_COSTO_ORARIO);
export type TModoCostoOrario = z.infer<typeof ZModoCostoOrario>;
const zCoefficiente = z
  .number({ message: 'avvisi.coefficiente_non_valido' })
  .min(1, { message: 'avvisi.coefficiente_non_valido' })
  .max(5, { message: 'avvisi.coefficiente_non_valido' })
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { message: 'avvisi.coefficiente_non_valido' });
export const ZParametriCommesse = z.strictObject({
  costo_orario: ZModoCostoOrario,
  coefficiente_costi_indiretti: zCoefficiente,
});
export type TParametriCommesse = z.infer<typeof ZParametriCommesse>;
export const PARAMETRI_COMMESSE_DEFAULT: TParametriCommesse = { costo_orario: 'mansione', coefficiente_costi_indiretti: 1.45 };

export const ZConsuntivo = z.object({
  commessa: z.object({ id: z.number(), codice: z.string(), descrizione: z.string(), stato: ZStatoCommessa, cliente_ragione_sociale: zNullableText }),
  minuti_budget: z.number().nullable(),
  costo_budget: z.number().nullable(),
  minuti_pianificati: z.number(),
  minuti_registrati: z.number(),
  costo_registrato: z.number(),
  fasi: z.array(
    z.object({
      fase_id: z.number(), codice: z.string(), descrizione: z.string(), minuti_previsti: z.number().nullable(), minuti_pianificati: z.number(),
      minuti_registrati: z.number(), costo_registrato: z.number(),
    }),
  ),
  settimane: z.array(z.object({ settimana: z.string(), minuti_pianificati: z.number(), minuti_registrati: z.number() })),
  /** How the labour cost was computed: the mode and coefficient in force when the report was asked. */
  costo_orario: ZModoCostoOrario,
  coefficiente_costi_indiretti: z.number(),
  /** In mode `retribuzione`, the recorded minutes costed at the job role's cost because no contract or pay table was in force on their date. */
  minuti_costo_mansione: z.number(),
});
export type TConsuntivo = z.infer<typeof ZConsuntivo>;
