import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aggiungiMesi, categoriaDpi, fineVita, formazioneDiLegge, oltreFineVita, scadenzaConsegna, formazioneRichiesta, prossimaIspezione, primaScadenza, requisitoArticolo, scadenzaDotazione, type TipologiaDpi } from './dpi';

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

describe('the category of a type (Reg. UE 2016/425 Annex I: noise, falls from height, hazardous substances are category III)', () => {
  it.each([
    ['ear defenders declared II: category III (Annex I, harmful noise)', 'udito', 'II', 'III'],
    ['ear plugs declared I: category III (Annex I, harmful noise)', 'udito', 'I', 'III'],
    ['a harness with no category declared: category III (Annex I, falls from height)', 'anticaduta', null, 'III'],
    ['a respirator declared II: category III (Annex I, substances hazardous to health)', 'vie_respiratorie', 'II', 'III'],
    ['a respirator declared III: stays III', 'vie_respiratorie', 'III', 'III'],
    ['safety shoes declared II: the declared category', 'piedi', 'II', 'II'],
    ['chemical gloves declared III: the declared category', 'mani', 'III', 'III'],
    ['glasses declared I: the declared category', 'occhi', 'I', 'I'],
    ['no protection given: the declared category', null, 'II', 'II'],
    ['nothing known: none', null, null, null],
  ] as [string, Parameters<typeof categoriaDpi>[0], Parameters<typeof categoriaDpi>[1], ReturnType<typeof categoriaDpi>][])('%s', (_, protezione, dichiarata, want) =>
    expect(categoriaDpi(protezione, dichiarata)).toBe(want));

  it('a hearing protector forced to category III needs training before delivery (D.Lgs 81/2008 art. 77 c. 5)', () =>
    expect(formazioneDiLegge({ dpi: true, categoria: categoriaDpi('anticaduta', 'II'), protezione: 'anticaduta' })).toBe(true));
});

describe("the due date follows the manufacturer (Reg. UE 2016/425 Annex II 1.4; D.Lgs 81/2008 art. 77 c. 4 lett. a)", () => {
  it.each([
    ['Annex II 1.4: a harness made 2020-03-10 with a 10-year life, delivered 2026-11-28, replaced yearly: the interval comes first', '2026-11-28', 12, '2020-03-10', 120, '2027-11-28'],
    ['Annex II 1.4: a harness made 2017-02-15 with a 10-year life, delivered 2026-11-28 with a 5-year interval: the end of life comes first', '2026-11-28', 60, '2017-02-15', 120, '2027-02-15'],
    ['Annex II 1.4: a helmet made 2024-01-31 with a 5-year life and no replacement interval: the end of life', '2026-11-28', null, '2024-01-31', 60, '2029-01-31'],
    ['art. 77 c. 4 lett. a: no manufacture date known: the replacement interval alone', '2026-11-28', 12, null, 120, '2027-11-28'],
    ['art. 77 c. 4 lett. a: no manufacturer life stated: the replacement interval alone', '2026-11-28', 12, '2020-01-01', null, '2027-11-28'],
    ['both equal: that day', '2026-11-28', 12, '2017-11-28', 120, '2027-11-28'],
    ['neither: never', '2026-11-28', null, null, null, null],
  ] as [string, string, number | null, string | null, number | null, string | null][])('%s', (_, consegna, durata, fabbricazione, vita, want) =>
    expect(scadenzaConsegna(consegna, durata, fabbricazione, vita)).toBe(want));

  it('the end of life is the manufacture date plus the stated months, or unknown', () => {
    expect(fineVita('2016-02-29', 120)).toBe('2026-02-28');
    expect(fineVita(null, 120)).toBeNull();
    expect(fineVita('2020-01-01', 0)).toBeNull();
  });

  it.each([
    ['art. 77 c. 4 lett. a: made 2016-11-01, 10-year life, delivered 2026-11-28: past its end of life, refused', '2026-11-28', '2016-11-01', 120, true],
    ['its last day of life is the delivery day: still usable', '2026-11-28', '2016-11-28', 120, false],
    ['made 2021-06-01, 10-year life: fine', '2026-11-28', '2021-06-01', 120, false],
    ['no life stated: never past it', '2026-11-28', '2000-01-01', null, false],
  ] as [string, string, string, number | null, boolean][])('%s', (_, consegna, fabbricazione, vita, want) => expect(oltreFineVita(consegna, fabbricazione, vita)).toBe(want));
});
