/** A part-timer's supplementary work (D.Lgs 81/2015 art. 6): the split of the time beyond the shift, and the weekly limit. */
import { describe, expect, it } from 'vitest';
import { computeDay } from './day';
import { computeMonth } from './month';
import { CONTINUO, SEMPLICE, giorno, turno } from './test-fixtures';
import type { Giorno } from './types';

/** A horizontal 50 % part-time: 08:00–12:00 every working day, full time being 8 hours a day. */
const MEZZA = turno(CONTINUO, { codice: 'PT50', fasce: [{ inizio: '08:00', fine: '12:00' }] });
const PT = (minuti_tempo_pieno = 480, limite_settimanale?: number | null) => ({ part_time: { minuti_tempo_pieno, limite_settimanale } });
const pt = (g: Giorno, p: ReturnType<typeof PT>) => ({ ...g, ...p });

describe('D.Lgs 81/2015 art. 6 c. 1: work beyond the agreed part-time hours is supplementary up to full time', () => {
  const casi: [string, Giorno, { ord: number; sup: number; str: number }][] = [
    ['art. 6 c. 1: 2 h beyond a 4 h horizontal part-time day are supplementary, not overtime', pt(giorno(MEZZA, 'E 08:00, U 14:00'), PT()), { ord: 240, sup: 120, str: 0 }],
    ['art. 6 c. 1: up to the full-time day (8 h) everything beyond the 4 h is supplementary', pt(giorno(MEZZA, 'E 08:00, U 16:00'), PT()), { ord: 240, sup: 240, str: 0 }],
    ['art. 6 c. 1 and D.Lgs 66/2003 art. 1 c. 2 lett. c: only beyond the full-time day is it overtime', pt(giorno(MEZZA, 'E 08:00, U 17:30'), PT()), { ord: 240, sup: 240, str: 90 }],
    ['art. 6: a full-timer (no part-time on the day) keeps all of it as overtime', giorno(MEZZA, 'E 08:00, U 14:00'), { ord: 240, sup: 0, str: 120 }],
    ['art. 6: a vertical part-time agreed day is a full day: beyond it is overtime', pt(giorno(SEMPLICE, 'E 08:00, U 12:00, E 13:00, U 18:00'), PT()), { ord: 480, sup: 0, str: 60 }],
    ['art. 6: a vertical part-time day outside the agreed ones is supplementary up to the full-time day', pt(giorno(null, 'E 08:00, U 13:00', { tipo_giorno: 'riposo' }), PT()), { ord: 0, sup: 300, str: 0 }],
    ['art. 6: on a day full-timers do not work either (tempo pieno 0) it is all overtime', pt(giorno(null, 'E 08:00, U 13:00', { tipo_giorno: 'riposo' }), PT(0)), { ord: 0, sup: 0, str: 300 }],
    ['art. 6: a shorter full-time day (7 h 42) leaves 3 h 42 of room', pt(giorno(MEZZA, 'E 08:00, U 17:00'), PT(462)), { ord: 240, sup: 222, str: 78 }],
    ['art. 6: the part-timer who works less than agreed has nothing beyond', pt(giorno(MEZZA, 'E 08:00, U 11:00'), PT()), { ord: 180, sup: 0, str: 0 }],
  ];
  for (const [nome, g, atteso] of casi) {
    it(nome, () => {
      const r = computeDay(g);
      expect({ ord: r.minuti_ordinari, sup: r.minuti_supplementari, str: r.minuti_straordinari }).toEqual(atteso);
    });
  }

  it("art. 6: the shift's overtime threshold and blocks bound what is paid beyond, then the split is made", () => {
    const regole = turno(MEZZA, { soglia_straordinario: 30, blocco_straordinario: 30 });
    // 1 h 50 beyond: 1 h 30 in whole blocks, all within full time
    expect(computeDay(pt(giorno(regole, 'E 08:00, U 13:50'), PT()))).toMatchObject({ minuti_supplementari: 90, minuti_straordinari: 0 });
    // 20 minutes beyond: under the threshold, nothing
    expect(computeDay(pt(giorno(regole, 'E 08:00, U 12:20'), PT()))).toMatchObject({ minuti_supplementari: 0, minuti_straordinari: 0 });
    // 5 h 10 beyond: 5 h in blocks, 4 h supplementary, 1 h overtime
    expect(computeDay(pt(giorno(regole, 'E 08:00, U 17:10'), PT()))).toMatchObject({ minuti_supplementari: 240, minuti_straordinari: 60 });
  });

  it('art. 6: the month totals carry the supplementary minutes', () => {
    const giorni = ['2026-03-09', '2026-03-10'].map((data) => pt(giorno(MEZZA, 'E 08:00, U 14:00', { data }), PT()));
    expect(computeMonth(giorni).totali).toMatchObject({ minuti_ordinari: 480, minuti_supplementari: 240, minuti_straordinari: 0 });
  });
});

describe('D.Lgs 81/2015 art. 6 c. 2: the weekly limit of supplementary work', () => {
  // 20 h a week agreed: 25 % is 5 h (300 minutes)
  const settimana = (uscite: string[], limite: number | null = 300, dal = 9) =>
    uscite.map((u, i) => pt(giorno(MEZZA, `E 08:00, U ${u}`, { data: `2026-03-${String(dal + i).padStart(2, '0')}` }), PT(480, limite)));
  const flag = (giorni: Giorno[]) => computeMonth(giorni).giorni.map((g) => g.anomalie.includes('SUPPLEMENTARE_OLTRE_LIMITE'));

  it('art. 6 c. 2: 5 h of supplementary in the week is within 25 % of 20 h: no warning', () => {
    expect(flag(settimana(['14:00', '14:00', '13:00', '12:00', '12:00']))).toEqual([false, false, false, false, false]);
  });
  it('art. 6 c. 2: the day that takes the week past 25 % is flagged, and each later day with supplementary work', () => {
    expect(flag(settimana(['14:00', '14:00', '14:00', '12:00', '13:00']))).toEqual([false, false, true, false, true]);
    expect(computeMonth(settimana(['14:00', '14:00', '14:00', '12:00', '13:00'])).totali.anomalie).toEqual({ SUPPLEMENTARE_OLTRE_LIMITE: 2 });
  });
  it('art. 6 c. 2: the count starts again each Monday (ISO week)', () => {
    // Thursday 12 to Wednesday 18 March 2026: 2 h a day, the Monday restarts the count
    const giorni = settimana(['14:00', '14:00', '14:00', '14:00', '14:00', '14:00', '14:00'], 300, 12);
    expect(flag(giorni)).toEqual([false, false, true, true, false, false, true]);
  });
  it("art. 6 c. 2: the CCNL's own limit replaces the 25 %, and without a limit there is no check", () => {
    expect(flag(settimana(['14:00', '14:00', '14:00'], 480))).toEqual([false, false, false]);
    expect(flag(settimana(['16:00', '16:00', '16:00'], null))).toEqual([false, false, false]);
  });
});
