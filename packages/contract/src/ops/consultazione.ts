/**
 * The operations of module consultazione (issue #13): the timecard engine's views. The timecard and its month's
 * closing, the presence board, the totals and the payroll export, the service calendar
 * (`/api/turni/calendario*`, tag turni) and the punch screens' days and anomalies (`/api/timbrature/giorni`,
 * `/api/timbrature/anomalie`, tag timbrature): they combine lower modules, so they live in consultazione, the higher
 * one, whatever their path says (docs/ARCHITECTURE.md).
 */
import { z } from 'zod';
import { defineOperations, zAnswer, zDict } from '../operation';
import { zDate, zId, zNullableText, zText } from '../schemas/common';
import { ZCalendarioCella, ZCalendarioQuery, ZCalendarioRotazione, ZCartellinoQuery, ZMeseBody, ZMinutiGiorno, ZRisultatoGiorno, ZTotalizQuery, zMese } from '../schemas/presenze';
import { ZTimbratura } from './timbrature';
import { ZPagheExportQuery, ZTracciato, ZTracciatoRow } from '../schemas/paghe';
import { defineResourceOps } from '../resource';

const CARTELLINO = { routes: ['cartellino'] };
/** Closing and reopening a month, the payroll export: HR, over everyone. */
const HR = { routes: ['cartellino', 'totaliz'], scopes: ['tutti'] } as const satisfies { routes: string[]; scopes: 'tutti'[] };
const TOTALIZ = { routes: ['totaliz'] };
const CALENDARIO = { routes: ['turni.calendario'] };
const CALENDARIO_WRITE = { routes: ['turni.calendario'], scopes: ['tutti', 'reparto'] } as const satisfies { routes: string[]; scopes: ('tutti' | 'reparto')[] };
const PUNCH_SCREENS = ['timbrature.calendario'];

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// ---- the timecard engine's day and month -------------------------------------------------------------------------

/** An employee as the views name them: the department is the one of the period (null when none). */
export const ZDipendenteRef = z.object({ id: z.number(), matricola: z.string(), cognome: z.string(), nome: z.string(), reparto_descrizione: zNullableText });
export type TDipendenteRef = z.infer<typeof ZDipendenteRef>;

const minuti = ZMinutiGiorno.shape;

/**
 * A punch shown on a day: the valid ones the engine attributed to it, and the cancelled ones of its date. `differita`:
 * the device's time of a punch that reached the server over 2 minutes late (queued offline), else null.
 */
export const ZTimbraturaGiorno = ZTimbratura.pick({ id: true, ts: true, verso: true, fonte: true }).extend({
  manuale: z.boolean(),
  stato: ZTimbratura.shape.stato,
  differita: zNullableText,
});
export type TTimbraturaGiorno = z.infer<typeof ZTimbraturaGiorno>;

/** A day of the timecard: the engine's result (minutes, leave, anomaly codes, worked pairs) with its shift and punches. */
export const ZGiornoCartellino = z.object({
  data: z.string(),
  ...ZRisultatoGiorno.shape,
  tipo_giorno: z.enum(['lavorativo', 'riposo', 'festivo']),
  festivita: zNullableText,
  turno: z.object({ id: z.number(), codice: z.string(), descrizione: z.string(), colore: z.string() }).nullable(),
  timbrature: z.array(ZTimbraturaGiorno),
  /** A manual or cancelled punch on the day. */
  modificato: z.boolean(),
});
export type TGiornoCartellino = z.infer<typeof ZGiornoCartellino>;

/** A month's totals: minutes, days worked, minutes per leave code and days per anomaly code (maps keyed by data). */
export const ZTotaliMese = z.object({
  ...minuti,
  giorni_lavorati: z.number(),
  per_causale: zDict(z.number()),
  anomalie: zDict(z.number()),
});
export type TTotaliMese = z.infer<typeof ZTotaliMese>;

export const ZCartellino = z.object({
  dipendente: ZDipendenteRef,
  mese: z.string(),
  chiuso: z.boolean(),
  giorni: z.array(ZGiornoCartellino),
  totali: ZTotaliMese,
});
export type TCartellino = z.infer<typeof ZCartellino>;

// ---- presence now ------------------------------------------------------------------------------------------------

/** In the order a day goes: at work, late, expected, out for a while, done, on leave, absent, resting. */
export const STATI_PRESENZA = ['presente', 'in_ritardo', 'atteso', 'uscito', 'turno_concluso', 'assente_giustificato', 'assente', 'riposo'] as const;
export type StatoPresenza = (typeof STATI_PRESENZA)[number];

export const ZContatoriPresenze = z.object({
  presenti: z.number(),
  in_ritardo: z.number(),
  attesi: z.number(),
  usciti: z.number(),
  turno_concluso: z.number(),
  assenti_giustificati: z.number(),
  assenti: z.number(),
  riposo: z.number(),
  totale: z.number(),
});
export type TContatoriPresenze = z.infer<typeof ZContatoriPresenze>;

/** The counter of the board that counts each state. */
export const CONTATORE_DI: Record<StatoPresenza, Exclude<keyof TContatoriPresenze, 'totale'>> = {
  presente: 'presenti', in_ritardo: 'in_ritardo', atteso: 'attesi', uscito: 'usciti', turno_concluso: 'turno_concluso',
  assente_giustificato: 'assenti_giustificati', assente: 'assenti', riposo: 'riposo',
};

export const ZRigaPresenza = z.object({
  dipendente: ZDipendenteRef,
  stato: z.enum(STATI_PRESENZA),
  /** The last valid punch, when it counts for today (an entry still open, or made today). */
  ultima_timbratura: z.object({ ts: z.string(), verso: ZTimbratura.shape.verso }).nullable(),
  /** The leave code of who is on leave: only for who manages leave (health data, GDPR art. 9), else null. */
  causale: zNullableText,
  /** Today's shift code. */
  turno: zNullableText,
});
export type TRigaPresenza = z.infer<typeof ZRigaPresenza>;

/**
 * One page of the board (issue #12 §17): the server works out everyone's state in one SQL pass and sends the counters
 * of the whole board (the department filter applies, the state filter and the search do not: the counters are the
 * state filter's chips), the departments to filter by, and the rows of the page asked.
 */
export const ZPresenze = z.object({
  /** The company's wall clock when the board was read. */
  aggiornato_il: z.string(),
  contatori: ZContatoriPresenze,
  /** The departments of the employees on the board (before the department filter), by description. */
  reparti: z.array(z.object({ id: z.number(), descrizione: z.string() })),
  /** The rows matching the state filter and the search. */
  total: z.number(),
  rows: z.array(ZRigaPresenza),
});
export type TPresenze = z.infer<typeof ZPresenze>;

/** The columns the board sorts by, each ascending or (`-`) descending; ties go by surname, name and id. */
export const ORDINI_PRESENZE = ['dipendente', '-dipendente', 'matricola', '-matricola', 'reparto', '-reparto', 'stato', '-stato', 'ultima', '-ultima'] as const;
export type OrdinePresenze = (typeof ORDINI_PRESENZE)[number];
export const PRESENZE_MAX_SIZE = 500;

export const ZPresenzeQuery = z.object({
  reparto_id: zId.optional(),
  stato: z.enum(STATI_PRESENZA).optional(),
  /** Words that must all appear in the surname, the name or the number (case and accents aside). */
  search: zText(100).optional(),
  sort: z.enum(ORDINI_PRESENZE).default('dipendente'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(PRESENZE_MAX_SIZE).default(50),
});
export type TPresenzeQuery = z.infer<typeof ZPresenzeQuery>;

// ---- totals ------------------------------------------------------------------------------------------------------

export const ZTotaliz = z.object({
  mese: z.string(),
  chiuso: z.boolean(),
  /** Every leave code in the month's totals, sorted: the table's columns. */
  causali: z.array(z.string()),
  righe: z.array(z.object({ dipendente: ZDipendenteRef, totali: ZTotaliMese })),
});
export type TTotaliz = z.infer<typeof ZTotaliz>;

const ZPagheQuery = z.object({ mese: zMese, formato: z.enum(['csv', 'xml']).default('csv') });

// ---- the Libro Unico del Lavoro's presence calendar (D.L. 112/2008 art. 39; D.M. 9/7/2008) ----------------------

/** HR and administrators everyone, an employee their own copy (scoped like the timecard). */
const LUL = { routes: ['lul'] };
export const ZLulQuery = z.object({ mese: zMese, dipendente_id: zId });
export const ZLulPdfQuery = z.object({ mese: zMese, dipendente_id: zId.optional(), reparto_id: zId.optional() });
const ZLulCausale = z.object({ codice: z.string(), minuti: z.number() });
/** A day's minutes as paid (after the shift's rounding: the timecard's), and each leave code with the minutes it covered. */
export const ZLulGiorno = z.object({
  data: z.string(), ordinario: z.number(), straordinario: z.number(), supplementare: z.number(), notturno: z.number(), causali: z.array(ZLulCausale),
});
export const ZLul = z.object({
  dipendente: ZDipendenteRef.extend({ codice_fiscale: zNullableText, data_assunzione: z.string(), data_cessazione: zNullableText }),
  mese: z.string(),
  giorni: z.array(ZLulGiorno),
  totali: z.object({
    ordinario: z.number(), straordinario: z.number(), supplementare: z.number(), notturno: z.number(), giorni_lavorati: z.number(), causali: z.array(ZLulCausale),
  }),
});
export type TLul = z.infer<typeof ZLul>;

// ---- service calendar --------------------------------------------------------------------------------------------

/** A day of an employee in the service calendar: the shift (from the calendar or the weekly schedule) and the leave over it. */
export const ZCellaCalendario = z.object({
  turno_id: z.number().nullable(),
  codice: zNullableText,
  colore: zNullableText,
  origine: z.enum(['orario', 'calendario', 'nessuno']),
  /** Approved or pending leave over the day. */
  giustificativo: z.object({ codice: z.string(), colore: z.string(), stato: z.string() }).nullable(),
});
export type TCellaCalendario = z.infer<typeof ZCellaCalendario>;

/** Fewer than 11 hours between two shifts (D.Lgs. 66/2003 art. 7): `message` is a translation key. */
export const ZAvvisoRiposo = z.object({ dipendente_id: z.number(), data: z.string(), message: z.string(), params: z.object({ ore: z.string() }) });
export type TAvvisoRiposo = z.infer<typeof ZAvvisoRiposo>;

export const ZCalendario = z.object({
  giorni: z.array(z.object({ data: z.string(), festivo: z.boolean(), festivita: z.string().optional() })),
  righe: z.array(
    z.object({
      dipendente: z.object({
        id: z.number(), matricola: z.string(), cognome: z.string(), nome: z.string(), reparto_id: z.number().nullable(), cdc_id: z.number().nullable(),
        reparto_descrizione: zNullableText, data_assunzione: z.string(), data_cessazione: zNullableText,
      }),
      /** Keyed by the period's dates. */
      celle: zDict(ZCellaCalendario),
    }),
  ),
  avvisi: z.array(ZAvvisoRiposo),
});
export type TCalendario = z.infer<typeof ZCalendario>;

// ---- the punch screens' days and anomalies -----------------------------------------------------------------------

export const ZAnomaliaGiorno = z.object({
  dipendente: ZDipendenteRef,
  data: z.string(),
  anomalie: z.array(z.string()),
  timbrature: z.array(ZTimbraturaGiorno),
  turno: ZGiornoCartellino.shape.turno,
});
export type TAnomaliaGiorno = z.infer<typeof ZAnomaliaGiorno>;

export const OPS_CONSULTAZIONE = defineOperations({
  cartellino: {
    method: 'GET', path: '/api/cartellino', tag: 'consultazione', summary: 'Cartellino di un dipendente per un mese',
    access: CARTELLINO, query: ZCartellinoQuery, responses: { 200: ZCartellino },
  },
  cartellinoPdf: {
    method: 'GET', path: '/api/cartellino/pdf', tag: 'consultazione', summary: 'Cartellino: stampa PDF',
    access: CARTELLINO, query: ZCartellinoQuery, responses: { file: 'application/pdf' },
  },
  cartellinoExcel: {
    method: 'GET', path: '/api/cartellino/excel', tag: 'consultazione', summary: 'Cartellino: esportazione Excel',
    access: CARTELLINO, query: ZCartellinoQuery, responses: { file: XLSX },
  },
  chiudiMese: {
    method: 'POST', path: '/api/cartellino/chiusura', tag: 'consultazione', summary: 'Chiusura di un mese',
    access: HR, body: ZMeseBody, responses: { 200: zAnswer(z.object({ mese: z.string(), chiuso: z.boolean() })) },
  },
  riapriMese: {
    method: 'DELETE', path: '/api/cartellino/chiusura/:mese', tag: 'consultazione', summary: 'Riapertura di un mese',
    access: HR, params: z.strictObject({ mese: zMese }), responses: { 204: null },
  },
  presenze: {
    method: 'GET', path: '/api/presenze', tag: 'consultazione', summary: 'Presenti e assenti ora',
    access: { routes: ['presentiassenti'] }, query: ZPresenzeQuery, responses: { 200: ZPresenze },
  },
  presenzeReparto: {
    method: 'GET', path: '/api/presenze/reparto', tag: 'consultazione', summary: 'Presenti e assenti ora, nei reparti dell’utente',
    access: { routes: ['presentireparto'] }, query: ZPresenzeQuery, responses: { 200: ZPresenze },
  },
  totaliz: {
    method: 'GET', path: '/api/totaliz', tag: 'consultazione', summary: 'Riepilogo totalizzatori di un mese',
    access: TOTALIZ, query: ZTotalizQuery, responses: { 200: ZTotaliz },
  },
  totalizExcel: {
    method: 'GET', path: '/api/totaliz/excel', tag: 'consultazione', summary: 'Riepilogo totalizzatori: esportazione Excel',
    access: TOTALIZ, query: ZTotalizQuery, responses: { file: XLSX },
  },
  /** One record per employee × day × payroll code, only for a closed month: CSV, or XML (`application/xml`) with `formato=xml`. */
  paghe: {
    method: 'GET', path: '/api/totaliz/paghe', tag: 'consultazione', summary: 'Esportazione per le paghe di un mese chiuso',
    access: { routes: ['totaliz'], scopes: ['tutti'] }, query: ZPagheQuery, responses: { file: 'text/csv' },
  },
  /** The month's file in a payroll layout (issue #31 §4): CSV or fixed width, as the layout says; only for a closed month. */
  esportaTracciato: {
    method: 'GET', path: '/api/paghe/export', tag: 'consultazione', summary: 'Esportazione per le paghe di un mese chiuso in un tracciato',
    access: { routes: ['totaliz'], scopes: ['tutti'] }, query: ZPagheExportQuery, responses: { file: 'text/plain' },
  },
  /** The months closed for payroll, latest first: the months that have a Libro Unico (the screen opens the latest). */
  lulMesi: {
    method: 'GET', path: '/api/lul/mesi', tag: 'consultazione', summary: 'Libro Unico del Lavoro: i mesi chiusi, dal più recente',
    access: LUL, responses: { 200: z.array(z.string()) },
  },
  /** Only for a closed month (409 avvisi.mese_non_chiuso): the figures of the Libro Unico no longer change. */
  lul: {
    method: 'GET', path: '/api/lul', tag: 'consultazione', summary: 'Libro Unico del Lavoro: calendario presenze di un dipendente in un mese chiuso',
    access: LUL, query: ZLulQuery, responses: { 200: ZLul },
  },
  /** One page per employee in scope (or one employee, one department), only for a closed month. */
  lulPdf: {
    method: 'GET', path: '/api/lul/pdf', tag: 'consultazione', summary: 'Libro Unico del Lavoro: stampa PDF del calendario presenze',
    access: LUL, query: ZLulPdfQuery, responses: { file: 'application/pdf' },
  },
  calendario: {
    method: 'GET', path: '/api/turni/calendario', tag: 'turni', summary: 'Calendario servizi: turni e giustificativi di un periodo',
    access: CALENDARIO, query: ZCalendarioQuery, responses: { 200: ZCalendario },
  },
  assegnaTurno: {
    method: 'PUT', path: '/api/turni/calendario', tag: 'turni', summary: 'Calendario servizi: turno di un giorno',
    access: CALENDARIO_WRITE, body: ZCalendarioCella,
    // the day's cell as it now reads, and the rest warnings of the day and its neighbours
    responses: { 201: zAnswer(ZCellaCalendario.nullable()).extend({ avvisi: z.array(ZAvvisoRiposo) }) },
  },
  ripristinaOrario: {
    method: 'DELETE', path: '/api/turni/calendario/:dipendente_id/:data', tag: 'turni', summary: 'Calendario servizi: ritorno all’orario settimanale',
    access: CALENDARIO_WRITE, params: z.strictObject({ dipendente_id: zId, data: zDate }), responses: { 204: null },
  },
  rotazione: {
    method: 'PUT', path: '/api/turni/calendario/rotazione', tag: 'turni', summary: 'Calendario servizi: rotazione di turni',
    access: CALENDARIO_WRITE, body: ZCalendarioRotazione, responses: { 201: zAnswer(z.object({ celle: z.number() })) },
  },
  calendarioExcel: {
    method: 'GET', path: '/api/turni/calendario/excel', tag: 'turni', summary: 'Calendario servizi: esportazione Excel',
    access: CALENDARIO, query: ZCalendarioQuery, responses: { file: XLSX },
  },
  giorni: {
    method: 'GET', path: '/api/timbrature/giorni', tag: 'timbrature', summary: 'Giornate di un mese con timbrature e anomalie',
    access: { routes: [...PUNCH_SCREENS, 'cartellino'] }, query: z.object({ dipendente_id: zId.optional(), mese: zMese }),
    responses: { 200: z.array(ZGiornoCartellino) },
  },
  anomalie: {
    method: 'GET', path: '/api/timbrature/anomalie', tag: 'timbrature', summary: 'Anomalie aperte',
    access: { routes: PUNCH_SCREENS, scopes: ['tutti', 'reparto'] }, query: z.object({ dal: zDate, al: zDate, reparto_id: zId.optional() }),
    responses: { 200: z.array(ZAnomaliaGiorno) },
  },
});

/**
 * The payroll layouts (issue #31 §4): administrators and HR edit them; whoever exports the payroll file picks one.
 * Reference data, no one's record: their names are a lookup for every logged-in user.
 */
export const RES_TRACCIATI_PAGHE = defineResourceOps({
  name: 'tracciati_paghe', label: ['Tracciato paghe', 'Tracciati paghe'], path: '/api/paghe/tracciati', tag: 'consultazione',
  row: ZTracciatoRow, input: ZTracciato, read: ['paghe.tracciati', 'totaliz'], write: ['paghe.tracciati'], writeScopes: ['tutti'], lookupForAll: true,
});
