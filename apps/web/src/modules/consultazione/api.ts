/** Endpoints and answers of the consultation screens (docs/api-presenze.md, "Consultazioni"). */

export const API_CONSULTAZIONE = {
  cartellino: '/api/cartellino',
  cartellinoPdf: '/api/cartellino/pdf',
  cartellinoExcel: '/api/cartellino/excel',
  chiusura: '/api/cartellino/chiusura',
  presenze: '/api/presenze',
  presenzeReparto: '/api/presenze/reparto',
  totaliz: '/api/totaliz',
  totalizExcel: '/api/totaliz/excel',
  totalizPaghe: '/api/totaliz/paghe',
  giustificativi: '/api/giustificativi',
  assentiCdc: '/api/assenti/cdc',
  causali: '/api/causali',
  saldi: '/api/giustificativi/saldi',
} as const;

export type DipendenteRef = { id: number; matricola: string; cognome: string; nome: string; reparto_descrizione?: string | null };

/** The minute fields of a day result and of the monthly totals (DESIGN §8). */
export const MINUTI_KEYS = [
  'minuti_teorici',
  'minuti_lavorati',
  'minuti_ordinari',
  'minuti_straordinari',
  'minuti_notturni',
  'minuti_festivi',
  'minuti_ritardo',
  'minuti_uscita_anticipata',
  'minuti_mancanti',
  'minuti_giustificati',
] as const;
export type MinutiKey = (typeof MINUTI_KEYS)[number];
export type Minuti = Partial<Record<MinutiKey, number>>;

/** `differita`: the device's time of a punch sent late (queued offline), else null. */
export type TimbraturaCartellino = { id: number; ts: string; verso: 'E' | 'U'; fonte: string; manuale: boolean; stato?: 'valida' | 'annullata'; differita?: string | null };

export type GiornoCartellino = Minuti & {
  data: string;
  tipo_giorno: 'lavorativo' | 'riposo' | 'festivo';
  festivita?: string | null;
  turno: { codice: string; descrizione?: string; colore?: string | null } | null;
  timbrature: TimbraturaCartellino[];
  modificato: boolean;
  giustificativi: { codice: string; minuti: number }[];
  anomalie: string[];
};

export type TotaliMese = Minuti & {
  giorni_lavorati?: number;
  per_causale?: Record<string, number>;
  anomalie?: Record<string, number>;
};

export type Saldo = {
  codice: string;
  descrizione: string;
  unita: 'G' | 'H';
  spettanza: number;
  maturato: number;
  goduto: number;
  richiesto: number;
  residuo: number;
};

export type Cartellino = {
  dipendente: DipendenteRef;
  mese: string;
  chiuso: boolean;
  giorni: GiornoCartellino[];
  totali: TotaliMese;
  /** Not sent by the server today: the balances come from GET /api/giustificativi/saldi. */
  saldi?: Saldo[];
};

/** In the order a day goes: at work, late, expected, out for a while, done, on leave, absent, resting. */
export const STATI_PRESENZA = ['presente', 'in_ritardo', 'atteso', 'uscito', 'turno_concluso', 'assente_giustificato', 'assente', 'riposo'] as const;
export type StatoPresenza = (typeof STATI_PRESENZA)[number];

export type Contatori = {
  presenti: number; in_ritardo: number; attesi: number; usciti: number; turno_concluso: number; assenti_giustificati: number; assenti: number; riposo: number;
  totale: number;
};

export type RigaPresenza = {
  dipendente: DipendenteRef;
  stato: StatoPresenza;
  ultima_timbratura: { ts: string; verso: 'E' | 'U' } | null;
  causale: string | null;
  turno: string | null;
};

export type Presenze = { aggiornato_il?: string; contatori: Contatori; righe: RigaPresenza[] };

export type Totaliz = { mese: string; chiuso: boolean; righe: { dipendente: DipendenteRef; totali: TotaliMese }[]; causali: string[] };

export const STATI_GIUSTIFICATIVO = ['richiesto', 'approvato', 'rifiutato', 'annullato'] as const;
export type Giustificativo = {
  id: number;
  dipendente_id: number;
  dipendente_nome: string;
  reparto_descrizione: string | null;
  codice: string;
  causale_descrizione: string | null;
  colore: string | null;
  unita: 'G' | 'H';
  dal: string;
  al: string;
  minuti: number | null;
  stato: (typeof STATI_GIUSTIFICATIVO)[number];
  note: string | null;
  certificato: string | null;
  richiesto_il: string | null;
  deciso_da_nome: string | null;
  motivo_decisione: string | null;
};

export type AssenzaCdc = { cdc_id: number | null; cdc_descrizione: string | null; codice: string; giorni: number; minuti: number };
