import { describe, expect, it } from 'vitest';
import { collocaFasce, durataFasce, finestraGiorno, validaTurno } from './fasce';
import { GIORNALIERO, SEMPLICE, T3, turno } from './test-fixtures';

describe('durataFasce', () => {
  it.each([
    [[{ inizio: '08:30', fine: '12:30' }, { inizio: '13:30', fine: '17:30' }], 480],
    [[{ inizio: '22:00', fine: '06:00' }], 480],
    [[{ inizio: '22:00', fine: '02:00' }, { inizio: '02:30', fine: '06:00' }], 450],
    [[{ inizio: '00:00', fine: '23:59' }], 1439],
    [[{ inizio: '18:00', fine: '00:00' }], 360],
  ])('%j -> %i (nominal, no DST)', (fasce, minuti) => {
    expect(durataFasce({ fasce })).toBe(minuti);
  });
  it('lays split night bands end to end', () => {
    expect(collocaFasce([{ inizio: '22:00', fine: '02:00' }, { inizio: '02:30', fine: '06:00' }])).toEqual([
      { inizio: 1320, fine: 1560 },
      { inizio: 1590, fine: 1800 },
    ]);
  });
});

describe('validaTurno', () => {
  it.each([
    ['the worked example', GIORNALIERO, []],
    ['a night shift', T3, []],
    ['a split night shift', turno(T3, { fasce: [{ inizio: '22:00', fine: '02:00' }, { inizio: '02:30', fine: '06:00' }] }), []],
    ['touching bands', turno(SEMPLICE, { fasce: [{ inizio: '08:00', fine: '12:00' }, { inizio: '12:00', fine: '16:00' }] }), []],
    ['no bands', turno(SEMPLICE, { fasce: [] }), ['avvisi.fasce_richieste']],
    ['overlapping bands', turno(SEMPLICE, { fasce: [{ inizio: '08:00', fine: '12:00' }, { inizio: '11:00', fine: '13:00' }] }), ['avvisi.fasce_sovrapposte']],
    ['a band inside another', turno(SEMPLICE, { fasce: [{ inizio: '08:00', fine: '18:00' }, { inizio: '10:00', fine: '11:00' }] }), ['avvisi.fasce_sovrapposte']],
    ['a night band overlapping the next', turno(T3, { fasce: [{ inizio: '22:00', fine: '06:00' }, { inizio: '05:00', fine: '07:00' }] }), ['avvisi.fasce_sovrapposte']],
    ['a band of zero length', turno(SEMPLICE, { fasce: [{ inizio: '08:00', fine: '08:00' }] }), ['avvisi.fascia_vuota']],
    ['an impossible time', turno(SEMPLICE, { fasce: [{ inizio: '08:00', fine: '24:00' }] }), ['avvisi.orario_non_valido']],
    ['a malformed night band', turno(SEMPLICE, { notturno: { inizio: '22', fine: '06:00' } }), ['avvisi.orario_non_valido']],
    ['D.Lgs 66/2003 art. 1 c. 2 lett. d: a night band of 6 hours', turno(SEMPLICE, { notturno: { inizio: '23:00', fine: '05:00' } }), ['avvisi.fascia_notturna_non_valida']],
    ['D.Lgs 66/2003 art. 1 c. 2 lett. d: a night band missing midnight', turno(SEMPLICE, { notturno: { inizio: '01:00', fine: '08:00' } }), ['avvisi.fascia_notturna_non_valida']],
    ['a negative rule', turno(SEMPLICE, { tolleranza: -5 }), ['avvisi.regola_negativa']],
    ['negative theoretical minutes', turno(SEMPLICE, { minuti_teorici: -1 }), ['avvisi.regola_negativa']],
    ['a fractional rule', turno(SEMPLICE, { flessibilita: 2.5 }), ['avvisi.regola_non_valida']],
    ['null theoretical minutes mean the default', turno(SEMPLICE, { minuti_teorici: null }), []],
  ])('%s', (_nome, t, errori) => {
    expect(validaTurno(t)).toEqual(errori);
  });
});

describe('rule 13: finestraGiorno', () => {
  it.each([
    ['GIORNALIERO', '2026-03-10', GIORNALIERO, '2026-03-10T04:30:00', '2026-03-10T21:30:00'],
    ['T3 crosses midnight', '2026-03-10', T3, '2026-03-10T18:00:00', '2026-03-11T10:00:00'],
    ['an early shift starts the evening before', '2026-03-10', turno(T3, { fasce: [{ inizio: '02:00', fine: '10:00' }] }), '2026-03-09T22:00:00', '2026-03-10T14:00:00'],
    ['a late shift ends after midnight', '2026-12-31', turno(T3, { fasce: [{ inizio: '16:00', fine: '00:00' }] }), '2026-12-31T12:00:00', '2027-01-01T04:00:00'],
    ['no shift: the calendar day', '2026-03-10', null, '2026-03-10T00:00:00', '2026-03-10T23:59:59'],
  ])('%s', (_nome, data, t, da, a) => {
    expect(finestraGiorno(data, t)).toEqual({ da, a });
  });
});
