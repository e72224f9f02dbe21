/**
 * Working-time compliance (D.Lgs 66/2003): pure rules over what the engine computed for each day of a person, issue #31.
 * Each rule reads the worked pairs (after tolerance and rounding, as the timecard pairs them), the day's minutes and the
 * whole-day leave, and yields findings dated on a day of the checked range. The CCNL may move some limits
 * (`ParametriConformita`); the defaults are the law's.
 */
import { aggiungiGiorni, istanteDaTimestamp, minutiDaOrario, minutoDaData } from './time';
import type { Fascia } from './types';

export const REGOLE_CONFORMITA = [
  'riposo_giornaliero',
  'riposo_settimanale',
  'durata_media_settimanale',
  'straordinario_annuo',
  'pausa',
  'lavoro_notturno',
  'durata_massima_giornaliera',
] as const;
export type RegolaConformita = (typeof REGOLE_CONFORMITA)[number];

export type ParametriConformita = {
  /** Art. 7 c. 1: consecutive minutes of rest in every 24 hours from the start of work. */
  riposo_giornaliero: number;
  /** Art. 9 c. 1: consecutive minutes of weekly rest, added to the daily rest, every 7 days on average over 14. */
  riposo_settimanale: number;
  /** Art. 4 c. 2: average minutes a week, overtime included. */
  media_settimanale_max: number;
  /** Art. 4 c. 3-4: the reference period of the average, in months (4; the CCNL may set 6 or 12). */
  mesi_riferimento: number;
  /** Art. 5 c. 3: overtime minutes a calendar year (250 hours) unless the CCNL sets its own. */
  straordinario_annuo_max: number;
  /** Art. 8 c. 1: work beyond this many minutes needs a break... */
  pausa_dopo: number;
  /** ...of at least this many minutes (the CCNL may set more). */
  pausa_minima: number;
  /** Art. 1 c. 2 lett. e) 2): minutes in the night period that make a day a night day... */
  notturno_minimo_giorno: number;
  /** ...and how many such days in a calendar year make a night worker. */
  giorni_lavoratore_notturno: number;
  /** Art. 13 c. 1: a night worker's average minutes per 24 hours... */
  notturno_media_max: number;
  /** ...over this many days (1: every day; the CCNL may set a longer reference period). */
  notturno_periodo_giorni: number;
  /** Art. 7 c. 1 read with art. 8: 24 hours less 11 of rest leave at most 13 hours of work in a day. */
  durata_massima_giornaliera: number;
};

export const PARAMETRI_LEGGE: ParametriConformita = {
  riposo_giornaliero: 11 * 60,
  riposo_settimanale: 24 * 60,
  media_settimanale_max: 48 * 60,
  mesi_riferimento: 4,
  straordinario_annuo_max: 250 * 60,
  pausa_dopo: 6 * 60,
  pausa_minima: 10,
  notturno_minimo_giorno: 3 * 60,
  giorni_lavoratore_notturno: 80,
  notturno_media_max: 8 * 60,
  notturno_periodo_giorni: 1,
  durata_massima_giornaliera: 13 * 60,
};

/** One day of a person, as the engine computed it. Days are consecutive, oldest first. */
export type GiornoConformita = {
  data: string;
  /** Worked pairs, wall-clock 'YYYY-MM-DDTHH:mm:ss' in the zone. */
  coppie: { entrata: string; uscita: string }[];
  minuti_lavorati: number;
  minuti_straordinari: number;
  minuti_notturni: number;
  /**
   * A break the person took without punching it: the engine deducted the shift's minimum break (PAUSA_AUTOMATICA), or
   * the shift pays one within it (the meal half hour of a continuous shift) at least as long as the minimum.
   */
  pausa_senza_timbratura: boolean;
  /** Not counted in the weekly average (art. 6 c. 2): a whole day of leave or sickness, or a day out of employment. */
  escluso_da_media: boolean;
};

/** A finding: the rule, the day it is dated on, a translation key and its parameters. */
export type Riscontro = { regola: RegolaConformita; data: string; dettaglio: string; params: Record<string, string | number> };

/** 'h:mm' of a number of minutes (780 -> '13:00'). */
export const oreMinuti = (m: number) => `${Math.floor(m / 60)}:${String(Math.round(m) % 60).padStart(2, '0')}`;
const dataIt = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const oraIt = (ts: string) => ts.slice(11, 16);

/** The date `n` calendar months before `data`, clamped to the month's last day (2026-06-30 - 4 = 2026-02-28). */
export function mesiPrima(data: string, n: number): string {
  const [y, m, d] = data.split('-').map(Number);
  const k = y * 12 + (m - 1) - n;
  const yy = Math.floor(k / 12);
  const mm = (k % 12) + 1;
  const last = new Date(Date.UTC(yy, mm, 0)).getUTCDate();
  return `${yy}-${String(mm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * Art. 1 c. 2 lett. d: the night period is at least seven consecutive hours including the interval from midnight to
 * 5 a.m. (22-05, 23-06, 24-07). A band is 'HH:mm'-'HH:mm', ending the next day when its end is not after its start.
 */
export function fasciaNotturnaValida(f: Fascia): boolean {
  const inizio = minutiDaOrario(f.inizio);
  let fine = minutiDaOrario(f.fine);
  if (fine <= inizio) fine += 1440;
  if (fine - inizio < 7 * 60) return false;
  // midnight to 5 is [1440, 1740] on the band's own axis, or [0, 300] when the band starts at midnight
  return (inizio <= 1440 && fine >= 1740) || (inizio === 0 && fine >= 300);
}

type Intervallo = { da: number; a: number };

/** The pairs of all days as merged instants (minutes), in order: rest is the gap between two of them. */
function intervalli(giorni: GiornoConformita[], tz: string): Intervallo[] {
  const all: Intervallo[] = [];
  for (const g of giorni) for (const c of g.coppie) all.push({ da: istanteDaTimestamp(c.entrata, tz), a: istanteDaTimestamp(c.uscita, tz) });
  all.sort((x, y) => x.da - y.da);
  const out: Intervallo[] = [];
  for (const i of all) {
    const last = out[out.length - 1];
    if (last && i.da <= last.a) last.a = Math.max(last.a, i.a);
    else out.push({ ...i });
  }
  return out;
}

/** The first index whose interval ends after `t` (binary search). */
function primoDopo(iv: Intervallo[], t: number): number {
  let lo = 0;
  let hi = iv.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (iv[mid].a <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Every rule over one person's days. `giorni` runs from the history the rules need (the calendar year's start, and the
 * average's reference period before `dal`) to `al`; findings are dated in [dal, al]. `tz` is the zone of the pairs.
 */
export function verificaConformita(giorni: GiornoConformita[], dal: string, al: string, p: ParametriConformita, tz: string): Riscontro[] {
  const out: Riscontro[] = [];
  const iv = intervalli(giorni, tz);
  const inRange = giorni.filter((g) => g.data >= dal && g.data <= al);

  for (const g of inRange) {
    // durata_massima_giornaliera (art. 7 c. 1: 24 - 11 hours)
    if (g.minuti_lavorati > p.durata_massima_giornaliera) {
      out.push({ regola: 'durata_massima_giornaliera', data: g.data, dettaglio: 'conformita.dettaglio_durata_massima_giornaliera', params: { lavorato: oreMinuti(g.minuti_lavorati), limite: oreMinuti(p.durata_massima_giornaliera) } });
    }
    // pausa (art. 8 c. 1): the longest stretch whose gaps are all shorter than the minimum break
    if (!g.pausa_senza_timbratura && g.coppie.length > 0) {
      const c = g.coppie.map((x) => ({ da: istanteDaTimestamp(x.entrata, tz), a: istanteDaTimestamp(x.uscita, tz), e: x.entrata, u: x.uscita }));
      let start = 0;
      let worst: { da: number; a: number; e: string; u: string } | null = null;
      for (let i = 0; i < c.length; i++) {
        if (i > 0 && c[i].da - c[i - 1].a >= p.pausa_minima) start = i;
        const len = c[i].a - c[start].da;
        if (len > p.pausa_dopo && (!worst || len > worst.a - worst.da)) worst = { da: c[start].da, a: c[i].a, e: c[start].e, u: c[i].u };
      }
      if (worst) out.push({ regola: 'pausa', data: g.data, dettaglio: 'conformita.dettaglio_pausa', params: { continuativo: oreMinuti(worst.a - worst.da), dalle: oraIt(worst.e), alle: oraIt(worst.u), pausa: p.pausa_minima } });
    }
    // riposo_giornaliero (art. 7 c. 1): in the 24 hours from the day's first entry, the longest rest
    if (g.coppie.length > 0) {
      const t0 = istanteDaTimestamp(g.coppie[0].entrata, tz);
      const t1 = t0 + 1440;
      let piuLungo = 0;
      let fineLavoro = t0;
      for (let i = primoDopo(iv, t0); i < iv.length && iv[i].da < t1; i++) {
        piuLungo = Math.max(piuLungo, iv[i].da - fineLavoro);
        fineLavoro = Math.max(fineLavoro, iv[i].a);
      }
      piuLungo = Math.max(piuLungo, t1 - fineLavoro);
      if (piuLungo < p.riposo_giornaliero) {
        out.push({ regola: 'riposo_giornaliero', data: g.data, dettaglio: 'conformita.dettaglio_riposo_giornaliero', params: { riposo: oreMinuti(Math.max(0, piuLungo)), minimo: oreMinuti(p.riposo_giornaliero), dalle: oraIt(g.coppie[0].entrata) } });
      }
    }
  }

  // riposo_settimanale (art. 9 c. 1): in each fortnight (two ISO weeks, Monday to Sunday, counted from 5 January 1970),
  // two rests of 24 + 11 consecutive hours; one rest of twice 24 + 11 counts for both
  const serve = p.riposo_settimanale + p.riposo_giornaliero;
  const primo = giorni[0]?.data;
  // the gaps between the merged pairs, from the history's start (what came before is unknown, so not rest) and
  // unbounded after the last (what has not happened yet is no finding)
  const inizioStoria = primo ? istanteDaTimestamp(`${primo}T00:00:00`, tz) : 0;
  const tuttiIRiposi: Intervallo[] = iv.map((x, k) => ({ da: k === 0 ? Math.min(inizioStoria, x.da) : iv[k - 1].a, a: x.da }));
  tuttiIRiposi.push({ da: iv.length ? iv[iv.length - 1].a : inizioStoria, a: Infinity });
  if (primo) {
    // periods ending in [dal, al] whose start the history covers
    const epoca = minutoDaData('1970-01-05') / 1440;
    for (let d = dal; d <= al; d = aggiungiGiorni(d, 1)) {
      const n = minutoDaData(d) / 1440 - epoca;
      if (((n % 14) + 14) % 14 !== 13) continue;
      const inizio = aggiungiGiorni(d, -13);
      if (inizio < primo) continue;
      const a0 = istanteDaTimestamp(`${inizio}T00:00:00`, tz);
      const a1 = istanteDaTimestamp(`${aggiungiGiorni(d, 1)}T00:00:00`, tz);
      let riposi = 0;
      // the rests that touch the fortnight, each counted whole (it may start before it or end after it)
      for (const r of tuttiIRiposi) {
        if (r.da >= a1 || r.a <= a0) continue;
        const len = r.a - r.da;
        if (len >= 2 * p.riposo_settimanale + p.riposo_giornaliero) riposi += 2;
        else if (len >= serve) riposi += 1;
      }
      if (riposi < 2) out.push({ regola: 'riposo_settimanale', data: d, dettaglio: 'conformita.dettaglio_riposo_settimanale', params: { dal: dataIt(inizio), al: dataIt(d), riposi: Math.min(riposi, 2), minimo: oreMinuti(serve) } });
    }
  }

  // durata_media_settimanale (art. 4 c. 2-4): the average week over the reference period that ends on the range's last
  // day, leave and sickness left out (art. 6 c. 2)
  {
    const da = aggiungiGiorni(mesiPrima(al, p.mesi_riferimento), 1);
    let minuti = 0;
    let contati = 0;
    for (const g of giorni) {
      if (g.data < da || g.data > al || g.escluso_da_media) continue;
      minuti += g.minuti_lavorati;
      contati++;
    }
    if (contati >= 7) {
      const media = (minuti / contati) * 7;
      if (media > p.media_settimanale_max) out.push({ regola: 'durata_media_settimanale', data: al, dettaglio: 'conformita.dettaglio_durata_media_settimanale', params: { media: oreMinuti(media), limite: oreMinuti(p.media_settimanale_max), dal: dataIt(da), al: dataIt(al), mesi: p.mesi_riferimento } });
    }
  }

  // straordinario_annuo (art. 5 c. 3): the calendar year's overtime; dated on the range's first day with overtime past the limit
  {
    const anno = `${al.slice(0, 4)}-01-01`;
    let cumulato = 0;
    let data: string | null = null;
    for (const g of giorni) {
      if (g.data < anno || g.data > al) continue;
      cumulato += g.minuti_straordinari;
      if (!data && g.data >= dal && g.minuti_straordinari > 0 && cumulato > p.straordinario_annuo_max) data = g.data;
    }
    if (data) out.push({ regola: 'straordinario_annuo', data, dettaglio: 'conformita.dettaglio_straordinario_annuo', params: { ore: oreMinuti(cumulato), limite: oreMinuti(p.straordinario_annuo_max), anno: al.slice(0, 4) } });
  }

  // lavoro_notturno (art. 1 c. 2 lett. e, art. 13 c. 1): a night worker of the calendar year (enough night days up to
  // the range's end) works at most 8 hours on average per 24 over the reference period
  {
    const anno = `${al.slice(0, 4)}-01-01`;
    const notti = giorni.filter((g) => g.data >= anno && g.data <= al && g.minuti_notturni >= p.notturno_minimo_giorno).length;
    if (notti >= p.giorni_lavoratore_notturno) {
      const idx = new Map(giorni.map((g, i) => [g.data, i]));
      for (const g of inRange) {
        if (g.minuti_lavorati === 0) continue;
        const i = idx.get(g.data)!;
        let somma = 0;
        let lavorati = 0;
        for (let j = Math.max(0, i - p.notturno_periodo_giorni + 1); j <= i; j++) {
          if (giorni[j].minuti_lavorati > 0) {
            somma += giorni[j].minuti_lavorati;
            lavorati++;
          }
        }
        const media = somma / lavorati;
        if (media > p.notturno_media_max) out.push({ regola: 'lavoro_notturno', data: g.data, dettaglio: p.notturno_periodo_giorni === 1 ? 'conformita.dettaglio_lavoro_notturno' : 'conformita.dettaglio_lavoro_notturno_media', params: { media: oreMinuti(media), limite: oreMinuti(p.notturno_media_max), notti, giorni: p.notturno_periodo_giorni } });
      }
    }
  }

  return out.sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : REGOLE_CONFORMITA.indexOf(a.regola) - REGOLE_CONFORMITA.indexOf(b.regola)));
}
