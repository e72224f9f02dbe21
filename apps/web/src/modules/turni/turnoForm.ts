/** Shift form values <-> ZTurno body (wire 'HH:mm' bands). */
import { dayjs, type Dayjs } from '../../platform/formats';
import type { TurnoRow } from './shifts';

export type FasciaValues = { inizio: Dayjs | null; fine: Dayjs | null };
export type TurnoFormValues = {
  codice?: string;
  descrizione?: string;
  colore?: string;
  fasce?: FasciaValues[];
  minuti_teorici?: number | null;
  flessibilita?: number | null;
  tolleranza?: number | null;
  arrotondamento_entrata?: number | null;
  arrotondamento_uscita?: number | null;
  soglia_straordinario?: number | null;
  blocco_straordinario?: number | null;
  pausa_minima?: number | null;
  pausa_retribuita?: number | null;
  notturno_inizio?: Dayjs | null;
  notturno_fine?: Dayjs | null;
};

export const RULES = [
  { name: 'flessibilita', max: 240 },
  { name: 'tolleranza', max: 120 },
  { name: 'arrotondamento_entrata', max: 60 },
  { name: 'arrotondamento_uscita', max: 60 },
  { name: 'soglia_straordinario', max: 480 },
  { name: 'blocco_straordinario', max: 240 },
  { name: 'pausa_minima', max: 240 },
  { name: 'pausa_retribuita', max: 120 },
] as const;

export const hm = (s: string | null | undefined): Dayjs | null => (s && /^\d{2}:\d{2}/.test(s) ? dayjs(`2000-01-01T${s.slice(0, 5)}`) : null);
// a time field may hold a wrong time as typed (components/TimeField.tsx): that is no time here
export const fmtHm = (d: Dayjs | null | undefined): string => (dayjs.isDayjs(d) && d.isValid() ? d.format('HH:mm') : '');

export function toValues(row: Partial<TurnoRow> | null | undefined): TurnoFormValues {
  const fasce = Array.isArray(row?.fasce) && row.fasce.length ? row.fasce : [{ inizio: '', fine: '' }];
  return {
    codice: row?.codice ?? '',
    descrizione: row?.descrizione ?? '',
    colore: row?.colore ?? '#1677ff',
    fasce: fasce.map((f) => ({ inizio: hm(f.inizio), fine: hm(f.fine) })),
    minuti_teorici: row?.minuti_teorici ?? null,
    flessibilita: row?.flessibilita ?? 0,
    tolleranza: row?.tolleranza ?? 0,
    arrotondamento_entrata: row?.arrotondamento_entrata ?? 0,
    arrotondamento_uscita: row?.arrotondamento_uscita ?? 0,
    soglia_straordinario: row?.soglia_straordinario ?? 0,
    blocco_straordinario: row?.blocco_straordinario ?? 0,
    pausa_minima: row?.pausa_minima ?? 0,
    pausa_retribuita: row?.pausa_retribuita ?? 0,
    notturno_inizio: hm(row?.notturno?.inizio ?? '22:00'),
    notturno_fine: hm(row?.notturno?.fine ?? '06:00'),
  };
}

/** Form values -> ZTurno body (wire 'HH:mm'; empty optional numbers -> defaults). */
export function turnoBody(v: TurnoFormValues | undefined): Record<string, unknown> {
  const num = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  return {
    codice: (v?.codice ?? '').trim(),
    descrizione: (v?.descrizione ?? '').trim(),
    colore: v?.colore || '#1677ff',
    fasce: (v?.fasce ?? []).map((f) => ({ inizio: fmtHm(f?.inizio), fine: fmtHm(f?.fine) })),
    minuti_teorici: typeof v?.minuti_teorici === 'number' ? v.minuti_teorici : null,
    ...Object.fromEntries(RULES.map((r) => [r.name, num(v?.[r.name])])),
    notturno: { inizio: fmtHm(v?.notturno_inizio) || '22:00', fine: fmtHm(v?.notturno_fine) || '06:00' },
  };
}

/** zod issue path -> antd form name path. */
export function formPath(path: PropertyKey[]): (string | number)[] {
  if (path[0] === 'notturno') return [path[1] === 'fine' ? 'notturno_fine' : 'notturno_inizio'];
  return path.map((p) => (typeof p === 'number' ? p : String(p)));
}

