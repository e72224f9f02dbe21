import { describe, expect, it } from 'vitest';
import { computeMonth } from './month';
import { CONTINUO, GIORNALIERO, giorno, turno } from './test-fixtures';

const SERA = turno(CONTINUO, { codice: 'SERA', fasce: [{ inizio: '14:00', fine: '22:00' }] });
const riposo = (giorni: ReturnType<typeof computeMonth>['giorni']) =>
  giorni.map((g) => [g.data, g.anomalie.includes('RIPOSO_INSUFFICIENTE')]);

describe('rule 11: RIPOSO_INSUFFICIENTE (month check)', () => {
  it('flags a day starting less than 11 h after the previous exit', () => {
    const m = computeMonth([
      giorno(SERA, 'E 14:00, U 23:00', { data: '2026-03-10' }),
      giorno(CONTINUO, 'E 08:00, U 16:00', { data: '2026-03-11' }),
    ]);
    expect(riposo(m.giorni)).toEqual([
      ['2026-03-10', false],
      ['2026-03-11', true],
    ]);
    expect(m.totali.anomalie).toEqual({ RIPOSO_INSUFFICIENTE: 1 });
  });

  it('exactly 11 h is enough', () => {
    const m = computeMonth([
      giorno(SERA, 'E 14:00, U 23:00', { data: '2026-03-10' }),
      giorno(null, 'E 10:00, U 12:00', { data: '2026-03-11' }),
    ]);
    expect(m.giorni[1].anomalie).toEqual([]);
  });

  it('counts real hours: 23:00 -> 10:30 on 29 March is 10.5 h', () => {
    const m = computeMonth([
      giorno(SERA, 'E 14:00, U 23:00', { data: '2026-03-28' }),
      giorno(null, 'E 10:30, U 12:00', { data: '2026-03-29', tipo_giorno: 'riposo' }),
    ]);
    expect(m.giorni[1].anomalie).toEqual(['LAVORO_IN_RIPOSO', 'RIPOSO_INSUFFICIENTE']);
  });

  it('counts real hours: 23:00 -> 09:30 on 25 October is 11.5 h', () => {
    const m = computeMonth([
      giorno(SERA, 'E 14:00, U 23:00', { data: '2026-10-24' }),
      giorno(null, 'E 09:30, U 12:00', { data: '2026-10-25' }),
    ]);
    expect(m.giorni[1].anomalie).toEqual([]);
  });

  it('checks the first day against the exit before the period', () => {
    const m = computeMonth([giorno(CONTINUO, 'E 08:00, U 16:00', { data: '2026-03-01' })], {
      ultimaUscitaPrecedente: '2026-02-28T23:00:00',
    });
    expect(m.giorni[0].anomalie).toEqual(['RIPOSO_INSUFFICIENTE']);
  });

  it('after a day without pairs, the latest earlier exit counts', () => {
    const m = computeMonth([
      giorno(null, 'E 20:00, U 23:59', { data: '2026-03-10' }),
      giorno(null, '', { data: '2026-03-11', tipo_giorno: 'riposo' }),
      giorno(null, 'E 08:00, U 09:00', { data: '2026-03-12' }),
    ]);
    expect(riposo(m.giorni).map(([, r]) => r)).toEqual([false, false, false]);
  });
});

describe('computeMonth totals', () => {
  const settimana = [
    giorno(null, 'E 09:00, U 11:00', { data: '2026-03-15', tipo_giorno: 'festivo' }),
    giorno(GIORNALIERO, 'E 08:33, U 12:31, E 13:29, U 18:20', { data: '2026-03-09' }),
    giorno(GIORNALIERO, '', { data: '2026-03-10', giustificativi: [{ codice: 'FERIE', unita: 'G' }] }),
    giorno(GIORNALIERO, 'E 09:20, U 12:30, E 13:30, U 18:00', { data: '2026-03-11' }),
    giorno(GIORNALIERO, '', { data: '2026-03-12' }),
    giorno(GIORNALIERO, 'E 08:30, U 12:30', { data: '2026-03-13', giustificativi: [{ codice: 'PERM', unita: 'H', minuti: 240 }] }),
    giorno(null, '', { data: '2026-03-14', tipo_giorno: 'riposo' }),
  ];
  const m = computeMonth(settimana);

  it('lists the days sorted, each with its date', () => {
    expect(m.giorni.map((g) => g.data)).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15']);
    expect(m.giorni[0]).toMatchObject({ minuti_lavorati: 510, minuti_straordinari: 30 });
  });

  it('sums every minuti_* field and counts days, causes and anomalies', () => {
    expect(m.totali).toEqual({
      minuti_teorici: 2400,
      minuti_lavorati: 1320,
      minuti_ordinari: 1170,
      minuti_straordinari: 150,
      minuti_supplementari: 0,
      minuti_notturni: 0,
      minuti_festivi: 120,
      minuti_ritardo: 20,
      minuti_uscita_anticipata: 300,
      minuti_mancanti: 510,
      minuti_giustificati: 720,
      giorni_lavorati: 4,
      giorni_assenza: 1,
      per_causale: { FERIE: 480, PERM: 240 },
      anomalie: { RITARDO: 1, ASSENZA_NON_GIUSTIFICATA: 1, LAVORO_IN_RIPOSO: 1 },
    });
  });

  it('an empty month is all zeros', () => {
    expect(computeMonth([]).totali).toMatchObject({ minuti_lavorati: 0, giorni_lavorati: 0, per_causale: {}, anomalie: {} });
  });
});
