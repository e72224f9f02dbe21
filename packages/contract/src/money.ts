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

/** A coefficient with two decimals (1.45) as an integer of hundredths (145), with no float error. */
export const centesimiCoefficiente = (coefficiente: number): number => Math.round(coefficiente * 100);

/**
 * The labour cost of some minutes at an hourly pay in cents times an overhead coefficient in hundredths (145 for 1.45):
 * minutes × cents per hour × coefficient / 6000, half up to the cent, once.
 */
export const costoLavoroCoefficiente = (minuti: number, centesimiOra: number, coefficienteCentesimi: number): number =>
  roundHalfUp(minuti * centesimiOra * coefficienteCentesimi, 6000);

/**
 * An amount in euros as written in a file, to cents exactly (string arithmetic, no float error): "1.742,03" (Italian,
 * dots between thousands), "1742,03", "1742.03", "1,742.03", "1.742" (a thousand and more: three digits after a lone
 * dot are thousands), a number (1742.03), with or without "€". At most two decimals, never negative: else null.
 */
export function centesimiDaEuro(v: unknown): number | null {
  let s: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v < 0) return null;
    s = String(v);
  } else if (typeof v === 'string') s = v.replace(/€/g, '').replace(/\s+/g, '');
  else return null;
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  let intero: string;
  let decimali = '';
  if (comma >= 0 && dot >= 0) {
    // both: the last one separates the decimals, the other the thousands
    const [dec, mil] = comma > dot ? [',', '.'] : ['.', ','];
    const at = s.lastIndexOf(dec);
    decimali = s.slice(at + 1);
    if (!new RegExp(`^\\d{1,3}(\\${mil}\\d{3})+$`).test(s.slice(0, at))) return null;
    intero = s.slice(0, at).split(mil).join('');
  } else if (comma >= 0 || dot >= 0) {
    const sep = comma >= 0 ? ',' : '.';
    const parts = s.split(sep);
    // a number's dot is always its decimal point
    if (sep === '.' && typeof v === 'string' && /^\d{1,3}(\.\d{3})+$/.test(s)) {
      intero = parts.join('');
    } else {
      if (parts.length !== 2) return null;
      [intero, decimali] = parts;
    }
  } else intero = s;
  if (!/^\d{1,9}$/.test(intero) || !/^\d{0,2}$/.test(decimali)) return null;
  return Number(intero) * 100 + Number(decimali.padEnd(2, '0'));
}
