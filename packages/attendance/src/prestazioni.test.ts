/**
 * What the engine's speed-ups rely on (hand-written parsing, caches, fields spelled out): each must
 * give exactly what the plain code did.
 */
import { describe, expect, it } from 'vitest';
import { attribuisciTimbrature } from './attribuzione';
import { computeDay } from './day';
import { durataFasce, estremiFasce, collocaFasce } from './fasce';
import { computeMonth } from './month';
import {
  dataDaMinuto,
  istanteDaMuro,
  istantiDaMuro,
  minutiDaOrario,
  minutoDaData,
  minutoDaTimestamp,
  offsetMinuti,
  secondoDaTimestamp,
  timestampDaMinuto,
} from './time';
import { CAMPI_MINUTI } from './types';
import { GIORNALIERO, giorno, turno } from './test-fixtures';

const ROMA = 'Europe/Rome';

describe('parsing without regular expressions', () => {
  // The patterns the hand-written parsers replace, and the round trip through Date they did.
  const orarioRe = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;
  const dataRe = /^(\d{4})-(\d{2})-(\d{2})$/;
  const dataValida = (s: string) => {
    const m = dataRe.exec(s);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}` === s;
  };

  it('accepts exactly the times the pattern accepts', () => {
    const casi = ['00:00', '23:59', '24:00', '19:60', '9:00', '09:5', '09:05:59', '09:05:60', '09-05', '０9:00', '09:00 ', '', '09:00:0'];
    for (let h = 0; h < 100; h += 7) for (let m = 0; m < 100; m += 9) casi.push(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    for (const s of casi) {
      if (orarioRe.test(s)) expect(minutiDaOrario(s), s).toBe(Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5)));
      else expect(() => minutiDaOrario(s), s).toThrow(`orario non valido: ${s}`);
    }
  });

  it('accepts exactly the dates Date round-trips (years before 100 never did)', () => {
    for (const anno of ['0000', '0099', '0100', '1900', '2000', '2023', '2024', '2100', '9999']) {
      for (let mese = 0; mese <= 13; mese++) {
        for (let g = 0; g <= 32; g++) {
          const s = `${anno}-${String(mese).padStart(2, '0')}-${String(g).padStart(2, '0')}`;
          if (dataValida(s)) expect(minutoDaData(s), s).toBe(Date.parse(`${s}T00:00:00Z`) / 60000);
          else expect(() => minutoDaData(s), s).toThrow(`data non valida: ${s}`);
        }
      }
    }
  });

  it('reports a bad timestamp with the same message as before: shape, then date, then time', () => {
    expect(() => minutoDaTimestamp('2026-03-10 08:00')).toThrow('data e ora non valide: 2026-03-10 08:00');
    expect(() => minutoDaTimestamp('2026-03-1aT08:00')).toThrow('data e ora non valide: 2026-03-1aT08:00');
    expect(() => minutoDaTimestamp('2026-02-30T25:00')).toThrow('data non valida: 2026-02-30');
    expect(() => minutoDaTimestamp('2026-02-28T24:00:00')).toThrow('orario non valido: 24:00:00');
    expect(secondoDaTimestamp('2026-03-10T08:33:45') - secondoDaTimestamp('2026-03-10T08:33')).toBe(45);
  });

  it('writes timestamps as Date did, also for fractional minutes and far dates', () => {
    for (const w of [0, -1, 1439, 1440, -1441, 29_000_000.5, 29_000_007.75, -60_000_000, 4_000_000_000]) {
      const d = new Date(w * 60000);
      const p = (n: number) => String(n).padStart(2, '0');
      const atteso = `${String(d.getUTCFullYear()).padStart(4, '0')}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`;
      expect(dataDaMinuto(w)).toBe(atteso);
      expect(timestampDaMinuto(w)).toBe(`${atteso}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:00`);
    }
  });
});

describe('offsets and instants', () => {
  it('the cached offsets are those Intl gives, minute by minute across both 2026 changes', () => {
    const f = new Intl.DateTimeFormat('en-US', { timeZone: ROMA, timeZoneName: 'longOffset' });
    for (const giorno of ['2026-03-29', '2026-10-25']) {
      const inizio = Date.parse(`${giorno}T00:00:00Z`) / 60000 - 1440;
      for (let ist = inizio; ist < inizio + 3 * 1440; ist += 7) {
        const nome = f.formatToParts(new Date(ist * 60000)).find((p) => p.type === 'timeZoneName')!.value; // GMT+01:00
        expect(offsetMinuti(ist, ROMA), String(ist)).toBe(Number(nome.slice(4, 6)) * 60);
      }
    }
  });

  it('istanteDaMuro is the first of istantiDaMuro, else the gap resolved by verso', () => {
    for (const zona of [ROMA, 'America/New_York', 'Australia/Lord_Howe', 'UTC']) {
      for (const giorno of ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01']) {
        const base = minutoDaData(giorno);
        for (let w = base; w < base + 1440; w += 10) {
          const c = istantiDaMuro(w, zona);
          if (c.length > 0) expect(istanteDaMuro(w, zona, 'indietro')).toBe(c[0]);
          expect(istanteDaMuro(w, zona)).toBe(c.length > 0 ? c[0] : istanteDaMuro(w, zona, 'avanti'));
        }
      }
    }
  });
});

describe('shift bands read once', () => {
  it('estremiFasce agrees with collocaFasce and durataFasce', () => {
    for (const fasce of [GIORNALIERO.fasce, [{ inizio: '22:00', fine: '02:00' }, { inizio: '02:30', fine: '06:00' }], [{ inizio: '10:00', fine: '14:00' }, { inizio: '12:00', fine: '13:00' }]]) {
      const c = collocaFasce(fasce);
      expect(estremiFasce(fasce)).toEqual({ inizio: c[0].inizio, fine: c[c.length - 1].fine, durata: durataFasce({ fasce }) });
    }
  });

  it('a band edited in place is read again', () => {
    const t = turno(GIORNALIERO, { fasce: GIORNALIERO.fasce.map((f) => ({ ...f })) });
    const g = giorno(t, 'E 08:30, U 12:30, E 13:30, U 17:30');
    expect(computeDay(g).minuti_teorici).toBe(480);
    t.fasce[1].fine = '18:30';
    expect(computeDay(g).minuti_teorici).toBe(540);
    expect(computeDay(g).minuti_uscita_anticipata).toBe(60);
    t.fasce.push({ inizio: '19:00', fine: '20:00' });
    expect(computeDay(g).minuti_teorici).toBe(600);
    t.fasce[2].inizio = '25:00';
    expect(() => computeDay(g)).toThrow('orario non valido: 25:00');
  });
});

describe('results keep their shape', () => {
  it('a month day is { data, ...the day }, and the totals follow CAMPI_MINUTI', () => {
    const g = giorno(GIORNALIERO, 'E 08:33, U 12:31, E 13:29, U 18:20', { giustificativi: [{ codice: 'PERM', unita: 'H', minuti: 30 }] });
    const m = computeMonth([g]);
    expect(Object.keys(m.giorni[0])).toEqual(['data', ...Object.keys(computeDay(g))]);
    expect(m.giorni[0]).toEqual({ data: g.data, ...computeDay(g) });
    expect(Object.keys(m.totali)).toEqual([...CAMPI_MINUTI, 'giorni_lavorati', 'giorni_assenza', 'per_causale', 'anomalie']);
  });

  it('days and punches out of order give what sorted ones give', () => {
    const giorni = ['2026-03-10', '2026-03-11', '2026-03-12'].map((data) => giorno(GIORNALIERO, 'U 12:31, E 08:33, U 17:30, E 13:29', { data }));
    const ordinati = giorni.map((g) => ({ ...g, timbrature: [...g.timbrature].sort((a, b) => (a.ts < b.ts ? -1 : 1)) }));
    expect(computeMonth([...giorni].reverse())).toEqual(computeMonth(ordinati));
    const tutte = giorni.flatMap((g) => g.timbrature);
    const mappa = attribuisciTimbrature([...tutte].reverse(), giorni);
    expect([...mappa.values()].map((ts) => ts.map((t) => t.ts))).toEqual(ordinati.map((g) => g.timbrature.map((t) => t.ts)));
  });
});
