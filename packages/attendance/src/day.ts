/** One work day through the rules of DESIGN §8, in order. */
import { durataFascia, estremiFasce, finestraGiorno, minutiTeoriciTurno } from './fasce';
import {
  FUSO_PREDEFINITO,
  MINUTI_GIORNO,
  istanteDaMuro,
  istantiDaMuro,
  minutiDaOrario,
  minutoDaData,
  muroDaIstante,
  normalizzaTimestamp,
  offsetAttorno,
  secondoDaTimestamp,
  timestampDaMinuto,
} from './time';
import { ANOMALIE } from './types';
import type { Anomalia, Coppia, Fascia, Giorno, Giustificativo, OpzioniCalcolo, RisultatoGiorno, Timbratura, Turno } from './types';

/** Worked minutes past which a break is owed (rule 4). */
export const SOGLIA_PAUSA = 360;
/** Night band for days without a shift, which have no band of their own (the contract's default). */
export const NOTTURNO_PREDEFINITO: Fascia = { inizio: '22:00', fine: '06:00' };

/**
 * Rule 1's pairs, as parallel arrays of instants (real epoch minutes, seconds dropped), plus the
 * normalised text of the first pair's E and the last pair's U (prima_entrata, ultima_uscita).
 */
/** `dispari`: an unpaired punch before the last one; `aperta`: the last punch is an E still open. */
type Coppie = { e: number[]; u: number[]; primaE: string | null; ultimaU: string | null; dispari: boolean; aperta: boolean };

/** A timestamp with ':00' added when it has no seconds (it was validated already). */
const normalizzato = (ts: string) => (ts.length === 16 ? `${ts}:00` : ts);

/**
 * Rule 1: sorted punches, each E opens a pair and the next U closes it. A U with nothing open, an E
 * while one is open (the earlier E is dropped) and a pair left open are all "odd punches".
 */
function accoppia(timbrature: Timbratura[], tz: string): Coppie {
  // Each punch is parsed once (in input order, so the first bad one is the one reported). Its wall
  // second orders punches exactly as their normalised text does, and they nearly always come sorted.
  const n = timbrature.length;
  const chiavi: number[] = new Array(n);
  let ordinate = true;
  for (let i = 0; i < n; i++) {
    chiavi[i] = secondoDaTimestamp(timbrature[i].ts);
    if (i > 0 && chiavi[i] < chiavi[i - 1]) ordinate = false;
  }
  // Stable: equal times keep input order.
  const ordine = ordinate ? null : Array.from({ length: n }, (_, i) => i).sort((a, b) => chiavi[a] - chiavi[b]);

  const out: Coppie = { e: [], u: [], primaE: null, ultimaU: null, dispari: false, aperta: false };
  let aperta = -1; // index of the open E
  let apertaIst = 0;
  for (let k = 0; k < n; k++) {
    const i = ordine ? ordine[k] : k;
    const ist = istanteDaMuro(Math.floor(chiavi[i] / 60), tz);
    if (timbrature[i].verso === 'E') {
      if (aperta >= 0) out.dispari = true;
      aperta = i;
      apertaIst = ist;
    } else if (aperta >= 0) {
      out.e.push(apertaIst);
      out.u.push(ist);
      if (out.primaE === null) out.primaE = normalizzato(timbrature[aperta].ts);
      out.ultimaU = timbrature[i].ts;
      aperta = -1;
    } else {
      out.dispari = true;
    }
  }
  if (out.ultimaU !== null) out.ultimaU = normalizzato(out.ultimaU);
  if (aperta >= 0) out.aperta = true;
  return out;
}

/** The shift's first band start and last band end on this day, as instants, and its bands' length. */
function orarioTurno(data: string, turno: Turno, tz: string): { inizio: number; fine: number; durata: number } {
  const base = minutoDaData(data);
  const c = estremiFasce(turno.fasce);
  return { inizio: istanteDaMuro(base + c.inizio, tz), fine: istanteDaMuro(base + c.fine, tz), durata: c.durata };
}

/** Rule 2: a first entry late by no more than the tolerance counts as on time. */
function applicaTolleranza(entrata: number, limite: number, tolleranza: number): number {
  return entrata > limite && entrata - limite <= tolleranza ? limite : entrata;
}

/**
 * Rule 3, entries: up to a multiple of `n` minutes counted from (wall-clock) midnight; 23:55 rounds to
 * the next midnight. The instant chosen is never before the punch, also in the hours DST repeats or skips.
 */
function arrotondaEntrata(ist: number, n: number, tz: string): number {
  if (n <= 0) return ist;
  const w = muroDaIstante(ist, tz);
  const mezzanotte = Math.floor(w / MINUTI_GIORNO) * MINUTI_GIORNO;
  const r = mezzanotte + Math.min(Math.ceil((w - mezzanotte) / n) * n, MINUTI_GIORNO);
  if (r === w) return ist;
  // No offset change nearby: r has the one instant r - o (or, skipped, resolves to it either way).
  const o = offsetAttorno(r, tz);
  if (o === o) return Math.max(ist, r - o);
  const dopo = istantiDaMuro(r, tz).filter((x) => x >= ist);
  return Math.max(ist, dopo.length > 0 ? dopo[0] : istanteDaMuro(r, tz, 'avanti'));
}

/** Rule 3, exits: down to a multiple of `n` minutes from midnight; never after the punch. */
function arrotondaUscita(ist: number, n: number, tz: string): number {
  if (n <= 0) return ist;
  const w = muroDaIstante(ist, tz);
  const mezzanotte = Math.floor(w / MINUTI_GIORNO) * MINUTI_GIORNO;
  const r = mezzanotte + Math.floor((w - mezzanotte) / n) * n;
  if (r === w) return ist;
  const o = offsetAttorno(r, tz);
  if (o === o) return Math.min(ist, r - o);
  const prima = istantiDaMuro(r, tz).filter((x) => x <= ist);
  return Math.min(ist, prima.length > 0 ? prima[prima.length - 1] : istanteDaMuro(r, tz, 'indietro'));
}

/** Rule 4: minutes of break to deduct (0 when enough unpunched gap was taken). */
function pausaDaDedurre(e: number[], u: number[], somma: number, pausaMinima: number): number {
  if (somma <= SOGLIA_PAUSA) return 0;
  let intervalli = 0;
  for (let i = 1; i < e.length; i++) intervalli += e[i] - u[i - 1];
  return intervalli < pausaMinima ? Math.min(pausaMinima - intervalli, somma) : 0;
}

type Copertura = { totale: number; elenco: { codice: string; minuti: number }[] };

/**
 * Rule 7: what each justification covers — G the whole theoretical day, H its minutes — taken in order
 * until the theoretical minutes are used up; the same code twice is reported once.
 */
function copriGiustificativi(giustificativi: Giustificativo[], teorici: number): Copertura {
  if (giustificativi.length === 0) return { totale: 0, elenco: [] }; // most days
  let residuo = teorici;
  const perCodice = new Map<string, number>();
  for (const g of giustificativi) {
    const chiesti = g.unita === 'G' ? teorici : Math.max(0, g.minuti ?? 0);
    const coperti = Math.min(chiesti, residuo);
    residuo -= coperti;
    perCodice.set(g.codice, (perCodice.get(g.codice) ?? 0) + coperti);
  }
  return { totale: teorici - residuo, elenco: [...perCodice].map(([codice, minuti]) => ({ codice, minuti })) };
}

/**
 * The minutes a person is available for work on a day (capacity, for planning job orders): the shift's theoretical
 * minutes on a working day (rule 5), less what approved leave covers (rule 7). No punches are read: it is the plan.
 */
export function capacitaGiorno(giorno: Pick<Giorno, 'tipo_giorno' | 'turno' | 'giustificativi'>): number {
  const teorici = giorno.turno && giorno.tipo_giorno === 'lavorativo' ? minutiTeoriciTurno(giorno.turno) : 0;
  return teorici - copriGiustificativi(giorno.giustificativi, teorici).totale;
}

/** Rule 8: overtime is the excess from the threshold up, in whole blocks. */
function straordinariDa(eccedenza: number, soglia: number, blocco: number): number {
  if (eccedenza <= 0 || eccedenza < soglia) return 0;
  return blocco > 0 ? Math.floor(eccedenza / blocco) * blocco : eccedenza;
}

/**
 * D.Lgs 81/2015 art. 6 c. 1–2: of a part-timer's time beyond the agreed hours (`oltre`, beyond the day's theoretical
 * minutes), what fits up to the full-time day is supplementary; the rest is overtime.
 */
export function supplementariDi(oltre: number, teorici: number, tempoPieno: number): number {
  return Math.max(0, Math.min(oltre, tempoPieno - teorici));
}

/**
 * Rule 10: real minutes of the pairs inside the night band, which may cross midnight. The band is laid
 * on every calendar day a pair touches (and the day before, for a band begun the evening before).
 */
function minutiNotturni(ee: number[], uu: number[], notturno: Fascia, tz: string): number {
  const inizio = minutiDaOrario(notturno.inizio);
  const durata = durataFascia(notturno);
  let totale = 0;
  for (let i = 0; i < ee.length; i++) {
    const e = ee[i];
    const u = uu[i];
    if (u <= e) continue;
    const primo = Math.floor(muroDaIstante(e, tz) / MINUTI_GIORNO) * MINUTI_GIORNO - MINUTI_GIORNO;
    const ultimo = Math.floor(muroDaIstante(u, tz) / MINUTI_GIORNO) * MINUTI_GIORNO;
    for (let giorno = primo; giorno <= ultimo; giorno += MINUTI_GIORNO) {
      const da = istanteDaMuro(giorno + inizio, tz);
      const a = istanteDaMuro(giorno + inizio + durata, tz);
      totale += Math.max(0, Math.min(u, a) - Math.max(e, da));
    }
  }
  return totale;
}

/** Bit of each anomaly: its index in ANOMALIE, the order they are reported in. */
const BIT = Object.fromEntries(ANOMALIE.map((a, i) => [a, 1 << i])) as Record<Anomalia, number>;

/** The anomalies of a bit set, in ANOMALIE order. */
function elencoAnomalie(bits: number): Anomalia[] {
  const out: Anomalia[] = [];
  for (let i = 0; i < ANOMALIE.length; i++) if (bits & (1 << i)) out.push(ANOMALIE[i]);
  return out;
}

/** Computes one day's timecard (DESIGN §8, rules 1–12; rule 11's rest check is in computeMonth). */
export function computeDay(giorno: Giorno, opts: OpzioniCalcolo = {}): RisultatoGiorno {
  return calcolaGiorno(giorno, opts.timeZone ?? FUSO_PREDEFINITO, null, opts.adesso);
}

/**
 * Where calcolaGiorno leaves the instants of prima_entrata and ultima_uscita, so that computeMonth's
 * rest check does not parse the texts again.
 */
export type IstantiEstremi = { primaEntrata: number; ultimaUscita: number };

/** computeDay's work; fills `estremi` (when given and the day has a pair). */
export function calcolaGiorno(giorno: Giorno, tz: string, estremi: IstantiEstremi | null, adesso?: string): RisultatoGiorno {
  // Rule 12: without a shift none of the shift's rules apply (threshold and block count as 0). A shift
  // without bands has nothing to measure against, so it counts as none.
  const turno = giorno.turno && giorno.turno.fasce.length > 0 ? giorno.turno : null;
  let anomalie = 0; // bit set, see BIT
  // A day whose window (rule 13) is still open is in progress: a night shift at 05:30, a day shift at 07:00
  const inCorso = adesso !== undefined && normalizzaTimestamp(adesso) <= finestraGiorno(giorno.data, turno).a;

  // Rule 1. Unpaired punches take no further part in any rule; the last E of a day in progress is only still open.
  const grezze = accoppia(giorno.timbrature, tz);
  if (grezze.dispari || (grezze.aperta && !inCorso)) anomalie |= BIT.TIMBRATURE_DISPARI;
  const orario = turno ? orarioTurno(giorno.data, turno, tz) : null;
  const nCoppie = grezze.e.length;
  if (estremi && nCoppie > 0) {
    estremi.primaEntrata = grezze.e[0];
    estremi.ultimaUscita = grezze.u[nCoppie - 1];
  }

  // Rule 2: entries after tolerance (only the first one can move).
  let primaE = nCoppie > 0 ? grezze.e[0] : 0;
  if (turno && orario && nCoppie > 0) {
    primaE = applicaTolleranza(primaE, orario.inizio + turno.flessibilita, turno.tolleranza);
  }

  // Rule 3. Rounding can make a short pair cross itself (E 08:01 -> 08:15, U 08:10 -> 08:00): it is
  // then worth 0 minutes rather than negative ones, and pairs stay ordered and apart.
  const entrate: number[] = new Array(nCoppie);
  const uscite: number[] = new Array(nCoppie);
  let somma = 0;
  for (let i = 0; i < nCoppie; i++) {
    const ei = i === 0 ? primaE : grezze.e[i];
    const e = turno ? arrotondaEntrata(ei, turno.arrotondamento_entrata, tz) : ei;
    const u = turno ? arrotondaUscita(grezze.u[i], turno.arrotondamento_uscita, tz) : grezze.u[i];
    entrate[i] = e;
    uscite[i] = Math.max(e, u);
    somma += uscite[i] - e;
  }

  // Rule 4.
  const pausa = turno ? pausaDaDedurre(entrate, uscite, somma, turno.pausa_minima) : 0;
  if (pausa > 0) anomalie |= BIT.PAUSA_AUTOMATICA;
  const lavorati = somma - pausa;

  // Rule 5.
  // minutiTeoriciTurno, with the bands' length already read by orarioTurno.
  const teorici = turno && orario && giorno.tipo_giorno === 'lavorativo' ? (turno.minuti_teorici ?? orario.durata) : 0;

  // Rule 6: measured on the punches after tolerance and before rounding.
  let ritardo = 0;
  let uscitaAnticipata = 0;
  if (turno && orario && nCoppie > 0) {
    ritardo = Math.max(0, primaE - (orario.inizio + turno.flessibilita));
    const flessibilitaUsata = Math.min(turno.flessibilita, Math.max(0, primaE - orario.inizio));
    uscitaAnticipata = Math.max(0, orario.fine + flessibilitaUsata - grezze.u[nCoppie - 1]);
  }

  // Rules 7–9.
  const giustificati = copriGiustificativi(giorno.giustificativi, teorici);
  const ordinari = Math.min(lavorati, Math.max(0, teorici - giustificati.totale));
  // The time beyond the shift, after the shift's threshold and blocks, is what is paid as extra; a part-timer's is
  // supplementary up to the full-time day and overtime beyond it (D.Lgs 81/2015 art. 6), so the sum stays the same.
  const oltre = turno
    ? straordinariDa(lavorati - ordinari, turno.soglia_straordinario, turno.blocco_straordinario)
    : straordinariDa(lavorati - ordinari, 0, 0);
  const supplementari = giorno.part_time ? supplementariDi(oltre, teorici, giorno.part_time.minuti_tempo_pieno) : 0;
  const straordinari = oltre - supplementari;
  // what a day in progress has not worked yet is not missing yet, nor is its exit early
  const mancanti = inCorso ? 0 : Math.max(0, teorici - ordinari - giustificati.totale);
  if (inCorso) uscitaAnticipata = 0;
  // A justification covering the gap silences lateness and early exit; the minutes stay reported.
  if (mancanti > 0 && ritardo > 0) anomalie |= BIT.RITARDO;
  if (mancanti > 0 && uscitaAnticipata > 0) anomalie |= BIT.USCITA_ANTICIPATA;

  // Rule 10. An automatic break is not placed anywhere, so it only caps the night minutes: they can
  // never exceed the minutes worked.
  const notturni = Math.min(lavorati, minutiNotturni(entrate, uscite, turno?.notturno ?? NOTTURNO_PREDEFINITO, tz));
  const festivi = giorno.tipo_giorno === 'festivo' ? lavorati : 0;

  // Rule 11 (RIPOSO_INSUFFICIENTE needs the previous day: computeMonth).
  if (teorici > 0 && giorno.timbrature.length === 0 && giorno.giustificativi.length === 0 && !inCorso) {
    anomalie |= BIT.ASSENZA_NON_GIUSTIFICATA;
  }
  if (giorno.tipo_giorno !== 'lavorativo' && lavorati > 0) anomalie |= BIT.LAVORO_IN_RIPOSO;

  const coppie: Coppia[] = new Array(nCoppie);
  for (let i = 0; i < nCoppie; i++) {
    const e = entrate[i];
    const u = uscite[i];
    coppie[i] = { entrata: timestampDaMinuto(muroDaIstante(e, tz)), uscita: timestampDaMinuto(muroDaIstante(u, tz)), minuti: u - e };
  }
  return {
    minuti_teorici: teorici,
    minuti_lavorati: lavorati,
    minuti_ordinari: ordinari,
    minuti_straordinari: straordinari,
    minuti_supplementari: supplementari,
    minuti_notturni: notturni,
    minuti_festivi: festivi,
    minuti_ritardo: ritardo,
    minuti_uscita_anticipata: uscitaAnticipata,
    minuti_mancanti: mancanti,
    minuti_giustificati: giustificati.totale,
    giustificativi: giustificati.elenco,
    anomalie: elencoAnomalie(anomalie),
    coppie,
    prima_entrata: grezze.primaE,
    ultima_uscita: grezze.ultimaU,
    ...(inCorso ? { in_corso: true as const } : {}),
  };
}
