/**
 * Exact decimals of the expense module's master data (issue #16): exchange rates (units per 1 EUR, up to 6 places)
 * and ACI costs per km (4 places). The wire carries them as text ("1.084200"), and so do these functions: they are
 * shown the Italian way ("1,0842") and read back from what a person types ("0,5012" or "0.5012"), never through a
 * binary float. Pure, tested in anagrafiche.test.ts.
 */
import { decimaleScalato, testoDecimale } from '@tulip/contract';

/** Places of an exchange rate and of an ACI cost per km. */
export const DECIMALI_CAMBIO = 6;
export const DECIMALI_EURO_KM = 4;

const WIRE = /^(\d+)(?:\.(\d+))?$/;

/**
 * A decimal of the wire ("1.084200") as Italian screens show it: a decimal comma, the units grouped by dots
 * ("17.000,5"), trailing zeros dropped but `min` places kept ("162,45" with min 2). Text that is not a decimal is
 * shown as it is; null and '' as ''.
 */
export function formatDecimale(text: string | null | undefined, min = 0, { raggruppa = true } = {}): string {
  if (text === null || text === undefined || text === '') return '';
  const m = WIRE.exec(text.trim());
  if (!m) return text;
  let dec = (m[2] ?? '').replace(/0+$/, '');
  if (dec.length < min) dec = dec.padEnd(min, '0');
  const units = m[1].replace(/^0+(?=\d)/, '');
  const int = raggruppa ? units.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : units;
  return dec ? `${int},${dec}` : int;
}

/**
 * What a person typed as a decimal greater than zero with at most `places` decimals, as the wire's exact text
 * ("0,5012" -> "0.5012" at 4 places; "1.0842" -> "1.084200" at 6); null when it is not one. One mark alone (a comma
 * or a dot) is the decimal point; with both, the dots group the thousands ("17.000,50").
 */
export function leggiDecimale(typed: string | null | undefined, places: number): string | null {
  if (typeof typed !== 'string') return null;
  let s = typed.replace(/[\s\u00a0\u202f]/g, '');
  if (!s) return null;
  if (s.includes(',') && s.includes('.')) {
    if (!/^\d{1,3}(\.\d{3})+,\d*$/.test(s)) return null;
    s = s.replace(/\./g, '');
  }
  if ((s.match(/[.,]/g) ?? []).length > 1) return null;
  s = s.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const n = decimaleScalato(s, places);
  return n === null || n === 0n ? null : testoDecimale(n, places);
}

/** A wire decimal as it is typed back in a field: Italian, ungrouped, with its significant places ("0.501200" -> "0,5012"). */
export const decimaleDaScrivere = (text: string | null | undefined, min = 0) => formatDecimale(text, min, { raggruppa: false });
