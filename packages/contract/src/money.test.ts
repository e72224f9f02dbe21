import { describe, expect, it } from 'vitest';
import { centesimiCoefficiente, centesimiDaEuro, costoLavoro, costoLavoroCoefficiente, roundHalfUp } from './money';

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

describe('costoLavoroCoefficiente: minutes × cents per hour × overhead coefficient, half up to the cent once', () => {
  it.each([
    { minuti: 60, ora: 1800, k: 145, costo: 2610 }, // 18.00 €/h × 1.45
    { minuti: 450, ora: 1795, k: 145, costo: 19521 }, // 7.5 h × 17.95 × 1.45 = 195.20625
    { minuti: 1, ora: 1000, k: 100, costo: 17 }, // 16.67 -> 17
    { minuti: 40, ora: 1503, k: 150, costo: 1503 }, // 15.03 exactly
    { minuti: 1, ora: 300, k: 100, costo: 5 }, // 5.0
    { minuti: 1, ora: 30, k: 100, costo: 1 }, // 0.5 -> 1: the half goes up
    { minuti: 0, ora: 5000, k: 500, costo: 0 },
  ])('$minuti min at $ora c/h × $k% = $costo c', ({ minuti, ora, k, costo }) => expect(costoLavoroCoefficiente(minuti, ora, k)).toBe(costo));
  it('is costoLavoro at coefficient 1.00', () => {
    for (const m of [1, 7, 29, 30, 59, 450]) for (const c of [1, 2849, 2850, 3333]) expect(costoLavoroCoefficiente(m, c, 100)).toBe(costoLavoro(m, c));
  });
  it('reads a two-decimal coefficient as hundredths without float error', () => {
    expect([1, 1.45, 1.1, 2.3, 4.35, 5].map(centesimiCoefficiente)).toEqual([100, 145, 110, 230, 435, 500]);
  });
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
