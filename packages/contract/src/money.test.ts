import { describe, expect, it } from 'vitest';
import { centesimiDaEuro, costoLavoro, roundHalfUp } from './money';

describe('roundHalfUp', () => {
  it.each([
    [0, 60, 0],
    [29, 60, 0],
    [30, 60, 1], // the half goes up
    [31, 60, 1],
    [90, 60, 2],
    [-30, 60, -1],
    [-29, 60, 0],
    [7, 2, 4],
  ])('%i / %i = %i', (n, d, r) => expect(roundHalfUp(n, d)).toBe(r));
  it('refuses fractions and non-positive denominators', () => {
    expect(() => roundHalfUp(1.5, 2)).toThrow();
    expect(() => roundHalfUp(1, 0)).toThrow();
  });
});

describe('costoLavoro: minutes × cents per hour, half up to the cent', () => {
  it.each([
    { minuti: 60, ora: 2850, costo: 2850 },
    { minuti: 1, ora: 2850, costo: 48 }, // 47.5 -> 48
    { minuti: 1, ora: 2849, costo: 47 }, // 47.48 -> 47
    { minuti: 450, ora: 3210, costo: 24075 },
    { minuti: 0, ora: 5000, costo: 0 },
  ])('$minuti min at $ora c/h = $costo c', ({ minuti, ora, costo }) => expect(costoLavoro(minuti, ora)).toBe(costo));
});

describe('centesimiDaEuro: euros as a file writes them, to cents exactly', () => {
  it.each([
    ['1.742,03', 174203],
    ['1742,03', 174203],
    ['1742.03', 174203],
    ['1,742.03', 174203],
    ['€ 1.742,03', 174203],
    ['1.742', 174200], // three digits after a lone dot: thousands, as an Italian reads it
    ['1.234.567,8', 123456780],
    ['0,1', 10],
    ['0.29', 29], // 0.29 * 100 is 28.999999999999996 in floating point
    ['1.005,01', 100501],
    ['12', 1200],
    [1742.03, 174203],
    [0.29, 29],
    [1.15, 115],
    [0, 0],
  ])('%s -> %i', (v, c) => expect(centesimiDaEuro(v)).toBe(c));
  it.each([['1,2,3'], ['1.742,031'], ['12,345.6.7'], ['-5,00'], ['abc'], [''], ['1.74'.concat('2.03')], ['17,42.03,1'], [-1], [1.234], [Number.NaN], [null], [true], ['1.7420']])(
    'refuses %s',
    (v) => expect(centesimiDaEuro(v)).toBeNull(),
  );
});
