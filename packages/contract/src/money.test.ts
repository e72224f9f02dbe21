import { describe, expect, it } from 'vitest';
import { costoLavoro, roundHalfUp } from './money';

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
