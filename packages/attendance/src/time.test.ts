import { describe, expect, it } from 'vitest';
import {
  aggiungiGiorni,
  istanteDaMuro,
  istantiDaMuro,
  minutiTra,
  minutoDaData,
  minutoDaTimestamp,
  muroDaIstante,
  normalizzaTimestamp,
  offsetMinuti,
  timestampDaMinuto,
} from './time';

const ROMA = 'Europe/Rome';
const utc = (iso: string) => Date.parse(`${iso}Z`) / 60000;

describe('wall clock and instants', () => {
  it('reads and writes wall-clock timestamps', () => {
    const w = minutoDaTimestamp('2026-03-10T08:33:45');
    expect(timestampDaMinuto(w)).toBe('2026-03-10T08:33:00');
    expect(normalizzaTimestamp('2026-03-10T08:33')).toBe('2026-03-10T08:33:00');
    expect(aggiungiGiorni('2026-02-28', 1)).toBe('2026-03-01');
    expect(aggiungiGiorni('2028-02-28', 1)).toBe('2028-02-29');
  });
  it('refuses impossible dates and times', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01']) expect(() => minutoDaData(bad)).toThrow(RangeError);
    for (const bad of ['2026-03-10 08:00', '2026-03-10T24:00', '2026-03-10T8:00']) expect(() => minutoDaTimestamp(bad)).toThrow(RangeError);
  });
  it('knows the Rome offsets', () => {
    expect(offsetMinuti(utc('2026-01-15T12:00'), ROMA)).toBe(60);
    expect(offsetMinuti(utc('2026-07-15T12:00'), ROMA)).toBe(120);
    expect(muroDaIstante(utc('2026-03-29T01:00'), ROMA)).toBe(minutoDaTimestamp('2026-03-29T03:00'));
  });
  it('skipped hour (29 March 2026, 02:00 -> 03:00): no instant; compatible moves forward', () => {
    const w = minutoDaTimestamp('2026-03-29T02:30');
    expect(istantiDaMuro(w, ROMA)).toEqual([]);
    expect(istanteDaMuro(w, ROMA)).toBe(utc('2026-03-29T01:30')); // 03:30 CEST
    expect(istanteDaMuro(w, ROMA, 'indietro')).toBe(utc('2026-03-29T00:30')); // 01:30 CET
  });
  it('repeated hour (25 October 2026, 03:00 -> 02:00): two instants, the earlier by default', () => {
    const w = minutoDaTimestamp('2026-10-25T02:30');
    expect(istantiDaMuro(w, ROMA)).toEqual([utc('2026-10-25T00:30'), utc('2026-10-25T01:30')]);
    expect(istanteDaMuro(w, ROMA)).toBe(utc('2026-10-25T00:30'));
  });
  it('measures real elapsed minutes', () => {
    expect(minutiTra('2026-03-28T22:00:00', '2026-03-29T06:00:00')).toBe(420);
    expect(minutiTra('2026-10-24T22:00:00', '2026-10-25T06:00:00')).toBe(540);
    expect(minutiTra('2026-05-01T22:00:00', '2026-05-02T06:00:00')).toBe(480);
    expect(minutiTra('2026-05-02T06:00:00', '2026-05-01T22:00:00')).toBe(-480);
    expect(minutiTra('2026-03-28T22:00:00', '2026-03-29T06:00:00', 'UTC')).toBe(480);
  });
});
