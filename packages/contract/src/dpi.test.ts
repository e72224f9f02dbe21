import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aggiungiMesi, formazioneDiLegge, formazioneRichiesta, prossimaIspezione, primaScadenza, requisitoArticolo, scadenzaDotazione, type TipologiaDpi } from './dpi';

describe('training before delivery (D.Lgs 81/2008 art. 77 c. 5)', () => {
  const cases: [string, TipologiaDpi, boolean, boolean][] = [
    ['category III harness: required by law (art. 77 c. 5 lett. a)', { dpi: true, categoria: 'III', protezione: 'anticaduta' }, true, true],
    ['category III respirator: required by law (art. 77 c. 5 lett. a)', { dpi: true, categoria: 'III', protezione: 'vie_respiratorie' }, true, true],
    ['category II ear defenders: required by law (art. 77 c. 5 lett. b)', { dpi: true, categoria: 'II', protezione: 'udito' }, true, true],
    ['category I ear plugs: required by law whatever the category (art. 77 c. 5 lett. b)', { dpi: true, categoria: 'I', protezione: 'udito' }, true, true],
    ['category II safety shoes: not by law', { dpi: true, categoria: 'II', protezione: 'piedi' }, false, false],
    ['category II welding mask the employer trains on: not by law, required by choice', { dpi: true, categoria: 'II', protezione: 'occhi', formazione: true }, false, true],
    ['category III asked without training: the law wins', { dpi: true, categoria: 'III', protezione: 'corpo', formazione: false }, true, true],
    ['a laptop (not a DPI): never', { dpi: false, categoria: null, protezione: null }, false, false],
    ['a laptop with a course chosen by the employer', { dpi: false, formazione: true }, false, true],
  ];
  it.each(cases)('%s', (_, t, legge, richiesta) => {
    expect(formazioneDiLegge(t)).toBe(legge);
    expect(formazioneRichiesta(t)).toBe(richiesta);
  });
});

describe('what a DPI article must carry (Reg. UE 2016/425 art. 16–17, art. 19; D.Lgs 81/2008 art. 76)', () => {
  const cases: [string, TipologiaDpi, Parameters<typeof requisitoArticolo>[1], ReturnType<typeof requisitoArticolo>][] = [
    ['category II with CE marking: fine', { dpi: true, categoria: 'II' }, { marcatura_ce: true }, null],
    ['category I without CE marking: refused (art. 16–17)', { dpi: true, categoria: 'I' }, { marcatura_ce: false }, 'dpi_senza_ce'],
    ['category III with CE and notified body 0123: fine (art. 17 c. 3)', { dpi: true, categoria: 'III' }, { marcatura_ce: true, organismo_notificato: '0123' }, null],
    ['category III without the notified body: refused (art. 19 lett. c)', { dpi: true, categoria: 'III' }, { marcatura_ce: true, organismo_notificato: '' }, 'dpi_senza_organismo'],
    ['category III with a body number that is not four digits: refused', { dpi: true, categoria: 'III' }, { marcatura_ce: true, organismo_notificato: '12AB' }, 'dpi_senza_organismo'],
    ['a phone: nothing required', { dpi: false }, {}, null],
  ];
  it.each(cases)('%s', (_, t, a, want) => expect(requisitoArticolo(t, a)).toBe(want));
});

describe('replacement and inspection dates (D.Lgs 81/2008 art. 77 c. 4 lett. a)', () => {
  it.each([
    ['shoes, 12 months', '2025-11-10', 12, '2026-11-10'],
    ['the 31st of January plus one month: the last of February', '2026-01-31', 1, '2026-02-28'],
    ['leap year', '2027-02-29'.replace('2027', '2028'), 12, '2029-02-28'],
    ['across the year', '2026-11-30', 3, '2027-02-28'],
    ['no lifetime: never', '2026-11-10', null, null],
    ['zero months: never', '2026-11-10', 0, null],
  ] as [string, string, number | null, string | null][])('%s', (_, data, mesi, want) => expect(scadenzaDotazione(data, mesi)).toBe(want));

  it('a harness inspected every 12 months counts from its last inspection (EN 365)', () => {
    expect(prossimaIspezione('2025-06-15', null, 12)).toBe('2026-06-15');
    expect(prossimaIspezione('2025-06-15', '2026-05-20', 12)).toBe('2027-05-20');
    expect(prossimaIspezione('2025-06-15', '2024-01-01', 12)).toBe('2026-06-15'); // an older date than the delivery is ignored
    expect(prossimaIspezione('2025-06-15', null, null)).toBeNull();
  });

  it('the first due date of an item', () => {
    expect(primaScadenza('2026-12-01', '2026-11-30')).toBe('2026-11-30');
    expect(primaScadenza(null, '2026-11-30')).toBe('2026-11-30');
    expect(primaScadenza(null, undefined)).toBeNull();
  });

  it('adding months is the same as adding them one by one at month ends, and never leaves the month', () =>
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2090 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 120 }), (y, m, d, n) => {
        const dd = Math.min(d, new Date(Date.UTC(y, m, 0)).getUTCDate());
        const from = `${y}-${String(m).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
        const to = aggiungiMesi(from, n);
        const [ty, tm, td] = to.split('-').map(Number);
        expect((ty - y) * 12 + (tm - m)).toBe(n);
        expect(td).toBeLessThanOrEqual(dd);
        expect(new Date(`${to}T00:00:00Z`).toISOString().slice(0, 10)).toBe(to);
      }),
    ));
});
