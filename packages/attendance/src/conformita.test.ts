import { describe, expect, it } from 'vitest';
import { fasciaNotturnaValida, mesiPrima, PARAMETRI_LEGGE, verificaConformita, type GiornoConformita, type ParametriConformita } from './conformita';
import { aggiungiGiorni } from './time';

const TZ = 'Europe/Rome';

/** A day from 'E-U' pairs ('08:00-12:00, 13:00-17:00'; an exit not after its entry ends the next day). */
function giorno(data: string, coppie: string, extra: Partial<GiornoConformita> = {}): GiornoConformita {
  const pairs = coppie
    ? coppie.split(',').map((x) => {
        const [e, u] = x.trim().split('-');
        return { entrata: `${data}T${e}:00`, uscita: `${u <= e ? aggiungiGiorni(data, 1) : data}T${u}:00` };
      })
    : [];
  const minuti = pairs.reduce((s, c) => s + (Date.parse(`${c.uscita}Z`) - Date.parse(`${c.entrata}Z`)) / 60000, 0);
  return { data, coppie: pairs, minuti_lavorati: minuti, minuti_straordinari: 0, minuti_notturni: 0, pausa_senza_timbratura: false, escluso_da_media: false, ...extra };
}

/** Consecutive days from `dal`, one spec each ('' = rest). */
const giorni = (dal: string, specs: (string | [string, Partial<GiornoConformita>])[]) =>
  specs.map((s, i) => (typeof s === 'string' ? giorno(aggiungiGiorni(dal, i), s) : giorno(aggiungiGiorni(dal, i), s[0], s[1])));

/** Mon-Fri 08:00-12:00, 13:00-17:00 for `weeks` weeks from a Monday. */
const settimaneNormali = (lunedi: string, weeks: number) =>
  giorni(lunedi, Array.from({ length: weeks * 7 }, (_, i) => (i % 7 < 5 ? '08:00-12:00, 13:00-17:00' : '')));

const regole = (r: ReturnType<typeof verificaConformita>) => r.map((x) => `${x.regola} ${x.data}`);
const P = PARAMETRI_LEGGE;

describe('a normal office month breaks no rule', () => {
  it('Mon-Fri 8 hours with a lunch break: nothing to report', () => {
    const g = settimaneNormali('2026-06-01', 22);
    expect(verificaConformita(g, '2026-10-01', '2026-10-31', P, TZ)).toEqual([]);
  });
});

describe('D.Lgs 66/2003 art. 7 c. 1: 11 consecutive hours of rest every 24 hours (riposo_giornaliero)', () => {
  it('an evening shift to 22:00 then a morning shift at 06:00 leaves 8 hours: a finding on the day that began the 24 hours', () => {
    const g = giorni('2026-10-05', ['14:00-22:00', '06:00-14:00']);
    const r = verificaConformita(g, '2026-10-05', '2026-10-06', P, TZ).filter((x) => x.regola === 'riposo_giornaliero');
    expect(r).toEqual([{ regola: 'riposo_giornaliero', data: '2026-10-05', dettaglio: 'conformita.dettaglio_riposo_giornaliero', params: { riposo: '8:00', minimo: '11:00', dalle: '14:00' } }]);
  });
  it('exactly 11 hours is enough (22:00 -> 09:00)', () => {
    const g = giorni('2026-10-05', ['14:00-22:00', '09:00-17:00']);
    expect(regole(verificaConformita(g, '2026-10-05', '2026-10-06', P, TZ)).filter((x) => x.startsWith('riposo_g'))).toEqual([]);
  });
  it('counts real hours across the change to summer time: 22:00 -> 09:30 on 29/03/2026 is 10.5 hours', () => {
    const g = giorni('2026-03-28', ['14:00-22:00', '09:30-12:00']);
    expect(regole(verificaConformita(g, '2026-03-28', '2026-03-29', P, TZ))).toContain('riposo_giornaliero 2026-03-28');
  });
  it('a split day whose pieces leave no 11 hours within 24 from its start', () => {
    const g = giorni('2026-10-05', ['06:00-10:00, 16:00-23:00', '05:00-08:00']);
    expect(regole(verificaConformita(g, '2026-10-05', '2026-10-06', P, TZ))).toContain('riposo_giornaliero 2026-10-05');
  });
});

describe('D.Lgs 66/2003 art. 9 c. 1: 24 hours of weekly rest, plus the 11 of the day, every 7 days on average over 14 (riposo_settimanale)', () => {
  it('twelve days of work in a row, then two days off, once in the fortnight: a finding at the fortnight\'s end', () => {
    // fortnights are Monday 12/10 - Sunday 25/10, 26/10 - 08/11, ...
    const g = giorni('2026-10-12', [...Array(12).fill('08:00-12:00, 13:00-17:00'), '', '']);
    const r = verificaConformita(g, '2026-10-12', '2026-10-25', P, TZ).filter((x) => x.regola === 'riposo_settimanale');
    // the one rest at the end, 17:00 on the 23rd to the end of the history: longer than 2 x 24 + 11 hours, it counts as two
    expect(r).toEqual([]);
    const continuo = giorni('2026-10-12', [...Array(13).fill('08:00-12:00, 13:00-17:00'), '']).concat(giorni('2026-10-26', ['08:00-12:00']));
    const r2 = verificaConformita(continuo, '2026-10-12', '2026-10-25', P, TZ).filter((x) => x.regola === 'riposo_settimanale');
    expect(r2).toEqual([{ regola: 'riposo_settimanale', data: '2026-10-25', dettaglio: 'conformita.dettaglio_riposo_settimanale', params: { dal: '12/10/2026', al: '25/10/2026', riposi: 1, minimo: '35:00' } }]);
  });
  it('six days a week with Sundays off: two rests of 24 + 11 hours (Saturday 17:00 to Monday 08:00 is 39 hours)', () => {
    const g = giorni('2026-10-12', Array.from({ length: 14 }, (_, i) => (i % 7 < 6 ? '08:00-12:00, 13:00-17:00' : '')));
    expect(regole(verificaConformita(g, '2026-10-12', '2026-10-25', P, TZ)).filter((x) => x.startsWith('riposo_s'))).toEqual([]);
  });
  it('every day worked for two weeks: no rest at all', () => {
    const g = giorni('2026-10-12', Array(15).fill('08:00-12:00, 13:00-17:00'));
    const r = verificaConformita(g, '2026-10-12', '2026-10-25', P, TZ).filter((x) => x.regola === 'riposo_settimanale');
    expect(r.map((x) => x.params.riposi)).toEqual([0]);
  });
  it('a fortnight the history does not cover from its start is not judged', () => {
    const g = giorni('2026-10-14', Array(12).fill('08:00-12:00, 13:00-17:00'));
    expect(regole(verificaConformita(g, '2026-10-14', '2026-10-25', P, TZ)).filter((x) => x.startsWith('riposo_s'))).toEqual([]);
  });
});

describe('D.Lgs 66/2003 art. 4 c. 2-4: 48 hours a week on average over the reference period (durata_media_settimanale)', () => {
  const lunghe = (lunedi: string, weeks: number) => giorni(lunedi, Array.from({ length: weeks * 7 }, (_, i) => (i % 7 < 5 ? '07:00-12:00, 12:30-18:30' : i % 7 === 5 ? '08:00-12:00' : '')));
  it('59 hours a week for four months: a finding on the range\'s last day', () => {
    const g = lunghe('2026-06-01', 22);
    const r = verificaConformita(g, '2026-10-01', '2026-10-31', P, TZ).filter((x) => x.regola === 'durata_media_settimanale');
    expect(r).toEqual([{ regola: 'durata_media_settimanale', data: '2026-10-31', dettaglio: 'conformita.dettaglio_durata_media_settimanale', params: expect.objectContaining({ dal: '01/07/2026', al: '31/10/2026', mesi: 4 }) }]);
    expect(Number(String(r[0].params.media).split(':')[0])).toBeGreaterThan(48);
  });
  it('the same weeks are within the limit when the CCNL averages over 12 months and the rest of the year was normal', () => {
    const g = [...settimaneNormali('2025-10-27', 31), ...lunghe('2026-06-01', 22)];
    const ccnl: ParametriConformita = { ...P, mesi_riferimento: 12 };
    expect(regole(verificaConformita(g, '2026-10-01', '2026-10-31', ccnl, TZ)).filter((x) => x.startsWith('durata_media'))).toEqual([]);
  });
  it('art. 6 c. 2: leave and sickness days are left out of the average, so they do not dilute it', () => {
    const specs = Array.from({ length: 17 * 7 }, (_, i): string | [string, Partial<GiornoConformita>] => (i < 8 * 7 ? ['', { escluso_da_media: true }] : i % 7 < 6 ? '06:00-12:00, 12:30-18:30' : ''));
    const g = giorni('2026-07-06', specs);
    expect(regole(verificaConformita(g, '2026-10-01', '2026-10-31', P, TZ))).toContain('durata_media_settimanale 2026-10-31');
  });
});

describe('D.Lgs 66/2003 art. 5 c. 3: 250 hours of overtime a calendar year (straordinario_annuo)', () => {
  const conStraordinario = (dal: string, n: number, minuti: number) => giorni(dal, Array.from({ length: n }, (): [string, Partial<GiornoConformita>] => ['08:00-12:00', { minuti_straordinari: minuti }]));
  it('dated on the first day of the range with overtime past the limit', () => {
    const g = [...giorni('2026-01-01', Array(243).fill('')), ...conStraordinario('2026-09-01', 60, 255)];
    // 255 minutes x 59 days = 15,045 > 15,000 on 29/10
    const r = verificaConformita(g, '2026-10-01', '2026-10-31', P, TZ).filter((x) => x.regola === 'straordinario_annuo');
    expect(r).toEqual([{ regola: 'straordinario_annuo', data: '2026-10-29', dettaglio: 'conformita.dettaglio_straordinario_annuo', params: { ore: '255:00', limite: '250:00', anno: '2026' } }]);
  });
  it('the CCNL\'s own limit replaces the law\'s', () => {
    const g = [...giorni('2026-01-01', Array(273).fill('')), ...conStraordinario('2026-10-01', 31, 60)];
    expect(regole(verificaConformita(g, '2026-10-01', '2026-10-31', P, TZ)).filter((x) => x.startsWith('straord'))).toEqual([]);
    expect(regole(verificaConformita(g, '2026-10-01', '2026-10-31', { ...P, straordinario_annuo_max: 30 * 60 }, TZ))).toContain('straordinario_annuo 2026-10-31');
  });
  it('last year\'s overtime does not count', () => {
    const g = [...conStraordinario('2025-12-01', 31, 600), ...conStraordinario('2026-01-01', 5, 60)];
    expect(regole(verificaConformita(g, '2026-01-01', '2026-01-05', P, TZ)).filter((x) => x.startsWith('straord'))).toEqual([]);
  });
});

describe('D.Lgs 66/2003 art. 8 c. 1: a break of at least 10 minutes after 6 hours of work (pausa)', () => {
  it('07:00-14:30 in one stretch: a finding with the stretch', () => {
    const r = verificaConformita(giorni('2026-10-05', ['07:00-14:30']), '2026-10-05', '2026-10-05', P, TZ).filter((x) => x.regola === 'pausa');
    expect(r).toEqual([{ regola: 'pausa', data: '2026-10-05', dettaglio: 'conformita.dettaglio_pausa', params: { continuativo: '7:30', dalle: '07:00', alle: '14:30', pausa: 10 } }]);
  });
  it('a 5-minute break is no break: the stretch runs on', () => {
    expect(regole(verificaConformita(giorni('2026-10-05', ['07:00-10:00, 10:05-14:00']), '2026-10-05', '2026-10-05', P, TZ))).toEqual(['pausa 2026-10-05']);
  });
  it('a 10-minute break after 4 hours splits the day: no finding', () => {
    expect(regole(verificaConformita(giorni('2026-10-05', ['07:00-11:00, 11:10-15:00']), '2026-10-05', '2026-10-05', P, TZ))).toEqual([]);
  });
  it('exactly 6 hours needs no break', () => {
    expect(regole(verificaConformita(giorni('2026-10-05', ['06:00-12:00']), '2026-10-05', '2026-10-05', P, TZ))).toEqual([]);
  });
  it('a break the engine deducted by the shift (PAUSA_AUTOMATICA) counts as taken', () => {
    expect(regole(verificaConformita(giorni('2026-10-05', [['08:00-17:00', { pausa_senza_timbratura: true }]]), '2026-10-05', '2026-10-05', P, TZ))).toEqual([]);
  });
  it('the CCNL\'s longer minimum break: 10 minutes is not enough for 15', () => {
    const g = giorni('2026-10-05', ['07:00-11:00, 11:10-15:00']);
    expect(regole(verificaConformita(g, '2026-10-05', '2026-10-05', { ...P, pausa_minima: 15 }, TZ))).toEqual(['pausa 2026-10-05']);
  });
});

describe('D.Lgs 66/2003 art. 1 c. 2 lett. e and art. 13 c. 1: a night worker works at most 8 hours on average per 24 (lavoro_notturno)', () => {
  const notti = (dal: string, n: number, coppia: string) => giorni(dal, Array.from({ length: n }, (_, i): [string, Partial<GiornoConformita>] => (i % 7 < 5 ? [coppia, { minuti_notturni: 420 }] : ['', {}])));
  it('a night worker (80 nights of 3 hours in the year) working 9 hours a night: a finding each such day', () => {
    const g = notti('2026-01-05', 301, '21:00-06:00');
    const r = verificaConformita(g, '2026-10-26', '2026-10-30', P, TZ).filter((x) => x.regola === 'lavoro_notturno');
    expect(r.map((x) => x.data)).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30']);
    expect(r[0]).toMatchObject({ dettaglio: 'conformita.dettaglio_lavoro_notturno', params: { media: '9:00', limite: '8:00', giorni: 1 } });
  });
  it('not yet a night worker: 9-hour nights before the 80th night of the year are not this rule', () => {
    const g = notti('2026-01-05', 70, '21:00-06:00');
    expect(regole(verificaConformita(g, '2026-03-01', '2026-03-15', P, TZ)).filter((x) => x.startsWith('lavoro_n'))).toEqual([]);
  });
  it('8-hour nights are within the limit', () => {
    const g = notti('2026-01-05', 301, '22:00-06:00');
    expect(regole(verificaConformita(g, '2026-10-26', '2026-10-30', P, TZ)).filter((x) => x.startsWith('lavoro_n'))).toEqual([]);
  });
  it('a CCNL reference period of 7 days averages a long night with short ones', () => {
    const specs = Array.from({ length: 301 }, (_, i): [string, Partial<GiornoConformita>] => (i % 7 === 4 ? ['21:00-06:00', { minuti_notturni: 420 }] : i % 7 < 4 ? ['22:00-05:00', { minuti_notturni: 420 }] : ['', {}]));
    const g = giorni('2026-01-05', specs);
    const r = verificaConformita(g, '2026-10-26', '2026-10-30', { ...P, notturno_periodo_giorni: 7 }, TZ);
    expect(regole(r).filter((x) => x.startsWith('lavoro_n'))).toEqual([]);
    expect(regole(verificaConformita(g, '2026-10-26', '2026-10-30', P, TZ)).filter((x) => x.startsWith('lavoro_n'))).toEqual(['lavoro_notturno 2026-10-30']);
  });
});

describe('D.Lgs 66/2003 art. 7 c. 1: at most 13 hours of work in a day (durata_massima_giornaliera)', () => {
  it('13:30 hours worked: a finding', () => {
    const r = verificaConformita(giorni('2026-10-05', ['06:00-12:00, 12:30-20:00']), '2026-10-05', '2026-10-05', P, TZ).filter((x) => x.regola === 'durata_massima_giornaliera');
    expect(r).toEqual([{ regola: 'durata_massima_giornaliera', data: '2026-10-05', dettaglio: 'conformita.dettaglio_durata_massima_giornaliera', params: { lavorato: '13:30', limite: '13:00' } }]);
  });
  it('exactly 13 hours is allowed', () => {
    expect(regole(verificaConformita(giorni('2026-10-05', ['06:00-12:00, 12:30-19:30']), '2026-10-05', '2026-10-05', P, TZ)).filter((x) => x.startsWith('durata_mass'))).toEqual([]);
  });
});

describe('D.Lgs 66/2003 art. 1 c. 2 lett. d: the night period is 7 consecutive hours including midnight to 5 a.m.', () => {
  it.each([
    ['22:00', '06:00', true],
    ['22:00', '05:00', true],
    ['23:00', '06:00', true],
    ['00:00', '07:00', true],
    ['00:00', '05:00', false], // 5 hours
    ['23:00', '05:00', false], // 6 hours
    ['01:00', '08:00', false], // misses midnight to 1
    ['21:00', '04:00', false], // misses 4 to 5
    ['20:00', '06:00', true],
  ])('%s-%s -> %s', (inizio, fine, ok) => {
    expect(fasciaNotturnaValida({ inizio, fine })).toBe(ok);
  });
});

describe('mesiPrima: the reference period counts calendar months', () => {
  it.each([
    ['2026-10-31', 4, '2026-06-30'],
    ['2026-06-30', 4, '2026-02-28'],
    ['2026-03-15', 6, '2025-09-15'],
    ['2026-12-31', 12, '2025-12-31'],
  ])('%s - %i months = %s', (d, n, out) => expect(mesiPrima(d, n)).toBe(out));
});

describe('findings are dated in the checked range only', () => {
  it('a history day that breaks a rule is not reported again', () => {
    const g = giorni('2026-09-28', ['06:00-12:00, 12:30-20:00', ...Array(6).fill('')]);
    expect(verificaConformita(g, '2026-09-29', '2026-10-04', P, TZ)).toEqual([]);
  });
});

describe('the month\'s average keeps its date while the month runs', () => {
  it('dated on the range\'s last day even when the days stop at today', () => {
    const lunghe = giorni('2026-07-06', Array.from({ length: 17 * 7 }, (_, i) => (i % 7 < 6 ? '06:00-12:00, 12:30-18:30' : '')));
    const finoAOggi = lunghe.filter((g) => g.data <= '2026-10-28');
    const r = verificaConformita(finoAOggi, '2026-10-01', '2026-10-31', P, TZ).filter((x) => x.regola === 'durata_media_settimanale');
    expect(r.map((x) => x.data)).toEqual(['2026-10-31']);
  });
});
