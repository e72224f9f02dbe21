/**
 * The Italian tax treatment of an expense note's lines (issue #16): how much of each line is reimbursed, and how much
 * of that is tax-exempt or taxable income for payroll. One pure function over the whole note, so a line added,
 * changed or excluded recomputes its day; no I/O. Table-tested with the law cited in trattamentoSpese.test.ts.
 *
 * Sources:
 *  - TUIR (D.P.R. 917/1986) art. 51 c. 5: trips outside the workplace's municipality; the daily allowance (diaria)
 *    exempt up to 46,48 € (77,47 € abroad), reduced by a third when meals or lodging are provided or reimbursed and by
 *    two thirds when both are; documented travel and transport reimbursements exempt; under the analytic regime,
 *    undocumented small expenses exempt up to 15,49 € (25,82 € abroad) a day.
 *  - TUIR art. 51 c. 5 as amended by D.Lgs 192/2024 (from 1/1/2025): within the municipality of the workplace every
 *    reimbursement is income except travel and transport costs that are proven and documented (no longer only those
 *    documented by the carrier); Agenzia delle Entrate circ. 15/E of 22/12/2025: the ACI mileage reimbursement (vehicle,
 *    km and purpose documented), documented tolls, and parking whose receipt identifies vehicle and stay are exempt.
 *    Meals, lodging, the diaria and other expenses within the municipality stay income.
 *  - L. 207/2024 (legge di bilancio 2025) art. 1 c. 81: meals, lodging and taxi/NCC are exempt only when paid by
 *    traceable means; D.L. 84/2025 art. 1 (conv. L. 108/2025) limits that to expenses incurred in Italy. What counts is
 *    where each expense is paid (the line's `estero`), not where the trip goes: the cash taxi to Bologna airport on the
 *    way to Munich is taxable, the cash taxi in Munich is exempt.
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

/**
 * Whether a line is "proven and documented" (TUIR art. 51 c. 5 as amended by D.Lgs 192/2024; circ. 15/E 2025), from
 * what Tulip records of it:
 *  - mileage (CHILOMETRICO): the vehicle, the km and the trip's purpose (the line's description) are all stated: the
 *    documentation the circular asks of the ACI reimbursement (a receipt or the "documented" box does not replace them);
 *  - anything else: a receipt attached, or the employee's statement that they hold it (the "documented" box). A
 *    parking receipt is taken as the one that identifies vehicle and stay: Tulip cannot read it.
 */
export function spesaDocumentata(p: { categoria: TCategoriaSpesa; documentata: boolean; ricevuta: boolean; veicolo: boolean; km: boolean; motivo: string | null | undefined }): boolean {
  if (p.categoria === 'CHILOMETRICO') return p.veicolo && p.km && !!p.motivo?.trim();
  return p.documentata || p.ricevuta;
}

export type RigaFiscale = {
  data: string;
  categoria: TCategoriaSpesa;
  /** Paid abroad (D.L. 84/2025: outside the traceability rule); absent: where the trip goes. */
  estero?: boolean;
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

/**
 * Which rule decided a line's split, one key each (`spese_regole.*`, whose texts cite the law): the screen explains each
 * line with it, and the note's PDF prints it.
 */
export const REGOLE_SPESA = [
  'non_rimborsata', // excluded, or paid by the company: nothing to split
  'acquisto_azienda', // TUIR art. 51 c. 1: a documented purchase for the company is not income
  'acquisto_non_documentato',
  'comune_trasporto', // D.Lgs 192/2024, circ. 15/E 2025: documented travel, transport, parking, tolls in the municipality
  'comune_chilometrico', // D.Lgs 192/2024, circ. 15/E 2025: ACI mileage with vehicle, km and purpose in the municipality
  'comune_non_documentata', // transport in the municipality without its documents: income
  'comune_imponibile', // TUIR art. 51 c. 5: meals, lodging, diaria and the rest in the municipality: income
  'italia_tracciabile', // L. 207/2024 c. 81: paid in Italy by traceable means
  'italia_non_tracciabile', // L. 207/2024 c. 81: paid in Italy, not traceably: income
  'estero_non_tracciabile', // D.L. 84/2025: paid abroad, exempt without traceable means
  'estero_tracciabile', // paid abroad by traceable means (the rule does not apply there)
  'trasporto_documentato', // TUIR art. 51 c. 5: documented travel and transport
  'non_documentata', // TUIR art. 51 c. 5: undocumented: income
  'chilometrico_aci', // TUIR art. 51 c. 5: mileage at the ACI tables
  'diaria', // TUIR art. 51 c. 5: the daily allowance, up to the day's limit
  'altro_franchigia', // TUIR art. 51 c. 5: analytic regime, small undocumented expenses up to the day's limit
  'altro_forfettario', // forfettario or misto: other expenses are income
] as const;
export type TRegolaSpesa = (typeof REGOLE_SPESA)[number];

export type EsitoRiga = { rimborsabile: number; esente: number; imponibile: number; avvisi: TAvvisoSpesa[]; regola: TRegolaSpesa };

/** A refusal of a line: the HTTP status and the message key. */
export type ErroreRiga = { status: 400 | 409; message: string };

/** Whether a line may stand on its note (before it is stored): null, or why not. */
export function erroreRiga(trasferta: TrasfertaFiscale, riga: Pick<RigaFiscale, 'data' | 'categoria' | 'estero'>, altre: Pick<RigaFiscale, 'data' | 'categoria'>[]): ErroreRiga | null {
  if (!trasferta) return SOLO_IN_TRASFERTA.includes(riga.categoria) ? { status: 400, message: 'avvisi.spesa_solo_trasferta' } : null;
  // the workplace's municipality is in Italy: nothing of a trip within it is paid abroad
  if (trasferta.comune_sede && riga.estero) return { status: 400, message: 'avvisi.spesa_estero_comune_sede' };
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
  const out: EsitoRiga[] = righe.map(() => ({ rimborsabile: 0, esente: 0, imponibile: 0, avvisi: [], regola: 'non_rimborsata' }));
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

    const regola = (esenteSe: TRegolaSpesa, imponibileSe: TRegolaSpesa = esenteSe) => {
      o.regola = rimb === 0 ? 'non_rimborsata' : o.imponibile > 0 ? imponibileSe : esenteSe;
    };

    if (!trasferta) {
      // purchases for the company: a receipt makes it a refund, not income (TUIR art. 51 c. 1)
      esente(r.documentata ? rimb : 0);
      if (!r.documentata && rimb > 0) o.avvisi.push('non_documentata');
      regola('acquisto_azienda', 'acquisto_non_documentato');
      continue;
    }
    if (trasferta.comune_sede) {
      // within the municipality (D.Lgs 192/2024; circ. 15/E 2025): travel and transport proven and documented are exempt
      // (train, bus, parking, tolls, the ACI mileage with vehicle, km and purpose); a taxi also needs traceable payment
      // (L. 207/2024 c. 81: the municipality is in Italy); meals, lodging, the diaria and the rest are income
      switch (r.categoria) {
        case 'VIAGGIO':
        case 'TRASPORTO_LOCALE':
        case 'PARCHEGGIO':
        case 'PEDAGGIO':
        case 'CHILOMETRICO':
          esente(r.documentata ? rimb : 0);
          if (o.imponibile > 0) o.avvisi.push('non_documentata');
          regola(r.categoria === 'CHILOMETRICO' ? 'comune_chilometrico' : 'comune_trasporto', 'comune_non_documentata');
          break;
        case 'TAXI':
          esente(r.documentata && r.tracciabile ? rimb : 0);
          if (o.imponibile > 0) o.avvisi.push(r.documentata ? 'non_tracciabile' : 'non_documentata');
          regola('italia_tracciabile', r.documentata ? 'italia_non_tracciabile' : 'comune_non_documentata');
          break;
        default:
          esente(0);
          if (o.imponibile > 0) o.avvisi.push('comune_sede');
          regola('comune_imponibile');
      }
      continue;
    }
    switch (r.categoria) {
      case 'VITTO':
      case 'ALLOGGIO':
      case 'TAXI': {
        // the traceability rule binds what is paid in Italy only (L. 207/2024 c. 81; D.L. 84/2025): where the line is paid
        const estero = r.estero ?? trasferta.estero;
        const tracciata = estero || r.tracciabile;
        esente(r.documentata && tracciata ? rimb : 0);
        if (rimb > 0 && !r.documentata) o.avvisi.push('non_documentata');
        else if (rimb > 0 && !tracciata) o.avvisi.push('non_tracciabile');
        if (!r.documentata) regola('non_documentata');
        else if (estero) regola(r.tracciabile ? 'estero_tracciabile' : 'estero_non_tracciabile');
        else regola('italia_tracciabile', 'italia_non_tracciabile');
        break;
      }
      case 'CHILOMETRICO':
        esente(rimb);
        regola('chilometrico_aci');
        break;
      case 'DIARIA': {
        const n = (vitto.has(r.data) ? 1 : 0) + (alloggio.has(r.data) ? 1 : 0);
        esente(LIMITI_DIARIA[zona][n]);
        if (o.imponibile > 0) o.avvisi.push('diaria_oltre_limite');
        regola('diaria');
        break;
      }
      case 'ALTRO': {
        if (trasferta.regime !== 'analitico') {
          esente(0);
          if (rimb > 0) o.avvisi.push('altro_forfettario');
          regola('altro_forfettario');
          break;
        }
        const usato = altroUsato.get(r.data) ?? 0;
        esente(Math.max(0, FRANCHIGIA_ALTRO[zona] - usato));
        altroUsato.set(r.data, usato + o.esente);
        if (o.imponibile > 0) o.avvisi.push('altro_oltre_franchigia');
        regola('altro_franchigia');
        break;
      }
      default:
        // VIAGGIO, TRASPORTO_LOCALE, PARCHEGGIO, PEDAGGIO: scheduled transport and its accessories, documented,
        // exempt (outside the traceability rule)
        esente(r.documentata ? rimb : 0);
        if (rimb > 0 && !r.documentata) o.avvisi.push('non_documentata');
        regola('trasporto_documentato', 'non_documentata');
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
