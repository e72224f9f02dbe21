import { describe, expect, it } from 'vitest';
import { currencySymbol, formatAmount, formatMoney, isInvalidMoney, parseMoney } from './money';

const NBSP = '\u00a0';

describe('parseMoney: what people type, in integer cents', () => {
  it.each([
    // Italian: comma decimals, dot thousands
    ['1234,5', 123450],
    ['1234,56', 123456],
    ['1.234,56', 123456],
    ['1.234', 123400],
    ['12.345.678,9', 1234567890],
    ['0,05', 5],
    [',5', 50],
    ['12,', 1200],
    // a dot that cannot be a thousands separator is a decimal point
    ['1234.56', 123456],
    ['1.5', 150],
    ['12.', 1200],
    ['1,234.56', 123456],
    // spaces and apostrophes group thousands too
    ['1 234,56', 123456],
    [`1${NBSP}234,56`, 123456],
    ["1'234.56", 123456],
    // the currency's symbol or code, before or after
    ['€ 12', 1200],
    ['€12', 1200],
    ['12 €', 1200],
    ['12,50 EUR', 1250],
    ['eur 12', 1200],
    ['  7  ', 700],
    ['0', 0],
  ])('%j -> %d', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each([
    ['-12,30', -1230],
    ['−12,30', -1230], // the typographic minus
    ['-€ 12', -1200],
    ['€ -12', -1200],
    ['- 1.234,56 €', -123456],
    ['+5', 500],
    ['-0', 0],
    ['-0,00', 0],
  ])('negative and signed amounts: %j -> %d', (text, cents) => {
    expect(Object.is(parseMoney(text), cents)).toBe(true);
  });

  it.each([
    ['1,005', 101],
    ['1,004', 100],
    ['1,0049', 100],
    ['1,0050', 101],
    ['0,995', 100],
    ['99,999', 10000],
    ['-1,005', -101],
    ['-1,004', -100],
    ['1.005', 100500], // Italian thousands, not a third decimal
    ['1234.565', 123457],
  ])('rounds half up, away from zero, on the digits: %j -> %d', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each(['', '   ', NBSP])('an empty text is no amount: %j', (text) => {
    expect(parseMoney(text)).toBeNull();
  });

  it.each([
    'abc',
    '12abc',
    '1e5',
    '0x10',
    '--5',
    '+-5',
    '12-',
    '1,2,3',
    '1,234,567',
    '1.234.56',
    '12 34',
    '1..2',
    ',',
    '.',
    '€',
    '-',
    '€ 12 €',
    '$ 12', // not the field's currency
    '12 USD',
    '99999999999999999999',
  ])('refuses garbage: %j', (text) => {
    expect(parseMoney(text)).toBeUndefined();
  });

  it('knows the symbol of the field’s own currency', () => {
    expect(parseMoney('$ 12,50', 'USD')).toBe(1250);
    expect(parseMoney('12.50 USD', 'USD')).toBe(1250);
    expect(parseMoney('CHF 1’000', 'CHF')).toBeUndefined(); // a typographic apostrophe is not a separator
    expect(parseMoney("CHF 1'000", 'CHF')).toBe(100000);
    expect(parseMoney('€ 12', 'USD')).toBeUndefined();
  });
});

describe('formatMoney: Italian, symbol after the amount', () => {
  it.each([
    [123456, `1.234,56${NBSP}€`],
    [100, `1,00${NBSP}€`],
    [5, `0,05${NBSP}€`],
    [0, `0,00${NBSP}€`],
    [99999, `999,99${NBSP}€`],
    [100000, `1.000,00${NBSP}€`],
    [123456789012, `1.234.567.890,12${NBSP}€`],
    [-123456, `-1.234,56${NBSP}€`],
    [-5, `-0,05${NBSP}€`],
  ])('%d -> %j', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('shows no amount as an empty text', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });

  it('uses the currency’s symbol, or its code', () => {
    expect(formatMoney(1250, 'USD')).toBe(`12,50${NBSP}$`);
    expect(formatMoney(1250, 'GBP')).toBe(`12,50${NBSP}£`);
    expect(formatMoney(1250, 'CHF')).toBe(`12,50${NBSP}CHF`);
    expect(currencySymbol('nope')).toBe('nope');
  });

  it('gives back what it shows: format then parse is the identity', () => {
    for (const cents of [0, 1, 5, 99, 100, 123456, -123456, 100000000, -1]) {
      expect(parseMoney(formatAmount(cents))).toBe(cents);
      expect(parseMoney(formatMoney(cents))).toBe(cents);
    }
  });
});

describe('an invalid amount is kept as such, for the form rule', () => {
  it('is told apart from an amount and from no amount', () => {
    expect(isInvalidMoney({ invalidMoney: '12abc' })).toBe(true);
    expect(isInvalidMoney(1200)).toBe(false);
    expect(isInvalidMoney(null)).toBe(false);
  });
});
