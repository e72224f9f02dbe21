/**
 * The fixed-term chain (issue #28 §3): D.Lgs 81/2015 art. 19, 21, 23 and 24 as amended by D.L. 48/2023 (conv. L. 85/2023),
 * as pure functions over an employee's contract rows. One row alone is checked by `verificaContratto` (retribuzione.ts);
 * here the limits count across the employee's successive fixed-term contracts and extensions with the same employer
 * for the same level and legal category (art. 19 c. 2: "mansioni di pari livello e categoria legale").
 *
 * - A fixed-term row that starts the day after the previous fixed-term row's term is an extension (proroga, art. 21 c. 1);
 *   one that starts later is a renewal (rinnovo, art. 21 c. 01); one that starts before the previous term changes the
 *   running contract (variazione: a new level, a new part-time...), an extension too when it moves the term later.
 * - Durations are calendar months from the start plus the days left; summed across the chain, 30 days make a month
 *   (the Ministry's way of adding periods, circ. 13/2008 and 18/2012).
 * - Out of scope: seasonal activities (art. 21 c. 2 and 19 c. 2 exclude them from the gap and the 24 months; a row
 *   carries no "seasonal" mark yet), the further 12 months signed at the Ispettorato (art. 19 c. 3), different limits
 *   a CCNL may set (art. 19 c. 2 "fatte salve le diverse disposizioni dei contratti collettivi"), and the exemptions
 *   from the 20 % quota (art. 23 c. 2: start-ups, substitutions, workers over 50...).
 */

/** The most months of fixed-term work for the same level and category (art. 19 c. 2). */
export const MESI_MASSIMI_DETERMINATO = 24;
/** Months of fixed-term work without a reason (art. 19 c. 1 and art. 21 c. 01 as amended by D.L. 48/2023). */
export const MESI_SENZA_CAUSALE = 12;
/** The most extensions across the chain (art. 21 c. 1: "per un massimo di quattro volte ... a prescindere dal numero dei contratti"). */
export const PROROGHE_MASSIME = 4;
/** The quota of fixed-term staff over open-ended staff on 1 January (art. 23 c. 1). */
export const QUOTA_DETERMINATO_PERCENTO = 20;
/** How many days before a term HR's home warns. */
export const PREAVVISO_TERMINE_GIORNI = 30;

export type RigaCatena = {
  id?: number | null;
  dal: string;
  tipo_contratto: string;
  data_fine?: string | null;
  causale?: string | null;
  livello: string;
  qualifica: string;
  mansione_id?: number | null;
  periodo_prova_giorni?: number | null;
  periodo_prova?: string | null;
};

export type TipoVoceCatena = 'contratto' | 'proroga' | 'rinnovo' | 'variazione';
export type Durata = { mesi: number; giorni: number };
/** Why a row breaks the chain's limits: the field, the error key (without `avvisi.`) and its figures. */
export type ErroreCatena = { campo: string; errore: string; params: Record<string, string | number> };

export type VoceCatena = {
  /** The row's index in the rows given. */
  indice: number;
  id: number | null;
  tipo: TipoVoceCatena;
  dal: string;
  /** The last day this row governs: its term, or the day before the next row. */
  al: string;
  data_fine: string;
  livello: string;
  qualifica: string;
  causale: string | null;
  durata: Durata;
  /** The running total of the chain of its level and category, this row included. */
  totale: Durata;
  /** Extensions used in its chain, this row included. */
  proroghe: number;
  errore: ErroreCatena | null;
};

export type Catena = {
  voci: VoceCatena[];
  /** The chain of the latest fixed-term row's level and category (null: no fixed-term row). */
  livello: string | null;
  qualifica: string | null;
  totale: Durata;
  proroghe_usate: number;
  proroghe_residue: number;
  /** What may still be added before 24 months. */
  residuo: Durata;
  /** Beyond this, every extension and renewal states its reason. */
  residuo_senza_causale: Durata;
  /** The latest fixed-term row is the employee's latest row: its term and whether it may still be extended. */
  in_corso: boolean;
  termine: string | null;
  proroga_possibile: boolean;
  /** The first day a new fixed-term contract may start after the latest term (art. 21 c. 2). */
  rinnovo_dal: string | null;
};

const DAY = 86400000;
const ms = (d: string) => Date.parse(`${d}T00:00:00Z`);
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
export const aggiungiGiorni = (d: string, n: number) => iso(ms(d) + n * DAY);
const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** The same day `mesi` months on (the month's last day when it has fewer). */
function piuMesi(d: string, mesi: number): string {
  const [y, m, g] = d.split('-').map(Number);
  const idx = y * 12 + (m - 1) + mesi;
  const ny = Math.floor(idx / 12);
  const nm = (idx % 12) + 1;
  return `${ny}-${pad(nm)}-${pad(Math.min(g, daysIn(ny, nm)))}`;
}

/** From `dal` to `al` included: whole calendar months, then the days left (a year from 1/1 to 31/12 is 12 months, 0 days). */
export function durata(dal: string, al: string): Durata {
  if (al < dal) return { mesi: 0, giorni: 0 };
  let mesi = Math.max(0, (Number(al.slice(0, 4)) - Number(dal.slice(0, 4))) * 12 + Number(al.slice(5, 7)) - Number(dal.slice(5, 7)) - 1);
  while (aggiungiGiorni(piuMesi(dal, mesi + 1), -1) <= al) mesi++;
  const giorni = Math.round((ms(al) - ms(piuMesi(dal, mesi))) / DAY) + 1;
  return { mesi, giorni };
}

const norm = (d: Durata): Durata => ({ mesi: d.mesi + Math.floor(d.giorni / 30), giorni: d.giorni % 30 });
const somma = (a: Durata, b: Durata): Durata => norm({ mesi: a.mesi + b.mesi, giorni: a.giorni + b.giorni });
const inGiorni = (d: Durata) => d.mesi * 30 + d.giorni;
const oltre = (d: Durata, mesi: number) => inGiorni(norm(d)) > mesi * 30;
const meno = (mesi: number, d: Durata): Durata => {
  const left = Math.max(0, mesi * 30 - inGiorni(norm(d)));
  return { mesi: Math.floor(left / 30), giorni: left % 30 };
};

/** The gap before a new fixed-term contract: 10 days after one of up to 6 months, 20 after a longer one (art. 21 c. 2). */
export function intervalloRinnovo(durataPrecedente: Durata): number {
  return oltre(durataPrecedente, 6) ? 20 : 10;
}

const conProva = (r: RigaCatena) => (r.periodo_prova_giorni ?? 0) > 0 || r.periodo_prova === 'ccnl';
/** The same duties: the same mansione, or, when neither row names one, the same level. */
const stesseMansioni = (a: RigaCatena, b: RigaCatena) =>
  a.mansione_id != null || b.mansione_id != null ? a.mansione_id === b.mansione_id : a.livello.toUpperCase() === b.livello.toUpperCase();
const chiave = (r: { livello: string; qualifica: string }) => `${r.livello.toUpperCase()}\u0000${r.qualifica}`;

/**
 * The employee's fixed-term chain from his contract rows (any order; read by date), with each fixed-term row's kind,
 * duration, running total and what it breaks, first failure first:
 * - a renewal within 10 or 20 days of the previous term (art. 21 c. 2) → `dal`, with the first day allowed;
 * - more than 24 months in the chain of its level and category (art. 19 c. 2) → `data_fine`;
 * - a 5th extension (art. 21 c. 1: the contract would become open-ended from then) → `tipo_contratto`;
 * - beyond 12 months in the chain, a contract, renewal or extension without its reason (art. 19 c. 1, art. 21 c. 01),
 *   however short the row itself → `causale`;
 * - a trial period again on a renewal or extension for the same duties (D.Lgs 104/2022 art. 7 c. 2 as read with
 *   L. 203/2024 art. 13: the trial tests a worker once for the same duties) → `periodo_prova_giorni`.
 * The summary is the chain of the latest fixed-term row: the total, the extensions used and left, the months left,
 * and the first day a renewal may start.
 */
export function catenaTempoDeterminato(righe: readonly RigaCatena[]): Catena {
  const ordinate = righe.map((r, indice) => ({ r, indice })).sort((a, b) => (a.r.dal < b.r.dal ? -1 : a.r.dal > b.r.dal ? 1 : a.indice - b.indice));
  const voci: VoceCatena[] = [];
  const totali = new Map<string, Durata>();
  const proroghe = new Map<string, number>();
  /** The previous fixed-term row, its item, and the start of the contract it belongs to (through its extensions). */
  let prec: { r: RigaCatena; voce: VoceCatena; inizioContratto: string } | null = null;
  let precRiga: RigaCatena | null = null;
  for (let i = 0; i < ordinate.length; i++) {
    const { r, indice } = ordinate[i];
    const prima = precRiga;
    precRiga = r;
    if (r.tipo_contratto !== 'determinato' || !r.data_fine) continue;
    const next = ordinate[i + 1]?.r;
    const al = next && next.dal <= r.data_fine ? aggiungiGiorni(next.dal, -1) : r.data_fine;
    let tipo: TipoVoceCatena = 'contratto';
    let inizioContratto = r.dal;
    let errore: ErroreCatena | null = null;
    if (prec) {
      const contiguo = prima === prec.r;
      if (contiguo && r.dal <= prec.r.data_fine!) tipo = r.data_fine > prec.r.data_fine! ? 'proroga' : 'variazione';
      else if (contiguo && r.dal === aggiungiGiorni(prec.voce.al, 1)) tipo = 'proroga';
      else tipo = 'rinnovo';
      if (tipo !== 'rinnovo') inizioContratto = prec.inizioContratto;
      else {
        const giorni = intervalloRinnovo(durata(prec.inizioContratto, prec.voce.al));
        const primo = aggiungiGiorni(prec.voce.al, giorni + 1);
        if (r.dal < primo) errore = { campo: 'dal', errore: 'determinato_intervallo_rinnovo', params: { campo: 'dal', data: primo, giorni, fine_precedente: prec.voce.al } };
      }
    }
    const k = chiave(r);
    const d = durata(r.dal, al);
    const totale = somma(totali.get(k) ?? { mesi: 0, giorni: 0 }, d);
    totali.set(k, totale);
    const usate = (proroghe.get(k) ?? 0) + (tipo === 'proroga' ? 1 : 0);
    proroghe.set(k, usate);
    if (!errore && oltre(totale, MESI_MASSIMI_DETERMINATO)) {
      errore = { campo: 'data_fine', errore: 'determinato_catena_oltre_24_mesi', params: { campo: 'data_fine', mesi_totali: totale.mesi, giorni_totali: totale.giorni, massimo: MESI_MASSIMI_DETERMINATO } };
    }
    if (!errore && tipo === 'proroga' && usate > PROROGHE_MASSIME) {
      errore = { campo: 'tipo_contratto', errore: 'determinato_troppe_proroghe', params: { campo: 'tipo_contratto', proroghe: usate, massimo: PROROGHE_MASSIME } };
    }
    if (!errore && tipo !== 'variazione' && oltre(totale, MESI_SENZA_CAUSALE) && !r.causale?.trim()) {
      errore = { campo: 'causale', errore: 'determinato_catena_senza_causale', params: { campo: 'causale', mesi_totali: totale.mesi, giorni_totali: totale.giorni, massimo: MESI_SENZA_CAUSALE } };
    }
    if (!errore && prec && (tipo === 'proroga' || tipo === 'rinnovo') && conProva(r) && stesseMansioni(r, prec.r)) {
      errore = { campo: 'periodo_prova_giorni', errore: 'determinato_prova_ripetuta', params: { campo: 'periodo_prova_giorni' } };
    }
    const voce: VoceCatena = {
      indice, id: r.id ?? null, tipo, dal: r.dal, al, data_fine: r.data_fine, livello: r.livello, qualifica: r.qualifica, causale: r.causale?.trim() || null,
      durata: d, totale, proroghe: usate, errore,
    };
    voci.push(voce);
    prec = { r, voce, inizioContratto };
  }
  const ultima = voci.at(-1);
  if (!ultima || !prec) {
    return {
      voci, livello: null, qualifica: null, totale: { mesi: 0, giorni: 0 }, proroghe_usate: 0, proroghe_residue: PROROGHE_MASSIME,
      residuo: { mesi: MESI_MASSIMI_DETERMINATO, giorni: 0 }, residuo_senza_causale: { mesi: MESI_SENZA_CAUSALE, giorni: 0 },
      in_corso: false, termine: null, proroga_possibile: false, rinnovo_dal: null,
    };
  }
  const k = chiave(ultima);
  const totale = totali.get(k)!;
  const usate = proroghe.get(k)!;
  const inCorso = ordinate.at(-1)!.indice === ultima.indice;
  const residuo = meno(MESI_MASSIMI_DETERMINATO, totale);
  return {
    voci, livello: ultima.livello, qualifica: ultima.qualifica, totale, proroghe_usate: usate, proroghe_residue: Math.max(0, PROROGHE_MASSIME - usate),
    residuo, residuo_senza_causale: meno(MESI_SENZA_CAUSALE, totale), in_corso: inCorso, termine: inCorso ? ultima.al : null,
    proroga_possibile: inCorso && usate < PROROGHE_MASSIME && inGiorni(residuo) > 0,
    rinnovo_dal: aggiungiGiorni(ultima.al, intervalloRinnovo(durata(prec.inizioContratto, ultima.al)) + 1),
  };
}

/**
 * What a new or corrected row breaks in the chain: its own failure, or one it causes to a later row (inserted before
 * it); failures the stored rows already had are not this row's. `indice` is the row's index in `dopo`.
 */
export function erroreNuovaRiga(prima: readonly RigaCatena[], dopo: readonly RigaCatena[], indice: number): ErroreCatena | null {
  const after = catenaTempoDeterminato(dopo).voci;
  const own = after.find((v) => v.indice === indice);
  if (own?.errore) return own.errore;
  const before = new Set(catenaTempoDeterminato(prima).voci.filter((v) => v.errore && v.id != null).map((v) => `${v.id}:${v.errore!.errore}`));
  const caused = after.find((v) => v.errore && v.indice !== indice && !(v.id != null && before.has(`${v.id}:${v.errore.errore}`)));
  return caused?.errore ?? null;
}

/** HR's warning: the chain's running term falls within `giorni` days from today (both included), or null. */
export function avvisoTermine(c: Catena, oggi: string, giorni = PREAVVISO_TERMINE_GIORNI): { data_fine: string; giorni_mancanti: number; proroga_possibile: boolean } | null {
  if (!c.in_corso || !c.termine || c.termine < oggi || c.termine > aggiungiGiorni(oggi, giorni)) return null;
  return { data_fine: c.termine, giorni_mancanti: Math.round((ms(c.termine) - ms(oggi)) / DAY), proroga_possibile: c.proroga_possibile };
}

/**
 * The 20 % quota (art. 23 c. 1): fixed-term staff at most 20 % of the open-ended staff in force on 1 January of the year,
 * by heads, a decimal of .5 or more rounded up; an employer with up to 5 employees may always hire one. Apprentices are
 * not counted (art. 47 c. 3).
 */
export function quotaDeterminato(q: { indeterminati: number; determinati: number; occupati?: number }): {
  indeterminati: number; determinati: number; limite: number; percentuale: number | null; superata: boolean;
} {
  let limite = Math.floor((q.indeterminati * QUOTA_DETERMINATO_PERCENTO * 2 + 100) / 200);
  if ((q.occupati ?? q.indeterminati) <= 5) limite = Math.max(limite, 1);
  const percentuale = q.indeterminati > 0 ? Math.round((q.determinati * 1000) / q.indeterminati) / 10 : null;
  return { indeterminati: q.indeterminati, determinati: q.determinati, limite, percentuale, superata: q.determinati > limite };
}
