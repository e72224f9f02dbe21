/**
 * The merge fields a hiring template may use (module contratti, issue #18): one catalogue, read by the server that
 * fills a template and refuses one with an unknown tag, and by the screen that lists them. A field is written
 * `{gruppo.campo}` in the DOCX; a list is a loop `{#retribuzione.voci}{voce}: {importo}{/retribuzione.voci}`; a flag
 * is a section shown only when true `{#contratto.determinato}...{/contratto.determinato}` (or `{^...}` when false).
 * Each field has the text `campi_modello.<gruppo>_<campo>` in Italian and English.
 */

export type CampoModello = {
  /** As written in the template, without braces. */
  campo: string;
  /** 'testo' is a value; 'condizione' a flag for a section; 'elenco' a loop over `figli`. */
  tipo: 'testo' | 'condizione' | 'elenco';
  /** The fields of each item of a loop. */
  figli?: readonly string[];
};

const t = (campo: string): CampoModello => ({ campo, tipo: 'testo' });
const c = (campo: string): CampoModello => ({ campo, tipo: 'condizione' });

export const CAMPI_MODELLO: readonly CampoModello[] = [
  // the employer (Dati azienda)
  t('azienda.ragione_sociale'), t('azienda.codice_fiscale'), t('azienda.partita_iva'), t('azienda.sede_legale'),
  t('azienda.posizione_inps'), t('azienda.codice_ditta_inail'), t('azienda.pat_inail'),
  // the worker
  t('dipendente.matricola'), t('dipendente.nome'), t('dipendente.cognome'), t('dipendente.nominativo'), t('dipendente.codice_fiscale'),
  t('dipendente.residenza'), t('dipendente.email'),
  // masculine or feminine wording from the codice fiscale: {#dipendente.femminile}la lavoratrice{/...}, inquadrat{dipendente.desinenza}
  c('dipendente.femminile'), t('dipendente.desinenza'),
  // the contract
  t('contratto.tipo'), c('contratto.indeterminato'), c('contratto.determinato'), c('contratto.apprendistato'), c('contratto.part_time'),
  t('contratto.data_inizio'), t('contratto.data_fine'), t('contratto.causale'), t('contratto.qualifica'), t('contratto.livello'),
  t('contratto.livello_descrizione'), t('contratto.mansione'), t('contratto.luogo_lavoro'), t('contratto.periodo_prova'),
  t('contratto.ore_settimanali'), t('contratto.percentuale_part_time'), t('contratto.ore_part_time'), t('contratto.distribuzione_part_time'),
  t('contratto.periodo_prova_clausola'), t('contratto.orario_part_time'), t('contratto.clausole_elastiche'),
  // the collective agreement
  t('ccnl.codice'), t('ccnl.titolo'), t('ccnl.parti_firmatarie'), t('ccnl.mensilita'), t('ccnl.divisore_orario'),
  // the pay, in euro as written in Italian (1.742,03)
  t('retribuzione.minimo_mensile'), t('retribuzione.superminimo'), t('retribuzione.totale_mensile'), t('retribuzione.mensile_tempo_pieno'),
  t('retribuzione.paga_oraria'), t('retribuzione.annuo_lordo'), t('retribuzione.periodicita'), t('retribuzione.modalita_pagamento'),
  { campo: 'retribuzione.voci', tipo: 'elenco', figli: ['voce', 'importo'] },
  // art. 1-bis: automated decision or monitoring systems, when the company declares them
  c('sistemi.attivi'), t('sistemi.aspetti'), t('sistemi.scopi'), t('sistemi.logica'), t('sistemi.dati'), t('sistemi.controlli'),
  t('sistemi.accuratezza'), t('sistemi.referente'),
  // work abroad for more than four weeks (D.Lgs 152/1997 art. 2): a template using these is checked against art. 2
  t('estero.paese'), t('estero.dal'), t('estero.al'), t('estero.valuta'), t('estero.prestazioni'), t('estero.rimpatrio'), c('estero.distacco'),
  t('estero.retribuzione_ospitante'), t('estero.indennita_rimborsi'), t('estero.sito_istituzionale'),
  // a change of the conditions (art. 3): the contract row's date and what it changes from the row before
  t('modifica.decorrenza'), { campo: 'modifica.voci', tipo: 'elenco', figli: ['voce', 'prima', 'dopo'] },
  // the document itself
  t('documento.data'), t('documento.luogo'),
];

/** Every name a tag may carry: the fields, and the fields of a loop's items. */
export const NOMI_CAMPI: ReadonlySet<string> = new Set(CAMPI_MODELLO.flatMap((f) => [f.campo, ...(f.figli ?? [])]));

/** The text key of a field: `campi_modello.dipendente_cognome`. */
export const chiaveCampo = (campo: string) => `campi_modello.${campo.replace(/\./g, '_')}`;
