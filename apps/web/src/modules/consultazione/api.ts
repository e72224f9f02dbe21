/**
 * What the consultation screens call of module giustificativi: leave requests, leave types, balances and absences by
 * cost centre. Their operations are giustificativi's; the consultation's own (timecard, presence, totals) are called
 * through the typed client with OPS_CONSULTAZIONE and typed by the contract.
 */

export const API_CONSULTAZIONE = {
  giustificativi: '/api/giustificativi',
  assentiCdc: '/api/assenti/cdc',
  causali: '/api/causali',
  saldi: '/api/giustificativi/saldi',
} as const;

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
