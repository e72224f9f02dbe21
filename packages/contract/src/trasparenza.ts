/**
 * The transparency check of a hiring document (module contratti, issue #18), as one pure function: which of the items
 * the employer must state to the worker are missing from what the document would say. No I/O: the server calls it
 * before producing a hiring letter (a missing item is a 400 `{ message, params: { mancanti } }`), the screen calls it
 * for its checklist. Table-tested with the law cited in trasparenza.test.ts.
 *
 * Sources:
 *  - D.Lgs 152/1997 art. 1 c. 1 letters a)–s), as replaced by D.Lgs 104/2022 art. 4 (Dir. UE 2019/1152): the items.
 *  - art. 1 c. 6, as replaced by D.L. 48/2023 art. 26 (conv. L. 85/2023): the items of letters h), i), l), m), n),
 *    o), p) and r) may be given "con l'indicazione del riferimento normativo o del contratto collettivo, anche
 *    aziendale, che ne disciplina le materie"; c. 6-bis: the employer hands over or publishes the agreements.
 *  - art. 1-bis c. 2 letters a)–f) and c. 3 (inserted by D.Lgs 104/2022, c. 1 as amended by D.L. 48/2023): the
 *    further information due when the work is organised through automated decision or monitoring systems.
 *  - c.c. art. 2096 (the trial period is agreed in writing), D.Lgs 81/2015 art. 19 c. 1 and 4 (the term of a
 *    fixed-term contract, and its reason past 12 months) and art. 5 c. 2 (part-time's hours in writing), whose checks
 *    are those of retribuzione.ts (verificaContratto), called here, not repeated.
 *
 * Not checked, on purpose:
 *  - letter a)'s co-employers (D.Lgs 276/2003 art. 30–31: secondment and business networks) and letter g)'s user
 *    companies of an agency worker: Tulip hires its own employees directly, so neither arises;
 *  - the "if any" items with nothing to ask when there is none: the company agreements (letter q), "anche aziendale")
 *    and the supplementary pension or health fund (letter r), "qualunque forma di protezione ... fornita dal datore").
 *    They are part of the input so the document states them when they exist.
 * A value that is stated but wrong is not a missing item: an end date before the start or past 24 months, a
 * part-time percentage of 120 are verificaContratto's errors, which the server answers first with their own keys.
 * (A fixed term past 12 months without its reason is both: the reason is an item the document lacks.)
 */
import { isRealDate } from './formats';
import { QUALIFICHE, TIPI_CONTRATTO, verificaContratto, type RigaContratto } from './retribuzione';

/** The letters of art. 1 c. 1, in the law's order (Italian legal lists skip j and k). */
export const LETTERE_TRASPARENZA = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's'] as const;
export type TLetteraTrasparenza = (typeof LETTERE_TRASPARENZA)[number];

/**
 * The items, by stable code, in the order of the law: the output of verificaTrasparenza keeps this order. Each has
 * the text `trasparenza.<code>` in Italian and English (i18n/modules/contratti.ts).
 */
export const ELEMENTI_TRASPARENZA = [
  // a) the identity of the parties
  'datore_denominazione', 'datore_codice_fiscale', 'lavoratore_nominativo', 'lavoratore_codice_fiscale', 'lavoratore_residenza',
  // b) the workplace, or that there is no fixed one; c) the employer's seat
  'luogo_lavoro', 'sede_datore',
  // d) inquadramento, level, qualifica (and the job: the mansione)
  'livello', 'qualifica', 'mansione',
  // e) the start; f) the type, and the term of a fixed-term contract (with its reason when the law wants one)
  'data_inizio', 'tipo_contratto', 'data_fine', 'causale', 'part_time',
  // part-time: when the hours are worked, by day, week, month and year (D.Lgs 81/2015 art. 5 c. 2)
  'part_time_collocazione',
  // h) the trial period; i) training; l) paid leave; m) notice
  'periodo_prova', 'formazione', 'ferie', 'congedi_retribuiti', 'preavviso',
  // n) pay: its components, period and method
  'retribuzione_elementi', 'retribuzione_periodo', 'retribuzione_modalita',
  // o) a predictable schedule: normal hours, overtime, shift changes
  'orario_normale', 'straordinario', 'cambi_turno',
  // p) an unpredictable one: variability and guaranteed hours, reference hours and days, minimum notice
  'orario_variabilita', 'orario_riferimento', 'orario_preavviso',
  // q) the collective agreement and who signed it
  'ccnl', 'ccnl_parti',
  // r) the social-security and insurance bodies
  'ente_previdenziale', 'ente_assicurativo',
  // s) art. 1-bis c. 2 letters a)–f), and c. 3 (whom the worker asks)
  'sistemi_aspetti', 'sistemi_scopi', 'sistemi_logica', 'sistemi_dati', 'sistemi_controlli', 'sistemi_accuratezza', 'sistemi_referente',
] as const;
export type ElementoTrasparenza = (typeof ELEMENTI_TRASPARENZA)[number];

/** Where each item comes from: its letter of art. 1 c. 1 and the exact provision, for the texts and the tests. */
export const FONTI_TRASPARENZA: Record<ElementoTrasparenza, { lettera: TLetteraTrasparenza; norma: string }> = {
  datore_denominazione: { lettera: 'a', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. a)' },
  datore_codice_fiscale: { lettera: 'a', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. a)' },
  lavoratore_nominativo: { lettera: 'a', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. a)' },
  lavoratore_codice_fiscale: { lettera: 'a', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. a)' },
  lavoratore_residenza: { lettera: 'a', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. a)' },
  luogo_lavoro: { lettera: 'b', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. b)' },
  sede_datore: { lettera: 'c', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. c)' },
  livello: { lettera: 'd', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. d)' },
  qualifica: { lettera: 'd', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. d)' },
  mansione: { lettera: 'd', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. d)' },
  data_inizio: { lettera: 'e', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. e)' },
  tipo_contratto: { lettera: 'f', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. f)' },
  data_fine: { lettera: 'f', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. f); D.Lgs 81/2015 art. 19 c. 4' },
  causale: { lettera: 'f', norma: 'D.Lgs 81/2015 art. 19 c. 1 e 4 (D.L. 48/2023)' },
  part_time: { lettera: 'f', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. f); D.Lgs 81/2015 art. 5 c. 2' },
  part_time_collocazione: { lettera: 'f', norma: 'D.Lgs 81/2015 art. 5 c. 2; art. 10 c. 2' },
  periodo_prova: { lettera: 'h', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. h); c.c. art. 2096' },
  formazione: { lettera: 'i', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. i)' },
  ferie: { lettera: 'l', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. l)' },
  congedi_retribuiti: { lettera: 'l', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. l)' },
  preavviso: { lettera: 'm', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. m)' },
  retribuzione_elementi: { lettera: 'n', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. n)' },
  retribuzione_periodo: { lettera: 'n', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. n)' },
  retribuzione_modalita: { lettera: 'n', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. n)' },
  orario_normale: { lettera: 'o', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. o)' },
  straordinario: { lettera: 'o', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. o)' },
  cambi_turno: { lettera: 'o', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. o)' },
  orario_variabilita: { lettera: 'p', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. p) n. 1' },
  orario_riferimento: { lettera: 'p', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. p) n. 2' },
  orario_preavviso: { lettera: 'p', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. p) n. 3' },
  ccnl: { lettera: 'q', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. q)' },
  ccnl_parti: { lettera: 'q', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. q)' },
  ente_previdenziale: { lettera: 'r', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. r)' },
  ente_assicurativo: { lettera: 'r', norma: 'D.Lgs 152/1997 art. 1 c. 1 lett. r)' },
  sistemi_aspetti: { lettera: 's', norma: 'D.Lgs 152/1997 art. 1-bis c. 2 lett. a)' },
  sistemi_scopi: { lettera: 's', norma: 'D.Lgs 152/1997 art. 1-bis c. 2 lett. b)' },
  sistemi_logica: { lettera: 's', norma: 'D.Lgs 152/1997 art. 1-bis c. 2 lett. c)' },
  sistemi_dati: { lettera: 's', norma: 'D.Lgs 152/1997 art. 1-bis c. 2 lett. d)' },
  sistemi_controlli: { lettera: 's', norma: 'D.Lgs 152/1997 art. 1-bis c. 2 lett. e)' },
  sistemi_accuratezza: { lettera: 's', norma: 'D.Lgs 152/1997 art. 1-bis c. 2 lett. f)' },
  sistemi_referente: { lettera: 's', norma: 'D.Lgs 152/1997 art. 1-bis c. 3' },
};

/**
 * The items a reference to the CCNL stands for: those of letters i), l), m), n), o), p) and r), the ones art. 1 c. 6
 * (as replaced by D.L. 48/2023 art. 26) lets the employer give "con l'indicazione ... del contratto collettivo ... che
 * ne disciplina le materie". Letter h) is in that list too, but only for the trial period's length: whether there is
 * a trial period at all is the parties' written agreement (c.c. art. 2096), which no CCNL makes for them, so the
 * document must always say it (a length, "as the CCNL", or none; see PeriodoProva). The other letters (a)–g), q), s)
 * and art. 1-bis) are never covered by a reference: they are this worker's own facts, or the CCNL itself.
 */
export const RINVIABILI_AL_CCNL: readonly ElementoTrasparenza[] = [
  'formazione', 'ferie', 'congedi_retribuiti', 'preavviso',
  'retribuzione_elementi', 'retribuzione_periodo', 'retribuzione_modalita',
  'orario_normale', 'straordinario', 'cambi_turno', 'orario_variabilita', 'orario_riferimento', 'orario_preavviso',
  'ente_previdenziale', 'ente_assicurativo',
];

/** The text key of an item: `trasparenza.periodo_prova`. */
export const chiaveTrasparenza = (e: ElementoTrasparenza) => `trasparenza.${e}`;

/**
 * The trial period as the document states it: a length in days or months, the length the CCNL sets for the level
 * ('ccnl': counts only with the CCNL stated), or 'nessuno' said explicitly. Absent: not stated, so missing.
 */
export type PeriodoProva = { giorni: number } | { mesi: number } | 'ccnl' | 'nessuno';

type Testo = string | null | undefined;

/** What a hiring document would state. Every field may be absent: absent or blank means "not stated". */
export type DatiTrasparenza = {
  /** a), c): the employer: name, codice fiscale or P.IVA, seat (sede legale or domicile). */
  datore?: { denominazione?: Testo; codice_fiscale?: Testo; partita_iva?: Testo; sede?: Testo } | null;
  /** a): the worker. */
  lavoratore?: { nome?: Testo; cognome?: Testo; codice_fiscale?: Testo; residenza?: Testo } | null;
  /** b): the workplace (the sede), or the statement that there is no fixed one: several places, or the worker's choice. */
  luogo_lavoro?: { sede?: Testo; non_fisso?: 'luoghi_diversi' | 'libero' | null } | null;
  /** d): inquadramento. `qualifica` is one of QUALIFICHE. */
  inquadramento?: { livello?: Testo; qualifica?: Testo; mansione?: Testo } | null;
  /** e), f): the contract row's own fields, checked by verificaContratto. */
  contratto?: {
    data_inizio?: Testo;
    tipo_contratto?: Testo;
    data_fine?: Testo;
    causale?: Testo;
    part_time?: boolean | null;
    percentuale_part_time?: number | null;
    /** Part-time: the schedule as the document states it (assunzione.ts, testoOrarioPartTime). */
    collocazione_part_time?: Testo;
  } | null;
  /** h) */
  periodo_prova?: PeriodoProva | null;
  /** i): the right to training the employer provides. */
  formazione?: Testo;
  /** l): the length of the paid holidays, and of the other paid leave (permessi, ROL...). */
  ferie?: Testo;
  congedi_retribuiti?: Testo;
  /** m): procedure, form and terms of notice, for dismissal and resignation. */
  preavviso?: Testo;
  /** n): the initial pay by component (cents a month), the pay period (e.g. mensile) and method (e.g. bonifico). */
  retribuzione?: { voci?: { voce: string; importo: number }[] | null; periodicita?: Testo; modalita_pagamento?: Testo } | null;
  /**
   * o) or p): a predictable schedule states its normal hours, the overtime conditions, and (with shifts) the
   * shift-change conditions; an unpredictable one (`imprevedibile`) states p) n. 1–3 instead.
   */
  orario?: {
    imprevedibile?: boolean | null;
    normale?: Testo;
    straordinario?: Testo;
    turni?: boolean | null;
    cambi_turno?: Testo;
    variabilita?: Testo;
    ore_giorni_riferimento?: Testo;
    preavviso_minimo?: Testo;
  } | null;
  /** q): the CCNL applied (e.g. the CNEL code and its title), who signed it, and the company agreements if any. */
  ccnl?: { codice?: Testo; titolo?: Testo; parti_firmatarie?: Testo } | null;
  accordi_aziendali?: string[] | null;
  /** r): INPS, INAIL (e.g. with the company's positions), and the pension or health fund if any. */
  enti?: { inps?: Testo; inail?: Testo; fondo_pensione?: Testo } | null;
  /** The company declares automated decision or monitoring systems (a company setting): art. 1-bis applies. */
  sistemi_automatizzati?: boolean | null;
  /** art. 1-bis c. 2 a)–f) and c. 3. */
  sistemi?: {
    aspetti?: Testo;
    scopi?: Testo;
    logica?: Testo;
    dati?: Testo;
    controlli?: Testo;
    accuratezza?: Testo;
    referente?: Testo;
  } | null;
};

export type EsitoTrasparenza = {
  /** What the document lacks, in the order of the law. Empty: it may be produced. */
  mancanti: ElementoTrasparenza[];
  /** What it does not state itself but the CCNL reference covers (art. 1 c. 6), in the same order: for the checklist. */
  rinvio_ccnl: ElementoTrasparenza[];
};

const vuoto = (s: Testo) => !s?.trim();
const data = (s: Testo) => (s && isRealDate(s) ? s : null);

/** A contract row that passes verificaContratto, so one call checks only the fields laid over it. */
const RIGA_NEUTRA: RigaContratto = { dal: '', qualifica: QUALIFICHE[0], tipo_contratto: TIPI_CONTRATTO[0] };
const erroreRiga = (r: Partial<RigaContratto>) => verificaContratto({ ...RIGA_NEUTRA, ...r })?.errore;

const provaDichiarata = (p: PeriodoProva | null | undefined, ccnl: boolean) => {
  if (p === 'nessuno') return true;
  if (p === 'ccnl') return ccnl;
  if (p == null) return false;
  const n = 'giorni' in p ? p.giorni : p.mesi;
  return Number.isInteger(n) && n > 0;
};

const retribuzioneDichiarata = (voci: { voce: string; importo: number }[] | null | undefined) =>
  !!voci?.length && voci.every((v) => !vuoto(v.voce) && Number.isInteger(v.importo) && v.importo >= 0) && voci.some((v) => v.importo > 0);

/**
 * What the hiring document lacks of the information D.Lgs 152/1997 art. 1 (and art. 1-bis, when the company declares
 * automated systems) requires, in the law's order. With the CCNL stated (code and title), the items of
 * RINVIABILI_AL_CCNL count as given by reference. The fixed-term, reason and part-time checks are verificaContratto's.
 */
export function verificaTrasparenza(d: DatiTrasparenza): EsitoTrasparenza {
  const ccnl = !vuoto(d.ccnl?.codice) && !vuoto(d.ccnl?.titolo);
  const manca = new Set<ElementoTrasparenza>();
  const se = (mancante: boolean, e: ElementoTrasparenza) => {
    if (mancante) manca.add(e);
  };

  // a) the parties
  se(vuoto(d.datore?.denominazione), 'datore_denominazione');
  se(vuoto(d.datore?.codice_fiscale) && vuoto(d.datore?.partita_iva), 'datore_codice_fiscale');
  se(vuoto(d.lavoratore?.nome) || vuoto(d.lavoratore?.cognome), 'lavoratore_nominativo');
  se(vuoto(d.lavoratore?.codice_fiscale), 'lavoratore_codice_fiscale');
  se(vuoto(d.lavoratore?.residenza), 'lavoratore_residenza');
  // b) "in mancanza di un luogo di lavoro fisso o predominante": several places, or the worker's choice
  se(vuoto(d.luogo_lavoro?.sede) && !d.luogo_lavoro?.non_fisso, 'luogo_lavoro');
  // c)
  se(vuoto(d.datore?.sede), 'sede_datore');
  // d) the level of the CCNL, the qualification (c.c. art. 2095), the job
  se(vuoto(d.inquadramento?.livello), 'livello');
  se(erroreRiga({ qualifica: d.inquadramento?.qualifica ?? '' }) === 'qualifica_non_valida', 'qualifica');
  se(vuoto(d.inquadramento?.mansione), 'mansione');
  // e)
  const inizio = data(d.contratto?.data_inizio);
  se(!inizio, 'data_inizio');
  // f) the type; a fixed term's end, and its reason past 12 months (D.Lgs 81/2015 art. 19). Without a start the
  // length is unknown: the term is taken from its end alone (no reason asked) until the start is stated.
  const fine = data(d.contratto?.data_fine);
  const tipo = erroreRiga({ dal: inizio ?? fine ?? '', tipo_contratto: d.contratto?.tipo_contratto ?? '', data_fine: fine, causale: d.contratto?.causale });
  se(tipo === 'tipo_contratto_non_valido', 'tipo_contratto');
  se(tipo === 'determinato_senza_fine', 'data_fine');
  se(tipo === 'determinato_senza_causale', 'causale');
  se(erroreRiga({ part_time: d.contratto?.part_time, percentuale_part_time: d.contratto?.percentuale_part_time }) === 'part_time_senza_percentuale', 'part_time');
  // without it the judge sets the schedule and the worker is owed damages (D.Lgs 81/2015 art. 10 c. 2)
  se(!!d.contratto?.part_time && vuoto(d.contratto.collocazione_part_time), 'part_time_collocazione');
  // h) always said: a length, the CCNL's length, or none (c.c. art. 2096)
  se(!provaDichiarata(d.periodo_prova, ccnl), 'periodo_prova');
  // i), l), m)
  se(vuoto(d.formazione), 'formazione');
  se(vuoto(d.ferie), 'ferie');
  se(vuoto(d.congedi_retribuiti), 'congedi_retribuiti');
  se(vuoto(d.preavviso), 'preavviso');
  // n)
  se(!retribuzioneDichiarata(d.retribuzione?.voci), 'retribuzione_elementi');
  se(vuoto(d.retribuzione?.periodicita), 'retribuzione_periodo');
  se(vuoto(d.retribuzione?.modalita_pagamento), 'retribuzione_modalita');
  // o) a predictable schedule, or p) an unpredictable one
  const o = d.orario;
  if (o?.imprevedibile) {
    se(vuoto(o.variabilita), 'orario_variabilita');
    se(vuoto(o.ore_giorni_riferimento), 'orario_riferimento');
    se(vuoto(o.preavviso_minimo), 'orario_preavviso');
  } else {
    se(vuoto(o?.normale), 'orario_normale');
    se(vuoto(o?.straordinario), 'straordinario');
    se(!!o?.turni && vuoto(o.cambi_turno), 'cambi_turno');
  }
  // q)
  se(!ccnl, 'ccnl');
  se(vuoto(d.ccnl?.parti_firmatarie), 'ccnl_parti');
  // r)
  se(vuoto(d.enti?.inps), 'ente_previdenziale');
  se(vuoto(d.enti?.inail), 'ente_assicurativo');
  // s) art. 1-bis, only when the company declares the systems
  if (d.sistemi_automatizzati) {
    const s = d.sistemi;
    se(vuoto(s?.aspetti), 'sistemi_aspetti');
    se(vuoto(s?.scopi), 'sistemi_scopi');
    se(vuoto(s?.logica), 'sistemi_logica');
    se(vuoto(s?.dati), 'sistemi_dati');
    se(vuoto(s?.controlli), 'sistemi_controlli');
    se(vuoto(s?.accuratezza), 'sistemi_accuratezza');
    se(vuoto(s?.referente), 'sistemi_referente');
  }

  const rinviabile = (e: ElementoTrasparenza) => ccnl && RINVIABILI_AL_CCNL.includes(e);
  return {
    mancanti: ELEMENTI_TRASPARENZA.filter((e) => manca.has(e) && !rinviabile(e)),
    rinvio_ccnl: ELEMENTI_TRASPARENZA.filter((e) => manca.has(e) && rinviabile(e)),
  };
}
