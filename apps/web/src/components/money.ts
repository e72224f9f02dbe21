/**
 * Money as the contract keeps it: an integer number of cents plus an ISO 4217 currency (EUR unless said otherwise).
 * Pure, unit-tested (money.test.ts). Shown the Italian way, "1.234,56 €"; typed the ways people type it: "1234,5",
 * "1.234,56", "1234.56", "€ 12", "-3,20". Every currency is taken to have cents (1/100), as the ones of expenses do.
 */
import { DEFAULT_CURRENCY } from '@tulip/contract';

/** What a money field holds when the text typed in it is not an amount (a form rule refuses it). */
export type InvalidMoney = { invalidMoney: string };
export const isInvalidMoney = (v: unknown): v is InvalidMoney => typeof v === 'object' && v !== null && 'invalidMoney' in v;

/** The symbol of a currency, as Italian screens show it: € for EUR, $ for USD, CHF for CHF; the code if unknown. */
export function currencySymbol(currency: string = DEFAULT_CURRENCY): string {
  try {
    const parts = new Intl.NumberFormat('it-IT', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/** The amount without its currency, as it is typed: "1.234,56", "-0,05". */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${units},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The amount with its currency's symbol after it, "1.234,56 €" (a no-break space between, so they never part at a
 * line's end); '' for no amount. Written by hand: Intl's Italian leaves 4-digit amounts ungrouped ("1234,56 €").
 */
export function formatMoney(cents: number | null | undefined, currency: string = DEFAULT_CURRENCY): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  return `${formatAmount(cents)}\u00a0${currencySymbol(currency)}`;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The integer part, plain or grouped by threes with one separator; then the decimals after the other one.
// Comma decimals come first, so "1.234" is the Italian 1234, not 1.234; a dot is a decimal point only where it
// cannot be a thousands separator ("1234.56", "1.5").
const ITALIAN = /^(\d+|\d{1,3}(?:([. '])\d{3})(?:\2\d{3})*)?(?:,(\d*))?$/;
const ENGLISH = /^(\d+|\d{1,3}(?:([, '])\d{3})(?:\2\d{3})*)?\.(\d*)$/;

/**
 * The cents a person typed, or null for an empty text; undefined when the text is not an amount. The currency's
 * symbol or code may come before or after, a minus sign before either. More than two decimals round half up (away
 * from zero, 1,005 -> 1,01; -1,005 -> -1,01), on the digits themselves, never through a binary fraction.
 */
export function parseMoney(text: string, currency: string = DEFAULT_CURRENCY): number | null | undefined {
  let s = text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  if (!s) return null;
  let negative = false;
  const takeSign = () => {
    const m = /^([-+\u2212])\s*/.exec(s);
    if (m) {
      negative = m[1] !== '+';
      s = s.slice(m[0].length);
    }
    return !!m;
  };
  const signed = takeSign();
  const marks = [currencySymbol(currency), currency].map(escapeRe).join('|');
  s = s.replace(new RegExp(`^(?:${marks})\\s*|\\s*(?:${marks})$`, 'i'), '');
  if (!signed) takeSign();
  s = s.trim();
  const m = ITALIAN.exec(s) ?? ENGLISH.exec(s);
  if (!m || (!m[1] && !m[3])) return undefined;
  const units = (m[1] ?? '0').replace(/\D/g, '');
  const decimals = (m[3] ?? '').padEnd(3, '0');
  const cents = Number(units) * 100 + Number(decimals.slice(0, 2)) + (Number(decimals[2]) >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(cents)) return undefined;
  return negative && cents ? -cents : cents;
}
