/** Endpoints and answers of the visitor register (docs/api-visite.md). */
import { DOCUMENTI_IDENTITA } from '@tulip/contract';

export const API_VISITE = {
  motivi: '/api/visite/motivi',
  tipi: '/api/visite/tipi',
  referenti: '/api/visite/referenti',
  visite: '/api/visite',
  precedenti: '/api/visite/precedenti',
  evacuazione: '/api/visite/evacuazione',
  excel: '/api/visite/excel',
  parametri: '/api/visite/parametri',
  conservazione: '/api/visite/conservazione',
  uscita: (id: number) => `/api/visite/${id}/uscita`,
  autorizzazioni: '/api/visite/autorizzazioni',
  approva: (id: number) => `/api/visite/autorizzazioni/${id}/approva`,
  rifiuta: (id: number) => `/api/visite/autorizzazioni/${id}/rifiuta`,
  revoca: (id: number) => `/api/visite/autorizzazioni/${id}/revoca`,
  ingressoAutorizzato: (id: number) => `/api/visite/autorizzazioni/${id}/ingresso`,
  link: '/api/visite/link',
  linkReinvia: (id: number) => `/api/visite/link/${id}/reinvia`,
  linkRevoca: (id: number) => `/api/visite/link/${id}/revoca`,
  codice: (codice: string) => `/api/visite/codice/${encodeURIComponent(codice)}`,
  ingressoCodice: (codice: string) => `/api/visite/codice/${encodeURIComponent(codice)}/ingresso`,
} as const;

export const STATI_AUTORIZZAZIONE = ['attiva', 'usata', 'scaduta', 'revocata'] as const;
export type StatoAutorizzazione = (typeof STATI_AUTORIZZAZIONE)[number];
export type Approvazione = 'non_richiesta' | 'in_attesa' | 'approvata' | 'rifiutata';
export const COLORE_STATO: Record<StatoAutorizzazione, string> = { attiva: 'green', usata: 'blue', scaduta: 'default', revocata: 'red' };
export const COLORE_APPROVAZIONE: Record<Approvazione, string> = { non_richiesta: 'default', in_attesa: 'orange', approvata: 'green', rifiutata: 'red' };

/** An expected visit (row of GET /api/visite/autorizzazioni). */
export type Autorizzazione = {
  id: number;
  referente_id: number;
  referente_nome: string | null;
  nome: string | null;
  cognome: string | null;
  azienda: string | null;
  email: string | null;
  tipo_id: number;
  tipo_descrizione: string | null;
  colore_badge: string | null;
  motivo_id: number;
  motivo_descrizione: string | null;
  dal: string;
  al: string;
  ora_da: string;
  ora_a: string;
  note: string | null;
  stato: StatoAutorizzazione;
  approvazione: Approvazione;
  visita_id: number | null;
  creata_il: string;
  puo_entrare: boolean;
  /** The user created it, is its referent or an administrator, and it is still active. */
  puo_revocare: boolean;
};

/** "Cognome Nome", or the company when the visitor is not named. */
export function visitatoreDi(a: Pick<Autorizzazione, 'nome' | 'cognome' | 'azienda'>): string {
  const persona = [a.cognome, a.nome].filter((x) => x && x.trim()).join(' ');
  return persona || a.azienda || '';
}

// ---- self-registration links ------------------------------------------------------------------

export const STATI_LINK = ['inviato', 'compilato', 'usato', 'scaduto', 'revocato'] as const;
export type StatoLink = (typeof STATI_LINK)[number];
export const COLORE_STATO_LINK: Record<StatoLink, string> = { inviato: 'blue', compilato: 'cyan', usato: 'green', scaduto: 'default', revocato: 'red' };

/** A self-registration link (row of GET /api/visite/link). */
export type LinkVisitatore = {
  id: number;
  /** The user made it, is its referent or an administrator, and it is still active. */
  puo_revocare: boolean;
  autorizzazione_id: number;
  email: string;
  nome: string | null;
  cognome: string | null;
  azienda: string | null;
  telefono: string | null;
  tipo_id: number;
  tipo_descrizione: string | null;
  motivo_descrizione: string | null;
  referente_id: number;
  referente_nome: string | null;
  dal: string;
  al: string;
  ora_da: string;
  ora_a: string;
  approvazione: Approvazione;
  stato: StatoLink;
  /** 'ABCD-EFGH' once the visitor has registered. */
  codice: string | null;
  inviato_il: string | null;
  compilato_il: string | null;
  visita_id: number | null;
};
/** The answer of create and resend: the row and the link, shown only then. */
export type LinkCreato = LinkVisitatore & { url: string };

/** What the visitor's public page receives (GET /api/visita/{token}; the page keeps its own endpoint, so it loads no zod). */
export type VisitaPubblica = {
  stato: 'da_compilare' | 'compilato';
  ospitante: string | null;
  referente_nome: string | null;
  tipo_descrizione: string | null;
  motivo_descrizione: string | null;
  dal: string;
  al: string;
  ora_da: string;
  ora_a: string;
  nome: string | null;
  cognome: string | null;
  azienda: string | null;
  email: string | null;
  telefono: string | null;
  briefing_sicurezza: boolean;
  accompagnamento: boolean;
  dpi_richiesti: boolean;
  in_attesa_approvazione: boolean;
  informativa_privacy: string | null;
  regole_sicurezza: string | null;
  codice: string | null;
  qr_svg: string | null;
};

/** The authorisation found by a check-in code (GET /api/visite/codice/{codice}). */
export type AutorizzazioneCodice = Autorizzazione & { codice: string; telefono: string | null; compilato_il: string | null };

export type Visita = {
  id: number;
  nome: string;
  cognome: string;
  azienda: string | null;
  email: string | null;
  tipo_id: number;
  tipo_descrizione: string | null;
  colore_badge: string | null;
  motivo_id: number;
  motivo_descrizione: string | null;
  referente_id: number;
  referente_nome: string | null;
  documento_tipo: string | null;
  documento_numero: string | null;
  badge: string | null;
  entrata: string;
  uscita: string | null;
  note: string | null;
  anonimizzata: boolean;
};

export type Precedente = { nome: string; cognome: string; azienda: string | null; email: string | null; tipo_id: number | null; ultima_visita: string | null };

export type TipoVisitatore = {
  id: number;
  codice: string;
  descrizione: string;
  briefing_sicurezza: boolean;
  accompagnamento: boolean;
  dpi_richiesti: boolean;
  colore_badge: string;
  giorni_conservazione: number | null;
  richiede_approvazione?: boolean;
  attivo: boolean;
};

export type Evacuazione = {
  generato_il: string;
  dipendenti: { matricola: string; cognome: string; nome: string; reparto_descrizione: string | null; entrata: string | null }[];
  visitatori: { id: number; nome: string; cognome: string; azienda: string | null; badge: string | null; referente_nome: string | null; entrata: string }[];
};

export const DOCUMENTI = DOCUMENTI_IDENTITA;
export const CAMPI_OBBLIGATORI = ['azienda', 'email', 'documento_tipo', 'documento_numero', 'badge'] as const;
export type CampoObbligatorio = (typeof CAMPI_OBBLIGATORI)[number];

/** Options of the identity document select (labels are translation keys). */
export const documentoOptions = (t: (k: string) => string) => DOCUMENTI.map((d) => ({ value: d, label: t(`visite.doc_${d}`) }));

