/** The monthly timecard (cartellino): every day's result, the rest check and the totals. */
import { calcolaGiorno, type IstantiEstremi } from './day';
import { FUSO_PREDEFINITO, istanteDaTimestamp, MINUTI_GIORNO, minutoDaData } from './time';
import { ANOMALIE } from './types';
import type { Giorno, OpzioniCalcolo, RisultatoGiorno, Totali } from './types';

/** Minimum rest between one day's last exit and the next day's first entry (rule 11). */
export const RIPOSO_MINIMO = 660;

export type OpzioniMese = OpzioniCalcolo & {
  /** Last raw U of the day before the period (e.g. the previous month), so its first day is checked too. */
  ultimaUscitaPrecedente?: string | null;
};
export type GiornoCartellino = RisultatoGiorno & { data: string };
export type Cartellino = { giorni: GiornoCartellino[]; totali: Totali };

/**
 * Computes each day (sorted by date) and adds RIPOSO_INSUFFICIENTE where fewer than 11 real hours
 * separate the latest earlier exit from the day's first entry. The latest earlier exit is normally the
 * previous day's; when that day has no pair the one before counts, which only matters if it is closer
 * than 11 h — never, unless shifts are very long.
 */
export function computeMonth(giorni: Giorno[], opts: OpzioniMese = {}): Cartellino {
  const tz = opts.timeZone ?? FUSO_PREDEFINITO;
  // Days nearly always come in order: sort (stably) only when they do not.
  let inOrdine = true;
  for (let i = 1; i < giorni.length && inOrdine; i++) inOrdine = !(giorni[i].data < giorni[i - 1].data);
  const ordinati = inOrdine ? giorni : [...giorni].sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
  // The latest exit as text and as an instant: the instant of a day's exit comes with its result; the
  // one given in opts is read (and validated) only when first needed, as before.
  let ultimaUscita = opts.ultimaUscitaPrecedente ?? null;
  let ultimaIst = NaN;
  const estremi: IstantiEstremi = { primaEntrata: NaN, ultimaUscita: NaN };
  const risultati: GiornoCartellino[] = new Array(ordinati.length);
  // a part-timer's supplementary minutes so far in the ISO week of the day being computed
  let settimanaCorrente = NaN;
  let supplementariSettimana = 0;
  for (let i = 0; i < ordinati.length; i++) {
    const g = ordinati[i];
    const r = calcolaGiorno(g, tz, estremi, opts.adesso);
    if (ultimaUscita && r.prima_entrata) {
      if (ultimaIst !== ultimaIst) ultimaIst = istanteDaTimestamp(ultimaUscita, tz);
      if (estremi.primaEntrata - ultimaIst < RIPOSO_MINIMO) {
        r.anomalie = ANOMALIE.filter((a) => a === 'RIPOSO_INSUFFICIENTE' || r.anomalie.includes(a));
      }
    }
    if (r.ultima_uscita) {
      ultimaUscita = r.ultima_uscita;
      ultimaIst = estremi.ultimaUscita;
    }
    if (g.part_time) {
      const settimana = lunedi(g.data);
      if (settimana !== settimanaCorrente) {
        settimanaCorrente = settimana;
        supplementariSettimana = 0;
      }
      supplementariSettimana += r.minuti_supplementari;
      if (oltreLimiteSupplementare(supplementariSettimana, r.minuti_supplementari, g.part_time.limite_settimanale)) {
        r.anomalie = ANOMALIE.filter((a) => a === 'SUPPLEMENTARE_OLTRE_LIMITE' || r.anomalie.includes(a));
      }
    }
    risultati[i] = conData(g.data, r);
  }
  return { giorni: risultati, totali: totalizza(ordinati, risultati) };
}

/** The ISO week of a date, as the day number of its Monday. */
function lunedi(data: string): number {
  const giorno = minutoDaData(data) / MINUTI_GIORNO; // 1970-01-01 was a Thursday
  return giorno - ((giorno + 3) % 7 + 7) % 7;
}

/**
 * D.Lgs 81/2015 art. 6 c. 2: the supplementary work of a week may not exceed the CCNL's limit, else 25 % of the weekly
 * agreed hours. A day that does supplementary work and brings the week's total (`settimana`, this day included) past
 * the limit is flagged; a day without any is not.
 */
export function oltreLimiteSupplementare(settimana: number, giorno: number, limite: number | null | undefined): boolean {
  return limite != null && giorno > 0 && settimana > limite;
}

/**
 * `{ data, ...r }` spelled out: copying the fields by name is much cheaper than a spread that is not
 * the literal's first member. Same keys in the same order (prestazioni.test checks it).
 */
function conData(data: string, r: RisultatoGiorno): GiornoCartellino {
  const out: GiornoCartellino = {
    data,
    minuti_teorici: r.minuti_teorici,
    minuti_lavorati: r.minuti_lavorati,
    minuti_ordinari: r.minuti_ordinari,
    minuti_straordinari: r.minuti_straordinari,
    minuti_supplementari: r.minuti_supplementari,
    minuti_notturni: r.minuti_notturni,
    minuti_festivi: r.minuti_festivi,
    minuti_ritardo: r.minuti_ritardo,
    minuti_uscita_anticipata: r.minuti_uscita_anticipata,
    minuti_mancanti: r.minuti_mancanti,
    minuti_giustificati: r.minuti_giustificati,
    giustificativi: r.giustificativi,
    anomalie: r.anomalie,
    coppie: r.coppie,
    prima_entrata: r.prima_entrata,
    ultima_uscita: r.ultima_uscita,
  };
  if (r.in_corso) out.in_corso = true;
  return out;
}

/** Sums of every minuti_* field, days worked and absent, minutes per code, days per anomaly. */
function totalizza(giorni: Giorno[], risultati: RisultatoGiorno[]): Totali {
  // The eleven sums are spelled out, in CAMPI_MINUTI's order (prestazioni.test checks it): a loop over the
  // field names does keyed loads and stores, several times slower.
  let teorici = 0;
  let lavorati = 0;
  let ordinari = 0;
  let straordinari = 0;
  let supplementari = 0;
  let notturni = 0;
  let festivi = 0;
  let ritardo = 0;
  let uscitaAnticipata = 0;
  let mancanti = 0;
  let giustificati = 0;
  let giorniLavorati = 0;
  let giorniAssenza = 0;
  // keyed by leave-type codes (data): no prototype to collide with
  const perCausale: Record<string, number> = Object.create(null);
  const anomalie: Totali['anomalie'] = Object.create(null);
  for (let i = 0; i < risultati.length; i++) {
    const r = risultati[i];
    teorici += r.minuti_teorici;
    lavorati += r.minuti_lavorati;
    ordinari += r.minuti_ordinari;
    straordinari += r.minuti_straordinari;
    supplementari += r.minuti_supplementari;
    notturni += r.minuti_notturni;
    festivi += r.minuti_festivi;
    ritardo += r.minuti_ritardo;
    uscitaAnticipata += r.minuti_uscita_anticipata;
    mancanti += r.minuti_mancanti;
    giustificati += r.minuti_giustificati;
    if (r.minuti_lavorati > 0) giorniLavorati++;
    if (giorni[i].giustificativi.some((g) => g.unita === 'G')) giorniAssenza++;
    for (const g of r.giustificativi) perCausale[g.codice] = (perCausale[g.codice] ?? 0) + g.minuti;
    for (const a of r.anomalie) anomalie[a] = (anomalie[a] ?? 0) + 1;
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
    minuti_giustificati: giustificati,
    giorni_lavorati: giorniLavorati,
    giorni_assenza: giorniAssenza,
    per_causale: perCausale,
    anomalie,
  };
}
