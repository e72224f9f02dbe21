import { describe, expect, it } from 'vitest';
import { formatImporto, formatKm, formatMinor, parseKm, parseMinor } from './importi';

describe('amounts in their currency', () => {
  it('are shown the Italian way with their decimals', () => {
    expect(formatMinor(123456, 2)).toBe('1.234,56');
    expect(formatMinor(1500, 0)).toBe('1.500');
    expect(formatMinor(5, 3)).toBe('0,005');
    expect(formatImporto(4590, 'EUR')).toBe('45,90\u00a0€');
    expect(formatImporto(12000, 'CHF', 2, 'CHF')).toBe('120,00\u00a0CHF');
    expect(formatImporto(null, 'EUR')).toBe('');
  });

  it('are read as typed, in minor units', () => {
    expect(parseMinor('45,90', 2)).toBe(4590);
    expect(parseMinor('1.234,56', 2)).toBe(123456);
    expect(parseMinor('1.500', 0, 'JPY')).toBe(1500);
    expect(parseMinor('1500', 0, 'JPY')).toBe(1500);
    expect(parseMinor('2,5', 3, 'KWD')).toBe(2500);
    expect(parseMinor('2.5', 3, 'KWD')).toBe(2500);
    expect(parseMinor('', 0)).toBeNull();
    expect(parseMinor('1,5', 0, 'JPY')).toBeUndefined();
    expect(parseMinor('dodici', 0, 'JPY')).toBeUndefined();
  });

  it('km go to the server as decimal text', () => {
    expect(parseKm('137')).toBe('137');
    expect(parseKm('12,5')).toBe('12.5');
    expect(parseKm('0')).toBeNull();
    expect(parseKm('1,234')).toBeNull();
    expect(formatKm('137.00')).toBe('137');
    expect(formatKm('12.50')).toBe('12,5');
  });
});
