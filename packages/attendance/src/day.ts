/** One work day through the rules of DESIGN §8, in order. */
import { collocaFasce, durataFascia, minutiTeoriciTurno } from './fasce';
import {
  FUSO_PREDEFINITO,
  MINUTI_GIORNO,
  istanteDaMuro,
  istantiDaMuro,
  minutiDaOrario,
  minutoDaData,
  minutoDaTimestamp,
  muroDaIstante,
  normalizzaTimestamp,
  timestampDaMinuto,
} from './time';
import { ANOMALIE } from './types';
import type { Anomalia, Fascia, Giorno, Giustificativo, OpzioniCalcolo, RisultatoGiorno, Timbratura, Turno } from './types';

/** Worked minutes past which a break is owed (rule 4). */
export const SOGLIA_PAUSA = 360;
/** Night band for days without a shift, which have no band of their own (the contract's default). */
export const NOTTURNO_PREDEFINITO: Fascia = { inizio: '22:00', fine: '06:00' };

/** A raw punch: its normalised text and its instant (real epoch minutes, seconds dropped). */
type Punto = { ts: string; ist: number };
type CoppiaGrezza = { e: Punto; u: Punto };

/**
 * Rule 1: sorted punches, each E opens a pair and the next U closes it. A U with nothing open, an E
 * while one is open (the earlier E is dropped) and a pair left open are all "odd punches".
 */
function accoppia(timbrature: Timbratura[], tz: string): { coppie: CoppiaGrezza[]; dispari: boolean } {
  const punti = timbrature
    .map((t) => ({ verso: t.verso, ts: normalizzaTimestamp(t.ts) }))
    .sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0)); // stable: equal times keep input order
  const coppie: CoppiaGrezza[] = [];
  let aperta: Punto | null = null;
  let dispari = false;
  for (const p of punti) {
    const punto = { ts: p.ts, ist: istanteDaMuro(minutoDaTimestamp(p.ts), tz) };
    if (p.verso === 'E') {
      if (aperta) dispari = true;
      aperta = punto;
    } else if (aperta) {
      coppie.push({ e: aperta, u: punto });
      aperta = null;
    } else {
      dispari = true;
    }
  }
  if (aperta) dispari = true;
  return { coppie, dispari };
}

/** The shift's first band start and last band end on this day, as instants. */
function orarioTurno(data: string, turno: Turno, tz: string): { inizio: number; fine: number } {
  const base = minutoDaData(data);
  const c = collocaFasce(turno.fasce);
  return { inizio: istanteDaMuro(base + c[0].inizio, tz), fine: istanteDaMuro(base + c[c.length - 1].fine, tz) };
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
  const prima = istantiDaMuro(r, tz).filter((x) => x <= ist);
  return Math.min(ist, prima.length > 0 ? prima[prima.length - 1] : istanteDaMuro(r, tz, 'indietro'));
}

/** Rule 4: minutes of break to deduct (0 when enough unpunched gap was taken). */
function pausaDaDedurre(coppie: [number, number][], somma: number, pausaMinima: number): number {
  if (somma <= SOGLIA_PAUSA) return 0;
  let intervalli = 0;
  for (let i = 1; i < coppie.length; i++) intervalli += coppie[i][0] - coppie[i - 1][1];
  return intervalli < pausaMinima ? Math.min(pausaMinima - intervalli, somma) : 0;
}

/**
 * Rule 7: what each justification covers — G the whole theoretical day, H its minutes — taken in order
 * until the theoretical minutes are used up; the same code twice is reported once.
 */
function copriGiustificativi(
  giustificativi: Giustificativo[],
  teorici: number,
): { totale: number; elenco: { codice: string; minuti: number }[] } {
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

/** Rule 8: overtime is the excess from the threshold up, in whole blocks. */
function straordinariDa(eccedenza: number, soglia: number, blocco: number): number {
  if (eccedenza <= 0 || eccedenza < soglia) return 0;
  return blocco > 0 ? Math.floor(eccedenza / blocco) * blocco : eccedenza;
}

/**
 * Rule 10: real minutes of the pairs inside the night band, which may cross midnight. The band is laid
 * on every calendar day a pair touches (and the day before, for a band begun the evening before).
 */
function minutiNotturni(coppie: [number, number][], notturno: Fascia, tz: string): number {
  const inizio = minutiDaOrario(notturno.inizio);
  const durata = durataFascia(notturno);
  let totale = 0;
  for (const [e, u] of coppie) {
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

/** Computes one day's timecard (DESIGN §8, rules 1–12; rule 11's rest check is in computeMonth). */
export function computeDay(giorno: Giorno, opts: OpzioniCalcolo = {}): RisultatoGiorno {
  const tz = opts.timeZone ?? FUSO_PREDEFINITO;
  // Rule 12: without a shift none of the shift's rules apply (threshold and block count as 0). A shift
  // without bands has nothing to measure against, so it counts as none.
  const turno = giorno.turno && giorno.turno.fasce.length > 0 ? giorno.turno : null;
  const anomalie = new Set<Anomalia>();

  // Rule 1. Unpaired punches take no further part in any rule.
  const { coppie: grezze, dispari } = accoppia(giorno.timbrature, tz);
  if (dispari) anomalie.add('TIMBRATURE_DISPARI');
  const orario = turno ? orarioTurno(giorno.data, turno, tz) : null;

  // Rule 2: entries after tolerance (only the first one can move).
  const entrate = grezze.map((c) => c.e.ist);
  if (turno && orario && entrate.length > 0) {
    entrate[0] = applicaTolleranza(entrate[0], orario.inizio + turno.flessibilita, turno.tolleranza);
  }

  // Rule 3. Rounding can make a short pair cross itself (E 08:01 -> 08:15, U 08:10 -> 08:00): it is
  // then worth 0 minutes rather than negative ones, and pairs stay ordered and apart.
  const arrotondate: [number, number][] = grezze.map((c, i) => {
    const e = turno ? arrotondaEntrata(entrate[i], turno.arrotondamento_entrata, tz) : entrate[i];
    const u = turno ? arrotondaUscita(c.u.ist, turno.arrotondamento_uscita, tz) : c.u.ist;
    return [e, Math.max(e, u)];
  });

  // Rule 4.
  const somma = arrotondate.reduce((s, [e, u]) => s + (u - e), 0);
  const pausa = turno ? pausaDaDedurre(arrotondate, somma, turno.pausa_minima) : 0;
  if (pausa > 0) anomalie.add('PAUSA_AUTOMATICA');
  const lavorati = somma - pausa;

  // Rule 5.
  const teorici = turno && giorno.tipo_giorno === 'lavorativo' ? minutiTeoriciTurno(turno) : 0;

  // Rule 6: measured on the punches after tolerance and before rounding.
  let ritardo = 0;
  let uscitaAnticipata = 0;
  if (turno && orario && grezze.length > 0) {
    const primaE = entrate[0];
    ritardo = Math.max(0, primaE - (orario.inizio + turno.flessibilita));
    const flessibilitaUsata = Math.min(turno.flessibilita, Math.max(0, primaE - orario.inizio));
    uscitaAnticipata = Math.max(0, orario.fine + flessibilitaUsata - grezze[grezze.length - 1].u.ist);
  }

  // Rules 7–9.
  const giustificati = copriGiustificativi(giorno.giustificativi, teorici);
  const ordinari = Math.min(lavorati, Math.max(0, teorici - giustificati.totale));
  const straordinari = turno
    ? straordinariDa(lavorati - ordinari, turno.soglia_straordinario, turno.blocco_straordinario)
    : straordinariDa(lavorati - ordinari, 0, 0);
  const mancanti = Math.max(0, teorici - ordinari - giustificati.totale);
  // A justification covering the gap silences lateness and early exit; the minutes stay reported.
  if (mancanti > 0 && ritardo > 0) anomalie.add('RITARDO');
  if (mancanti > 0 && uscitaAnticipata > 0) anomalie.add('USCITA_ANTICIPATA');

  // Rule 10. An automatic break is not placed anywhere, so it only caps the night minutes: they can
  // never exceed the minutes worked.
  const notturni = Math.min(lavorati, minutiNotturni(arrotondate, turno?.notturno ?? NOTTURNO_PREDEFINITO, tz));
  const festivi = giorno.tipo_giorno === 'festivo' ? lavorati : 0;

  // Rule 11 (RIPOSO_INSUFFICIENTE needs the previous day: computeMonth).
  if (teorici > 0 && giorno.timbrature.length === 0 && giorno.giustificativi.length === 0) {
    anomalie.add('ASSENZA_NON_GIUSTIFICATA');
  }
  if (giorno.tipo_giorno !== 'lavorativo' && lavorati > 0) anomalie.add('LAVORO_IN_RIPOSO');

  const muro = (ist: number) => timestampDaMinuto(muroDaIstante(ist, tz));
  return {
    minuti_teorici: teorici,
    minuti_lavorati: lavorati,
    minuti_ordinari: ordinari,
    minuti_straordinari: straordinari,
    minuti_notturni: notturni,
    minuti_festivi: festivi,
    minuti_ritardo: ritardo,
    minuti_uscita_anticipata: uscitaAnticipata,
    minuti_mancanti: mancanti,
    minuti_giustificati: giustificati.totale,
    giustificativi: giustificati.elenco,
    anomalie: ANOMALIE.filter((a) => anomalie.has(a)),
    coppie: arrotondate.map(([e, u]) => ({ entrata: muro(e), uscita: muro(u), minuti: u - e })),
    prima_entrata: grezze.length > 0 ? grezze[0].e.ts : null,
    ultima_uscita: grezze.length > 0 ? grezze[grezze.length - 1].u.ts : null,
  };
}
