import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CATEGORIE_SPESA, REGIMI_TRASFERTA, REGOLE_SPESA, erroreRiga, spesaDocumentata, importoInEuro, rimborsoChilometrico, trattamentoFiscale, decimaleScalato, testoDecimale,
  type RigaFiscale, type TCategoriaSpesa, type TrasfertaFiscale,
} from './trattamentoSpese';

const D = '2026-11-10';
const riga = (categoria: TCategoriaSpesa, importo_eur: number, o: Partial<RigaFiscale> = {}): RigaFiscale => ({
  data: D, categoria, importo_eur, pagata_azienda: false, tracciabile: true, documentata: true, ...o,
});
const fuori = (regime: 'forfettario' | 'misto' | 'analitico' = 'misto', estero = false): TrasfertaFiscale => ({ estero, comune_sede: false, regime });
const nelComune: TrasfertaFiscale = { estero: false, comune_sede: true, regime: 'analitico' };
const one = (t: TrasfertaFiscale, r: RigaFiscale) => trattamentoFiscale(t, [r])[0];
const split = (t: TrasfertaFiscale, r: RigaFiscale) => {
  const e = one(t, r);
  return [e.rimborsabile, e.esente, e.imponibile];
};

describe('trip outside the municipality, in Italy (TUIR art. 51 c. 5; L. 207/2024 art. 1 c. 81)', () => {
  const cases: [string, RigaFiscale, number[]][] = [
    ['VITTO documented and traceable: exempt (L. 207/2024 c. 81)', riga('VITTO', 3500), [3500, 3500, 0]],
    ['VITTO paid in cash: taxable (L. 207/2024 c. 81)', riga('VITTO', 3500, { tracciabile: false }), [3500, 0, 3500]],
    ['VITTO undocumented: taxable (TUIR art. 51 c. 5)', riga('VITTO', 3500, { documentata: false }), [3500, 0, 3500]],
    ['ALLOGGIO documented and traceable: exempt', riga('ALLOGGIO', 12000), [12000, 12000, 0]],
    ['ALLOGGIO paid in cash: taxable (L. 207/2024 c. 81)', riga('ALLOGGIO', 12000, { tracciabile: false }), [12000, 0, 12000]],
    ['TAXI documented and traceable: exempt', riga('TAXI', 1800), [1800, 1800, 0]],
    ['TAXI paid in cash: taxable (L. 207/2024 c. 81)', riga('TAXI', 1800, { tracciabile: false }), [1800, 0, 1800]],
    ['VIAGGIO documented, even in cash: exempt (outside the traceability rule)', riga('VIAGGIO', 8900, { tracciabile: false }), [8900, 8900, 0]],
    ['VIAGGIO undocumented: taxable (TUIR art. 51 c. 5)', riga('VIAGGIO', 8900, { documentata: false }), [8900, 0, 8900]],
    ['TRASPORTO_LOCALE documented: exempt', riga('TRASPORTO_LOCALE', 250, { tracciabile: false }), [250, 250, 0]],
    ['PARCHEGGIO documented: exempt', riga('PARCHEGGIO', 1200, { tracciabile: false }), [1200, 1200, 0]],
    ['PEDAGGIO undocumented: taxable', riga('PEDAGGIO', 760, { documentata: false }), [760, 0, 760]],
    ['CHILOMETRICO at the ACI table: exempt (TUIR art. 51 c. 5)', riga('CHILOMETRICO', 6851, { documentata: false, tracciabile: false }), [6851, 6851, 0]],
    ['a line paid by the company card: nothing reimbursed', riga('ALLOGGIO', 12000, { pagata_azienda: true }), [0, 0, 0]],
    ['a line excluded by the approver: nothing reimbursed', riga('VITTO', 3500, { esclusa: true }), [0, 0, 0]],
    ['a line capped by the approver at 25,00 €', riga('VITTO', 3500, { tetto: 2500 }), [2500, 2500, 0]],
  ];
  for (const regime of ['forfettario', 'misto'] as const)
    it.each(cases)(`${regime}: %s`, (_, r, want) => expect(split(fuori(regime), r)).toEqual(want));
  it.each(cases.filter(([, r]) => r.categoria !== 'DIARIA'))('analitico: %s', (_, r, want) => expect(split(fuori('analitico'), r)).toEqual(want));
});

describe('trip abroad (TUIR art. 51 c. 5; D.L. 84/2025 art. 1: no traceability rule abroad)', () => {
  it.each([
    ['VITTO documented, paid in cash: exempt', riga('VITTO', 4200, { tracciabile: false }), [4200, 4200, 0]],
    ['ALLOGGIO undocumented: taxable', riga('ALLOGGIO', 15000, { documentata: false }), [15000, 0, 15000]],
    ['TAXI documented, cash: exempt', riga('TAXI', 3000, { tracciabile: false }), [3000, 3000, 0]],
    ['VIAGGIO documented: exempt', riga('VIAGGIO', 22000), [22000, 22000, 0]],
    ['CHILOMETRICO: exempt', riga('CHILOMETRICO', 9000), [9000, 9000, 0]],
  ] as [string, RigaFiscale, number[]][])('%s', (_, r, want) => expect(split(fuori('misto', true), r)).toEqual(want));
});

describe('where each expense is paid, not where the trip goes (L. 207/2024 c. 81 as limited by D.L. 84/2025, conv. L. 108/2025)', () => {
  const monaco = fuori('misto', true);
  const cases: [string, TrasfertaFiscale, RigaFiscale, number[], string][] = [
    ['D.L. 84/2025: the cash taxi to Bologna airport on the way to Munich is incurred in Italy: taxable (L. 207/2024 c. 81)', monaco, riga('TAXI', 3500, { tracciabile: false, estero: false }), [3500, 0, 3500], 'italia_non_tracciabile'],
    ['D.L. 84/2025: the cash taxi in Munich is incurred abroad: exempt', monaco, riga('TAXI', 2800, { tracciabile: false, estero: true }), [2800, 2800, 0], 'estero_non_tracciabile'],
    ['D.L. 84/2025: a line without its own place follows the trip (abroad): a cash meal exempt', monaco, riga('VITTO', 4000, { tracciabile: false }), [4000, 4000, 0], 'estero_non_tracciabile'],
    ['D.L. 84/2025: a cash dinner at an Italian airport on a trip abroad is taxable (L. 207/2024 c. 81)', monaco, riga('VITTO', 2500, { tracciabile: false, estero: false }), [2500, 0, 2500], 'italia_non_tracciabile'],
    ['D.L. 84/2025: cash lodging abroad on a trip in Italy (a night over the border) is exempt', fuori('misto'), riga('ALLOGGIO', 9000, { tracciabile: false, estero: true }), [9000, 9000, 0], 'estero_non_tracciabile'],
    ['L. 207/2024 c. 81: a card-paid taxi in Italy is exempt', monaco, riga('TAXI', 3500, { estero: false }), [3500, 3500, 0], 'italia_tracciabile'],
    ['TUIR art. 51 c. 5: an undocumented cash taxi abroad stays taxable (D.L. 84/2025 lifts traceability, not the document)', monaco, riga('TAXI', 2800, { tracciabile: false, documentata: false, estero: true }), [2800, 0, 2800], 'non_documentata'],
  ];
  it.each(cases)('%s', (_, t, r, want, regola) => {
    const e = one(t, r);
    expect([e.rimborsabile, e.esente, e.imponibile]).toEqual(want);
    expect(e.regola).toBe(regola);
  });
  it('D.L. 84/2025: the cash taxi in Italy is flagged non_tracciabile, the one abroad is not', () => {
    const [bo, mu] = trattamentoFiscale(monaco, [riga('TAXI', 3500, { tracciabile: false, estero: false }), riga('TAXI', 2800, { tracciabile: false, estero: true })]);
    expect(bo.avvisi).toEqual(['non_tracciabile']);
    expect(mu.avvisi).toEqual([]);
  });
  it('the diaria’s limit still follows the trip abroad (TUIR art. 51 c. 5: 77,47 €)', () =>
    expect(trattamentoFiscale(monaco, [riga('TAXI', 3500, { estero: false }), riga('DIARIA', 9000)])[1]).toMatchObject({ esente: 7747 }));
  it('a line paid abroad on a trip within the municipality is refused (400)', () =>
    expect(erroreRiga(nelComune, riga('TAXI', 100, { estero: true }), [])).toEqual({ status: 400, message: 'avvisi.spesa_estero_comune_sede' }));
});

describe('the diaria, forfettario or misto (TUIR art. 51 c. 5: 46,48 € a day in Italy, 77,47 € abroad)', () => {
  const diaria = (importo: number, altre: RigaFiscale[] = [], estero = false) => {
    const all = [...altre, riga('DIARIA', importo, { documentata: false, tracciabile: false })];
    return trattamentoFiscale(fuori('forfettario', estero), all).at(-1)!;
  };
  it('in Italy, alone: exempt up to 46,48 €, the rest taxable', () => expect(diaria(6000)).toMatchObject({ rimborsabile: 6000, esente: 4648, imponibile: 1352 }));
  it('in Italy, under the limit: all exempt', () => expect(diaria(4000)).toMatchObject({ esente: 4000, imponibile: 0 }));
  it('in Italy, with a reimbursed meal that day: the limit drops by a third to 30,99 €', () =>
    expect(diaria(4648, [riga('VITTO', 2000, { tracciabile: false })])).toMatchObject({ esente: 3099, imponibile: 1549 }));
  it('in Italy, with lodging paid by the company that day: 30,99 €', () =>
    expect(diaria(4648, [riga('ALLOGGIO', 9000, { pagata_azienda: true })])).toMatchObject({ esente: 3099, imponibile: 1549 }));
  it('in Italy, with both meals and lodging: 15,49 €', () =>
    expect(diaria(4648, [riga('VITTO', 2000), riga('ALLOGGIO', 9000, { pagata_azienda: true })])).toMatchObject({ esente: 1549, imponibile: 3099 }));
  it('an excluded meal does not lower the limit', () => expect(diaria(4648, [riga('VITTO', 2000, { esclusa: true })])).toMatchObject({ esente: 4648 }));
  it('a meal on another day does not lower the limit', () => expect(diaria(4648, [riga('VITTO', 2000, { data: '2026-11-11' })])).toMatchObject({ esente: 4648 }));
  it('abroad, alone: 77,47 €', () => expect(diaria(9000, [], true)).toMatchObject({ esente: 7747, imponibile: 1253 }));
  it('abroad, with a meal: 51,65 €', () => expect(diaria(9000, [riga('VITTO', 2000)], true)).toMatchObject({ esente: 5165 }));
  it('abroad, with meals and lodging: 25,82 €', () => expect(diaria(9000, [riga('VITTO', 2000), riga('ALLOGGIO', 2000)], true)).toMatchObject({ esente: 2582 }));
  it('misto follows the same limits', () =>
    expect(trattamentoFiscale(fuori('misto'), [riga('VITTO', 2000), riga('DIARIA', 4648)])[1]).toMatchObject({ esente: 3099, imponibile: 1549 }));
  it('a second diaria on one day is refused (409)', () =>
    expect(erroreRiga(fuori('misto'), riga('DIARIA', 100), [riga('DIARIA', 100)])).toEqual({ status: 409, message: 'avvisi.diaria_doppia' }));
  it('a diaria in the analitico regime is refused (400)', () => expect(erroreRiga(fuori('analitico'), riga('DIARIA', 100), [])?.status).toBe(400));
});

describe('ALTRO (TUIR art. 51 c. 5: analitico, undocumented small expenses exempt up to 15,49 € a day, 25,82 € abroad)', () => {
  it('analitico in Italy: 15,49 € shared by the day’s lines in order', () => {
    const r = trattamentoFiscale(fuori('analitico'), [riga('ALTRO', 1000, { documentata: false }), riga('ALTRO', 1000), riga('ALTRO', 500, { data: '2026-11-11' })]);
    expect(r.map((x) => [x.esente, x.imponibile])).toEqual([[1000, 0], [549, 451], [500, 0]]);
  });
  it('analitico: date order first, then insertion order', () => {
    const r = trattamentoFiscale(fuori('analitico'), [riga('ALTRO', 1000, { data: '2026-11-11' }), riga('ALTRO', 2000, { data: '2026-11-11' })]);
    expect(r.map((x) => x.esente)).toEqual([1000, 549]);
  });
  it('analitico abroad: 25,82 €', () => expect(split(fuori('analitico', true), riga('ALTRO', 3000))).toEqual([3000, 2582, 418]));
  it.each(['forfettario', 'misto'] as const)('%s: taxable', (regime) => expect(split(fuori(regime), riga('ALTRO', 1000))).toEqual([1000, 0, 1000]));
});

describe('trip within the workplace’s municipality (TUIR art. 51 c. 5 as amended by D.Lgs 192/2024; circ. 15/E 2025; L. 207/2024 c. 81)', () => {
  const cases: [string, RigaFiscale, number[], string][] = [
    ['VITTO: taxable (TUIR art. 51 c. 5)', riga('VITTO', 2500), [2500, 0, 2500], 'comune_imponibile'],
    ['ALLOGGIO: taxable (TUIR art. 51 c. 5)', riga('ALLOGGIO', 9000), [9000, 0, 9000], 'comune_imponibile'],
    ['ALTRO: taxable', riga('ALTRO', 500), [500, 0, 500], 'comune_imponibile'],
    ['DIARIA: taxable', riga('DIARIA', 2000), [2000, 0, 2000], 'comune_imponibile'],
    ['D.Lgs 192/2024, circ. 15/E 2025: CHILOMETRICO at the ACI table with vehicle, km and purpose: exempt', riga('CHILOMETRICO', 1200, { tracciabile: false }), [1200, 1200, 0], 'comune_chilometrico'],
    ['D.Lgs 192/2024, circ. 15/E 2025: CHILOMETRICO without its purpose: taxable', riga('CHILOMETRICO', 1200, { documentata: false }), [1200, 0, 1200], 'comune_non_documentata'],
    ['D.Lgs 192/2024, circ. 15/E 2025: PARCHEGGIO with its receipt, even in cash: exempt', riga('PARCHEGGIO', 600, { tracciabile: false }), [600, 600, 0], 'comune_trasporto'],
    ['D.Lgs 192/2024: PARCHEGGIO without a receipt: taxable', riga('PARCHEGGIO', 600, { documentata: false }), [600, 0, 600], 'comune_non_documentata'],
    ['D.Lgs 192/2024, circ. 15/E 2025: PEDAGGIO documented: exempt', riga('PEDAGGIO', 340, { tracciabile: false }), [340, 340, 0], 'comune_trasporto'],
    ['D.Lgs 192/2024: PEDAGGIO undocumented: taxable', riga('PEDAGGIO', 340, { documentata: false }), [340, 0, 340], 'comune_non_documentata'],
    ['D.Lgs 192/2024: VIAGGIO documented: exempt', riga('VIAGGIO', 300, { tracciabile: false }), [300, 300, 0], 'comune_trasporto'],
    ['D.Lgs 192/2024: TRASPORTO_LOCALE documented: exempt', riga('TRASPORTO_LOCALE', 200, { tracciabile: false }), [200, 200, 0], 'comune_trasporto'],
    ['D.Lgs 192/2024: TRASPORTO_LOCALE undocumented: taxable', riga('TRASPORTO_LOCALE', 200, { documentata: false }), [200, 0, 200], 'comune_non_documentata'],
    ['L. 207/2024 c. 81: TAXI with a receipt, paid by card: exempt', riga('TAXI', 1500), [1500, 1500, 0], 'italia_tracciabile'],
    ['L. 207/2024 c. 81: TAXI with a receipt, paid in cash: taxable', riga('TAXI', 1500, { tracciabile: false }), [1500, 0, 1500], 'italia_non_tracciabile'],
  ];
  it.each(cases)('%s', (_, r, want, regola) => {
    const e = one(nelComune, r);
    expect([e.rimborsabile, e.esente, e.imponibile]).toEqual(want);
    expect(e.regola).toBe(regola);
  });
  it('D.Lgs 192/2024: an undocumented transport line warns non_documentata, a meal comune_sede', () => {
    const [p, v] = trattamentoFiscale(nelComune, [riga('PARCHEGGIO', 600, { documentata: false }), riga('VITTO', 2500)]);
    expect(p.avvisi).toEqual(['non_documentata']);
    expect(v.avvisi).toEqual(['comune_sede']);
  });
});

describe('what “documented” is (TUIR art. 51 c. 5 as amended by D.Lgs 192/2024; circ. 15/E 2025)', () => {
  const km = { categoria: 'CHILOMETRICO' as const, documentata: false, ricevuta: false, veicolo: true, km: true };
  it.each([
    ['circ. 15/E 2025: mileage with vehicle, km and purpose', { ...km, motivo: 'Visita al cliente Rossi' }, true],
    ['circ. 15/E 2025: mileage without a purpose', { ...km, motivo: '  ' }, false],
    ['circ. 15/E 2025: mileage without a purpose, even with the box ticked and a receipt', { ...km, documentata: true, ricevuta: true, motivo: null }, false],
    ['circ. 15/E 2025: mileage without a vehicle', { ...km, veicolo: false, motivo: 'Cliente' }, false],
    ['parking with its receipt attached', { categoria: 'PARCHEGGIO' as const, documentata: false, ricevuta: true, veicolo: false, km: false, motivo: null }, true],
    ['a toll with the box ticked (the employee holds the receipt)', { categoria: 'PEDAGGIO' as const, documentata: true, ricevuta: false, veicolo: false, km: false, motivo: null }, true],
    ['parking with neither', { categoria: 'PARCHEGGIO' as const, documentata: false, ricevuta: false, veicolo: false, km: false, motivo: 'Sosta' }, false],
  ])('%s', (_, p, want) => expect(spesaDocumentata(p)).toBe(want));
});

describe('a note without a trip: purchases for the company (TUIR art. 51 c. 1)', () => {
  it('a documented purchase is exempt (not income)', () => expect(split(null, riga('ALTRO', 1990, { tracciabile: false }))).toEqual([1990, 1990, 0]));
  it('an undocumented one is taxable', () => expect(split(null, riga('ALTRO', 1990, { documentata: false }))).toEqual([1990, 0, 1990]));
  it('parking, documented: exempt', () => expect(split(null, riga('PARCHEGGIO', 400))).toEqual([400, 400, 0]));
  it.each(['DIARIA', 'CHILOMETRICO', 'VITTO', 'ALLOGGIO', 'TAXI'] as const)('%s needs a trip (400)', (c) =>
    expect(erroreRiga(null, riga(c, 100), [])).toEqual({ status: 400, message: 'avvisi.spesa_solo_trasferta' }));
  it('a date outside the trip is refused', () =>
    expect(erroreRiga({ ...fuori()!, dal: '2026-11-10', al: '2026-11-12' }, riga('VITTO', 1, { data: '2026-11-13' }), [])?.message).toBe('avvisi.data_fuori_trasferta'));
});

describe('warnings shown before sending', () => {
  it('cash-paid meal: non_tracciabile; missing receipt; over the limit per item', () => {
    const e = one(fuori(), riga('VITTO', 6000, { tracciabile: false, ricevuta_obbligatoria: true, ha_ricevuta: false, massimale: { centesimi: 5000, per: 'voce' } }));
    expect(e.avvisi).toEqual(expect.arrayContaining(['non_tracciabile', 'ricevuta_mancante', 'oltre_massimale']));
  });
  it('over a daily limit counts the day’s lines of the type', () => {
    const m = { centesimi: 5000, per: 'giorno' as const };
    const r = trattamentoFiscale(fuori(), [riga('VITTO', 3000, { massimale: m }), riga('VITTO', 3000, { massimale: m })]);
    expect(r.every((x) => x.avvisi.includes('oltre_massimale'))).toBe(true);
  });
});

describe('exact conversions, half up once per line', () => {
  it.each([
    [10000, 2, '1.0842', 9223], // 100 USD at 1.0842 = 92.2339... €
    [10000, 2, 1.0842, 9223],
    [100000, 0, '162.45', 61557], // 100,000 JPY at 162.45 = 615.574 €
    [5000, 2, '0.9371', 5336], // 50 CHF at 0.9371 = 53.356... €
    [1, 2, '2', 1], // 0.005 € rounds up
    [12345, 2, '1', 12345],
  ])('%i minor units (%i decimals) at %s per EUR = %i cents', (importo, dec, cambio, want) => expect(importoInEuro(importo, dec, cambio)).toBe(want));
  it.each([
    [137, '0.5012', 6866], // 137 km × 0.5012 €/km = 68.6644 €
    ['12,5', '0.4567', 571], // 12.5 × 0.4567 = 5.70875 € → 5.71
    [1, '0.0050', 1], // half a cent, half up
  ])('%s km × %s €/km = %i cents', (km, e, want) => expect(rimborsoChilometrico(km, e)).toBe(want));
  it('refuses a rate of zero, more decimals than stored, or a negative', () => {
    expect(() => importoInEuro(100, 2, '0')).toThrow();
    expect(decimaleScalato('1.1234567', 6)).toBeNull();
    expect(decimaleScalato(-1, 6)).toBeNull();
    expect(testoDecimale(decimaleScalato('1,08', 6)!, 6)).toBe('1.080000');
  });
});

describe('properties: esente + imponibile = rimborsabile, nothing negative', () => {
  const arbRiga = fc.record({
    data: fc.constantFrom('2026-11-10', '2026-11-11', '2026-11-12'),
    categoria: fc.constantFrom(...CATEGORIE_SPESA),
    importo_eur: fc.integer({ min: 1, max: 1_000_000 }),
    pagata_azienda: fc.boolean(),
    tracciabile: fc.boolean(),
    documentata: fc.boolean(),
    estero: fc.option(fc.boolean(), { nil: undefined }),
    esclusa: fc.boolean(),
    tetto: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
  });
  const arbTrasferta = fc.option(
    fc.record({ estero: fc.boolean(), comune_sede: fc.boolean(), regime: fc.constantFrom(...REGIMI_TRASFERTA) }).map((t) => ({ ...t, comune_sede: t.comune_sede && !t.estero })),
    { nil: null },
  );
  it('holds for any note', () =>
    fc.assert(
      fc.property(arbTrasferta, fc.array(arbRiga, { maxLength: 12 }), (t, righe) => {
        for (const e of trattamentoFiscale(t, righe)) {
          expect(e.esente + e.imponibile).toBe(e.rimborsabile);
          expect(Math.min(e.esente, e.imponibile, e.rimborsabile)).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    ));
  it('every line gets one of the rules, and an excluded line none but non_rimborsata', () =>
    fc.assert(
      fc.property(arbTrasferta, fc.array(arbRiga, { maxLength: 8 }), (t, righe) =>
        trattamentoFiscale(t, righe).every((e, i) => REGOLE_SPESA.includes(e.regola) && (!righe[i].esclusa || e.regola === 'non_rimborsata'))),
    ));
  it('never reimburses more than the line', () =>
    fc.assert(fc.property(arbTrasferta, fc.array(arbRiga, { maxLength: 8 }), (t, righe) => trattamentoFiscale(t, righe).every((e, i) => e.rimborsabile <= righe[i].importo_eur))));
});
