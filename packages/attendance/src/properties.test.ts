/** Property tests (DESIGN §10): invariants of the engine over random shifts, punches and days. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attribuisciTimbrature } from './attribuzione';
import { computeDay } from './day';
import { validaTurno } from './fasce';
import { computeMonth } from './month';
import { aggiungiGiorni, istantiDaMuro, minutoDaData, muroDaIstante, timestampDaMinuto } from './time';
import { CAMPI_MINUTI } from './types';
import type { Giorno, Giustificativo, Timbratura, Turno } from './types';

const OPZIONI = { numRuns: 300, seed: 20260329 };
const ROMA = 'Europe/Rome';
const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Valid shifts: 1–3 bands laid end to end from a random start, spanning at most 24 h. */
const arbTurno: fc.Arbitrary<Turno> = fc
  .record({
    inizio: fc.integer({ min: 0, max: 1439 }),
    segmenti: fc.array(fc.record({ durata: fc.integer({ min: 1, max: 360 }), pausa: fc.integer({ min: 0, max: 120 }) }), { minLength: 1, maxLength: 3 }),
    minuti_teorici: fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }),
    flessibilita: fc.integer({ min: 0, max: 60 }),
    tolleranza: fc.integer({ min: 0, max: 15 }),
    arrotondamento_entrata: fc.constantFrom(0, 5, 7, 10, 15, 30),
    arrotondamento_uscita: fc.constantFrom(0, 5, 7, 10, 15, 30),
    soglia_straordinario: fc.integer({ min: 0, max: 60 }),
    blocco_straordinario: fc.constantFrom(0, 15, 30),
    pausa_minima: fc.integer({ min: 0, max: 60 }),
    // a lawful night period (D.Lgs 66/2003 art. 1 c. 2 lett. d): from 17:00 to midnight, 7 hours or more, past 5 a.m.
    notturno: fc.tuple(fc.integer({ min: 1020, max: 1440 }), fc.integer({ min: 0, max: 240 })),
  })
  .map(({ inizio, segmenti, notturno, ...regole }) => {
    const fasce: { inizio: string; fine: string }[] = [];
    let cursore = inizio;
    for (const s of segmenti) {
      if (cursore + s.durata - inizio > 1440) break;
      fasce.push({ inizio: hhmm(cursore), fine: hhmm(cursore + s.durata) });
      cursore += s.durata + s.pausa;
    }
    return { codice: 'P', fasce, ...regole, notturno: { inizio: hhmm(notturno[0]), fine: hhmm(Math.max(notturno[0] + 420, 1740) + notturno[1]) } };
  });

// Ordinary days and both 2026 DST nights, in Rome.
const arbData = fc.constantFrom('2026-03-28', '2026-03-29', '2026-06-15', '2026-10-24', '2026-10-25', '2026-12-31');

const arbTimbrature = (data: string): fc.Arbitrary<Timbratura[]> =>
  fc.array(
    fc.record({ minuto: fc.integer({ min: -600, max: 2 * 1440 }), secondi: fc.integer({ min: 0, max: 59 }), verso: fc.constantFrom<'E' | 'U'>('E', 'U') }),
    { maxLength: 8 },
  ).map((ps) =>
    ps.map(({ minuto, secondi, verso }) => ({
      verso,
      ts: `${timestampDaMinuto(minutoDaData(data) + minuto).slice(0, 17)}${String(secondi).padStart(2, '0')}`,
    })),
  );

const arbGiustificativi: fc.Arbitrary<Giustificativo[]> = fc.array(
  fc.record({
    codice: fc.constantFrom('FERIE', 'ROL', 'PERM', 'MAL'),
    unita: fc.constantFrom<'G' | 'H'>('G', 'H'),
    minuti: fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }),
  }),
  { maxLength: 3 },
);

const arbGiorno: fc.Arbitrary<Giorno> = arbData.chain((data) =>
  fc.record({
    data: fc.constant(data),
    tipo_giorno: fc.constantFrom<Giorno['tipo_giorno']>('lavorativo', 'lavorativo', 'riposo', 'festivo'),
    turno: fc.option(arbTurno, { nil: null, freq: 4 }),
    timbrature: arbTimbrature(data),
    giustificativi: arbGiustificativi,
    // a part-timer on one day in three: the full-time day and the week's limit of supplementary work
    part_time: fc.option(fc.record({ minuti_tempo_pieno: fc.integer({ min: 0, max: 600 }), limite_settimanale: fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }) }), { nil: undefined, freq: 2 }),
  }),
);

const prop = (nome: string, p: fc.IPropertyWithHooks<[Giorno]> | fc.IProperty<[Giorno]>) => it(nome, () => fc.assert(p, OPZIONI));

describe('computeDay properties', () => {
  it('generated shifts are valid', () => {
    fc.assert(
      fc.property(arbTurno, (t) => {
        expect(validaTurno(t)).toEqual([]);
      }),
      OPZIONI,
    );
  });

  prop(
    'results are never negative, and whole minutes',
    fc.property(arbGiorno, (g) => {
      const r = computeDay(g);
      for (const k of CAMPI_MINUTI) {
        expect(Number.isInteger(r[k]), k).toBe(true);
        expect(r[k], k).toBeGreaterThanOrEqual(0);
      }
      for (const x of [...r.giustificativi, ...r.coppie]) expect(x.minuti).toBeGreaterThanOrEqual(0);
    }),
  );

  prop(
    'ordinari <= teorici and <= lavorati; supplementari + straordinari <= lavorati - ordinari',
    fc.property(arbGiorno, (g) => {
      const r = computeDay(g);
      expect(r.minuti_ordinari).toBeLessThanOrEqual(r.minuti_teorici);
      expect(r.minuti_ordinari).toBeLessThanOrEqual(r.minuti_lavorati);
      expect(r.minuti_supplementari + r.minuti_straordinari).toBeLessThanOrEqual(r.minuti_lavorati - r.minuti_ordinari);
    }),
  );

  prop(
    'D.Lgs 81/2015 art. 6: part-time moves time beyond the shift from overtime to supplementary, up to the full-time day, and changes nothing else',
    fc.property(arbGiorno, (g) => {
      const r = computeDay(g);
      const { part_time: _pt, ...intero } = g;
      const pieno = computeDay(intero);
      expect(pieno.minuti_supplementari).toBe(0);
      expect(r.minuti_supplementari + r.minuti_straordinari).toBe(pieno.minuti_straordinari);
      expect(r.minuti_supplementari).toBeLessThanOrEqual(Math.max(0, (g.part_time?.minuti_tempo_pieno ?? 0) - r.minuti_teorici));
      expect({ ...r, minuti_supplementari: 0, minuti_straordinari: pieno.minuti_straordinari }).toEqual(pieno);
    }),
  );

  prop(
    'giustificati <= teorici, and is what the codes covered',
    fc.property(arbGiorno, (g) => {
      const r = computeDay(g);
      expect(r.minuti_giustificati).toBeLessThanOrEqual(r.minuti_teorici);
      expect(r.giustificativi.reduce((s, x) => s + x.minuti, 0)).toBe(r.minuti_giustificati);
    }),
  );

  prop(
    'ordinari + giustificati + mancanti = max(teorici, ordinari + giustificati)',
    fc.property(arbGiorno, (g) => {
      const r = computeDay(g);
      const coperti = r.minuti_ordinari + r.minuti_giustificati;
      expect(coperti + r.minuti_mancanti).toBe(Math.max(r.minuti_teorici, coperti));
    }),
  );

  prop(
    'rounded pairs are ordered and never overlap; lavorati is their sum less any break',
    fc.property(arbGiorno, (g) => {
      const r = computeDay(g);
      r.coppie.forEach((c, i) => {
        expect(c.entrata <= c.uscita).toBe(true);
        if (i > 0) expect(r.coppie[i - 1].uscita <= c.entrata).toBe(true);
      });
      const somma = r.coppie.reduce((s, c) => s + c.minuti, 0);
      expect(r.minuti_lavorati).toBeLessThanOrEqual(somma);
      if (!r.anomalie.includes('PAUSA_AUTOMATICA')) expect(r.minuti_lavorati).toBe(somma);
    }),
  );

  prop(
    'night and holiday minutes never exceed the minutes worked',
    fc.property(arbGiorno, (g) => {
      const r = computeDay(g);
      expect(r.minuti_notturni).toBeLessThanOrEqual(r.minuti_lavorati);
      expect(r.minuti_festivi).toBe(g.tipo_giorno === 'festivo' ? r.minuti_lavorati : 0);
    }),
  );

  prop(
    'RITARDO and USCITA_ANTICIPATA only with their minutes and something missing',
    fc.property(arbGiorno, (g) => {
      const r = computeDay(g);
      expect(r.anomalie.includes('RITARDO')).toBe(r.minuti_ritardo > 0 && r.minuti_mancanti > 0);
      expect(r.anomalie.includes('USCITA_ANTICIPATA')).toBe(r.minuti_uscita_anticipata > 0 && r.minuti_mancanti > 0);
    }),
  );

  prop(
    'deterministic, leaves its input alone, and ignores the order punches arrive in',
    fc.property(arbGiorno, (g) => {
      const copia = structuredClone(g);
      const r = computeDay(g);
      expect(g).toEqual(copia);
      expect(computeDay(copia)).toEqual(r);
      const distinte = new Set(g.timbrature.map((t) => t.ts)).size === g.timbrature.length;
      if (distinte) expect(computeDay({ ...g, timbrature: [...g.timbrature].reverse() })).toEqual(r);
    }),
  );
});

describe('month and attribution properties', () => {
  it('totali are the sums of the days', () => {
    fc.assert(
      fc.property(fc.array(arbGiorno, { maxLength: 6 }), (giorni) => {
        const m = computeMonth(giorni);
        for (const k of CAMPI_MINUTI) expect(m.totali[k]).toBe(m.giorni.reduce((s, g) => s + g[k], 0));
        expect(m.totali.giorni_lavorati).toBe(m.giorni.filter((g) => g.minuti_lavorati > 0).length);
      }),
      { ...OPZIONI, numRuns: 100 },
    );
  });

  it('every punch of a covered period lands on exactly one day', () => {
    const arb = fc.record({
      turni: fc.array(fc.option(arbTurno, { nil: null }), { minLength: 3, maxLength: 3 }),
      timbrature: arbTimbrature('2026-03-28'),
    });
    fc.assert(
      fc.property(arb, ({ turni, timbrature }) => {
        // Days from the day before the first punch to the day after the last: nothing can fall outside.
        const giorni = [-1, 0, 1, 2, 3].map((n, i) => ({ data: aggiungiGiorni('2026-03-28', n), turno: turni[i % 3] }));
        const mappa = attribuisciTimbrature(timbrature, giorni);
        const assegnate = [...mappa.values()].flat();
        expect(assegnate).toHaveLength(timbrature.length);
        for (const t of timbrature) expect(assegnate.filter((x) => x === t)).toHaveLength(1);
      }),
      OPZIONI,
    );
  });

  it('wall clock and instants round-trip in Rome (every instant shows a wall time that maps back to it)', () => {
    const inizio2026 = Date.UTC(2026, 0, 1) / 60000;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 366 * 1440 }), (n) => {
        const ist = inizio2026 + n;
        expect(istantiDaMuro(muroDaIstante(ist, ROMA), ROMA)).toContain(ist);
      }),
      OPZIONI,
    );
  });
});
