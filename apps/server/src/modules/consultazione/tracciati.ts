/**
 * Payroll layouts (issue #31 §4): the month's movements (exports.ts, by kind) written as a payroll package reads them,
 * CSV or fixed width, with the package's voice codes, company code and employee codes. The two examples every
 * installation starts with are described field by field in the README ("Tracciati paghe").
 */
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import type { TCampoTracciato, TTracciato } from '@tulip/contract';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { assertMonthClosed } from './service';
import { defaultVoices, payrollCompanyCode, payrollMovements, type PayrollMovement } from './exports';
import { tracciatiPaghe } from './tables';

/** A stored layout, as the writer reads it. */
export type Tracciato = Omit<TTracciato, 'codice_azienda'> & { codice_azienda?: string | null };

/** One line of the file: what each field of a record may write. */
type Record_ = { azienda: string; dipendente: string; voce: string; data: string; minuti?: number; importo_centesimi?: number };

const NUMERIC = new Set(['ore', 'importo']);

function formatDate(iso: string, formato: string): string {
  const [a, m, g] = iso.split('-');
  switch (formato) {
    case 'GGMMAAAA': return `${g}${m}${a}`;
    case 'GG/MM/AAAA': return `${g}/${m}/${a}`;
    case 'AAAA-MM-GG': return iso;
    default: return `${a}${m}${g}`;
  }
}

function formatHours(minuti: number, formato: string): string {
  if (formato === 'minuti') return String(minuti);
  // hundredths of an hour, rounded per record (7h20 = 733): the package adds them up as it reads them
  if (formato === 'centesimi') return String(Math.round((minuti * 100) / 60));
  return `${Math.floor(minuti / 60)},${String(minuti % 60).padStart(2, '0')}`;
}

function formatAmount(cents: number, formato: string): string {
  if (formato !== 'decimale') return String(cents);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** A field's text for a record: empty where the record has nothing for it (an hours record's amount). */
function valueOf(c: TCampoTracciato, r: Record_): string {
  switch (c.tipo) {
    case 'codice_azienda': return r.azienda;
    case 'codice_dipendente': return r.dipendente;
    case 'codice_voce': return r.voce;
    case 'data': return formatDate(r.data, c.formato ?? 'AAAAMMGG');
    case 'ore': return r.minuti === undefined ? '' : formatHours(r.minuti, c.formato ?? 'hh,mm');
    case 'importo': return r.importo_centesimi === undefined ? '' : formatAmount(r.importo_centesimi, c.formato ?? 'centesimi');
    default: return c.valore ?? '';
  }
}

/**
 * A value in its columns: aligned (numbers right by default) and padded with spaces or zeros; a negative number
 * padded with zeros keeps its sign first (-0001250). Wider than its field: 400, never cut (a payroll file that
 * silently loses digits pays someone the wrong amount).
 */
function place(c: TCampoTracciato, value: string, i: number, r: Record_): string {
  const len = c.lunghezza ?? value.length;
  if (value.length > len) {
    throw new AppError(400, 'avvisi.tracciato_valore_lungo', { campo: i + 1, tipo: c.tipo, valore: value, lunghezza: len, matricola: r.dipendente, data: r.data });
  }
  const fill = c.riempimento === 'zero' ? '0' : ' ';
  if (!value) return fill.repeat(len);
  const right = (c.allineamento ?? (NUMERIC.has(c.tipo) ? 'destra' : 'sinistra')) === 'destra';
  if (!right) return value.padEnd(len, fill);
  if (fill === '0' && value.startsWith('-')) return `-${value.slice(1).padStart(len - 1, '0')}`;
  return value.padStart(len, fill);
}

/** The file's text, lines ended by CRLF (what payroll packages on Windows read). */
export function writeLayout(t: Tracciato, records: Record_[]): string {
  if (t.tipo === 'fisso') {
    const width = Math.max(...t.campi.map((c) => (c.inizio ?? 1) + (c.lunghezza ?? 0) - 1));
    const lines = records.map((r) => {
      const line = Array.from({ length: width }, () => ' ');
      t.campi.forEach((c, i) => {
        const text = place(c, valueOf(c, r), i, r);
        for (let k = 0; k < text.length; k++) line[(c.inizio ?? 1) - 1 + k] = text[k];
      });
      return line.join('');
    });
    return lines.map((l) => `${l}\r\n`).join('');
  }
  const rows = records.map((r) => t.campi.map((c) => valueOf(c, r)));
  const header = t.campi.map((c) => c.intestazione || c.tipo);
  // papaparse quotes a value that holds the separator, a quote or a line break
  const csv = Papa.unparse({ fields: header, data: rows }, { delimiter: t.separatore === 'TAB' ? '\t' : (t.separatore ?? ';'), newline: '\r\n', header: !!t.intestazione, quotes: false });
  return csv ? `${csv}\r\n` : '';
}

/** The text in the layout's encoding: ISO-8859-1 writes a character it lacks as "?". */
function encode(text: string, codifica: string): Buffer {
  if (codifica !== 'iso-8859-1') return Buffer.from(text, 'utf8');
  return Buffer.from(Array.from(text, (ch) => ((ch.codePointAt(0) ?? 0) > 0xff ? '?' : ch)).join(''), 'latin1');
}

/** The layout's kind → voice code, over today's codes for the kinds it does not map. */
export function voiceOf(t: Pick<Tracciato, 'mappatura'>, fallback: (m: Pick<PayrollMovement, 'gruppo' | 'genere'>) => string) {
  const mapped = new Map(t.mappatura.map((m) => [`${m.gruppo}|${m.genere}`, m.voce]));
  return (m: Pick<PayrollMovement, 'gruppo' | 'genere'>) => mapped.get(`${m.gruppo}|${m.genere}`) ?? fallback(m);
}

export async function readLayout(db: Db, id: number): Promise<Tracciato & { id: number }> {
  const [row] = await db.select().from(tracciatiPaghe).where(eq(tracciatiPaghe.id, id));
  if (!row) throw notFound();
  return row as Tracciato & { id: number };
}

/**
 * The month's payroll file in a layout: the layout must exist (404) and the month be closed (409); the employees in
 * the user's scope, audited as the payroll export is.
 */
export async function layoutExport(db: Db, tz: string, user: CurrentUser, mese: string, id: number) {
  const t = await readLayout(db, id);
  await assertMonthClosed(db, mese);
  const movements = await payrollMovements(db, tz, user, mese);
  const voce = voiceOf(t, await defaultVoices(db));
  const azienda = t.codice_azienda || (await payrollCompanyCode(db));
  const codici = new Map(t.codici_dipendenti.map((d) => [d.matricola, d.codice]));
  const records = movements.map((m) => ({ azienda, dipendente: codici.get(m.matricola) ?? m.matricola, voce: voce(m), data: m.data, minuti: m.minuti, importo_centesimi: m.importo_centesimi }));
  const body = encode(writeLayout(t, records), t.codifica);
  await audit(db, user, { entita: 'paghe', entita_id: mese, azione: 'export_tracciato', dopo: { tracciato: t.id, nome: t.nome, record: records.length } });
  const slug = t.nome.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'tracciato';
  const csv = t.tipo === 'csv';
  return {
    filename: `paghe-${azienda.replace(/[^A-Za-z0-9_-]/g, '')}-${mese}-${slug}.${csv ? 'csv' : 'txt'}`,
    contentType: `${csv ? 'text/csv' : 'text/plain'}; charset=${t.codifica}`,
    body,
  };
}

// ---- the examples every installation starts with ---------------------------------------------------------------

/** The two documented examples (README, "Tracciati paghe"). Unmapped kinds keep today's codes. */
export const TRACCIATI_ESEMPIO: (TTracciato & { separatore: string; intestazione: boolean; codice_azienda: string | null })[] = [
  {
    nome: 'Esempio tracciato CSV', tipo: 'csv', separatore: ';', intestazione: true, codifica: 'utf-8', codice_azienda: null,
    campi: [
      { tipo: 'codice_azienda', intestazione: 'AZIENDA' },
      { tipo: 'codice_dipendente', intestazione: 'DIPENDENTE' },
      { tipo: 'data', intestazione: 'DATA', formato: 'GG/MM/AAAA' },
      { tipo: 'codice_voce', intestazione: 'VOCE' },
      { tipo: 'ore', intestazione: 'ORE', formato: 'hh,mm' },
      { tipo: 'importo', intestazione: 'IMPORTO', formato: 'decimale' },
    ],
    mappatura: [
      { gruppo: 'ore', genere: 'ordinari', voce: '0100' },
      { gruppo: 'ore', genere: 'straordinari', voce: '0200' },
      { gruppo: 'ore', genere: 'notturni', voce: '0300' },
      { gruppo: 'ore', genere: 'festivi', voce: '0400' },
    ],
    codici_dipendenti: [],
  },
  {
    nome: 'Esempio tracciato fisso', tipo: 'fisso', separatore: ';', intestazione: false, codifica: 'iso-8859-1', codice_azienda: null,
    campi: [
      { tipo: 'codice_azienda', inizio: 1, lunghezza: 6, allineamento: 'destra', riempimento: 'zero' },
      { tipo: 'codice_dipendente', inizio: 7, lunghezza: 8, allineamento: 'destra', riempimento: 'zero' },
      { tipo: 'data', inizio: 15, lunghezza: 8, formato: 'AAAAMMGG' },
      // 12 columns: the unmapped kinds keep today's codes, an expense type's up to 11 characters (RS_TRASPORT)
      { tipo: 'codice_voce', inizio: 23, lunghezza: 12, allineamento: 'sinistra', riempimento: 'spazio' },
      { tipo: 'ore', inizio: 35, lunghezza: 6, formato: 'centesimi', allineamento: 'destra', riempimento: 'zero' },
      { tipo: 'importo', inizio: 41, lunghezza: 9, formato: 'centesimi', allineamento: 'destra', riempimento: 'zero' },
    ],
    mappatura: [
      { gruppo: 'ore', genere: 'ordinari', voce: 'O01' },
      { gruppo: 'ore', genere: 'straordinari', voce: 'S01' },
      { gruppo: 'ore', genere: 'notturni', voce: 'N01' },
      { gruppo: 'ore', genere: 'festivi', voce: 'F01' },
    ],
    codici_dipendenti: [],
  },
];

/** The examples, added when missing (by name): an administrator's changes stay. */
export async function seedTracciati(db: Db) {
  await db.insert(tracciatiPaghe).values(TRACCIATI_ESEMPIO).onConflictDoNothing();
}
