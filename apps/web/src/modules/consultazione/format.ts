/** Pure helpers of the consultation screens: minutes as h:mm, months, pivots, chart scales. */
import type { TAssenzaCdc } from '@tulip/contract';

/** Integer minutes -> "h:mm" (510 -> "8:30", -90 -> "-1:30"); empty for null, and for 0 when blankZero. */
export function formatMinuti(value: number | null | undefined, blankZero = false): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const m = Math.round(value);
  if (m === 0 && blankZero) return '';
  const abs = Math.abs(m);
  return `${m < 0 ? '-' : ''}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** Minutes as decimal hours for spreadsheets (510 -> 8.5). */
export function oreDecimali(value: number | null | undefined): number {
  return value ? Math.round((value / 60) * 100) / 100 : 0;
}

/** "YYYY-MM" of a date, and the month before/after. */
export function shiftMese(mese: string, delta: number): string {
  const [y, m] = mese.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function isMese(value: string | null | undefined): value is string {
  return !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

export type CdcPivot = {
  /** Causali in order of total minutes (largest first). */
  causali: string[];
  righe: { key: string; cdc: string; celle: Record<string, { giorni: number; minuti: number }>; giorni: number; minuti: number }[];
  totali: { celle: Record<string, { giorni: number; minuti: number }>; giorni: number; minuti: number };
};

/** [{cdc, codice, giorni, minuti}] -> one row per cost centre with a cell per causale, plus totals. */
export function pivotCdc(rows: Pick<TAssenzaCdc, 'cdc_id' | 'cdc_descrizione' | 'codice' | 'giorni' | 'minuti'>[], senzaCdc: string): CdcPivot {
  const perCausale = new Map<string, number>();
  const byCdc = new Map<string, CdcPivot['righe'][number]>();
  const totali: CdcPivot['totali'] = { celle: {}, giorni: 0, minuti: 0 };
  for (const r of rows) {
    const key = r.cdc_id === null || r.cdc_id === undefined ? 'none' : String(r.cdc_id);
    let row = byCdc.get(key);
    if (!row) {
      row = { key, cdc: r.cdc_descrizione || senzaCdc, celle: {}, giorni: 0, minuti: 0 };
      byCdc.set(key, row);
    }
    const giorni = Number(r.giorni) || 0;
    const minuti = Number(r.minuti) || 0;
    const cell = (row.celle[r.codice] ??= { giorni: 0, minuti: 0 });
    cell.giorni += giorni;
    cell.minuti += minuti;
    row.giorni += giorni;
    row.minuti += minuti;
    const tot = (totali.celle[r.codice] ??= { giorni: 0, minuti: 0 });
    tot.giorni += giorni;
    tot.minuti += minuti;
    totali.giorni += giorni;
    totali.minuti += minuti;
    perCausale.set(r.codice, (perCausale.get(r.codice) ?? 0) + minuti + giorni);
  }
  const causali = [...perCausale.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
  const righe = [...byCdc.values()].sort((a, b) => b.minuti - a.minuti || a.cdc.localeCompare(b.cdc));
  return { causali, righe, totali };
}

/** A round axis maximum (1, 2, 2.5, 5 x 10^n) at or above the value, and its tick step. */
export function niceScale(max: number, ticks = 5): { max: number; step: number } {
  if (!(max > 0)) return { max: 1, step: 1 };
  const raw = max / ticks;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((k) => k * pow).find((s) => s >= raw) ?? 10 * pow;
  return { max: Math.ceil(max / step) * step, step };
}
