import { describe, expect, it } from 'vitest';
import { attribuisciTimbrature, giornoDiEntrata } from './attribuzione';
import { CONTINUO, GIORNALIERO, T3, turno } from './test-fixtures';
import type { Timbratura, Turno } from './types';

const E = (ts: string): Timbratura => ({ ts, verso: 'E' });
const U = (ts: string): Timbratura => ({ ts, verso: 'U' });
const POMERIGGIO = turno(CONTINUO, { codice: 'T2', fasce: [{ inizio: '14:00', fine: '22:00' }] });
const MATTINO = turno(CONTINUO, { codice: 'T1', fasce: [{ inizio: '06:00', fine: '14:00' }] });

/** The day each punch lands on ('-' = left out). */
function giorniDi(timbrature: Timbratura[], giorni: { data: string; turno: Turno | null }[]): string[] {
  const mappa = attribuisciTimbrature(timbrature, giorni);
  return timbrature.map((t) => [...mappa].find(([, ts]) => ts.includes(t))?.[0] ?? '-');
}

describe('rule 13: attribuisciTimbrature', () => {
  const settimana = [
    { data: '2026-03-09', turno: T3 },
    { data: '2026-03-10', turno: GIORNALIERO },
    { data: '2026-03-11', turno: null },
    { data: '2026-03-12', turno: T3 },
    { data: '2026-03-13', turno: null },
  ];
  it.each([
    ['a night shift entry belongs to the day it starts', E('2026-03-09T21:55:00'), '2026-03-09'],
    ['its exit next morning too, though the next day has a shift (nearest bands)', U('2026-03-10T06:05:00'), '2026-03-09'],
    ["the next day's entry belongs to it (nearest bands)", E('2026-03-10T08:25:00'), '2026-03-10'],
    ['an exit inside the window', U('2026-03-10T17:40:00'), '2026-03-10'],
    ['a punch late in the evening, outside the window: its calendar day', U('2026-03-10T23:30:00'), '2026-03-10'],
    ['a day without a shift takes its calendar day', E('2026-03-11T10:00:00'), '2026-03-11'],
    ['a night shift exit on a following rest day stays with the shift', U('2026-03-13T06:30:00'), '2026-03-12'],
    ['later on that rest day, the rest day', E('2026-03-13T15:00:00'), '2026-03-13'],
    ['at the very end of a window', U('2026-03-13T10:00:00'), '2026-03-12'],
    ['a punch in no window and on no given day is left out', E('2026-03-20T08:00:00'), '-'],
  ])('%s', (_nome, t, data) => {
    expect(giorniDi([t], settimana)).toEqual([data]);
  });

  it('on equally near bands an E goes to the later day and a U to the earlier one', () => {
    // T2 14:00–22:00 then T1 06:00–14:00: both windows hold 02:00, 4 h from either shift.
    const giorni = [
      { data: '2026-03-10', turno: POMERIGGIO },
      { data: '2026-03-11', turno: MATTINO },
    ];
    expect(giorniDi([E('2026-03-11T02:00:00'), U('2026-03-11T02:00:00')], giorni)).toEqual(['2026-03-11', '2026-03-10']);
  });

  it('at a handover (T3 ends 06:00, T1 starts 06:00) the U closes the night and the E opens the morning', () => {
    const giorni = [
      { data: '2026-03-10', turno: T3 },
      { data: '2026-03-11', turno: MATTINO },
    ];
    expect(giorniDi([U('2026-03-11T06:00:00'), E('2026-03-11T06:00:00')], giorni)).toEqual(['2026-03-10', '2026-03-11']);
  });

  it('groups punches per day, sorted, with every day present', () => {
    const mappa = attribuisciTimbrature(
      [U('2026-03-29T06:02:00'), E('2026-03-28T21:58:00'), E('2026-03-29T21:59:00')],
      [
        { data: '2026-03-28', turno: T3 },
        { data: '2026-03-29', turno: T3 },
        { data: '2026-03-30', turno: null },
      ],
    );
    expect(Object.fromEntries(mappa)).toEqual({
      '2026-03-28': [E('2026-03-28T21:58:00'), U('2026-03-29T06:02:00')],
      '2026-03-29': [E('2026-03-29T21:59:00')],
      '2026-03-30': [],
    });
  });

  it('keeps extra fields of the punches it is given', () => {
    const mappa = attribuisciTimbrature([{ id: 7, ts: '2026-03-10T08:30:00', verso: 'E' as const }], [{ data: '2026-03-10', turno: GIORNALIERO }]);
    expect(mappa.get('2026-03-10')).toEqual([{ id: 7, ts: '2026-03-10T08:30:00', verso: 'E' }]);
  });
});

describe('rule 13: the day an entry punched now counts for (giornoDiEntrata)', () => {
  it('18:50 on a 22:00 night shift counts for that night, 190 minutes early', () => {
    const giorni = [{ data: '2026-11-25', turno: T3 }, { data: '2026-11-26', turno: T3 }, { data: '2026-11-27', turno: T3 }];
    expect(giornoDiEntrata('2026-11-26T18:50:00', giorni)).toEqual({ data: '2026-11-26', inizio: '2026-11-26T22:00:00', anticipo_minuti: 190 });
  });
  it('an entry inside the bands or just before them is not early', () => {
    expect(giornoDiEntrata('2026-03-10T07:55:00', [{ data: '2026-03-10', turno: MATTINO }])).toEqual({ data: '2026-03-10', inizio: '2026-03-10T06:00:00', anticipo_minuti: 0 });
    expect(giornoDiEntrata('2026-03-10T05:40:00', [{ data: '2026-03-10', turno: MATTINO }])?.anticipo_minuti).toBe(20);
  });
  it('a day without a shift takes the entry on its calendar day, with no start to compare', () => {
    expect(giornoDiEntrata('2026-03-14T09:00:00', [{ data: '2026-03-14', turno: null }])).toEqual({ data: '2026-03-14', inizio: null, anticipo_minuti: 0 });
    expect(giornoDiEntrata('2026-03-14T09:00:00', [{ data: '2026-03-20', turno: null }])).toBeNull();
  });
});
