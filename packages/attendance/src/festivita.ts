/** Italian national holidays (DESIGN §8): a function of the year; patron saints and closures are data. */

export type Festivita = { data: string; descrizione: string };

/** Easter Sunday of the Gregorian calendar (anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function pasqua(anno: number): string {
  const a = anno % 19;
  const b = Math.floor(anno / 100);
  const c = anno % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mese = Math.floor((h + l - 7 * m + 114) / 31);
  const giorno = ((h + l - 7 * m + 114) % 31) + 1;
  return `${anno}-${String(mese).padStart(2, '0')}-${String(giorno).padStart(2, '0')}`;
}

/** The day after a 'YYYY-MM-DD' date. */
function giornoDopo(data: string): string {
  const [y, m, d] = data.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** 4 October is again a national holiday (San Francesco d'Assisi) from 2026 on. */
export const PRIMO_ANNO_SAN_FRANCESCO = 2026;

/** National holidays of a year, sorted by date (Easter Sunday included though always a Sunday). */
export function festivitaNazionali(anno: number): Festivita[] {
  if (!Number.isInteger(anno) || anno < 1583 || anno > 9999) throw new RangeError(`anno non valido: ${anno}`);
  const y = String(anno);
  const fisse: [string, string][] = [
    ['01-01', 'Capodanno'],
    ['01-06', 'Epifania'],
    ['04-25', 'Festa della Liberazione'],
    ['05-01', 'Festa del Lavoro'],
    ['06-02', 'Festa della Repubblica'],
    ['08-15', 'Ferragosto'],
    ['11-01', 'Ognissanti'],
    ['12-08', 'Immacolata Concezione'],
    ['12-25', 'Natale'],
    ['12-26', 'Santo Stefano'],
  ];
  if (anno >= PRIMO_ANNO_SAN_FRANCESCO) fisse.push(['10-04', "San Francesco d'Assisi"]);
  const p = pasqua(anno);
  const elenco: Festivita[] = [
    ...fisse.map(([md, descrizione]) => ({ data: `${y}-${md}`, descrizione })),
    { data: p, descrizione: 'Pasqua' },
    { data: giornoDopo(p), descrizione: "Lunedì dell'Angelo" },
  ];
  // Easter Monday can fall on 25 April (2011, 2095): both names are kept, one entry per holiday.
  return elenco.sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
}
