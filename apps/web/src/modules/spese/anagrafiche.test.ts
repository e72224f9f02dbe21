/**
 * The expense module's master-data screens (payment and expense types, vehicles, currencies and rates) speak both
 * languages, and their exact decimals (ECB rates, ACI costs per km) are shown and read as text, never as floats.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALIMENTAZIONI, CATEGORIE_SPESA, messagesEn, messagesIt } from '@tulip/contract';
import { decimaleDaScrivere, formatDecimale, leggiDecimale } from './CambiDecimali';

const SOURCES = ['TipiPagamentoPage.tsx', 'TipiSpesaPage.tsx', 'VeicoliPage.tsx', 'ValutePage.tsx', 'CambiDrawer.tsx', 'CambiImportModal.tsx', 'CambiDecimaleInput.tsx'];
const named = SOURCES.flatMap((f) => [...fs.readFileSync(path.join(__dirname, f), 'utf8').matchAll(/['"`]spese_anagrafiche\.([a-z_A-Z]+)['"`]/g)].map((m) => m[1]));
const made = [...CATEGORIE_SPESA.map((c) => `cat_${c}`), ...ALIMENTAZIONI.map((a) => `alim_${a}`)];
const keys = [...new Set([...named, ...made])];
/** A key said with a count has its plural forms instead of itself. */
const has = (group: Record<string, string> | undefined, k: string) => !!group?.[k] || (!!group?.[`${k}_one`] && !!group?.[`${k}_other`]);

describe('the expense master-data screens speak both languages', () => {
  it('the scan finds their keys', () => {
    expect(keys.length).toBeGreaterThan(60);
    expect(keys).toEqual(expect.arrayContaining(['tracciabile_aiuto', 'cat_TAXI', 'alim_ibrida_plugin', 'euro_km_non_valido', 'import_pronto', 'importati', 'err_intestazione_bce']));
  });

  it.each([
    ['it', messagesIt],
    ['en', messagesEn],
  ])('each key has its %s text', (_lang, messages) => {
    expect(keys.filter((k) => !has(messages.spese_anagrafiche, k))).toEqual([]);
  });

  it('Italian and English have the same keys', () => {
    expect(Object.keys(messagesEn.spese_anagrafiche ?? {}).sort()).toEqual(Object.keys(messagesIt.spese_anagrafiche ?? {}).sort());
  });
});

describe('exact decimals of rates and ACI costs', () => {
  it.each([
    ['0,5012', 4, '0.5012'],
    ['0.5012', 4, '0.5012'],
    [' 0,5 ', 4, '0.5000'],
    ['1,0842', 6, '1.084200'],
    ['1.0842', 6, '1.084200'],
    ['162,45', 6, '162.450000'],
    ['17.000,5', 6, '17000.500000'],
    ['0,123456', 6, '0.123456'],
    // more places than allowed, zero, negative, two decimal marks, words: refused
    ['0,50123', 4, null],
    ['0', 4, null],
    ['0,0000', 4, null],
    ['-1,2', 6, null],
    ['1.2.3', 6, null],
    ['1,2,3', 6, null],
    ['abc', 6, null],
    ['', 6, null],
    ['1e3', 6, null],
  ])('"%s" at %i places reads as %s', (typed, places, wire) => {
    expect(leggiDecimale(typed, places)).toBe(wire);
  });

  it('is exact where a binary float is not: 0.1 + 0.2 stays 0.3', () => {
    expect(leggiDecimale('0,3', 6)).toBe('0.300000');
    expect(leggiDecimale('1234567890,123456', 6)).toBe('1234567890.123456');
  });

  it.each([
    ['1.084200', 0, '1,0842'],
    ['0.937100', 2, '0,9371'],
    ['162.450000', 2, '162,45'],
    ['17000.500000', 2, '17.000,50'],
    ['0.5000', 4, '0,5000'],
    ['1.000000', 2, '1,00'],
    ['1.000000', 0, '1'],
    [null, 2, ''],
    ['', 2, ''],
  ])('%s is shown as %s (at least %i places)', (wire, min, shown) => {
    expect(formatDecimale(wire, min)).toBe(shown);
  });

  it('a stored value is typed back ungrouped, and reads back to itself', () => {
    expect(decimaleDaScrivere('17000.500000')).toBe('17000,5');
    expect(leggiDecimale(decimaleDaScrivere('17000.500000'), 6)).toBe('17000.500000');
    expect(leggiDecimale(decimaleDaScrivere('0.5012', 4), 4)).toBe('0.5012');
  });
});
