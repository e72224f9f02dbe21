import { describe, expect, it } from 'vitest';
import { festivitaNazionali, pasqua } from './festivita';

describe('festivitaNazionali', () => {
  it.each([
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'], // the earliest possible date
  ])('Easter %i is %s', (anno, data) => {
    expect(pasqua(anno)).toBe(data);
    const f = festivitaNazionali(anno);
    expect(f).toContainEqual({ data, descrizione: 'Pasqua' });
  });

  it('Easter Monday follows Easter, also across months', () => {
    expect(festivitaNazionali(2024)).toContainEqual({ data: '2024-04-01', descrizione: "Lunedì dell'Angelo" });
    expect(festivitaNazionali(2026)).toContainEqual({ data: '2026-04-06', descrizione: "Lunedì dell'Angelo" });
  });

  it('4 October is a national holiday from 2026, not before', () => {
    expect(festivitaNazionali(2025).map((f) => f.data)).not.toContain('2025-10-04');
    expect(festivitaNazionali(2026)).toContainEqual({ data: '2026-10-04', descrizione: "San Francesco d'Assisi" });
    expect(festivitaNazionali(2030).map((f) => f.data)).toContain('2030-10-04');
  });

  it('lists the whole year sorted by date', () => {
    expect(festivitaNazionali(2025)).toEqual([
      { data: '2025-01-01', descrizione: 'Capodanno' },
      { data: '2025-01-06', descrizione: 'Epifania' },
      { data: '2025-04-20', descrizione: 'Pasqua' },
      { data: '2025-04-21', descrizione: "Lunedì dell'Angelo" },
      { data: '2025-04-25', descrizione: 'Festa della Liberazione' },
      { data: '2025-05-01', descrizione: 'Festa del Lavoro' },
      { data: '2025-06-02', descrizione: 'Festa della Repubblica' },
      { data: '2025-08-15', descrizione: 'Ferragosto' },
      { data: '2025-11-01', descrizione: 'Ognissanti' },
      { data: '2025-12-08', descrizione: 'Immacolata Concezione' },
      { data: '2025-12-25', descrizione: 'Natale' },
      { data: '2025-12-26', descrizione: 'Santo Stefano' },
    ]);
    expect(festivitaNazionali(2026)).toHaveLength(13);
  });

  it('refuses years outside the Gregorian calendar', () => {
    expect(() => festivitaNazionali(1500)).toThrow(RangeError);
    expect(() => festivitaNazionali(2026.5)).toThrow(RangeError);
  });
});
