import { describe, expect, it } from 'vitest';
import { capacitaGiorno, computeDay } from './day';
import { CONTINUO, DATA, GIORNALIERO, SEMPLICE, T3, giorno, turno } from './test-fixtures';
import type { Coppia, Giorno, RisultatoGiorno } from './types';

/** Expected fields of a result; pairs may be given in part. */
type Atteso = Partial<Omit<RisultatoGiorno, 'coppie'>> & { coppie?: Partial<Coppia>[] };
type Caso = { nome: string; g: Giorno; atteso: Atteso };
const tabella = (casi: Caso[]) => {
  for (const { nome, g, atteso } of casi) it(nome, () => expect(computeDay(g)).toMatchObject(atteso));
};
const ts = (hhmm: string, data = DATA) => `${data}T${hhmm}:00`;
const SERA = turno(CONTINUO, { codice: 'SERA', fasce: [{ inizio: '14:00', fine: '22:00' }] });
const MATTINO = turno(CONTINUO, { codice: 'MATTINO', fasce: [{ inizio: '05:00', fine: '13:00' }] });
const PERM = (minuti: number) => ({ codice: 'PERM', unita: 'H' as const, minuti });
const FERIE = { codice: 'FERIE', unita: 'G' as const };

describe('worked example (DESIGN §8)', () => {
  it('GIORNALIERO, E 08:33 U 12:31 E 13:29 U 18:20', () => {
    const r = computeDay(giorno(GIORNALIERO, 'E 08:33, U 12:31, E 13:29, U 18:20'));
    expect(r).toEqual({
      minuti_teorici: 480,
      minuti_lavorati: 510,
      minuti_ordinari: 480,
      minuti_straordinari: 30,
      minuti_supplementari: 0,
      minuti_notturni: 0,
      minuti_festivi: 0,
      minuti_ritardo: 0,
      minuti_uscita_anticipata: 0,
      minuti_mancanti: 0,
      minuti_giustificati: 0,
      giustificativi: [],
      anomalie: [],
      coppie: [
        { entrata: ts('08:45'), uscita: ts('12:30'), minuti: 225 },
        { entrata: ts('13:30'), uscita: ts('18:15'), minuti: 285 },
      ],
      prima_entrata: ts('08:33'),
      ultima_uscita: ts('18:20'),
    });
  });
});

describe('rule 1: pairing', () => {
  tabella([
    {
      nome: 'a U with nothing open is odd and worth nothing',
      g: giorno(SEMPLICE, 'U 07:00, E 08:00, U 12:00, E 13:00, U 17:00'),
      atteso: { minuti_lavorati: 480, anomalie: ['TIMBRATURE_DISPARI'], prima_entrata: ts('08:00') },
    },
    {
      nome: 'an E while a pair is open drops the earlier E',
      g: giorno(SEMPLICE, 'E 08:00, E 09:00, U 12:00, E 13:00, U 17:00'),
      atteso: {
        minuti_lavorati: 420,
        coppie: [
          { entrata: ts('09:00'), uscita: ts('12:00'), minuti: 180 },
          { entrata: ts('13:00'), uscita: ts('17:00'), minuti: 240 },
        ],
        minuti_ritardo: 60,
        anomalie: ['TIMBRATURE_DISPARI', 'RITARDO'],
      },
    },
    {
      nome: 'a pair left open at the end is odd; lateness and exit use the closed pairs',
      g: giorno(SEMPLICE, 'E 08:00, U 12:00, E 13:00'),
      atteso: {
        minuti_lavorati: 240,
        minuti_uscita_anticipata: 300,
        ultima_uscita: ts('12:00'),
        anomalie: ['TIMBRATURE_DISPARI', 'USCITA_ANTICIPATA'],
      },
    },
    {
      nome: 'a lone E: odd, nothing worked, not an unjustified absence',
      g: giorno(SEMPLICE, 'E 08:00'),
      atteso: { minuti_lavorati: 0, minuti_mancanti: 480, coppie: [], prima_entrata: null, anomalie: ['TIMBRATURE_DISPARI'] },
    },
    {
      nome: 'punches are sorted first',
      g: giorno(SEMPLICE, 'U 17:00, E 13:00, U 12:00, E 08:00'),
      atteso: { minuti_lavorati: 480, anomalie: [] },
    },
  ]);
});

describe('rule 2: tolerance', () => {
  tabella([
    {
      nome: 'late by 4 within a tolerance of 5: counts as inizio + flessibilita',
      g: giorno(GIORNALIERO, 'E 09:04, U 12:30, E 13:30, U 18:00'),
      atteso: {
        minuti_ritardo: 0,
        coppie: [
          { entrata: ts('09:00'), uscita: ts('12:30'), minuti: 210 },
          { entrata: ts('13:30'), uscita: ts('18:00'), minuti: 270 },
        ],
        minuti_lavorati: 480,
        minuti_uscita_anticipata: 0,
        anomalie: [],
      },
    },
    {
      nome: 'late by exactly the tolerance is forgiven',
      g: giorno(GIORNALIERO, 'E 09:05, U 12:30, E 13:30, U 18:00'),
      atteso: { minuti_ritardo: 0, minuti_lavorati: 480, anomalie: [] },
    },
    {
      nome: 'late beyond the tolerance: the whole lateness counts',
      g: giorno(GIORNALIERO, 'E 09:06, U 12:30, E 13:30, U 18:00'),
      atteso: { minuti_ritardo: 6, minuti_lavorati: 465, minuti_mancanti: 15, anomalie: ['RITARDO'] },
    },
    {
      nome: 'only the first E is forgiven',
      g: giorno(GIORNALIERO, 'E 08:30, U 12:30, E 13:33, U 17:30'),
      atteso: { coppie: [{ entrata: ts('08:30') }, { entrata: ts('13:45') }], minuti_lavorati: 465 },
    },
    {
      nome: 'without flexibility the tolerance counts from inizio',
      g: giorno(turno(CONTINUO, { tolleranza: 10 }), 'E 08:10, U 16:00'),
      atteso: { minuti_ritardo: 0, minuti_lavorati: 480, anomalie: [] },
    },
    {
      nome: 'without flexibility, one minute beyond the tolerance',
      g: giorno(turno(CONTINUO, { tolleranza: 10 }), 'E 08:11, U 16:00'),
      atteso: { minuti_ritardo: 11, minuti_lavorati: 469, minuti_mancanti: 11, anomalie: ['RITARDO'] },
    },
  ]);
});

describe('rule 3: rounding', () => {
  tabella([
    {
      nome: 'E up and U down to 15 minutes',
      g: giorno(GIORNALIERO, 'E 08:31, U 12:44, E 13:16, U 17:59'),
      atteso: {
        coppie: [
          { entrata: ts('08:45'), uscita: ts('12:30'), minuti: 225 },
          { entrata: ts('13:30'), uscita: ts('17:45'), minuti: 255 },
        ],
        minuti_lavorati: 480,
      },
    },
    {
      nome: 'a time already on a multiple stays; seconds are dropped',
      g: giorno(GIORNALIERO, 'E 08:45:59, U 12:30:59, E 13:30, U 17:45'),
      atteso: { coppie: [{ entrata: ts('08:45'), uscita: ts('12:30') }, { minuti: 255 }], prima_entrata: `${DATA}T08:45:59` },
    },
    {
      nome: 'multiples are counted from midnight (7 minutes: 08:01 -> 08:03, 16:00 -> 15:59)',
      g: giorno(turno(CONTINUO, { arrotondamento_entrata: 7, arrotondamento_uscita: 7 }), 'E 08:01, U 16:00'),
      atteso: { coppie: [{ entrata: ts('08:03'), uscita: ts('15:59'), minuti: 476 }] },
    },
    {
      nome: 'an E rounds up past midnight',
      g: giorno(turno(T3, { arrotondamento_entrata: 15 }), 'E 23:55, U +1 02:00'),
      atteso: { coppie: [{ entrata: ts('00:00', '2026-03-11'), uscita: ts('02:00', '2026-03-11'), minuti: 120 }] },
    },
    {
      nome: 'a night shift rounded at both ends',
      g: giorno(turno(T3, { arrotondamento_entrata: 15, arrotondamento_uscita: 15 }), 'E 21:50, U +1 06:10'),
      atteso: { coppie: [{ entrata: ts('22:00'), uscita: ts('06:00', '2026-03-11'), minuti: 480 }], minuti_lavorati: 480 },
    },
    {
      nome: 'a pair that rounding crosses is worth 0, and stays before the next',
      g: giorno(turno(SEMPLICE, { arrotondamento_entrata: 15, arrotondamento_uscita: 15 }), 'E 08:01, U 08:10, E 08:20, U 17:00'),
      atteso: {
        coppie: [
          { entrata: ts('08:15'), uscita: ts('08:15'), minuti: 0 },
          { entrata: ts('08:30'), uscita: ts('17:00'), minuti: 510 },
        ],
        minuti_lavorati: 510,
      },
    },
  ]);
});

describe('rule 4: worked minutes and automatic break', () => {
  const C30 = turno(CONTINUO, { pausa_minima: 30 });
  tabella([
    {
      nome: 'more than 360 minutes without a break: the break is deducted',
      g: giorno(C30, 'E 08:00, U 16:00'),
      atteso: { minuti_lavorati: 450, minuti_ordinari: 450, minuti_mancanti: 30, anomalie: ['PAUSA_AUTOMATICA'] },
    },
    {
      nome: 'a 10-minute gap: the other 20 are deducted',
      g: giorno(C30, 'E 08:00, U 12:00, E 12:10, U 16:10'),
      atteso: { minuti_lavorati: 460, anomalie: ['PAUSA_AUTOMATICA'] },
    },
    {
      nome: 'a gap of the full break: nothing deducted',
      g: giorno(C30, 'E 08:00, U 12:00, E 12:30, U 16:30'),
      atteso: { minuti_lavorati: 480, anomalie: [] },
    },
    {
      nome: 'exactly 360 minutes: no break owed',
      g: giorno(C30, 'E 08:00, U 14:00'),
      atteso: { minuti_lavorati: 360, anomalie: ['USCITA_ANTICIPATA'] },
    },
    {
      nome: '361 minutes: break owed',
      g: giorno(C30, 'E 08:00, U 14:01'),
      atteso: { minuti_lavorati: 331, anomalie: ['PAUSA_AUTOMATICA', 'USCITA_ANTICIPATA'] },
    },
    {
      nome: 'the gap is measured between rounded pairs (12:44 -> 12:30, 12:46 -> 13:00)',
      g: giorno(GIORNALIERO, 'E 08:30, U 12:44, E 12:46, U 17:30'),
      atteso: { minuti_lavorati: 510, anomalie: [] },
    },
  ]);
});

describe('rule 5: theoretical minutes', () => {
  tabella([
    { nome: 'the sum of the bands on a working day', g: giorno(SEMPLICE, '', {}), atteso: { minuti_teorici: 480 } },
    { nome: "the shift's own figure", g: giorno(turno(SEMPLICE, { minuti_teorici: 450 }), ''), atteso: { minuti_teorici: 450 } },
    { nome: 'a night band across midnight', g: giorno(T3, ''), atteso: { minuti_teorici: 480 } },
    { nome: '0 on a rest day even with a shift', g: giorno(SEMPLICE, '', { tipo_giorno: 'riposo' }), atteso: { minuti_teorici: 0, anomalie: [] } },
    { nome: '0 on a holiday even with a shift', g: giorno(SEMPLICE, '', { tipo_giorno: 'festivo' }), atteso: { minuti_teorici: 0, anomalie: [] } },
    { nome: '0 on a working day without a shift', g: giorno(null, ''), atteso: { minuti_teorici: 0, anomalie: [] } },
  ]);
});

describe('rule 6: lateness and early exit', () => {
  tabella([
    {
      nome: 'late beyond flexibility and tolerance',
      g: giorno(GIORNALIERO, 'E 09:20, U 12:30, E 13:30, U 18:00'),
      atteso: { minuti_ritardo: 20, minuti_lavorati: 450, minuti_mancanti: 30, minuti_uscita_anticipata: 0, anomalie: ['RITARDO'] },
    },
    {
      nome: 'the exit moves with the flexibility used (08:50 -> 17:50)',
      g: giorno(GIORNALIERO, 'E 08:50, U 12:30, E 13:30, U 17:40'),
      atteso: { minuti_ritardo: 0, minuti_uscita_anticipata: 10, minuti_lavorati: 450, minuti_mancanti: 30, anomalie: ['USCITA_ANTICIPATA'] },
    },
    {
      nome: 'coming early does not move the exit earlier',
      g: giorno(GIORNALIERO, 'E 08:00, U 12:30, E 13:30, U 17:30'),
      atteso: { minuti_uscita_anticipata: 0, minuti_lavorati: 510, minuti_straordinari: 30, anomalie: [] },
    },
    {
      nome: 'early exit is measured before rounding (17:29: 1 minute, though rounded to 17:15)',
      g: giorno(GIORNALIERO, 'E 08:30, U 12:30, E 13:30, U 17:29'),
      atteso: { minuti_uscita_anticipata: 1, minuti_lavorati: 465, minuti_mancanti: 15, anomalie: ['USCITA_ANTICIPATA'] },
    },
    {
      nome: 'early exit covered by a permit: minutes reported, no anomaly',
      g: giorno(GIORNALIERO, 'E 08:30, U 12:30', { giustificativi: [PERM(240)] }),
      atteso: { minuti_uscita_anticipata: 300, minuti_mancanti: 0, minuti_giustificati: 240, anomalie: [] },
    },
    {
      nome: 'the same early exit without a permit',
      g: giorno(GIORNALIERO, 'E 08:30, U 12:30'),
      atteso: { minuti_uscita_anticipata: 300, minuti_mancanti: 240, anomalie: ['USCITA_ANTICIPATA'] },
    },
    {
      nome: 'lateness covered by a permit: minutes reported, no RITARDO',
      g: giorno(GIORNALIERO, 'E 11:00, U 12:30, E 13:30, U 18:00', { giustificativi: [PERM(120)] }),
      atteso: { minuti_ritardo: 120, minuti_lavorati: 360, minuti_ordinari: 360, minuti_mancanti: 0, anomalie: [] },
    },
  ]);
});

describe('rule 7: justifications', () => {
  tabella([
    {
      nome: 'G covers the whole theoretical day',
      g: giorno(SEMPLICE, '', { giustificativi: [FERIE] }),
      atteso: { minuti_giustificati: 480, giustificativi: [{ codice: 'FERIE', minuti: 480 }], minuti_mancanti: 0, anomalie: [] },
    },
    {
      nome: 'H covers its minutes, capped in order at minuti_teorici',
      g: giorno(SEMPLICE, '', { giustificativi: [{ codice: 'ROL', unita: 'H', minuti: 120 }, PERM(600)] }),
      atteso: { minuti_giustificati: 480, giustificativi: [{ codice: 'ROL', minuti: 120 }, { codice: 'PERM', minuti: 360 }] },
    },
    {
      nome: 'after a G nothing is left to cover',
      g: giorno(SEMPLICE, '', { giustificativi: [FERIE, PERM(60)] }),
      atteso: { minuti_giustificati: 480, giustificativi: [{ codice: 'FERIE', minuti: 480 }, { codice: 'PERM', minuti: 0 }] },
    },
    {
      nome: 'the same code twice is listed once',
      g: giorno(SEMPLICE, 'E 10:00, U 17:00', { giustificativi: [PERM(30), PERM(30)] }),
      atteso: { minuti_giustificati: 60, giustificativi: [{ codice: 'PERM', minuti: 60 }], minuti_ordinari: 420 },
    },
    {
      nome: 'on a rest day there is nothing to cover',
      g: giorno(null, '', { tipo_giorno: 'riposo', giustificativi: [FERIE] }),
      atteso: { minuti_giustificati: 0, giustificativi: [{ codice: 'FERIE', minuti: 0 }] },
    },
    {
      nome: 'an H without minutes covers nothing',
      g: giorno(SEMPLICE, 'E 08:00, U 12:00', { giustificativi: [{ codice: 'PERM', unita: 'H' }] }),
      atteso: { minuti_giustificati: 0, minuti_mancanti: 240 },
    },
  ]);
});

describe('rule 8: ordinary and overtime', () => {
  const C = turno(CONTINUO, { soglia_straordinario: 30, blocco_straordinario: 30 });
  tabella([
    { nome: 'excess below the threshold is not overtime', g: giorno(C, 'E 08:00, U 16:29'), atteso: { minuti_ordinari: 480, minuti_straordinari: 0 } },
    { nome: 'excess at the threshold is overtime', g: giorno(C, 'E 08:00, U 16:30'), atteso: { minuti_ordinari: 480, minuti_straordinari: 30 } },
    { nome: 'overtime in whole blocks (70 -> 60)', g: giorno(C, 'E 08:00, U 17:10'), atteso: { minuti_straordinari: 60 } },
    {
      nome: 'block 0 counts every minute',
      g: giorno(turno(C, { blocco_straordinario: 0 }), 'E 08:00, U 17:10'),
      atteso: { minuti_straordinari: 70 },
    },
    { nome: 'no threshold, no block', g: giorno(CONTINUO, 'E 08:00, U 16:01'), atteso: { minuti_straordinari: 1 } },
    {
      nome: 'justified minutes are not ordinary: the rest is overtime',
      g: giorno(C, 'E 08:00, U 16:00', { giustificativi: [PERM(120)] }),
      atteso: { minuti_ordinari: 360, minuti_straordinari: 120, minuti_mancanti: 0 },
    },
    { nome: 'ordinary never exceeds worked', g: giorno(C, 'E 08:00, U 12:00'), atteso: { minuti_ordinari: 240, minuti_straordinari: 0 } },
  ]);
});

describe('rule 9: missing minutes', () => {
  tabella([
    {
      nome: 'theoretical minus ordinary minus justified',
      g: giorno(CONTINUO, 'E 08:00, U 13:00', { giustificativi: [PERM(60)] }),
      atteso: { minuti_ordinari: 300, minuti_mancanti: 120, minuti_uscita_anticipata: 180, anomalie: ['USCITA_ANTICIPATA'] },
    },
    {
      nome: 'a permit covering the rest leaves nothing missing',
      g: giorno(CONTINUO, 'E 08:00, U 12:00', { giustificativi: [PERM(240)] }),
      atteso: { minuti_mancanti: 0, anomalie: [] },
    },
    { nome: 'never negative', g: giorno(CONTINUO, 'E 07:00, U 18:00'), atteso: { minuti_mancanti: 0, minuti_straordinari: 180 } },
  ]);
});

describe('rule 10: night and holiday minutes', () => {
  tabella([
    { nome: 'a day shift has no night minutes', g: giorno(GIORNALIERO, 'E 08:30, U 12:30, E 13:30, U 17:30'), atteso: { minuti_notturni: 0 } },
    { nome: 'an evening running past 22:00', g: giorno(SERA, 'E 14:00, U 23:10'), atteso: { minuti_lavorati: 550, minuti_notturni: 70 } },
    { nome: "an early morning inside the previous evening's band", g: giorno(MATTINO, 'E 05:00, U 13:00'), atteso: { minuti_notturni: 60 } },
    { nome: 'a whole night shift', g: giorno(T3, 'E 22:00, U +1 06:00'), atteso: { minuti_lavorati: 480, minuti_notturni: 480 } },
    {
      nome: "the shift's own night band",
      g: giorno(turno(T3, { notturno: { inizio: '23:00', fine: '05:00' } }), 'E 22:00, U +1 06:00'),
      atteso: { minuti_notturni: 360 },
    },
    {
      nome: 'a night band after midnight only',
      g: giorno(turno(T3, { notturno: { inizio: '00:00', fine: '05:00' } }), 'E 22:00, U +1 06:00'),
      atteso: { minuti_notturni: 300 },
    },
    {
      nome: 'an automatic break caps the night minutes at the minutes worked',
      g: giorno(turno(T3, { pausa_minima: 30 }), 'E 22:00, U +1 06:00'),
      atteso: { minuti_lavorati: 450, minuti_notturni: 450, anomalie: ['PAUSA_AUTOMATICA'] },
    },
    {
      nome: 'all minutes worked on a holiday are holiday minutes',
      g: giorno(null, 'E 08:00, U 12:00', { tipo_giorno: 'festivo' }),
      atteso: { minuti_festivi: 240, minuti_lavorati: 240, minuti_straordinari: 240, minuti_teorici: 0, anomalie: ['LAVORO_IN_RIPOSO'] },
    },
    {
      nome: 'a night shift on a holiday',
      g: giorno(T3, 'E 22:00, U +1 06:00', { tipo_giorno: 'festivo' }),
      atteso: { minuti_festivi: 480, minuti_notturni: 480, minuti_straordinari: 480, anomalie: ['LAVORO_IN_RIPOSO'] },
    },
    { nome: 'no holiday minutes on a working day', g: giorno(CONTINUO, 'E 08:00, U 16:00'), atteso: { minuti_festivi: 0 } },
  ]);
});

describe('rule 11: day anomalies', () => {
  tabella([
    {
      nome: 'a working day with no punches and no justification',
      g: giorno(SEMPLICE, ''),
      atteso: { minuti_mancanti: 480, anomalie: ['ASSENZA_NON_GIUSTIFICATA'] },
    },
    { nome: 'a justified absence', g: giorno(SEMPLICE, '', { giustificativi: [FERIE] }), atteso: { anomalie: [] } },
    { nome: 'a rest day off', g: giorno(null, '', { tipo_giorno: 'riposo' }), atteso: { minuti_mancanti: 0, anomalie: [] } },
    { nome: 'a holiday off', g: giorno(null, '', { tipo_giorno: 'festivo' }), atteso: { anomalie: [] } },
    {
      nome: 'work on a rest day',
      g: giorno(null, 'E 09:00, U 11:00', { tipo_giorno: 'riposo' }),
      atteso: { minuti_lavorati: 120, minuti_straordinari: 120, anomalie: ['LAVORO_IN_RIPOSO'] },
    },
    {
      nome: 'a stray punch on a rest day is not work',
      g: giorno(null, 'U 11:00', { tipo_giorno: 'riposo' }),
      atteso: { minuti_lavorati: 0, anomalie: ['TIMBRATURE_DISPARI'] },
    },
  ]);
});

describe('rule 12: a day without a shift', () => {
  tabella([
    {
      nome: 'no tolerance, rounding, lateness, early exit or break; all work is overtime',
      g: giorno(null, 'E 08:07, U 17:52'),
      atteso: {
        coppie: [{ entrata: ts('08:07'), uscita: ts('17:52'), minuti: 585 }],
        minuti_lavorati: 585,
        minuti_ritardo: 0,
        minuti_uscita_anticipata: 0,
        minuti_teorici: 0,
        minuti_ordinari: 0,
        minuti_straordinari: 585,
        anomalie: [],
      },
    },
    { nome: 'threshold and block are 0', g: giorno(null, 'E 08:00, U 08:01'), atteso: { minuti_straordinari: 1 } },
    {
      nome: 'night minutes use the default 22:00–06:00 band',
      g: giorno(null, 'E 21:00, U +1 01:00', { tipo_giorno: 'riposo' }),
      atteso: { minuti_notturni: 180, anomalie: ['LAVORO_IN_RIPOSO'] },
    },
  ]);
});

describe('night shift T3 22:00–06:00 and DST (Europe/Rome)', () => {
  tabella([
    {
      nome: 'an ordinary night: 8 h',
      g: giorno(T3, 'E 22:00, U +1 06:00', { data: '2026-05-20' }),
      atteso: { minuti_lavorati: 480, minuti_notturni: 480, minuti_ordinari: 480, minuti_mancanti: 0, minuti_straordinari: 0, anomalie: [] },
    },
    {
      nome: 'clocks forward on 29 March 2026: 7 h, the lost hour is missing',
      g: giorno(T3, 'E 22:00, U +1 06:00', { data: '2026-03-28' }),
      atteso: {
        coppie: [{ entrata: '2026-03-28T22:00:00', uscita: '2026-03-29T06:00:00', minuti: 420 }],
        minuti_teorici: 480,
        minuti_lavorati: 420,
        minuti_notturni: 420,
        minuti_mancanti: 60,
        minuti_uscita_anticipata: 0,
        anomalie: [],
      },
    },
    {
      nome: 'clocks back on 25 October 2026: 9 h, the extra hour is overtime',
      g: giorno(T3, 'E 22:00, U +1 06:00', { data: '2026-10-24' }),
      atteso: { minuti_teorici: 480, minuti_lavorati: 540, minuti_notturni: 540, minuti_ordinari: 480, minuti_straordinari: 60, anomalie: [] },
    },
    {
      nome: '01:30–03:30 on 29 March lasts one hour',
      g: giorno(null, 'E 01:30, U 03:30', { data: '2026-03-29', tipo_giorno: 'riposo' }),
      atteso: { minuti_lavorati: 60, minuti_notturni: 60 },
    },
    {
      nome: '01:30–03:30 on 25 October lasts three hours',
      g: giorno(null, 'E 01:30, U 03:30', { data: '2026-10-25', tipo_giorno: 'riposo' }),
      atteso: { minuti_lavorati: 180, minuti_notturni: 180 },
    },
  ]);

  it('honours another time zone (US clocks go forward on 8 March 2026)', () => {
    const g = giorno(T3, 'E 22:00, U +1 06:00', { data: '2026-03-07' });
    expect(computeDay(g).minuti_lavorati).toBe(480);
    expect(computeDay(g, { timeZone: 'America/New_York' }).minuti_lavorati).toBe(420);
    expect(computeDay(g, { timeZone: 'UTC' }).minuti_lavorati).toBe(480);
  });
});

describe('computeDay', () => {
  it('does not change its input', () => {
    const g = giorno(GIORNALIERO, 'U 18:20, E 08:33, U 12:31, E 13:29', { giustificativi: [PERM(30)] });
    const copia = structuredClone(g);
    computeDay(g);
    expect(g).toEqual(copia);
  });
  it('refuses a malformed punch', () => {
    expect(() => computeDay({ ...giorno(SEMPLICE, ''), timbrature: [{ ts: '2026-03-10 08:00', verso: 'E' }] })).toThrow(RangeError);
  });
});

describe('a day in progress (issue #12): what is still to come is no anomaly', () => {
  const prossimo = (d: string) => `2026-03-${String(Number(d.slice(8, 10)) + 1).padStart(2, '0')}`;
  it('a night shift still running at 05:30: the open pair is not odd, nothing is missing yet', () => {
    const g = giorno(T3, 'E 21:53');
    const r = computeDay(g, { adesso: `${prossimo(DATA)}T05:30:00` });
    expect(r).toMatchObject({ in_corso: true, anomalie: [], minuti_mancanti: 0, minuti_uscita_anticipata: 0 });
    // once its window (06:00 + 4 h) has closed, the same day is odd and short
    const dopo = computeDay(g, { adesso: `${prossimo(DATA)}T10:01:00` });
    expect(dopo.in_corso).toBeUndefined();
    expect(dopo.anomalie).toContain('TIMBRATURE_DISPARI');
    expect(dopo.minuti_mancanti).toBeGreaterThan(0);
  });
  it('a day shift at 07:00 with no punch yet is not an absence; at 21:31 it is', () => {
    const g = giorno(GIORNALIERO, '');
    expect(computeDay(g, { adesso: ts('07:00') })).toMatchObject({ in_corso: true, anomalie: [], minuti_mancanti: 0 });
    expect(computeDay(g, { adesso: ts('21:31') }).anomalie).toContain('ASSENZA_NON_GIUSTIFICATA');
  });
  it('lateness is known as it happens; an odd punch before the last one is odd at once', () => {
    const late = computeDay(giorno(GIORNALIERO, 'E 09:20, U 12:30, E 13:30'), { adesso: ts('14:00') });
    expect(late.minuti_ritardo).toBeGreaterThan(0);
    expect(late.anomalie).not.toContain('TIMBRATURE_DISPARI');
    expect(computeDay(giorno(GIORNALIERO, 'U 08:30, E 08:40'), { adesso: ts('10:00') }).anomalie).toContain('TIMBRATURE_DISPARI');
  });
  it('without `adesso` every day is judged as over, as before', () => {
    expect(computeDay(giorno(T3, 'E 21:53')).anomalie).toContain('TIMBRATURE_DISPARI');
    expect(computeDay(giorno(GIORNALIERO, '')).anomalie).toContain('ASSENZA_NON_GIUSTIFICATA');
  });
});

describe('capacitaGiorno: theoretical minutes less approved leave, for planning', () => {
  it.each([
    { nome: 'a working day with its shift', g: { tipo_giorno: 'lavorativo' as const, turno: SEMPLICE, giustificativi: [] }, minuti: 480 },
    { nome: "the shift's own figure", g: { tipo_giorno: 'lavorativo' as const, turno: turno(SEMPLICE, { minuti_teorici: 450 }), giustificativi: [] }, minuti: 450 },
    { nome: 'a day of FERIE', g: { tipo_giorno: 'lavorativo' as const, turno: SEMPLICE, giustificativi: [{ codice: 'FERIE', unita: 'G' as const }] }, minuti: 0 },
    { nome: '2 hours of permesso', g: { tipo_giorno: 'lavorativo' as const, turno: SEMPLICE, giustificativi: [{ codice: 'PERM', unita: 'H' as const, minuti: 120 }] }, minuti: 360 },
    { nome: 'a holiday', g: { tipo_giorno: 'festivo' as const, turno: SEMPLICE, giustificativi: [] }, minuti: 0 },
    { nome: 'a rest day', g: { tipo_giorno: 'riposo' as const, turno: null, giustificativi: [] }, minuti: 0 },
    { nome: 'a night shift across midnight', g: { tipo_giorno: 'lavorativo' as const, turno: T3, giustificativi: [] }, minuti: 480 },
  ])('$nome: $minuti', ({ g, minuti }) => expect(capacitaGiorno(g)).toBe(minuti));
});
