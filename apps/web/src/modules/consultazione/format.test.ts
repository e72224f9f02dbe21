import { describe, expect, it } from 'vitest';
import { formatMinuti, isMese, niceScale, oreDecimali, pivotCdc, shiftMese } from './format';

describe('formatMinuti', () => {
  it('shows minutes as h:mm', () => {
    expect(formatMinuti(510)).toBe('8:30');
    expect(formatMinuti(5)).toBe('0:05');
    expect(formatMinuti(0)).toBe('0:00');
    expect(formatMinuti(0, true)).toBe('');
    expect(formatMinuti(-90)).toBe('-1:30');
    expect(formatMinuti(6000)).toBe('100:00');
    expect(formatMinuti(null)).toBe('');
    expect(formatMinuti(undefined)).toBe('');
  });
  it('gives decimal hours', () => {
    expect(oreDecimali(510)).toBe(8.5);
    expect(oreDecimali(20)).toBe(0.33);
    expect(oreDecimali(null)).toBe(0);
  });
});

describe('months', () => {
  it('moves across years', () => {
    expect(shiftMese('2025-01', -1)).toBe('2024-12');
    expect(shiftMese('2025-12', 1)).toBe('2026-01');
    expect(shiftMese('2025-06', 0)).toBe('2025-06');
  });
  it('recognises YYYY-MM', () => {
    expect(isMese('2025-02')).toBe(true);
    expect(isMese('2025-13')).toBe(false);
    expect(isMese('2025-2')).toBe(false);
    expect(isMese(null)).toBe(false);
  });
});

describe('pivotCdc', () => {
  it('gives one row per cost centre, a cell per causale and totals', () => {
    const p = pivotCdc(
      [
        { cdc_id: 1, cdc_descrizione: 'Produzione', codice: 'FERIE', giorni: 3, minuti: 1440 },
        { cdc_id: 1, cdc_descrizione: 'Produzione', codice: 'MAL', giorni: 1, minuti: 480 },
        { cdc_id: 2, cdc_descrizione: 'Uffici', codice: 'ROL', giorni: 0, minuti: 120 },
        { cdc_id: null, cdc_descrizione: null, codice: 'FERIE', giorni: 1, minuti: 480 },
      ],
      'Senza centro di costo',
    );
    expect(p.causali).toEqual(['FERIE', 'MAL', 'ROL']);
    expect(p.righe.map((r) => r.cdc)).toEqual(['Produzione', 'Senza centro di costo', 'Uffici']);
    expect(p.righe[0].celle.FERIE).toEqual({ giorni: 3, minuti: 1440 });
    expect(p.righe[0].minuti).toBe(1920);
    expect(p.totali).toEqual({
      celle: { FERIE: { giorni: 4, minuti: 1920 }, MAL: { giorni: 1, minuti: 480 }, ROL: { giorni: 0, minuti: 120 } },
      giorni: 5,
      minuti: 2520,
    });
  });
});

describe('niceScale', () => {
  it('rounds the axis up to a readable step', () => {
    expect(niceScale(0)).toEqual({ max: 1, step: 1 });
    expect(niceScale(37)).toEqual({ max: 40, step: 10 });
    expect(niceScale(100)).toEqual({ max: 100, step: 20 });
    expect(niceScale(4)).toEqual({ max: 4, step: 1 });
    expect(niceScale(11)).toEqual({ max: 12.5, step: 2.5 });
  });
});
