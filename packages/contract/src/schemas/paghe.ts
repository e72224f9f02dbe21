/**
 * What the payroll export hands a payroll package (issue #31 §4): the month's movements by *kind* — the worked hours
 * by their kind, each leave by its causale's code, the money other modules pay through payroll by its payroll code —
 * and the layouts (*tracciati*) that write them as a package reads them.
 */
import { z } from 'zod';
import { FIELD_KEYS, zCode, zId, zRequiredText, zText } from './common';
import { zMese, type MinutiKey } from './presenze';

/**
 * The kinds of worked hours a payroll file carries: each with the timecard day's field it reads and the voice code
 * today's export writes when neither the setting `codici_paghe` nor a layout maps it. A new kind is one line here.
 */
export const ORE_PAGHE = {
  ordinari: { campo: 'minuti_ordinari', voce: 'ORD' },
  straordinari: { campo: 'minuti_straordinari', voce: 'STR' },
  // a part-timer's hours beyond the agreed ones, up to full time (D.Lgs 81/2015 art. 6)
  supplementari: { campo: 'minuti_supplementari', voce: 'SUP' },
  notturni: { campo: 'minuti_notturni', voce: 'NOT' },
  festivi: { campo: 'minuti_festivi', voce: 'FES' },
} as const satisfies Record<string, { campo: MinutiKey; voce: string }>;
export type GenereOre = keyof typeof ORE_PAGHE;
/** The kinds of worked hours, in the order a file writes them. */
export const GENERI_ORE = Object.keys(ORE_PAGHE) as GenereOre[];

/** What a movement is: worked hours of a kind, a leave by its causale's code, an amount by its payroll code. */
export const GRUPPI_MOVIMENTO = ['ore', 'causale', 'importo'] as const;
export type GruppoMovimento = (typeof GRUPPI_MOVIMENTO)[number];

// ---- payroll layouts (tracciati) -----------------------------------------------------------------------------------

/** A layout writes CSV (a separator, a header line or not) or fixed-width records (each field at its columns). */
export const TIPI_TRACCIATO = ['csv', 'fisso'] as const;
/** What a field of a record writes. */
export const CAMPI_TRACCIATO = ['codice_azienda', 'codice_dipendente', 'data', 'codice_voce', 'ore', 'importo', 'testo'] as const;
export type CampoTracciato = (typeof CAMPI_TRACCIATO)[number];
/**
 * The formats a field offers: a date's, the hours' (`hh,mm`: 7,30 is seven hours and a half; `centesimi`: hundredths
 * of an hour, 750; `minuti`: 450), the amount's (`centesimi`: 1250; `decimale`: 12,50).
 */
export const FORMATI_CAMPO = {
  data: ['AAAAMMGG', 'GGMMAAAA', 'GG/MM/AAAA', 'AAAA-MM-GG'],
  ore: ['hh,mm', 'centesimi', 'minuti'],
  importo: ['centesimi', 'decimale'],
} as const satisfies Partial<Record<CampoTracciato, readonly string[]>>;
export const SEPARATORI_CSV = [';', ',', '|', 'TAB'] as const;
export const CODIFICHE_TRACCIATO = ['utf-8', 'iso-8859-1'] as const;

const nullable = <T extends z.ZodType>(s: T) => s.nullable().optional();

/**
 * One field of a record. CSV: `intestazione` names its column in the header line. Fixed width: `inizio` (the first
 * column, from 1) and `lunghezza`, aligned left or right and padded with spaces or zeros (numbers default to the right).
 */
export const ZCampoTracciato = z.strictObject({
  tipo: z.enum(CAMPI_TRACCIATO),
  intestazione: nullable(zText(40)),
  formato: nullable(z.string().max(20)),
  /** A `testo` field's fixed text. */
  valore: nullable(zText(200)),
  inizio: nullable(z.number().int().min(1).max(2000)),
  lunghezza: nullable(z.number().int().min(1).max(200)),
  allineamento: nullable(z.enum(['sinistra', 'destra'])),
  riempimento: nullable(z.enum(['spazio', 'zero'])),
});
export type TCampoTracciato = z.infer<typeof ZCampoTracciato>;

/** A kind of movement (its group and key: `ore`/straordinari, `causale`/FER, `importo`/RS_VITTO) and the package's voice code. */
export const ZVoceTracciato = z.strictObject({ gruppo: z.enum(GRUPPI_MOVIMENTO), genere: zCode(40), voce: zRequiredText(20) });
export type TVoceTracciato = z.infer<typeof ZVoceTracciato>;
/** An employee's code in the payroll package, where it is not the matricola. */
export const ZCodiceDipendenteTracciato = z.strictObject({ matricola: zCode(20), codice: zRequiredText(20) });

/** Where a field ends (exclusive), when it has its columns. */
const fine = (c: TCampoTracciato) => (c.inizio ?? 0) + (c.lunghezza ?? 0);

/**
 * A payroll layout as written. Unmapped kinds are written with today's voice code (the setting `codici_paghe`, a
 * leave type's `codice_paghe`, an expense's payroll code). A fixed-width layout's fields may not overlap; a value
 * wider than its field refuses the export (400, `avvisi.tracciato_valore_lungo`): a payroll file is never truncated.
 */
export const ZTracciato = z
  .strictObject({
    nome: zRequiredText(80),
    tipo: z.enum(TIPI_TRACCIATO),
    // a fixed-width layout has neither (the form sends them empty)
    separatore: z.enum(SEPARATORI_CSV).nullish().default(';'),
    intestazione: z.boolean().nullish().default(false),
    codifica: z.enum(CODIFICHE_TRACCIATO).default('utf-8'),
    /** The company's code in the package; empty: the setting `codice_azienda`. */
    codice_azienda: nullable(zText(20)),
    campi: z.array(ZCampoTracciato).min(1).max(40),
    mappatura: z.array(ZVoceTracciato).max(2000).default([]),
    codici_dipendenti: z.array(ZCodiceDipendenteTracciato).max(20000).default([]),
  })
  .superRefine((t, ctx) => {
    t.campi.forEach((c, i) => {
      const formati = (FORMATI_CAMPO as Record<string, readonly string[]>)[c.tipo];
      if (formati && !formati.includes(c.formato ?? '')) ctx.addIssue({ code: 'custom', path: ['campi', i, 'formato'], message: 'avvisi.tracciato_formato' });
      if (t.tipo === 'fisso') {
        if (c.inizio == null) ctx.addIssue({ code: 'custom', path: ['campi', i, 'inizio'], message: FIELD_KEYS.required });
        if (c.lunghezza == null) ctx.addIssue({ code: 'custom', path: ['campi', i, 'lunghezza'], message: FIELD_KEYS.required });
      }
    });
    if (t.tipo === 'fisso') {
      // two fields may not write the same columns: each must start after every field before it has ended
      const placed = t.campi.map((c, i) => ({ c, i })).filter(({ c }) => c.inizio != null && c.lunghezza != null);
      for (const a of placed) {
        const clash = placed.find((b) => b.i < a.i && (a.c.inizio as number) < fine(b.c) && (b.c.inizio as number) < fine(a.c));
        if (clash) ctx.addIssue({ code: 'custom', path: ['campi', a.i, 'inizio'], message: 'avvisi.tracciato_campi_sovrapposti' });
      }
    }
    const seen = new Set<string>();
    t.mappatura.forEach((m, i) => {
      const k = `${m.gruppo}|${m.genere}`;
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: ['mappatura', i, 'genere'], message: 'avvisi.tracciato_mappatura_doppia' });
      seen.add(k);
    });
    const matricole = new Set<string>();
    t.codici_dipendenti.forEach((d, i) => {
      if (matricole.has(d.matricola)) ctx.addIssue({ code: 'custom', path: ['codici_dipendenti', i, 'matricola'], message: 'avvisi.tracciato_mappatura_doppia' });
      matricole.add(d.matricola);
    });
  });
export type TTracciato = z.output<typeof ZTracciato>;

/** A layout as the server answers it. */
export const ZTracciatoRow = z.object({
  id: z.number(), nome: z.string(), tipo: z.enum(TIPI_TRACCIATO), separatore: z.string(), intestazione: z.boolean(), codifica: z.string(),
  codice_azienda: z.string().nullable(),
  campi: z.array(z.object({
    tipo: z.string(), intestazione: z.string().nullish(), formato: z.string().nullish(), valore: z.string().nullish(),
    inizio: z.number().nullish(), lunghezza: z.number().nullish(), allineamento: z.string().nullish(), riempimento: z.string().nullish(),
  })),
  mappatura: z.array(z.object({ gruppo: z.string(), genere: z.string(), voce: z.string() })),
  codici_dipendenti: z.array(z.object({ matricola: z.string(), codice: z.string() })),
});
export type TTracciatoRow = z.infer<typeof ZTracciatoRow>;

export const ZPagheExportQuery = z.object({ mese: zMese, tracciato: zId });
