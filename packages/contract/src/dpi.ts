/**
 * The employer's duties on personal protective equipment (DPI), as pure functions: which types need training before
 * delivery, what an article must carry to be handed out, and when an item is due for replacement or inspection.
 * Sources: D.Lgs 81/2008 art. 74–79 (Titolo III, Capo II) and Reg. (UE) 2016/425 (categories I–III, art. 19 and
 * Annex I). The server enforces them, the web shows the same answers; the table tests name the article.
 */

/** Reg. (UE) 2016/425 Annex I: I minimal risks, II the others, III risks of death or irreversible harm. */
export const CATEGORIE_DPI = ['I', 'II', 'III'] as const;
export type TCategoriaDpi = (typeof CATEGORIE_DPI)[number];

/** The part of the body or the risk a DPI protects from (Allegato VIII of D.Lgs 81/2008, in short). */
export const PROTEZIONI_DPI = ['testa', 'occhi', 'udito', 'vie_respiratorie', 'mani', 'piedi', 'corpo', 'anticaduta', 'altro'] as const;
export type TProtezioneDpi = (typeof PROTEZIONI_DPI)[number];

/** Which of an employee's sizes a type is handed out in. */
export const TIPI_TAGLIA = ['scarpe', 'abbigliamento', 'guanti'] as const;
export type TTipoTaglia = (typeof TIPI_TAGLIA)[number];

/**
 * Reg. (UE) 2016/425 Annex I, category III: PPE against harmful noise, falls from height and substances or mixtures
 * hazardous to health. A type protecting from one of these is category III whatever was declared.
 */
export const PROTEZIONI_CATEGORIA_III: readonly TProtezioneDpi[] = ['udito', 'anticaduta', 'vie_respiratorie'];

/**
 * The category a DPI type has: III for hearing, fall and respiratory protection (Reg. UE 2016/425 Annex I), otherwise
 * the one declared from the manufacturer's EU declaration of conformity.
 */
export function categoriaDpi(protezione: TProtezioneDpi | null | undefined, dichiarata: TCategoriaDpi | null | undefined): TCategoriaDpi | null {
  if (protezione && PROTEZIONI_CATEGORIA_III.includes(protezione)) return 'III';
  return dichiarata ?? null;
}

export type TipologiaDpi = { dpi: boolean; categoria?: TCategoriaDpi | null; protezione?: TProtezioneDpi | null; formazione?: boolean };

/**
 * Whether the law requires training (addestramento) before the type is handed out: D.Lgs 81/2008 art. 77 c. 5 makes
 * it indispensable for every category III DPI (Reg. UE 2016/425) and for hearing protection.
 */
export function formazioneDiLegge(t: TipologiaDpi): boolean {
  return t.dpi && (t.categoria === 'III' || t.protezione === 'udito');
}

/** The training a type requires: the legal one (it cannot be switched off), or the one the employer chose to add. */
export function formazioneRichiesta(t: TipologiaDpi): boolean {
  return formazioneDiLegge(t) || !!t.formazione;
}

export type ArticoloDpi = { marcatura_ce?: boolean | null; organismo_notificato?: string | null };

/**
 * What an article lacks to be placed on the market as the DPI of its category, as an error key (null: nothing).
 * Every DPI bears the CE marking (Reg. UE 2016/425 art. 16–17; D.Lgs 81/2008 art. 76 c. 1); for category III the
 * marking is followed by the notified body's number (Reg. UE 2016/425 art. 17 c. 3, art. 19 lett. c).
 */
export function requisitoArticolo(t: TipologiaDpi, a: ArticoloDpi): 'dpi_senza_ce' | 'dpi_senza_organismo' | null {
  if (!t.dpi) return null;
  if (!a.marcatura_ce) return 'dpi_senza_ce';
  if (t.categoria === 'III' && !/^\d{4}$/.test((a.organismo_notificato ?? '').trim())) return 'dpi_senza_organismo';
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** A calendar date (YYYY-MM-DD) plus whole months; the 31st becomes the month's last day (31/01 + 1 = 28/02). */
export function aggiungiMesi(data: string, mesi: number): string {
  const [y, m, d] = data.split('-').map(Number);
  const idx = y * 12 + (m - 1) + mesi;
  const ny = Math.floor(idx / 12);
  const nm = (idx % 12) + 1;
  return `${ny}-${pad(nm)}-${pad(Math.min(d, daysIn(ny, nm)))}`;
}

/**
 * When an item handed out on `data` must be replaced: its lifetime in months from the delivery, or never (null).
 * D.Lgs 81/2008 art. 77 c. 4 lett. a: the employer keeps DPI efficient and replaces them when needed; the lifetime is
 * the one the manufacturer's information note gives (Reg. UE 2016/425 Annex II 1.4).
 */
export function scadenzaDotazione(data: string, durataMesi: number | null | undefined): string | null {
  return durataMesi && durataMesi > 0 ? aggiungiMesi(data, durataMesi) : null;
}

/**
 * The manufacturer's end of life of an item: its date of manufacture plus the life the manufacturer states, in months
 * (Reg. UE 2016/425 Annex II 1.4: the information note gives the obsolescence date or period); null when either is unknown.
 */
export function fineVita(fabbricazione: string | null | undefined, vitaUtileMesi: number | null | undefined): string | null {
  return fabbricazione && vitaUtileMesi && vitaUtileMesi > 0 ? aggiungiMesi(fabbricazione, vitaUtileMesi) : null;
}

/**
 * When a delivered item falls due: the earlier of the manufacturer's end of life (from manufacture) and the
 * replacement interval (from delivery). D.Lgs 81/2008 art. 77 c. 4 lett. a: the employer replaces DPI as the
 * manufacturer instructs; Reg. UE 2016/425 Annex II 1.4.
 */
export function scadenzaConsegna(
  consegna: string,
  durataMesi: number | null | undefined,
  fabbricazione?: string | null,
  vitaUtileMesi?: number | null,
): string | null {
  return primaScadenza(scadenzaDotazione(consegna, durataMesi), fineVita(fabbricazione, vitaUtileMesi));
}

/** Whether an item is already past its manufacturer's end of life on the delivery day (valid through its last day). */
export function oltreFineVita(consegna: string, fabbricazione: string | null | undefined, vitaUtileMesi: number | null | undefined): boolean {
  const fine = fineVita(fabbricazione, vitaUtileMesi);
  return fine != null && fine < consegna;
}

/**
 * When an item needs its next periodic inspection: the interval from the last inspection, or from the delivery when
 * none was recorded (D.Lgs 81/2008 art. 77 c. 4 lett. a; for fall protection, EN 365: at least every 12 months).
 */
export function prossimaIspezione(consegna: string, ultimaIspezione: string | null | undefined, intervalloMesi: number | null | undefined): string | null {
  if (!intervalloMesi || intervalloMesi <= 0) return null;
  return aggiungiMesi(ultimaIspezione && ultimaIspezione > consegna ? ultimaIspezione : consegna, intervalloMesi);
}

/** The earlier of an item's due dates (replacement, inspection), or null when it has none. */
export function primaScadenza(...date: (string | null | undefined)[]): string | null {
  const known = date.filter((d): d is string => !!d).sort();
  return known[0] ?? null;
}
