/**
 * Amounts of expense lines in their own currency (issue #16): integer minor units of a currency with 0 to 4 decimals
 * (EUR 2, JPY 0), typed and shown the Italian way. Two decimals go through the app's money helpers (MoneyField's);
 * the others are read here, on the digits, never through a binary fraction. Pure, unit-tested (importi.test.ts).
 */
import { formatAmount, parseMoney } from '../../components/money';

/** "1.234,5678" for 12345678 minor units of a 4-decimal currency; "1.500" for 1500 yen. */
export function formatMinor(minor: number, decimali: number): string {
  if (decimali === 2) return formatAmount(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(Math.round(minor))).padStart(decimali + 1, '0');
  const units = abs.slice(0, abs.length - decimali).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return decimali ? `${sign}${units},${abs.slice(abs.length - decimali)}` : `${sign}${units}`;
}

/** The amount with its currency after it: "45,90 €", "120,00 CHF", "1.500 ¥" (a no-break space between). */
export function formatImporto(minor: number | null | undefined, valuta: string, decimali = 2, simbolo?: string | null): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '';
  const mark = simbolo || (valuta === 'EUR' ? '€' : valuta);
  return `${formatMinor(minor, decimali)}\u00a0${mark}`;
}

/**
 * The minor units a person typed in a currency of `decimali` places; null for nothing typed, undefined for text that
 * is not an amount (or has more decimals than the currency). "1.234,56", "1234,56", "1234.56" and "1.500" (yen) all read.
 */
export function parseMinor(text: string, decimali: number, valuta = 'EUR'): number | null | undefined {
  if (decimali === 2) return parseMoney(text, valuta);
  const s = text.replace(/[\s\u00a0\u202f]+/g, '').replace(new RegExp(`^${valuta}|${valuta}$`, 'i'), '');
  if (!s) return null;
  let intPart: string;
  let frac = '';
  if (/^\d{1,3}(\.\d{3})+(,\d*)?$/.test(s) || /^\d+(,\d*)?$/.test(s)) {
    const [i, f = ''] = s.split(',');
    intPart = i.replace(/\./g, '');
    frac = f;
  } else if (/^\d+\.\d*$/.test(s) && decimali > 0) {
    [intPart, frac] = s.split('.');
  } else return undefined;
  if (frac.length > decimali) return undefined;
  const n = Number(intPart || '0') * 10 ** decimali + Number(frac.padEnd(decimali, '0') || '0');
  return Number.isSafeInteger(n) ? n : undefined;
}

/** km as the server takes them ("137", "12.5"): from "137" or "12,5"; null when not a positive number with at most 2 decimals. */
export function parseKm(text: string): string | null {
  const s = text.trim().replace(',', '.');
  return /^\d{1,6}(\.\d{1,2})?$/.test(s) && Number(s) > 0 ? s : null;
}

/** "137" or "12,5" as shown: the server's "137.00" without trailing zeros, comma decimals. */
export function formatKm(km: string | null | undefined): string {
  if (!km) return '';
  return String(Number(km)).replace('.', ',');
}
