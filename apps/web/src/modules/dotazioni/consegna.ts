/**
 * The pure part of a delivery's form (unit-tested in consegna.test.ts): the lines a proposal fills in, what each line
 * warns of before it is sent (training missing, not enough stock), the body the server takes, and the default window
 * of the items falling due.
 */
import { formazioneRichiesta, type OpResult, type TArticoloRow, type TConsegna, type TTipologiaRow } from '@tulip/contract';
import type { OPS_DOTAZIONI } from '@tulip/contract/wire';

export type Proposta = OpResult<typeof OPS_DOTAZIONI.proposta>;

/** One line as the form holds it; `motivo` (why it was proposed) is shown, never sent. */
export type RigaForm = {
  tipologia_id?: number;
  articolo_id?: number;
  taglia?: string | null;
  quantita?: number | null;
  numero_serie?: string | null;
  /** The lot handed out (non-serial articles with lots loaded). */
  lotto?: string | null;
  sostituisce_riga_id?: number | null;
  motivo?: 'mancante' | 'in_scadenza' | null;
};

/**
 * The proposal's lines as form lines. A serial-numbered type is delivered one unit per line (the server refuses more):
 * a line of two becomes two lines, the proposed serial number on the first.
 */
export function righeDaProposta(p: Proposta, tipologie: Pick<TTipologiaRow, 'id' | 'numero_serie'>[]): RigaForm[] {
  const serie = new Set(tipologie.filter((t) => t.numero_serie).map((t) => t.id));
  return p.righe.flatMap((r) => {
    const base: RigaForm = {
      tipologia_id: r.tipologia_id, articolo_id: r.articolo_id ?? undefined, taglia: r.taglia, quantita: r.quantita,
      numero_serie: r.numero_serie, lotto: r.lotto, sostituisce_riga_id: r.sostituisce_riga_id, motivo: r.motivo,
    };
    if (!serie.has(r.tipologia_id) || r.quantita <= 1) return [base];
    return Array.from({ length: r.quantita }, (_, i) => ({ ...base, quantita: 1, numero_serie: i === 0 ? r.numero_serie : null, sostituisce_riga_id: i === 0 ? r.sostituisce_riga_id : null }));
  });
}

export type Avviso = { tipo: 'formazione_mancante'; tipologia_id: number; tipologia: string } | { tipo: 'giacenza'; disponibili: number };

/**
 * What a line warns of before it is sent: a type that needs training the employee has not had (D.Lgs 81/2008 art. 77
 * c. 5: the server refuses it), and fewer pieces in stock (or units available) than the line asks.
 */
export function avvisiRiga(
  r: RigaForm,
  /** `formate`: the types the employee was trained on; 'tutte' while not known (no warning then). */
  ctx: { tipologie: TTipologiaRow[]; articoli: TArticoloRow[]; formate: ReadonlySet<number> | 'tutte' },
): Avviso[] {
  const out: Avviso[] = [];
  const art = ctx.articoli.find((a) => a.id === r.articolo_id);
  const tipologiaId = art?.tipologia_id ?? r.tipologia_id;
  const tip = ctx.tipologie.find((t) => t.id === tipologiaId);
  if (tip && formazioneRichiesta(tip) && ctx.formate !== 'tutte' && !ctx.formate.has(tip.id)) out.push({ tipo: 'formazione_mancante', tipologia_id: tip.id, tipologia: tip.descrizione });
  if (art && (!art.taglie || r.taglia)) {
    const disponibili = art.taglie ? (art.giacenze.find((g) => g.taglia === r.taglia)?.quantita ?? 0) : art.giacenza;
    if (disponibili < (r.quantita ?? 1)) out.push({ tipo: 'giacenza', disponibili });
  }
  return out;
}

/** The lines as the server takes them: an empty size, serial number or lot is null; a line without an article is left out. */
export function righeBody(righe: RigaForm[], articoli: Pick<TArticoloRow, 'id' | 'taglie' | 'numero_serie'>[]): TConsegna['righe'] {
  return righe
    .filter((r) => !!r.articolo_id)
    .map((r) => {
      const art = articoli.find((a) => a.id === r.articolo_id);
      return {
        articolo_id: r.articolo_id!,
        taglia: art?.taglie === false ? null : r.taglia?.trim() || null,
        quantita: art?.numero_serie ? 1 : Number(r.quantita ?? 1),
        numero_serie: art?.numero_serie === false ? null : r.numero_serie?.trim() || null,
        // a unit's lot is its own: only a non-serial line names one
        lotto: art?.numero_serie ? null : r.lotto?.trim() || null,
        sostituisce_riga_id: r.sostituisce_riga_id ?? null,
      };
    });
}

/** The default window of the items falling due: from today to the end of this month (YYYY-MM-DD). */
export function finestraScadenze(oggi: string): { dal: string; al: string } {
  const [y, m] = oggi.split('-').map(Number);
  const ultimo = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { dal: oggi, al: `${oggi.slice(0, 7)}-${String(ultimo).padStart(2, '0')}` };
}
