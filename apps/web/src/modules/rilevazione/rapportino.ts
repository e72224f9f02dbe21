/**
 * The daily work report's form (RapportinoPage.tsx), its pure part (unit-tested in rapportino.test.ts): the form's
 * values from a saved report and back to the contract's body (times 'HH:mm', minutes, quantities with decimals), the
 * lines' minutes, and where a schema's issue belongs on the form.
 */
import type { TRapportinoInput, TRapportinoRow } from '@tulip/contract';
import { dayjs, type Dayjs } from '../../platform/formats';
import { isInvalidTime, type InvalidTime } from '../../components/formRules';

export type OraCampo = Dayjs | InvalidTime | null | undefined;
export type StatoRapportino = TRapportinoRow['stato'];

/** One activity as the form holds it. */
export type RigaValori = { commessa_id?: number | null; fase_id?: number | null; inizio?: OraCampo; fine?: OraCampo; descrizione?: string | null };
export type MaterialeValori = { descrizione?: string | null; quantita?: number | null; unita?: string | null };

/** The report as the form holds it. */
export type RapportinoValori = {
  dipendente_id?: number | null;
  data?: Dayjs | null;
  cliente_id?: number | null;
  sito?: string | null;
  commessa_id?: number | null;
  km?: number | null;
  minuti_viaggio?: number | null;
  note?: string | null;
  righe?: RigaValori[];
  materiali?: MaterialeValori[];
};

/** 'HH:mm' -> a time of the form's fields (on a fixed day: only the time counts). */
export const oraDaTesto = (s: string | null | undefined): Dayjs | null => (s && /^\d{2}:\d{2}/.test(s) ? dayjs(`2000-01-01T${s.slice(0, 5)}`) : null);

/** A time field's value -> 'HH:mm'; null when empty or not a time. */
export const testoDaOra = (v: OraCampo): string | null => (dayjs.isDayjs(v) && v.isValid() ? v.format('HH:mm') : null);

/** Minutes from one 'HH:mm' to another; null when either is missing or the end does not follow the start. */
export function minutiTra(inizio: OraCampo, fine: OraCampo): number | null {
  const a = testoDaOra(inizio);
  const b = testoDaOra(fine);
  if (!a || !b) return null;
  const m = Number(b.slice(0, 2)) * 60 + Number(b.slice(3)) - (Number(a.slice(0, 2)) * 60 + Number(a.slice(3)));
  return m > 0 ? m : null;
}

/** True when both times are there and the end is not after the start. */
export const fineNonDopoInizio = (inizio: OraCampo, fine: OraCampo) => !!testoDaOra(inizio) && !!testoDaOra(fine) && minutiTra(inizio, fine) === null;

/** A new report: today, one empty activity; whose it is (a manager's for someone of theirs), or the caller's. */
export function valoriNuovo(oggi: string, dipendenteId?: number | null): RapportinoValori {
  return { dipendente_id: dipendenteId ?? null, data: dayjs(oggi), righe: [{}], materiali: [], km: null, minuti_viaggio: null };
}

/** A saved report -> the form's values. */
export function valoriDa(r: TRapportinoRow): RapportinoValori {
  return {
    dipendente_id: r.dipendente_id,
    data: dayjs(r.data),
    cliente_id: r.cliente_id,
    sito: r.sito,
    commessa_id: r.commessa_id,
    km: r.km,
    minuti_viaggio: r.minuti_viaggio,
    note: r.note,
    righe: r.righe.map((l) => ({ commessa_id: l.commessa_id, fase_id: l.fase_id, inizio: oraDaTesto(l.inizio), fine: oraDaTesto(l.fine), descrizione: l.descrizione })),
    materiali: r.materiali.map((m) => ({ descrizione: m.descrizione, quantita: m.quantita, unita: m.unita })),
  };
}

const testo = (s: string | null | undefined) => (typeof s === 'string' && s.trim() ? s.trim() : null);
const numero = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : null);

/** A line nobody has started filling (an added, untouched one): left out of the body. */
export const rigaVuota = (l: RigaValori | undefined) => !l || (!l.commessa_id && !l.inizio && !l.fine && !testo(l.descrizione));
export const materialeVuoto = (m: MaterialeValori | undefined) => !m || (!testo(m.descrizione) && numero(m.quantita) === null && !testo(m.unita));

/**
 * The form's values -> the body of `crea`/`modifica` (ZRapportino), left for the schema to judge: an empty line or
 * material is dropped, a wrong time goes as its text so the schema refuses it on its field.
 */
export function corpoDa(v: RapportinoValori, nuovo = false): Record<string, unknown> {
  const ora = (o: OraCampo) => (isInvalidTime(o) ? o.invalidTime : testoDaOra(o));
  const righe = (v.righe ?? [])
    .filter((l) => !rigaVuota(l))
    .map((l) => ({ commessa_id: l.commessa_id ?? undefined, fase_id: l.fase_id ?? null, inizio: ora(l.inizio) ?? undefined, fine: ora(l.fine) ?? undefined, descrizione: testo(l.descrizione) }));
  const materiali = (v.materiali ?? [])
    .filter((m) => !materialeVuoto(m))
    .map((m) => ({ descrizione: testo(m.descrizione) ?? '', quantita: numero(m.quantita) ?? undefined, unita: testo(m.unita) }));
  return {
    // whose report is said when it is made (a manager's for someone of theirs), never changed afterwards
    ...(nuovo && v.dipendente_id ? { dipendente_id: v.dipendente_id } : {}),
    data: v.data && dayjs.isDayjs(v.data) && v.data.isValid() ? v.data.format('YYYY-MM-DD') : undefined,
    cliente_id: v.cliente_id ?? null,
    sito: testo(v.sito),
    commessa_id: v.commessa_id ?? null,
    km: numero(v.km),
    minuti_viaggio: numero(v.minuti_viaggio),
    note: testo(v.note),
    righe,
    materiali,
  } satisfies Partial<Record<keyof TRapportinoInput, unknown>>;
}

/**
 * Where a schema's issue is shown: the form field at its path (`['righe', 0, 'fine']`), when the lines the form shows
 * are the ones sent (no empty line was dropped before it); otherwise nowhere but the message.
 */
export function campoDi(path: readonly PropertyKey[], v: RapportinoValori): (string | number)[] | null {
  const [first, index, field] = path;
  if (typeof first !== 'string') return null;
  if (first === 'righe' || first === 'materiali') {
    if (typeof index !== 'number' || typeof field !== 'string') return null;
    // the body leaves empty lines out: the index is the form's only when none before it was empty
    const empty = first === 'righe' ? (v.righe ?? []).map(rigaVuota) : (v.materiali ?? []).map(materialeVuoto);
    let seen = -1;
    for (let i = 0; i < empty.length; i++) {
      if (!empty[i]) seen++;
      if (seen === index) return [first, i, field];
    }
    return null;
  }
  return path.length === 1 ? [first] : null;
}

/** The tag colour of a report's state. */
export const COLORE_STATO: Record<StatoRapportino, string> = { bozza: 'default', firmato: 'blue', approvato: 'green' };

/** Today on the device's calendar, 'YYYY-MM-DD'. */
export const oggi = () => dayjs().format('YYYY-MM-DD');

/** The first and last day of the month of `oggi` ('YYYY-MM-DD'). */
export function meseDi(oggi: string): [Dayjs, Dayjs] {
  const d = dayjs(oggi);
  return [d.startOf('month'), d.endOf('month').startOf('day')];
}
