/**
 * The Italian tax treatment of an expense note's lines (issue #16): how much of each line is reimbursed, and how much
 * of that is tax-exempt or taxable income for payroll. One pure function over the whole note, so a line added,
 * changed or excluded recomputes its day; no I/O. Table-tested with the law cited in trattamentoSpese.test.ts.
 *
 * Sources:
 *  - TUIR (D.P.R. 917/1986) art. 51 c. 5: trips outside the workplace's municipality; the daily allowance (diaria)
 *    exempt up to 46,48 € (77,47 € abroad), reduced by a third when meals or lodging are provided or reimbursed and by
 *    two thirds when both are; documented travel and transport reimbursements exempt; under the analytic regime,
 *    undocumented small expenses exempt up to 15,49 € (25,82 € abroad) a day; within the municipality every
 *    reimbursement is income except transport documented by the carrier.
 *  - L. 207/2024 (legge di bilancio 2025) art. 1 c. 81: in Italy, meals, lodging and taxi/NCC are exempt only when paid
 *    by traceable means; D.L. 84/2025 art. 1 keeps trips abroad outside that rule.
 *  - TUIR art. 51 c. 1: what an employee buys for the company and is refunded on a receipt is not income.
 * Amounts are integer cents of EUR; conversions are exact decimal arithmetic, rounded half up once per line.
 */

export const CATEGORIE_SPESA = ['VITTO', 'ALLOGGIO', 'VIAGGIO', 'TRASPORTO_LOCALE', 'TAXI', 'CHILOMETRICO', 'DIARIA', 'PARCHEGGIO', 'PEDAGGIO', 'ALTRO'] as const;
export type TCategoriaSpesa = (typeof CATEGORIE_SPESA)[number];
export const REGIMI_TRASFERTA = ['forfettario', 'misto', 'analitico'] as const;
export type TRegimeTrasferta = (typeof REGIMI_TRASFERTA)[number];

/** The categories that exist only on a business trip (a note without one holds purchases for the company). */
export const SOLO_IN_TRASFERTA: readonly TCategoriaSpesa[] = ['DIARIA', 'CHILOMETRICO', 'VITTO', 'ALLOGGIO', 'TAXI'];

/** The daily allowance's exempt limit, in cents (TUIR art. 51 c. 5): full, with meals or lodging, with both. */
export const LIMITI_DIARIA = { italia: [4648, 3099, 1549], estero: [7747, 5165, 2582] } as const;
/** The analytic regime's undocumented small expenses, exempt up to this a day (TUIR art. 51 c. 5). */
export const FRANCHIGIA_ALTRO = { italia: 1549, estero: 2582 } as const;

export type TrasfertaFiscale = { estero: boolean; comune_sede: boolean; regime: TRegimeTrasferta; dal?: string; al?: string } | null;

export type RigaFiscale = {
  data: string;
  categoria: TCategoriaSpesa;
  /** The line's amount in cents of EUR (converted, or km × ACI cost). */
  importo_eur: number;
  pagata_azienda: boolean;
  tracciabile: boolean;
  documentata: boolean;
  /** Excluded by an approver: nothing is reimbursed. */
  esclusa?: boolean;
  /** Capped by an approver at this many cents. */
  tetto?: number | null;
  /** The expense type's limit, flagged when passed. */
  massimale?: { centesimi: number; per: 'giorno' | 'voce' } | null;
  /** The expense type wants a receipt, and whether its image or PDF is attached. */
  ricevuta_obbligatoria?: boolean;
  ha_ricevuta?: boolean;
};

/** Why a line is treated as it is, or what an approver should look at: shown on screen before sending. */
export const AVVISI_SPESA = [
  'non_tracciabile', 'non_documentata', 'comune_sede', 'diaria_oltre_limite', 'altro_oltre_franchigia', 'altro_forfettario', 'oltre_massimale',
  'ricevuta_mancante', 'pagata_azienda', 'esclusa', 'limitata',
  // set by the server, not by these rules: the rate is the last one known, older than the expense
  'cambio_non_aggiornato',
  // set by the server: a mileage line on a car without HR's cost per km for its year waits for it (nothing to pay yet)
  'costo_km_da_definire',
] as const;
export type TAvvisoSpesa = (typeof AVVISI_SPESA)[number];

export type EsitoRiga = { rimborsabile: number; esente: number; imponibile: number; avvisi: TAvvisoSpesa[] };

/** A refusal of a line: the HTTP status and the message key. */
export type ErroreRiga = { status: 400 | 409; message: string };

/** Whether a line may stand on its note (before it is stored): null, or why not. */
export function erroreRiga(trasferta: TrasfertaFiscale, riga: Pick<RigaFiscale, 'data' | 'categoria'>, altre: Pick<RigaFiscale, 'data' | 'categoria'>[]): ErroreRiga | null {
  if (!trasferta) return SOLO_IN_TRASFERTA.includes(riga.categoria) ? { status: 400, message: 'avvisi.spesa_solo_trasferta' } : null;
  if (trasferta.dal && trasferta.al && (riga.data < trasferta.dal || riga.data > trasferta.al)) return { status: 400, message: 'avvisi.data_fuori_trasferta' };
  if (riga.categoria === 'DIARIA') {
    if (trasferta.regime === 'analitico') return { status: 400, message: 'avvisi.diaria_analitico' };
    if (altre.some((a) => a.categoria === 'DIARIA' && a.data === riga.data)) return { status: 409, message: 'avvisi.diaria_doppia' };
  }
  return null;
}

/** What is reimbursed of a line, before the tax split: nothing if excluded or paid by the company, at most the cap. */
export function rimborsabile(r: RigaFiscale): number {
  if (r.esclusa || r.pagata_azienda) return 0;
  return r.tetto != null ? Math.min(r.importo_eur, Math.max(0, r.tetto)) : r.importo_eur;
}

/**
 * Every line's treatment, in the order given. Lines are taken by day in date order, then in the order given
 * (insertion order), for the allowances a day's lines share.
 */
export function trattamentoFiscale(trasferta: TrasfertaFiscale, righe: RigaFiscale[]): EsitoRiga[] {
  const out: EsitoRiga[] = righe.map(() => ({ rimborsabile: 0, esente: 0, imponibile: 0, avvisi: [] }));
  const order = righe.map((_, i) => i).sort((a, b) => (righe[a].data < righe[b].data ? -1 : righe[a].data > righe[b].data ? 1 : a - b));
  const zona = trasferta?.estero ? 'estero' : 'italia';

  // meals or lodging provided or reimbursed, per day: they lower that day's diaria limit
  const vitto = new Set<string>();
  const alloggio = new Set<string>();
  for (const r of righe) {
    if (r.esclusa) continue;
    const counts = r.pagata_azienda || rimborsabile(r) > 0;
    if (counts && r.categoria === 'VITTO') vitto.add(r.data);
    if (counts && r.categoria === 'ALLOGGIO') alloggio.add(r.data);
  }
  // what each day's ALTRO lines have used of the analytic allowance; each type's daily total, for a daily limit
  const altroUsato = new Map<string, number>();
  const perGiorno = new Map<string, number>();
  for (const r of righe) if (!r.esclusa) perGiorno.set(`${r.categoria}|${r.data}`, (perGiorno.get(`${r.categoria}|${r.data}`) ?? 0) + r.importo_eur);

  for (const i of order) {
    const r = righe[i];
    const o = out[i];
    const rimb = rimborsabile(r);
    o.rimborsabile = rimb;
    const esente = (n: number) => {
      o.esente = Math.min(n, rimb);
      o.imponibile = rimb - o.esente;
    };
    if (r.esclusa) o.avvisi.push('esclusa');
    else if (r.pagata_azienda) o.avvisi.push('pagata_azienda');
    else if (r.tetto != null && r.tetto < r.importo_eur) o.avvisi.push('limitata');
    if (r.massimale) {
      const base = r.massimale.per === 'giorno' ? (perGiorno.get(`${r.categoria}|${r.data}`) ?? 0) : r.importo_eur;
      if (!r.esclusa && base > r.massimale.centesimi) o.avvisi.push('oltre_massimale');
    }
    if (r.ricevuta_obbligatoria && !r.ha_ricevuta && !r.pagata_azienda) o.avvisi.push('ricevuta_mancante');

    if (!trasferta) {
      // purchases for the company: a receipt makes it a refund, not income (TUIR art. 51 c. 1)
      esente(r.documentata ? rimb : 0);
      if (!r.documentata && rimb > 0) o.avvisi.push('non_documentata');
      continue;
    }
    if (trasferta.comune_sede) {
      // within the municipality everything is income but documented transport, and a taxi paid traceably
      const trasporto = (r.categoria === 'VIAGGIO' || r.categoria === 'TRASPORTO_LOCALE') && r.documentata;
      const taxi = r.categoria === 'TAXI' && r.documentata && r.tracciabile;
      esente(trasporto || taxi ? rimb : 0);
      if (o.imponibile > 0) o.avvisi.push(r.categoria === 'TAXI' && r.documentata && !r.tracciabile ? 'non_tracciabile' : 'comune_sede');
      continue;
    }
    switch (r.categoria) {
      case 'VITTO':
      case 'ALLOGGIO':
      case 'TAXI': {
        const tracciata = trasferta.estero || r.tracciabile;
        esente(r.documentata && tracciata ? rimb : 0);
        if (rimb > 0 && !r.documentata) o.avvisi.push('non_documentata');
        else if (rimb > 0 && !tracciata) o.avvisi.push('non_tracciabile');
        break;
      }
      case 'CHILOMETRICO':
        esente(rimb);
        break;
      case 'DIARIA': {
        const n = (vitto.has(r.data) ? 1 : 0) + (alloggio.has(r.data) ? 1 : 0);
        esente(LIMITI_DIARIA[zona][n]);
        if (o.imponibile > 0) o.avvisi.push('diaria_oltre_limite');
        break;
      }
      case 'ALTRO': {
        if (trasferta.regime !== 'analitico') {
          esente(0);
          if (rimb > 0) o.avvisi.push('altro_forfettario');
          break;
        }
        const usato = altroUsato.get(r.data) ?? 0;
        esente(Math.max(0, FRANCHIGIA_ALTRO[zona] - usato));
        altroUsato.set(r.data, usato + o.esente);
        if (o.imponibile > 0) o.avvisi.push('altro_oltre_franchigia');
        break;
      }
      default:
        // VIAGGIO, TRASPORTO_LOCALE, PARCHEGGIO, PEDAGGIO: scheduled transport and its accessories, documented,
        // exempt (outside the traceability rule)
        esente(r.documentata ? rimb : 0);
        if (rimb > 0 && !r.documentata) o.avvisi.push('non_documentata');
    }
  }
  return out;
}

// ---- exact decimal arithmetic ------------------------------------------------------------------------------------

/** A non-negative decimal (a JSON number or a string with '.' or ','), as an integer scaled by 10^places; null if malformed or with more places. */
export function decimaleScalato(v: string | number, places: number): bigint | null {
  const s = typeof v === 'number' ? (Number.isFinite(v) && v >= 0 ? String(v) : '') : v.trim().replace(',', '.');
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(s);
  if (!m || (m[2]?.length ?? 0) > places) return null;
  return BigInt(m[1] + (m[2] ?? '').padEnd(places, '0'));
}

/** The scaled integer back to its decimal text ("1.084200" for 1084200n at 6 places). */
export function testoDecimale(n: bigint, places: number): string {
  const s = n.toString().padStart(places + 1, '0');
  return places ? `${s.slice(0, -places)}.${s.slice(-places)}` : s;
}

const halfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

/**
 * An amount in a currency's minor units converted to cents of EUR at a rate given as units per 1 EUR (ECB), up to 6
 * decimals: half up, once.
 */
export function importoInEuro(importo: number, decimali: number, cambio: string | number): number {
  const r = decimaleScalato(cambio, 6);
  if (r === null || r === 0n || !Number.isSafeInteger(importo) || importo < 0) throw new RangeError('importoInEuro: importo o cambio non validi');
  return Number(halfUp(BigInt(importo) * 10n ** 8n, 10n ** BigInt(decimali) * r));
}

/** Mileage: km (up to 2 decimals) × the ACI cost per km in euros (up to 4 decimals), in cents, half up. */
export function rimborsoChilometrico(km: string | number, euroKm: string | number): number {
  const k = decimaleScalato(km, 2);
  const e = decimaleScalato(euroKm, 4);
  if (k === null || e === null) throw new RangeError('rimborsoChilometrico: km o costo non validi');
  return Number(halfUp(k * e, 10n ** 4n));
}
