/**
 * Hiring rules beyond a contract row's own fields (issue #28 §3), as pure functions: the longest trial period the law
 * allows (D.Lgs 104/2022 art. 7 c. 1; L. 203/2024 art. 13 for fixed-term), the part-time schedule and its elastic
 * clauses (D.Lgs 81/2015 art. 5 c. 2, art. 6 c. 4–6) with their Italian text for the letter, the further items due to
 * a worker sent abroad (D.Lgs 152/1997 art. 2), and which art. 1 items a new contract row changes (art. 3: written
 * notice by the day the change takes effect). Table-tested with the law cited in assunzione.test.ts.
 */
import { aggiungiMesi } from './dpi';

const DAY = 86400000;
const giorni = (dal: string, al: string) => Math.round((Date.parse(`${al}T00:00:00Z`) - Date.parse(`${dal}T00:00:00Z`)) / DAY);
const giornoPrima = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - DAY).toISOString().slice(0, 10);

// ---- the trial period ------------------------------------------------------------------------------------------------

export type RigaProva = { dal: string; tipo_contratto: string; data_fine?: string | null; periodo_prova_giorni?: number | null };

/**
 * The longest trial period, in days, for a contract row:
 * - any contract: six months (D.Lgs 104/2022 art. 7 c. 1, "non può essere superiore a sei mesi"), counted as the
 *   calendar days from the start to the same date six months on (182 from 1 December);
 * - a fixed-term contract (art. 7 c. 2 as amended by L. 203/2024 art. 13): one day of actual work per 15 calendar days
 *   of the contract (start and term included), never under 2 days, at most 15 when the contract lasts up to six months
 *   and at most 30 when it lasts more than six and up to twelve. Past twelve months the law sets no band of its own:
 *   our reading is that the 1-in-15 rule still applies, under the six-month cap of c. 1.
 * The row states the trial in calendar days (`periodo_prova_giorni`), the fixed-term maximum counts days of actual
 * work: a trial of N calendar days holds at most N working days, so comparing the calendar days with the maximum never
 * lets through a trial longer than the law's (it may refuse a few days the law would allow, the safe side).
 * The minimum of 2 is the law's floor of the computed length, not a minimum of the agreed one: a shorter trial is
 * more favourable to the worker and stays allowed. A fixed-term row without its term: null (verificaContratto says so).
 */
export function provaMassima(r: Pick<RigaProva, 'dal' | 'tipo_contratto' | 'data_fine'>): number | null {
  const seiMesi = giorni(r.dal, aggiungiMesi(r.dal, 6));
  if (r.tipo_contratto !== 'determinato') return seiMesi;
  if (!r.data_fine || r.data_fine < r.dal) return null;
  const durata = giorni(r.dal, r.data_fine) + 1;
  const quota = Math.max(2, Math.floor(durata / 15));
  if (r.data_fine <= giornoPrima(aggiungiMesi(r.dal, 6))) return Math.min(quota, 15);
  if (r.data_fine <= giornoPrima(aggiungiMesi(r.dal, 12))) return Math.min(quota, 30);
  return Math.min(quota, seiMesi);
}

/** A trial longer than provaMassima: the field, the error key and the maximum; null when it is within. */
export function verificaProva(r: RigaProva): { campo: string; errore: string; params: { massimo: number } } | null {
  if (!r.periodo_prova_giorni) return null;
  const massimo = provaMassima(r);
  if (massimo == null || r.periodo_prova_giorni <= massimo) return null;
  return { campo: 'periodo_prova_giorni', errore: 'periodo_prova_oltre_massimo', params: { massimo } };
}

// ---- the part-time schedule ------------------------------------------------------------------------------------------

/** One stretch of work on a weekday (1 Monday … 7 Sunday), 24-hour `HH:mm`. A day may have two (morning, afternoon). */
export type FasciaPartTime = { giorno: number; dalle: string; alle: string };

/** The agreed elastic clauses (D.Lgs 81/2015 art. 6 c. 4–6). */
export type ClausoleElastiche = {
  /** The conditions and limits of the change: of the placement in time, and of the hours' increase. */
  condizioni: string;
  /** The most the hours may increase, per cent of the agreed ones (art. 6 c. 6: at most 25 when the CCNL is silent). */
  aumento_massimo?: number | null;
  /** Notice in working days: at least 2 (art. 6 c. 5). */
  preavviso_giorni: number;
  /** The extra pay of the hours moved or added, per cent (art. 6 c. 5; 15 by c. 6 when the CCNL is silent). */
  maggiorazione: number;
};

/**
 * When the part-time hours are worked (art. 5 c. 2: "puntuale indicazione della durata della prestazione lavorativa
 * e della collocazione temporale dell'orario con riferimento al giorno, alla settimana, al mese e all'anno"): the
 * weekdays with their hours, and for a vertical or mixed arrangement the weeks of the month and the months of the
 * year worked (absent: every one).
 */
export type OrarioPartTime = {
  giorni: FasciaPartTime[];
  settimane?: number[] | null;
  mesi?: number[] | null;
  note?: string | null;
  elastiche?: ClausoleElastiche | null;
};

const minuti = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The weekly minutes of the weekdays' stretches (in a worked week). */
export const minutiSettimanali = (o: Pick<OrarioPartTime, 'giorni'>) => o.giorni.reduce((s, f) => s + minuti(f.alle) - minuti(f.dalle), 0);

/**
 * The schedule's checks, first failure first (field and key without `avvisi.`): at least one stretch; each ends after
 * it starts and none overlaps another on the same day; weeks and months belong to a vertical or mixed arrangement
 * (a horizontal one works every week and month, fewer hours each day); elastic clauses with their conditions, at
 * least 2 working days' notice (art. 6 c. 5) and an increase of at most 25% (art. 6 c. 6).
 */
export function verificaOrarioPartTime(distribuzione: string | null | undefined, o: OrarioPartTime): { campo: string; errore: string } | null {
  const campo = 'orario_part_time';
  if (!o.giorni.length) return { campo, errore: 'orario_part_time_vuoto' };
  for (const f of o.giorni) if (minuti(f.alle) <= minuti(f.dalle)) return { campo, errore: 'orario_part_time_fine_prima_inizio' };
  const ordinate = [...o.giorni].sort((a, b) => a.giorno - b.giorno || minuti(a.dalle) - minuti(b.dalle));
  for (let i = 1; i < ordinate.length; i++) {
    if (ordinate[i].giorno === ordinate[i - 1].giorno && minuti(ordinate[i].dalle) < minuti(ordinate[i - 1].alle)) return { campo, errore: 'orario_part_time_sovrapposto' };
  }
  if (distribuzione === 'orizzontale' && (o.settimane?.length || o.mesi?.length)) return { campo, errore: 'orario_part_time_orizzontale' };
  const e = o.elastiche;
  if (e) {
    if (!e.condizioni.trim()) return { campo, errore: 'clausole_elastiche_condizioni' };
    if (e.preavviso_giorni < 2) return { campo, errore: 'clausole_elastiche_preavviso' };
    if (e.aumento_massimo != null && e.aumento_massimo > 25) return { campo, errore: 'clausole_elastiche_aumento' };
  }
  return null;
}

const GIORNI = ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'];
const MESI = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
const elenco = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} e ${xs[xs.length - 1]}`);
const ore = (min: number) => `${Math.floor(min / 60)}${min % 60 ? `,${String(Math.round(((min % 60) / 60) * 100)).padStart(2, '0')}` : ''}`;

/**
 * The schedule in Italian, for the letter: "lunedì dalle 08:00 alle 12:00; martedì dalle 08:00 alle 12:00 e dalle
 * 14:00 alle 16:00 (totale 10 ore settimanali), nella 1ª e nella 3ª settimana di ogni mese, nei mesi di gennaio e
 * febbraio". Weekdays Monday first.
 */
export function testoOrarioPartTime(o: OrarioPartTime): string {
  const perGiorno = new Map<number, FasciaPartTime[]>();
  for (const f of [...o.giorni].sort((a, b) => a.giorno - b.giorno || minuti(a.dalle) - minuti(b.dalle))) perGiorno.set(f.giorno, [...(perGiorno.get(f.giorno) ?? []), f]);
  const giorniTesto = [...perGiorno].map(([g, fs]) => `${GIORNI[g - 1]} ${elenco(fs.map((f) => `dalle ${f.dalle} alle ${f.alle}`))}`).join('; ');
  const parti = [`${giorniTesto} (totale ${ore(minutiSettimanali(o))} ore settimanali)`];
  if (o.settimane?.length) parti.push(`${o.settimane.length > 1 ? 'nelle settimane' : 'nella settimana'} ${elenco([...o.settimane].sort((a, b) => a - b).map((s) => `${s}ª`))} di ogni mese`);
  if (o.mesi?.length) parti.push(`${o.mesi.length > 1 ? 'nei mesi di' : 'nel mese di'} ${elenco([...o.mesi].sort((a, b) => a - b).map((m) => MESI[m - 1]))}`);
  const note = o.note?.trim();
  return `${parti.join(', ')}${note ? `. ${note}` : ''}`;
}

/** The elastic clauses in Italian for the letter, or the statement that none is agreed. */
export function testoClausoleElastiche(e: ClausoleElastiche | null | undefined): string {
  if (!e) return 'Non sono pattuite clausole elastiche.';
  const aumento = e.aumento_massimo != null ? ` L’aumento della durata della prestazione non può superare il ${e.aumento_massimo}% delle ore concordate.` : '';
  return (
    `Le parti pattuiscono clausole elastiche ai sensi dell’art. 6 c. 4–6 del D.Lgs 81/2015: ${e.condizioni.trim().replace(/\.$/, '')}.${aumento}` +
    ` Le variazioni sono comunicate con un preavviso di almeno ${e.preavviso_giorni} giorni lavorativi e le ore variate o aggiunte sono retribuite con una maggiorazione del ${e.maggiorazione}%.`
  );
}

// ---- work abroad (D.Lgs 152/1997 art. 2) -------------------------------------------------------------------------------

/** The further items of art. 2, in the law's order; each has the text `estero.<code>` in Italian and English. */
export const ELEMENTI_ESTERO = [
  // c. 1 lett. a)–d)
  'paese', 'durata', 'valuta', 'prestazioni', 'rimpatrio',
  // c. 2 (posted workers, D.Lgs 136/2016) lett. a)–c)
  'distacco_retribuzione', 'distacco_indennita', 'distacco_sito',
] as const;
export type ElementoEstero = (typeof ELEMENTI_ESTERO)[number];

export const FONTI_ESTERO: Record<ElementoEstero, string> = {
  paese: 'D.Lgs 152/1997 art. 2 c. 1 lett. a)',
  durata: 'D.Lgs 152/1997 art. 2 c. 1 lett. a)',
  valuta: 'D.Lgs 152/1997 art. 2 c. 1 lett. b)',
  prestazioni: 'D.Lgs 152/1997 art. 2 c. 1 lett. c)',
  rimpatrio: 'D.Lgs 152/1997 art. 2 c. 1 lett. d)',
  distacco_retribuzione: 'D.Lgs 152/1997 art. 2 c. 2 lett. a); D.Lgs 136/2016',
  distacco_indennita: 'D.Lgs 152/1997 art. 2 c. 2 lett. b); D.Lgs 136/2016',
  distacco_sito: 'D.Lgs 152/1997 art. 2 c. 2 lett. c); D.Lgs 136/2016',
};

type Testo = string | null | undefined;

/** What the notice of work abroad states. Blank: not stated. */
export type DatiEstero = {
  paese?: Testo;
  dal?: Testo;
  al?: Testo;
  valuta?: Testo;
  /** Benefits in money or in kind tied to the work abroad, or "nessuna" said as such. */
  prestazioni?: Testo;
  rimpatrio?: Testo;
  /** A posting within the transnational provision of services (D.Lgs 136/2016): c. 2 applies too. */
  distacco?: boolean | null;
  retribuzione_ospitante?: Testo;
  indennita_rimborsi?: Testo;
  sito_istituzionale?: Testo;
};

const vuoto = (s: Testo) => !s?.trim();

/**
 * Art. 2 applies to work abroad for more than four consecutive weeks (c. 1: "per un periodo superiore a quattro
 * settimane consecutive"), i.e. more than 28 calendar days, start and end included.
 */
export const esteroOltreQuattroSettimane = (dal: string, al: string) => giorni(dal, al) + 1 > 28;

/** What the notice lacks of D.Lgs 152/1997 art. 2 c. 1 (and c. 2 for a posting), in the law's order. */
export function verificaEstero(d: DatiEstero): { mancanti: ElementoEstero[] } {
  const manca = new Set<ElementoEstero>();
  if (vuoto(d.paese)) manca.add('paese');
  if (vuoto(d.dal) || vuoto(d.al) || d.al! < d.dal!) manca.add('durata');
  if (vuoto(d.valuta)) manca.add('valuta');
  if (vuoto(d.prestazioni)) manca.add('prestazioni');
  if (vuoto(d.rimpatrio)) manca.add('rimpatrio');
  if (d.distacco) {
    if (vuoto(d.retribuzione_ospitante)) manca.add('distacco_retribuzione');
    if (vuoto(d.indennita_rimborsi)) manca.add('distacco_indennita');
    if (vuoto(d.sito_istituzionale)) manca.add('distacco_sito');
  }
  return { mancanti: ELEMENTI_ESTERO.filter((e) => manca.has(e)) };
}

// ---- a change of the conditions (D.Lgs 152/1997 art. 3) ---------------------------------------------------------------

/** The art. 1 items a contract row carries, as compared between two rows. */
export type CondizioniArt1 = {
  ccnl_id?: number | null;
  livello?: string | null;
  qualifica?: string | null;
  mansione_id?: number | null;
  sede_id?: number | null;
  tipo_contratto?: string | null;
  data_fine?: string | null;
  part_time?: boolean | null;
  percentuale_part_time?: number | null;
  distribuzione_part_time?: string | null;
  orario_part_time?: OrarioPartTime | null;
  superminimo?: number | null;
};

/** The items of art. 1 c. 1 a change may touch, with their letter: what an art. 3 notice lists. */
export const MODIFICHE_ART1 = [
  'ccnl', 'livello', 'qualifica', 'mansione', 'luogo_lavoro', 'tipo_contratto', 'data_fine', 'orario', 'retribuzione',
] as const;
export type ModificaArt1 = (typeof MODIFICHE_ART1)[number];

const uguale = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Which art. 1 items differ from one contract row to the next (D.Lgs 152/1997 art. 3: "qualsiasi modifica degli
 * elementi di cui agli articoli 1, 1-bis e 2 ... è comunicata per iscritto al lavoratore entro il primo giorno di
 * decorrenza degli effetti della modifica"), in the law's order: q) CCNL, d) level, qualification, job, b) workplace,
 * f) type and term, o) the hours (part-time, its percentage, distribution and schedule), n) the pay (superminimo).
 * A change that only follows from a law or a collective agreement needs no notice (art. 3, last sentence): a new CCNL
 * table is not a row, so it never shows here.
 */
export function modificheArt1(prima: CondizioniArt1, dopo: CondizioniArt1): ModificaArt1[] {
  const m = new Set<ModificaArt1>();
  if (!uguale(prima.ccnl_id, dopo.ccnl_id)) m.add('ccnl');
  if (!uguale(prima.livello, dopo.livello)) m.add('livello');
  if (!uguale(prima.qualifica, dopo.qualifica)) m.add('qualifica');
  if (!uguale(prima.mansione_id, dopo.mansione_id)) m.add('mansione');
  if (!uguale(prima.sede_id, dopo.sede_id)) m.add('luogo_lavoro');
  if (!uguale(prima.tipo_contratto, dopo.tipo_contratto)) m.add('tipo_contratto');
  if (!uguale(prima.data_fine, dopo.data_fine)) m.add('data_fine');
  const pt = (c: CondizioniArt1) => (c.part_time ? [c.percentuale_part_time, c.distribuzione_part_time, c.orario_part_time] : null);
  if (!uguale(!!prima.part_time, !!dopo.part_time) || !uguale(pt(prima), pt(dopo))) m.add('orario');
  if (!uguale(prima.superminimo ?? 0, dopo.superminimo ?? 0)) m.add('retribuzione');
  return MODIFICHE_ART1.filter((x) => m.has(x));
}
