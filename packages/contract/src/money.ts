/**
 * Money as integer cents (DESIGN §12): every division that yields cents rounds half up, here and only here, so a
 * report's sum and a line's amount never disagree by a cent. Pure; table-tested in money.test.ts.
 */

/** `numerator / denominator` rounded half up to an integer (away from zero on the half for negatives). */
export function roundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator <= 0) throw new RangeError('roundHalfUp: integers, positive denominator');
  const rounded = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator < 0 && rounded ? -rounded : rounded;
}

/** The labour cost of some minutes at an hourly cost in cents: minutes × cents per hour / 60, half up to the cent. */
export const costoLavoro = (minuti: number, centesimiOra: number): number => roundHalfUp(minuti * centesimiOra, 60);
