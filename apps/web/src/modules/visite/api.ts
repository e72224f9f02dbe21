/**
 * What the visitor register's screens share beside the wire: the colours of the states, the visitor's name, the
 * document options. Every other call names an operation of the
 * contract (`call(OPS_VISITE.x, ...)`) and its answer's type comes from there (`TVisita`, `TAutorizzazioneVisita`, ...).
 */
import { DOCUMENTI_IDENTITA, type TApprovazioneVisita, type TAutorizzazioneVisita, type TStatoAutorizzazioneVisita, type TStatoLinkVisitatore, type TTipoVisitatoreRow } from '@tulip/contract';

export const COLORE_STATO: Record<TStatoAutorizzazioneVisita, string> = { attiva: 'green', usata: 'blue', scaduta: 'default', revocata: 'red' };
export const COLORE_APPROVAZIONE: Record<TApprovazioneVisita, string> = { non_richiesta: 'default', in_attesa: 'orange', approvata: 'green', rifiutata: 'red' };

/** "Cognome Nome", or the company when the visitor is not named. */
export function visitatoreDi(a: Pick<TAutorizzazioneVisita, 'nome' | 'cognome' | 'azienda'>): string {
  const persona = [a.cognome, a.nome].filter((x) => x && x.trim()).join(' ');
  return persona || a.azienda || '';
}

// ---- self-registration links ------------------------------------------------------------------

export const COLORE_STATO_LINK: Record<TStatoLinkVisitatore, string> = { inviato: 'blue', compilato: 'cyan', usato: 'green', scaduto: 'default', revocato: 'red' };

/** A row of the visitor types' resource: the desk's reminders and the approval flag. */
export type TipoVisitatore = TTipoVisitatoreRow;

/** Options of the identity document select (labels are translation keys). */
export const documentoOptions = (t: (k: string) => string) => DOCUMENTI_IDENTITA.map((d) => ({ value: d, label: t(`visite.doc_${d}`) }));
