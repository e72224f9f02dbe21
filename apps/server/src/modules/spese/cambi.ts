/**
 * Exchange rates (issue #16): units of a currency per 1 EUR by day, as the ECB publishes them. An expense takes the
 * latest rate on or before its date; the ECB's reference-rate CSV (`Date,USD,JPY,...`) is imported previewed, all rows
 * or none; with TULIP_FX_URL set, a daily job fetches that file.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { decimaleScalato, isRealDate, testoDecimale } from '@tulip/contract';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { cambi, valute } from './tables';

/** The rate of a currency for an expense's date: the latest on or before it, and whether it is older than every later day (no newer rate exists). */
export async function rateFor(db: Db, valuta: string, data: string): Promise<{ cambio: string; data: string | null; provvisorio: boolean }> {
  const [v] = await db.select({ codice: valute.codice }).from(valute).where(eq(valute.codice, valuta));
  if (!v) throw new AppError(400, 'avvisi.valuta_sconosciuta', { valuta });
  if (valuta === 'EUR') return { cambio: '1.000000', data: null, provvisorio: false };
  const [r] = await db.select().from(cambi).where(and(eq(cambi.valuta, valuta), lte(cambi.data, data))).orderBy(desc(cambi.data)).limit(1);
  if (!r) throw new AppError(400, 'avvisi.cambio_mancante', { valuta, data: `${data.slice(8, 10)}/${data.slice(5, 7)}/${data.slice(0, 4)}` });
  if (r.data === data) return { cambio: r.cambio, data: r.data, provvisorio: false };
  const [newer] = await db.select({ data: cambi.data }).from(cambi).where(and(eq(cambi.valuta, valuta), gte(cambi.data, data))).limit(1);
  return { cambio: r.cambio, data: r.data, provvisorio: !newer };
}

export async function listRates(db: Db, valuta: string, q: { dal?: string; al?: string; page: number; size: number }) {
  const [v] = await db.select({ codice: valute.codice }).from(valute).where(eq(valute.codice, valuta));
  if (!v) throw new AppError(404, 'avvisi.not_found');
  const where = and(eq(cambi.valuta, valuta), q.dal ? gte(cambi.data, q.dal) : undefined, q.al ? lte(cambi.data, q.al) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(cambi).where(where).orderBy(desc(cambi.data)).limit(q.size).offset((q.page - 1) * q.size),
    db.select({ n: sql<number>`count(*)::int` }).from(cambi).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function saveRate(db: Db, user: CurrentUser, valuta: string, b: { data: string; cambio: string }) {
  const [v] = await db.select().from(valute).where(eq(valute.codice, valuta));
  if (!v) throw new AppError(404, 'avvisi.not_found');
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const [prima] = await tx.select().from(cambi).where(and(eq(cambi.valuta, valuta), eq(cambi.data, b.data)));
    const [row] = await tx
      .insert(cambi)
      .values({ valuta, data: b.data, cambio: b.cambio })
      .onConflictDoUpdate({ target: [cambi.valuta, cambi.data], set: { cambio: b.cambio } })
      .returning();
    await audit(tx, user, { entita: 'cambi', entita_id: `${valuta}:${b.data}`, azione: prima ? 'update' : 'create', prima: prima ?? null, dopo: row });
    return row;
  });
}

type Parsed = { data: string; valuta: string; cambio: string };

/** The ECB's CSV: a header `Date,USD,JPY,...` (spaces and a trailing comma allowed), a row per day, "N/A" where none. */
export function parseEcb(testo: string, known: Set<string>) {
  const lines = testo.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  const errori: { riga: number; campi: Record<string, string> }[] = [];
  const out: Parsed[] = [];
  const head = (lines[0] ?? '').split(',').map((c) => c.trim());
  if (!/^date$/i.test(head[0] ?? '')) return { out, errori: [{ riga: 1, campi: { Date: 'avvisi.intestazione_bce' } }], valute: [], ignorate: [], righe: 0 };
  const cols = head.slice(1).map((c, i) => ({ i: i + 1, code: c.toUpperCase() })).filter((c) => c.code !== '');
  const bad = cols.filter((c) => !/^[A-Z]{3}$/.test(c.code));
  if (bad.length) errori.push({ riga: 1, campi: Object.fromEntries(bad.map((c) => [c.code, 'avvisi.valuta_non_valida'])) });
  const used = cols.filter((c) => /^[A-Z]{3}$/.test(c.code) && known.has(c.code) && c.code !== 'EUR');
  const ignorate = cols.filter((c) => /^[A-Z]{3}$/.test(c.code) && !known.has(c.code)).map((c) => c.code);
  const seen = new Set<string>();
  // the ECB ends its lines with a comma: one empty last cell is not a column
  const width = (cells: string[]) => (cells.length > 1 && cells.at(-1) === '' ? cells.length - 1 : cells.length);
  for (let n = 1; n < lines.length; n++) {
    const cells = lines[n].split(',').map((c) => c.trim());
    const campi: Record<string, string> = Object.create(null); // keys are the file's column names
    // a decimal comma or a missing cell shifts every value after it: the line is refused, not read askew
    if (width(cells) !== width(head)) {
      errori.push({ riga: n + 1, campi: { Date: 'avvisi.colonne_bce' } });
      continue;
    }
    const data = cells[0] ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(data) || !isRealDate(data)) campi.Date = 'avvisi.data_non_valida';
    else if (seen.has(data)) campi.Date = 'avvisi.data_ripetuta';
    seen.add(data);
    for (const c of used) {
      const v = cells[c.i] ?? '';
      if (v === '' || /^n\/?a$/i.test(v)) continue;
      const scaled = /^\d+(\.\d+)?$/.test(v) ? decimaleScalato(v, 6) : null;
      if (scaled === null || scaled === 0n) campi[c.code] = 'avvisi.decimale_non_valido';
      else if (!campi.Date) out.push({ data, valuta: c.code, cambio: testoDecimale(scaled, 6) });
    }
    if (Object.keys(campi).length) errori.push({ riga: n + 1, campi });
  }
  return { out, errori, valute: used.map((c) => c.code), ignorate, righe: lines.length - 1 };
}

/** Previews an ECB file; with `conferma` and no error, stores every rate (a day already stored is corrected), audited. */
export async function importEcb(db: Db, user: CurrentUser | null, testo: string, conferma: boolean) {
  const known = new Set((await db.select({ codice: valute.codice }).from(valute)).map((v) => v.codice));
  const p = parseEcb(testo, known);
  const esito = { righe: p.righe, cambi: p.out.length, valute: p.valute, ignorate: p.ignorate, errori: p.errori, importati: false };
  if (conferma && p.errori.length) throw new AppError(400, 'avvisi.import_errori', { righe: p.righe, count: p.errori.length, errori: p.errori });
  if (!conferma || !p.out.length) return esito;
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    for (let i = 0; i < p.out.length; i += 500) {
      await tx
        .insert(cambi)
        .values(p.out.slice(i, i + 500))
        .onConflictDoUpdate({ target: [cambi.valuta, cambi.data], set: { cambio: sql`excluded.cambio` } });
    }
    await audit(tx, user, { entita: 'cambi', azione: 'import', dopo: { cambi: p.out.length, valute: p.valute } });
  });
  return { ...esito, importati: true };
}

/** The daily job: fetches the ECB file from TULIP_FX_URL and imports it; a broken file is logged and nothing is stored. */
export async function fetchRates(db: Db, url: string) {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`TULIP_FX_URL: HTTP ${res.status}`);
  const testo = await res.text();
  const anteprima = await importEcb(db, null, testo, false);
  if (anteprima.errori.length) throw new Error(`TULIP_FX_URL: ${anteprima.errori.length} righe non valide, nessun cambio importato`);
  return importEcb(db, null, testo, true);
}

/** The latest rate of each currency, for the currencies' list. */
export async function latestRates(db: Db, codici: string[]) {
  if (!codici.length) return new Map<string, { cambio: string; data: string }>();
  const rows = await db
    .selectDistinctOn([cambi.valuta], { valuta: cambi.valuta, cambio: cambi.cambio, data: cambi.data })
    .from(cambi)
    .where(inArray(cambi.valuta, codici))
    .orderBy(asc(cambi.valuta), desc(cambi.data));
  return new Map(rows.map((r) => [r.valuta, { cambio: r.cambio, data: r.data }]));
}
