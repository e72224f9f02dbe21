import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mensileLordo, pagaOraria, tabellaLivello, tabellaScaduta, ultimaDecorrenza, variazione, verificaContratto, vociInVigore, type RigaContratto, type VoceTabellare } from './retribuzione';

// CCNL Metalmeccanici Industria (renewal of 5 February 2021 and its 2024/2025 adjustments): minimi tabellari in cents
const MINIMI: VoceTabellare[] = [
  { livello: 'C3', voce: 'Minimo tabellare', decorrenza: '2024-06-01', importo: 213056 },
  { livello: 'C3', voce: 'Minimo tabellare', decorrenza: '2025-06-01', importo: 215826 },
  { livello: 'D1', voce: 'Minimo tabellare', decorrenza: '2024-06-01', importo: 171967 },
  { livello: 'D1', voce: 'Minimo tabellare', decorrenza: '2025-06-01', importo: 174203 },
  { livello: 'C3', voce: 'EDR', decorrenza: '2024-06-01', importo: 1033 },
];

describe('the table in force on a date: the latest decorrenza on or before it (CCNL tables, issue #18)', () => {
  it.each([
    ['the day before the first table: nothing', '2024-05-31', null],
    ['the first table from its first day', '2024-06-01', { decorrenza: '2024-06-01', voci: [{ voce: 'Minimo tabellare', importo: 213056 }, { voce: 'EDR', importo: 1033 }], totale: 214089 }],
    ['still the first the day before the raise', '2025-05-31', { decorrenza: '2024-06-01', voci: [{ voce: 'Minimo tabellare', importo: 213056 }, { voce: 'EDR', importo: 1033 }], totale: 214089 }],
    // the EDR has no newer row: the older one stays in force beside the raised minimum
    ['the raise from its decorrenza, the EDR unchanged', '2025-06-01', { decorrenza: '2025-06-01', voci: [{ voce: 'Minimo tabellare', importo: 215826 }, { voce: 'EDR', importo: 1033 }], totale: 216859 }],
    ['years later: still the latest', '2030-01-01', { decorrenza: '2025-06-01', voci: [{ voce: 'Minimo tabellare', importo: 215826 }, { voce: 'EDR', importo: 1033 }], totale: 216859 }],
  ] as const)('%s', (_, data, want) => expect(tabellaLivello(MINIMI, 'C3', data)).toEqual(want));

  it('a raise entered ahead waits for its date (June 2026, C3 +53.17 €)', () => {
    const voci = [...MINIMI, { livello: 'C3', voce: 'Minimo tabellare', decorrenza: '2026-06-01', importo: 215826 + 5317 }];
    expect(tabellaLivello(voci, 'C3', '2026-05-31')?.totale).toBe(216859);
    expect(tabellaLivello(voci, 'C3', '2026-06-01')?.totale).toBe(216859 + 5317);
  });

  it('an unknown level has no table', () => expect(tabellaLivello(MINIMI, 'A9', '2026-01-01')).toBeNull());

  it('for each level and component, exactly one row: the latest not after the date', () =>
    fc.assert(
      fc.property(
        fc.array(fc.record({ livello: fc.constantFrom('C1', 'C2'), voce: fc.constantFrom('Minimo', 'EDR'), decorrenza: fc.constantFrom('2024-01-01', '2024-06-01', '2025-06-01', '2026-06-01'), importo: fc.nat(500000) })),
        fc.constantFrom('2023-12-31', '2024-06-01', '2025-12-31', '2027-01-01'),
        (voci, data) => {
          const got = vociInVigore(voci, data);
          expect(new Set(got.map((v) => `${v.livello}/${v.voce}`)).size).toBe(got.length);
          for (const g of got) {
            expect(g.decorrenza <= data).toBe(true);
            expect(voci.some((v) => v.livello === g.livello && v.voce === g.voce && v.decorrenza > g.decorrenza && v.decorrenza <= data)).toBe(false);
          }
          const keys = new Set(voci.filter((v) => v.decorrenza <= data).map((v) => `${v.livello}/${v.voce}`));
          expect(got.length).toBe(keys.size);
        },
      ),
    ));
});

describe('monthly pay and hourly rate (issue #18; D.Lgs 81/2015 art. 7 for part-time)', () => {
  it.each([
    ['C3 from June 2025, full time, no superminimo', 215826, 0, null, 215826],
    ['with a superminimo of 50.00 €', 215826, 5000, null, 220826],
    ['part-time 75 %: (2,158.26 + 50.00) × 0.75 = 1,656.195, half up', 215826, 5000, 75, 165620],
    ['part-time 50 %', 215826, 0, 50, 107913],
    ['part-time 60 % of D2 2024: 1,168.908 -> 1,168.91', 190699 + 0, 0, 60, 114419],
  ] as [string, number, number, number | null, number][])('%s', (_, voci, sm, pct, want) => expect(mensileLordo(voci, sm, pct)).toBe(want));

  it.each([
    ['C3 2025 over 173: 12.4755 -> 12.48 €', 215826, 173, 1248],
    ['C3 2024 over 173: 12.3154 -> 12.32 €', 213056, 173, 1232],
    ['C3 June 2026 (+53.17 €) over 173: 12.7828 -> 12.78 €', 221143, 173, 1278],
    ['C3 June 2027 over 173: 13.1272 -> 13.13 €', 227101, 173, 1313],
    ['C3 June 2028 over 173: 13.5022 -> 13.50 €', 233588, 173, 1350],
    ['C3 2025 + 50.00 € superminimo: 12.7645 -> 12.76 €', 220826, 173, 1276],
    ['exactly half a cent goes up: 173.5 / 173 ... 347 / 2 = 173.5 -> 174', 347, 2, 174],
  ] as [string, number, number, number][])('%s', (_, mensile, div, want) => expect(pagaOraria(mensile, div)).toBe(want));

  it('part-time does not change the hourly rate: it comes from the full-time monthly', () => {
    const full = 215826 + 5000;
    expect(pagaOraria(full, 173)).toBe(1276);
    expect(mensileLordo(215826, 5000, 50)).toBe(110413);
  });

  it.each([
    ['C3 June 2025 -> June 2026: +53.17 € = +2.46 %', 215826, 221143, { differenza: 5317, percentuale: 2.46 }],
    ['C3 June 2024 -> June 2025: +27.70 € = +1.30 %', 213056, 215826, { differenza: 2770, percentuale: 1.3 }],
    ['unchanged', 100000, 100000, { differenza: 0, percentuale: 0 }],
    ['a cut', 100000, 99000, { differenza: -1000, percentuale: -1 }],
    ['from nothing: no percentage', 0, 5000, { differenza: 5000, percentuale: null }],
  ] as const)('%s', (_, da, a, want) => expect(variazione(da, a)).toEqual(want));
});

describe('a contract row (D.Lgs 81/2015 art. 4–5, art. 19 as amended by D.L. 48/2023)', () => {
  const base: RigaContratto = { dal: '2026-01-01', qualifica: 'operaio', tipo_contratto: 'indeterminato' };
  it.each([
    ['an open-ended operaio: fine', {}, null],
    ['a quadro apprentice: known values', { qualifica: 'quadro', tipo_contratto: 'apprendistato' }, null],
    ['an unknown qualification', { qualifica: 'stagista' }, { campo: 'qualifica', errore: 'qualifica_non_valida' }],
    ['an unknown type (part-time is a flag, not a type)', { tipo_contratto: 'part_time' }, { campo: 'tipo_contratto', errore: 'tipo_contratto_non_valido' }],
    ['fixed-term without its end date (art. 19 c. 4)', { tipo_contratto: 'determinato' }, { campo: 'data_fine', errore: 'determinato_senza_fine' }],
    ['fixed-term ending before it starts', { tipo_contratto: 'determinato', data_fine: '2025-12-31' }, { campo: 'data_fine', errore: 'fine_prima_inizio' }],
    ['fixed-term of exactly 12 months, no reason needed (art. 19 c. 1)', { tipo_contratto: 'determinato', data_fine: '2026-12-31' }, null],
    ['fixed-term of 12 months and a day without a reason (D.L. 48/2023)', { tipo_contratto: 'determinato', data_fine: '2027-01-01' }, { campo: 'causale', errore: 'determinato_senza_causale' }],
    ['fixed-term of 18 months with a reason', { tipo_contratto: 'determinato', data_fine: '2027-06-30', causale: 'Sostituzione di lavoratore in congedo (CCNL art. 5)' }, null],
    ['a blank reason is no reason', { tipo_contratto: 'determinato', data_fine: '2027-06-30', causale: '  ' }, { campo: 'causale', errore: 'determinato_senza_causale' }],
    ['fixed-term past 24 months even with a reason (art. 19 c. 1)', { tipo_contratto: 'determinato', data_fine: '2028-01-01', causale: 'Esigenze tecniche' }, { campo: 'data_fine', errore: 'determinato_oltre_24_mesi' }],
    ['an end date on an open-ended contract', { data_fine: '2026-12-31' }, { campo: 'data_fine', errore: 'data_fine_non_prevista' }],
    ['part-time without its percentage (art. 5 c. 2)', { part_time: true }, { campo: 'percentuale_part_time', errore: 'part_time_senza_percentuale' }],
    ['part-time at 0 %', { part_time: true, percentuale_part_time: 0 }, { campo: 'percentuale_part_time', errore: 'part_time_percentuale' }],
    ['part-time at 100 % is full time', { part_time: true, percentuale_part_time: 100 }, { campo: 'percentuale_part_time', errore: 'part_time_percentuale' }],
    ['part-time at 1 % and at 99 %: the bounds', { part_time: true, percentuale_part_time: 99 }, null],
    ['fixed-term part-time at 50 % for 6 months', { tipo_contratto: 'determinato', data_fine: '2026-06-30', part_time: true, percentuale_part_time: 50 }, null],
    ['a percentage without part-time', { percentuale_part_time: 50 }, { campo: 'percentuale_part_time', errore: 'percentuale_senza_part_time' }],
  ] as [string, Partial<RigaContratto>, ReturnType<typeof verificaContratto>][])('%s', (_, r, want) => expect(verificaContratto({ ...base, ...r })).toEqual(want));
});

describe('a stale table: the latest decorrenza more than 12 months before today (art. 36 Cost. sufficient pay, c.c. art. 2099; the CCNL raises its minima each year of its validity)', () => {
  it.each([
    ['Metalmeccanici stopped at 1/6/2025, on 28/11/2026: stale (the 1/6/2026 raise is missing)', '2025-06-01', '2026-11-28', true],
    ['the renewal of 22/11/2025 entered (latest 1/6/2028, ahead of today): current', '2028-06-01', '2026-11-28', false],
    ['latest 1/6/2026: current on 28/11/2026', '2026-06-01', '2026-11-28', false],
    ['exactly 12 months before today: still current', '2025-11-28', '2026-11-28', false],
    ['12 months and a day: stale', '2025-11-27', '2026-11-28', true],
    ['on 29/2/2028 a year back is 28/2/2027: that day still current', '2027-02-28', '2028-02-29', false],
    ['on 29/2/2028 the day before: stale', '2027-02-27', '2028-02-29', true],
    ['no table at all: nothing to bring up to date', null, '2026-11-28', false],
  ] as [string, string | null, string, boolean][])('%s', (_, ultima, oggi, want) => expect(tabellaScaduta(ultima, oggi)).toBe(want));

  it('the latest decorrenza counts raises entered ahead', () => {
    expect(ultimaDecorrenza(MINIMI)).toBe('2025-06-01');
    expect(ultimaDecorrenza([...MINIMI, { livello: 'C3', voce: 'Minimo tabellare', decorrenza: '2028-06-01', importo: 233588 }])).toBe('2028-06-01');
    expect(ultimaDecorrenza([])).toBeNull();
  });
});
