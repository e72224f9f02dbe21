/**
 * Demo company data: "Officine Rossi S.r.l.", a metalworking firm in Bologna.
 *
 * Pure data and pure functions only: no I/O, no database access, no randomness.
 * Everything here is deterministic, so the demo database looks the same on every run.
 */
import { codiceFiscaleCheckChar, isValidCodiceFiscale } from '@tulip/contract';

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

export type SeedCdc = { codice: string; descrizione: string };
export type SeedReparto = {
  codice: string;
  descrizione: string;
  /** Cost-centre codice. */
  cdc: string;
  /** Matricola of the department manager. */
  responsabile: string;
};
export type SeedMansione = { codice: string; descrizione: string };
export type SeedDipendente = {
  matricola: string;
  cognome: string;
  nome: string;
  sesso: 'M' | 'F';
  /** YYYY-MM-DD */
  data_nascita: string;
  codice_fiscale: string;
  email: string;
  /** Reparto codice. */
  reparto: string;
  /** Cost-centre codice. */
  cdc: string;
  /** Mansione codice. */
  mansione: string;
  /** YYYY-MM-DD */
  data_assunzione: string;
  /** YYYY-MM-DD, or null while employed. */
  data_cessazione: string | null;
  badge: string;
};
export type SeedTipoDocumento = { codice: string; descrizione: string };

// ---------------------------------------------------------------------------
// Company
// ---------------------------------------------------------------------------

export const AZIENDA = {
  ragione_sociale: 'Officine Rossi S.r.l.',
  citta: 'Bologna',
  /** 11 digits, Bologna office code (037), valid check digit. */
  partita_iva: '02518370370',
  indirizzo: 'Via della Meccanica 14, 40138 Bologna (BO)',
};

/** The demo company's page (/azienda): registered office, positions, contract. */
export const DATI_AZIENDA = {
  ragione_sociale: AZIENDA.ragione_sociale,
  partita_iva: AZIENDA.partita_iva,
  codice_fiscale: AZIENDA.partita_iva,
  indirizzo: 'Via della Meccanica 14',
  cap: '40138',
  comune: 'Bologna',
  provincia: 'BO',
  posizione_inps: '1306245812',
  codice_ditta_inail: '18204571',
  pat_inail: '92310455',
  ccnl: 'CCNL Metalmeccanica Industria',
  logo_file_id: null,
};

export const SEDI = [
  { descrizione: 'Stabilimento di Bologna', indirizzo: 'Via della Meccanica 14', cap: '40138', comune: 'Bologna', provincia: 'BO' },
  { descrizione: 'Magazzino di Castel Maggiore', indirizzo: 'Via dell’Industria 5', cap: '40013', comune: 'Castel Maggiore', provincia: 'BO' },
];

const EMAIL_DOMAIN = 'officinerossi.it';

// ---------------------------------------------------------------------------
// Codice fiscale
// ---------------------------------------------------------------------------

const MONTH_LETTERS = 'ABCDEHLMPRST';
const VOWELS = 'AEIOU';

/** Uppercase A–Z only: accents stripped, apostrophes, spaces and other symbols removed. */
function cfLetters(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

function splitLetters(s: string): { cons: string[]; vow: string[] } {
  const cons: string[] = [];
  const vow: string[] = [];
  for (const ch of cfLetters(s)) (VOWELS.includes(ch) ? vow : cons).push(ch);
  return { cons, vow };
}

function cfSurname(cognome: string): string {
  const { cons, vow } = splitLetters(cognome);
  return [...cons, ...vow, 'X', 'X', 'X'].slice(0, 3).join('');
}

function cfName(nome: string): string {
  const { cons, vow } = splitLetters(nome);
  if (cons.length >= 4) return cons[0] + cons[2] + cons[3];
  return [...cons, ...vow, 'X', 'X', 'X'].slice(0, 3).join('');
}

function parseIsoDate(value: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return { y, m, d };
}

/**
 * The Italian codice fiscale of a natural person (no omocodia handling).
 * `comune` is the Belfiore cadastral code of the birthplace (e.g. A944 Bologna, Z129 Romania).
 * Throws on a malformed date or Belfiore code.
 */
export function codiceFiscale(p: {
  cognome: string;
  nome: string;
  sesso: 'M' | 'F';
  data_nascita: string;
  comune: string;
}): string {
  const date = parseIsoDate(p.data_nascita);
  if (!date) throw new Error(`codiceFiscale: invalid data_nascita "${p.data_nascita}"`);
  const comune = p.comune.trim().toUpperCase();
  if (!/^[A-Z]\d{3}$/.test(comune)) throw new Error(`codiceFiscale: invalid Belfiore code "${p.comune}"`);
  const year = String(date.y % 100).padStart(2, '0');
  const month = MONTH_LETTERS[date.m - 1];
  const day = String(date.d + (p.sesso === 'F' ? 40 : 0)).padStart(2, '0');
  const first15 = cfSurname(p.cognome) + cfName(p.nome) + year + month + day + comune;
  return first15 + codiceFiscaleCheckChar(first15);
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/** Lowercase a–z only, for e-mail local parts. */
function emailPart(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function isValidPartitaIva(piva: string): boolean {
  if (!/^\d{11}$/.test(piva)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = piva.charCodeAt(i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === piva.charCodeAt(10) - 48;
}

// ---------------------------------------------------------------------------
// Master data
// ---------------------------------------------------------------------------

/** Birthplaces used by the demo employees (Belfiore codes). */
export const COMUNI_NASCITA: Record<string, string> = {
  A944: 'Bologna',
  F257: 'Modena',
  H223: 'Reggio Emilia',
  G337: 'Parma',
  D548: 'Ferrara',
  H199: 'Ravenna',
  E289: 'Imola',
  C573: 'Cesena',
  F205: 'Milano',
  L219: 'Torino',
  D612: 'Firenze',
  H501: 'Roma',
  F839: 'Napoli',
  A662: 'Bari',
  G273: 'Palermo',
  Z129: 'Romania',
  Z330: 'Marocco',
};

export const CENTRI_COSTO: SeedCdc[] = [
  { codice: 'CDC01', descrizione: 'Produzione' },
  { codice: 'CDC02', descrizione: 'Magazzino' },
  { codice: 'CDC03', descrizione: 'Ufficio tecnico' },
  { codice: 'CDC04', descrizione: 'Amministrazione' },
  { codice: 'CDC05', descrizione: 'Commerciale' },
];

export const MANSIONI: SeedMansione[] = [
  { codice: 'OPE', descrizione: 'Operaio' },
  { codice: 'SAL', descrizione: 'Saldatore' },
  { codice: 'MAN', descrizione: 'Manutentore' },
  { codice: 'MAG', descrizione: 'Magazziniere' },
  { codice: 'IMP', descrizione: 'Impiegato' },
  { codice: 'PRG', descrizione: 'Progettista' },
  { codice: 'VEN', descrizione: 'Addetto vendite' },
  { codice: 'CRP', descrizione: 'Capo reparto' },
  { codice: 'RAM', descrizione: 'Responsabile amministrativo' },
  { codice: 'RCM', descrizione: 'Responsabile commerciale' },
];

export const TIPI_DOCUMENTO: SeedTipoDocumento[] = [
  { codice: 'CI', descrizione: "Carta d'identità" },
  { codice: 'PASS', descrizione: 'Passaporto' },
  { codice: 'PAT', descrizione: 'Patente di guida' },
  { codice: 'PDS', descrizione: 'Permesso di soggiorno' },
  { codice: 'TS', descrizione: 'Tessera sanitaria' },
  { codice: 'CONTR', descrizione: 'Contratto di assunzione' },
  { codice: 'LETT', descrizione: 'Lettera di assunzione' },
  { codice: 'PRIV', descrizione: 'Informativa privacy' },
  { codice: 'IDON', descrizione: 'Giudizio di idoneità alla mansione' },
  { codice: 'FORM', descrizione: 'Attestato formazione sicurezza' },
  { codice: 'PATCAR', descrizione: 'Patentino carrello elevatore' },
  { codice: 'DIM', descrizione: 'Lettera di dimissioni' },
];

/** Department codes with their cost centre (the responsabile is filled in below). */
const REPARTI_BASE: { codice: string; descrizione: string; cdc: string }[] = [
  { codice: 'PROD', descrizione: 'Produzione', cdc: 'CDC01' },
  { codice: 'MAG', descrizione: 'Magazzino', cdc: 'CDC02' },
  { codice: 'UTEC', descrizione: 'Ufficio tecnico', cdc: 'CDC03' },
  { codice: 'AMM', descrizione: 'Amministrazione', cdc: 'CDC04' },
  { codice: 'COMM', descrizione: 'Commerciale', cdc: 'CDC05' },
];

// ---------------------------------------------------------------------------
// Employees
// ---------------------------------------------------------------------------

type RawDipendente = {
  cognome: string;
  nome: string;
  sesso: 'M' | 'F';
  data_nascita: string;
  /** Belfiore code of the birthplace. */
  comune: string;
  reparto: string;
  mansione: string;
  data_assunzione: string;
  data_cessazione: string | null;
  /** Marks the department manager. */
  responsabile?: true;
};

type Row = [
  cognome: string,
  nome: string,
  sesso: 'M' | 'F',
  data_nascita: string,
  comune: string,
  mansione: string,
  data_assunzione: string,
  data_cessazione?: string | null,
  responsabile?: true,
];

function rows(reparto: string, list: Row[]): RawDipendente[] {
  return list.map(([cognome, nome, sesso, data_nascita, comune, mansione, data_assunzione, data_cessazione, responsabile]) => ({
    cognome,
    nome,
    sesso,
    data_nascita,
    comune,
    reparto,
    mansione,
    data_assunzione,
    data_cessazione: data_cessazione ?? null,
    ...(responsabile ? { responsabile } : {}),
  }));
}

const RAW_DIPENDENTI: RawDipendente[] = [
  ...rows('PROD', [
    ['Bianchi', 'Laura', 'F', '1974-09-12', 'A944', 'CRP', '2006-02-01', null, true],
    ['Rossi', 'Mario', 'M', '1982-06-14', 'A944', 'OPE', '2009-04-06'],
    ['Malaguti', 'Stefano', 'M', '1968-03-21', 'A944', 'OPE', '2005-01-10'],
    ['Tagliavini', 'Gianfranco', 'M', '1965-11-30', 'F257', 'MAN', '2005-03-01'],
    ['Zanardi', 'Paolo', 'M', '1971-07-08', 'A944', 'SAL', '2005-09-12'],
    ['Benassi', 'Roberto', 'M', '1970-02-17', 'E289', 'OPE', '2006-05-15'],
    ['Govoni', 'Daniele', 'M', '1979-12-03', 'D548', 'OPE', '2007-10-01'],
    ['Righi', 'Massimo', 'M', '1967-05-25', 'A944', 'MAN', '2007-01-08'],
    ['Montanari', 'Andrea', 'M', '1984-08-19', 'C573', 'OPE', '2010-03-01'],
    ['Guidetti', 'Simone', 'M', '1988-01-27', 'H223', 'SAL', '2011-06-06'],
    ['Lambertini', 'Giorgio', 'M', '1963-04-14', 'A944', 'OPE', '2005-06-20'],
    ['Esposito', 'Ciro', 'M', '1976-10-09', 'F839', 'OPE', '2008-09-01'],
    ["D'Angelo", 'Salvatore', 'M', '1981-02-22', 'F839', 'SAL', '2012-02-13'],
    ['Cavazza', 'Federico', 'M', '1990-09-05', 'A944', 'OPE', '2014-01-07'],
    ['Zucchini', 'Matteo', 'M', '1993-03-18', 'A944', 'OPE', '2016-09-05'],
    ['Fabbri', 'Niccolò', 'M', '1995-11-11', 'C573', 'OPE', '2018-04-03'],
    ['Bonfiglioli', 'Elena', 'F', '1986-06-29', 'A944', 'OPE', '2013-05-20'],
    ['Lenzi', 'Claudio', 'M', '1972-12-15', 'A944', 'OPE', '2006-11-06'],
    ['Ionescu', 'Andrei', 'M', '1985-04-02', 'Z129', 'OPE', '2015-03-02'],
    ['El Amrani', 'Youssef', 'M', '1989-07-23', 'Z330', 'OPE', '2017-10-16'],
    ['Golinelli', 'Luca', 'M', '1997-01-30', 'A944', 'MAN', '2019-02-04'],
    ['Gherardi', 'Sara', 'F', '1991-08-08', 'F257', 'OPE', '2019-09-09'],
    ['Vignoli', 'Alessandro', 'M', '1999-05-16', 'A944', 'OPE', '2021-03-01'],
    ['Tabellini', 'Nicolò', 'M', '2001-10-04', 'A944', 'OPE', '2022-06-13'],
    ['La Rosa', 'Giuseppe', 'M', '1975-03-13', 'G273', 'SAL', '2010-10-04'],
    ['Barbieri', 'Davide', 'M', '1983-09-27', 'G337', 'OPE', '2011-01-10'],
    ['Pancaldi', 'Riccardo', 'M', '2003-02-08', 'A944', 'OPE', '2024-09-02'],
    ['Marchesini', 'Fabio', 'M', '1978-06-01', 'A944', 'OPE', '2008-02-04', '2021-12-31'],
    ['Re', 'Marco', 'M', '1987-11-19', 'F205', 'OPE', '2020-01-13'],
    ['Zanetti', 'Emanuele', 'M', '2000-12-24', 'H199', 'OPE', '2023-04-17'],
  ]),
  ...rows('MAG', [
    ['Poggi', 'Franco', 'M', '1966-08-03', 'A944', 'CRP', '2005-02-14', null, true],
    ['Minarelli', 'Ivan', 'M', '1980-03-10', 'A944', 'MAG', '2009-06-08'],
    ['Baraldi', 'Cristian', 'M', '1992-05-05', 'F257', 'MAG', '2015-07-01'],
    ["Dall'Olio", 'Enrico', 'M', '1985-10-21', 'A944', 'MAG', '2012-09-03'],
    ['Russo', 'Antonio', 'M', '1973-01-16', 'A662', 'MAG', '2007-05-02'],
    ['Cocchi', 'Manuela', 'F', '1990-02-28', 'A944', 'MAG', '2018-01-08'],
    ['Tassinari', 'Michele', 'M', '1996-09-14', 'H199', 'MAG', '2020-10-05'],
    ['Bolognesi', 'Kevin', 'M', '2002-07-07', 'A944', 'MAG', '2025-02-03'],
  ]),
  ...rows('UTEC', [
    ['Venturi', 'Giovanni', 'M', '1969-04-04', 'A944', 'CRP', '2005-04-18', null, true],
    ['Melotti', 'Chiara', 'F', '1984-12-12', 'A944', 'PRG', '2010-01-11'],
    ['Zambelli', 'Federica', 'F', '1989-06-17', 'G337', 'PRG', '2014-09-15'],
    ['Castagnoli', 'Lorenzo', 'M', '1991-03-03', 'D612', 'PRG', '2016-02-01'],
    ['Pedrini', 'Tommaso', 'M', '1994-10-26', 'H223', 'PRG', '2019-05-06'],
    ['Sarti', 'Beatrice', 'F', '1998-08-21', 'A944', 'PRG', '2023-01-09'],
    ['Grandi', 'Alberto', 'M', '1976-05-09', 'L219', 'PRG', '2008-06-16'],
    ['Cremonini', 'Silvia', 'F', '1982-01-31', 'F257', 'IMP', '2013-11-04'],
  ]),
  ...rows('AMM', [
    ['Mazzoni', 'Patrizia', 'F', '1964-07-19', 'A944', 'RAM', '2005-05-02', null, true],
    ['Gamberini', 'Monica', 'F', '1977-02-11', 'A944', 'IMP', '2006-09-04'],
    ['Vitali', 'Francesca', 'F', '1985-03-27', 'C573', 'IMP', '2011-03-14'],
    ['Roversi', 'Giulia', 'F', '1993-11-02', 'A944', 'IMP', '2017-06-05'],
    ['Forni', 'Alessia', 'F', '1996-04-15', 'D548', 'IMP', '2021-09-13'],
    ['Bassi', 'Paola', 'F', '1970-10-10', 'A944', 'IMP', '2008-11-03'],
    ['Sorrentino', 'Anna', 'F', '1987-07-03', 'F839', 'IMP', '2015-01-12'],
  ]),
  ...rows('COMM', [
    ['Ferrari', 'Maurizio', 'M', '1966-01-20', 'F205', 'RCM', '2005-07-04', null, true],
    ['Magnani', 'Valentina', 'F', '1983-05-30', 'A944', 'VEN', '2009-10-12'],
    ['De Luca', 'Gabriele', 'M', '1986-12-05', 'H501', 'VEN', '2012-04-02'],
    ['Pellacani', 'Nicola', 'M', '1990-08-13', 'F257', 'VEN', '2016-05-16', '2024-05-31'],
    ['Zaccarelli', 'Martina', 'F', '1994-02-19', 'H223', 'VEN', '2018-10-01'],
    ['Casadei', 'Irene', 'F', '1997-06-24', 'C573', 'VEN', '2022-02-14'],
    ['Guidi', 'Elisa', 'F', '1979-09-09', 'A944', 'IMP', '2010-07-05'],
  ]),
];

/** The year the demo's hire and leaving dates are written for: the seed moves them by whole years to stay as old relative to now. */
const DEMO_YEAR = 2026;

/** A demo hire or leaving date as seen from `today`: the same day of the year, as many years before today as in DEMO_YEAR. */
export function demoDate(date: string, today: string): string {
  const y = Number(date.slice(0, 4)) + Number(today.slice(0, 4)) - DEMO_YEAR;
  const md = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${String(y).padStart(4, '0')}-${md}`;
}

/** Matricole are handed out in hiring order (ties broken by surname, then name). */
const RAW_IN_HIRING_ORDER: RawDipendente[] = [...RAW_DIPENDENTI].sort(
  (a, b) =>
    a.data_assunzione.localeCompare(b.data_assunzione) ||
    a.cognome.localeCompare(b.cognome, 'it') ||
    a.nome.localeCompare(b.nome, 'it'),
);

const FIRST_MATRICOLA = 101;

function buildDipendenti(): { list: SeedDipendente[]; raw: Map<string, RawDipendente> } {
  const cdcOf = new Map(REPARTI_BASE.map((r) => [r.codice, r.cdc]));
  const usedEmails = new Set<string>();
  const raw = new Map<string, RawDipendente>();
  const list = RAW_IN_HIRING_ORDER.map((r, i): SeedDipendente => {
    const matricola = String(FIRST_MATRICOLA + i).padStart(6, '0');
    const local = `${emailPart(r.nome)}.${emailPart(r.cognome)}`;
    let email = `${local}@${EMAIL_DOMAIN}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@${EMAIL_DOMAIN}`;
    usedEmails.add(email);
    raw.set(matricola, r);
    return {
      matricola,
      cognome: r.cognome,
      nome: r.nome,
      sesso: r.sesso,
      data_nascita: r.data_nascita,
      codice_fiscale: codiceFiscale(r),
      email,
      reparto: r.reparto,
      cdc: cdcOf.get(r.reparto) ?? '',
      mansione: r.mansione,
      data_assunzione: r.data_assunzione,
      data_cessazione: r.data_cessazione,
      badge: `B${matricola.slice(-4)}`,
    };
  });
  return { list, raw };
}

const BUILT = buildDipendenti();

export const DIPENDENTI: SeedDipendente[] = BUILT.list;

function matricolaOf(cognome: string, nome: string): string {
  const found = DIPENDENTI.find((d) => d.cognome === cognome && d.nome === nome);
  return found ? found.matricola : '';
}

export const REPARTI: SeedReparto[] = REPARTI_BASE.map((r) => {
  const manager = RAW_DIPENDENTI.find((d) => d.reparto === r.codice && d.responsabile);
  return { ...r, responsabile: manager ? matricolaOf(manager.cognome, manager.nome) : '' };
});

/** Employees the demo users are linked to. */
export const DEMO_MATRICOLE = {
  /** Laura Bianchi, Capo reparto and responsabile of Produzione. */
  laura: matricolaOf('Bianchi', 'Laura'),
  /** Mario Rossi, Operaio in Produzione. */
  mario: matricolaOf('Rossi', 'Mario'),
  /** Francesca Vitali, Impiegata in Amministrazione (HR / personnel office). */
  personale: matricolaOf('Vitali', 'Francesca'),
};

// ---------------------------------------------------------------------------
// Self-check
// ---------------------------------------------------------------------------

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}

function yearsBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) return NaN;
  let years = b.y - a.y;
  if (b.m < a.m || (b.m === a.m && b.d < a.d)) years--;
  return years;
}

/** Consistency problems in the demo data; empty when all is well. */
export function demoDataProblems(): string[] {
  const problems: string[] = [];

  if (!isValidPartitaIva(AZIENDA.partita_iva)) problems.push(`AZIENDA: invalid partita IVA ${AZIENDA.partita_iva}`);

  for (const [name, codes] of [
    ['CENTRI_COSTO', CENTRI_COSTO.map((c) => c.codice)],
    ['REPARTI', REPARTI.map((r) => r.codice)],
    ['MANSIONI', MANSIONI.map((m) => m.codice)],
    ['TIPI_DOCUMENTO', TIPI_DOCUMENTO.map((t) => t.codice)],
  ] as const) {
    for (const c of duplicates([...codes])) problems.push(`${name}: duplicate codice ${c}`);
    for (const c of codes) if (!/^[A-Z0-9]{2,20}$/.test(c)) problems.push(`${name}: bad codice "${c}"`);
  }

  const cdcCodes = new Set(CENTRI_COSTO.map((c) => c.codice));
  const repartoCodes = new Set(REPARTI.map((r) => r.codice));
  const mansioneCodes = new Set(MANSIONI.map((m) => m.codice));
  const byMatricola = new Map(DIPENDENTI.map((d) => [d.matricola, d]));

  for (const r of REPARTI) {
    if (!cdcCodes.has(r.cdc)) problems.push(`reparto ${r.codice}: unknown cdc ${r.cdc}`);
    const manager = byMatricola.get(r.responsabile);
    if (!manager) {
      problems.push(`reparto ${r.codice}: responsabile "${r.responsabile}" is not an employee`);
      continue;
    }
    if (manager.reparto !== r.codice) problems.push(`reparto ${r.codice}: responsabile ${r.responsabile} belongs to ${manager.reparto}`);
    if (manager.data_cessazione) problems.push(`reparto ${r.codice}: responsabile ${r.responsabile} has left the company`);
  }

  for (const field of ['matricola', 'email', 'codice_fiscale', 'badge'] as const) {
    for (const v of duplicates(DIPENDENTI.map((d) => d[field]))) problems.push(`duplicate ${field} ${v}`);
  }

  const repartoCdc = new Map(REPARTI.map((r) => [r.codice, r.cdc]));
  for (const d of DIPENDENTI) {
    const who = `${d.matricola} ${d.nome} ${d.cognome}`;
    if (!/^\d{6}$/.test(d.matricola)) problems.push(`${who}: bad matricola`);
    if (!/^B\d{4}$/.test(d.badge)) problems.push(`${who}: bad badge ${d.badge}`);
    if (!isValidCodiceFiscale(d.codice_fiscale)) problems.push(`${who}: invalid codice fiscale ${d.codice_fiscale}`);
    const raw = BUILT.raw.get(d.matricola);
    if (!raw) problems.push(`${who}: no source row`);
    else {
      let expected = '';
      try {
        expected = codiceFiscale({ ...d, comune: raw.comune });
      } catch (e) {
        problems.push(`${who}: ${(e as Error).message}`);
      }
      if (expected && expected !== d.codice_fiscale) problems.push(`${who}: codice fiscale ${d.codice_fiscale} should be ${expected}`);
    }
    if (!/^[a-z]+\.[a-z]+\d*@officinerossi\.it$/.test(d.email)) problems.push(`${who}: bad email ${d.email}`);
    if (!repartoCodes.has(d.reparto)) problems.push(`${who}: unknown reparto ${d.reparto}`);
    if (!cdcCodes.has(d.cdc)) problems.push(`${who}: unknown cdc ${d.cdc}`);
    else if (repartoCdc.get(d.reparto) !== d.cdc) problems.push(`${who}: cdc ${d.cdc} differs from the reparto's`);
    if (!mansioneCodes.has(d.mansione)) problems.push(`${who}: unknown mansione ${d.mansione}`);
    if (d.sesso !== 'M' && d.sesso !== 'F') problems.push(`${who}: bad sesso`);

    const nascita = parseIsoDate(d.data_nascita);
    const assunzione = parseIsoDate(d.data_assunzione);
    if (!nascita) problems.push(`${who}: bad data_nascita ${d.data_nascita}`);
    else if (nascita.y < 1960 || nascita.y > 2003) problems.push(`${who}: data_nascita ${d.data_nascita} outside 1960–2003`);
    if (!assunzione) problems.push(`${who}: bad data_assunzione ${d.data_assunzione}`);
    else if (assunzione.y < 2005 || assunzione.y > 2025) problems.push(`${who}: data_assunzione ${d.data_assunzione} outside 2005–2025`);
    if (nascita && assunzione && yearsBetween(d.data_nascita, d.data_assunzione) < 18) problems.push(`${who}: under 18 when hired`);
    if (d.data_cessazione !== null) {
      if (!parseIsoDate(d.data_cessazione)) problems.push(`${who}: bad data_cessazione ${d.data_cessazione}`);
      else if (d.data_cessazione <= d.data_assunzione) problems.push(`${who}: data_cessazione not after data_assunzione`);
    }
  }

  const laura = byMatricola.get(DEMO_MATRICOLE.laura);
  if (!laura || laura.nome !== 'Laura' || laura.cognome !== 'Bianchi' || laura.sesso !== 'F' || laura.reparto !== 'PROD' || laura.mansione !== 'CRP')
    problems.push('DEMO_MATRICOLE.laura: not Laura Bianchi (F), Capo reparto in Produzione');
  if (REPARTI.find((r) => r.codice === 'PROD')?.responsabile !== DEMO_MATRICOLE.laura)
    problems.push('DEMO_MATRICOLE.laura: not the responsabile of Produzione');
  const mario = byMatricola.get(DEMO_MATRICOLE.mario);
  if (!mario || mario.nome !== 'Mario' || mario.cognome !== 'Rossi' || mario.sesso !== 'M' || mario.reparto !== 'PROD' || mario.mansione !== 'OPE')
    problems.push('DEMO_MATRICOLE.mario: not Mario Rossi (M), Operaio in Produzione');
  const personale = byMatricola.get(DEMO_MATRICOLE.personale);
  if (!personale || personale.reparto !== 'AMM' || personale.data_cessazione)
    problems.push('DEMO_MATRICOLE.personale: not an active Amministrazione employee');

  return problems;
}
