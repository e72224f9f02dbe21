/** The monthly timecard (cartellino): every day's result, the rest check and the totals. */
import { computeDay } from './day';
import { FUSO_PREDEFINITO, minutiTra } from './time';
import { ANOMALIE, CAMPI_MINUTI } from './types';
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
  const ordinati = [...giorni].sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
  let ultimaUscita = opts.ultimaUscitaPrecedente ?? null;
  const risultati: GiornoCartellino[] = ordinati.map((g) => {
    const r = computeDay(g, { timeZone: tz });
    if (ultimaUscita && r.prima_entrata && minutiTra(ultimaUscita, r.prima_entrata, tz) < RIPOSO_MINIMO) {
      r.anomalie = ANOMALIE.filter((a) => a === 'RIPOSO_INSUFFICIENTE' || r.anomalie.includes(a));
    }
    if (r.ultima_uscita) ultimaUscita = r.ultima_uscita;
    return { data: g.data, ...r };
  });
  return { giorni: risultati, totali: totalizza(ordinati, risultati) };
}

/** Sums of every minuti_* field, days worked and absent, minutes per code, days per anomaly. */
function totalizza(giorni: Giorno[], risultati: RisultatoGiorno[]): Totali {
  const totali = {
    ...(Object.fromEntries(CAMPI_MINUTI.map((k) => [k, 0])) as Record<(typeof CAMPI_MINUTI)[number], number>),
    giorni_lavorati: 0,
    giorni_assenza: 0,
    per_causale: {} as Record<string, number>,
    anomalie: {} as Totali['anomalie'],
  };
  risultati.forEach((r, i) => {
    for (const k of CAMPI_MINUTI) totali[k] += r[k];
    if (r.minuti_lavorati > 0) totali.giorni_lavorati++;
    if (giorni[i].giustificativi.some((g) => g.unita === 'G')) totali.giorni_assenza++;
    for (const g of r.giustificativi) totali.per_causale[g.codice] = (totali.per_causale[g.codice] ?? 0) + g.minuti;
    for (const a of r.anomalie) totali.anomalie[a] = (totali.anomalie[a] ?? 0) + 1;
  });
  return totali;
}
