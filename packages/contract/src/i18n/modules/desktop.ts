import type { ModuleMessages } from './index';

/**
 * Texts of the desktop build (issue #19) shown after login: the menu items that open a local program or document and
 * their admin screen (/anagrafica/vocimenu). The settings screen and the badge are shown before any server answers:
 * their texts are in the bundle's base texts (it-base.ts, en-base.ts: `impostazioni`, `app.versione_desktop`).
 */
export const desktop: ModuleMessages = {
  it: {
    menu: {
      'anagrafica.vocimenu': 'Voci di menu desktop',
      'gruppo.apri': 'Programmi e documenti',
    },
    entita: {
      voce_menu: 'voce di menu',
      voce_menu_genere: 'f',
    },
    avvisi: {
      percorso_non_valido: 'Indicare un percorso completo su un disco del PC (C:\\…): non una cartella di rete',
      programma_non_ammesso: 'Programma non ammesso: una voce di menu non può aprire interpreti di comandi, script o collegamenti',
      percorso_non_ammesso: 'La destinazione deve stare in una delle cartelle ammesse dall’amministratore: {{cartelle}}',
      cartella_non_valida: 'Indicare una cartella completa su un disco del PC (C:\\…)',
      apertura_non_consentita: 'Questa voce non si può aprire qui',
      apertura_annullata: 'Apertura annullata',
      apertura_non_riuscita: 'Impossibile aprire {{destinazione}}',
    },
    vocimenu: {
      etichetta: 'Etichetta',
      destinazione: 'Programma o documento',
      destinazione_aiuto: 'Percorso completo sul PC dell’utente, in una delle cartelle ammesse, ad esempio C:\\Program Files\\Paghe\\paghe.exe',
      argomenti: 'Argomenti',
      argomenti_aiuto: 'Facoltativi: scrivere ciascuno e premere Invio; sono passati al programma così come sono scritti.',
      profili: 'Profili',
      profili_aiuto: 'La voce compare nel menu degli utenti con uno di questi profili attivo, solo nell’applicazione desktop per Windows.',
      testo: 'Voci del menu che aprono un programma o un documento sul PC: compaiono solo nell’applicazione desktop per Windows.',
      cartelle: 'Cartelle ammesse',
      cartelle_testo: 'Le voci possono aprire solo programmi e documenti dentro queste cartelle del PC. Interpreti di comandi, script e collegamenti non sono mai ammessi; la prima volta che una voce viene aperta su un PC, l’applicazione chiede conferma.',
      cartelle_aiuto: 'Una cartella per riga, ad esempio C:\\Program Files\\ (scrivere e premere Invio)',
    },
    audit: {
      entita_voci_menu: 'Voci di menu desktop',
      entita_cartelle_voci_menu: 'Cartelle ammesse delle voci di menu desktop',
    },
  },
  en: {
    menu: {
      'anagrafica.vocimenu': 'Desktop menu items',
      'gruppo.apri': 'Programs and documents',
    },
    entita: {
      voce_menu: 'menu item',
    },
    avvisi: {
      percorso_non_valido: 'Enter a full path on a drive of the PC (C:\\…), not a network folder',
      programma_non_ammesso: 'Program not allowed: a menu item cannot open command interpreters, scripts or shortcuts',
      percorso_non_ammesso: 'The target must be inside one of the folders the administrator allows: {{cartelle}}',
      cartella_non_valida: 'Enter a full folder on a drive of the PC (C:\\…)',
      apertura_non_consentita: 'This item cannot be opened here',
      apertura_annullata: 'Opening cancelled',
      apertura_non_riuscita: 'Could not open {{destinazione}}',
    },
    vocimenu: {
      etichetta: 'Label',
      destinazione: 'Program or document',
      destinazione_aiuto: 'Full path on the user’s PC, inside one of the allowed folders, e.g. C:\\Program Files\\Payroll\\payroll.exe',
      argomenti: 'Arguments',
      argomenti_aiuto: 'Optional: type each one and press Enter; they are passed to the program as written.',
      profili: 'Profiles',
      profili_aiuto: 'The item appears in the menu of users with one of these profiles active, only in the Windows desktop application.',
      testo: 'Menu items that open a program or a document on the PC: they appear only in the Windows desktop application.',
      cartelle: 'Allowed folders',
      cartelle_testo: 'Items may open only programs and documents inside these folders of the PC. Command interpreters, scripts and shortcuts are never allowed; the first time an item is opened on a PC, the application asks for confirmation.',
      cartelle_aiuto: 'One folder per line, e.g. C:\\Program Files\\ (type and press Enter)',
    },
    audit: {
      entita_voci_menu: 'Desktop menu items',
      entita_cartelle_voci_menu: 'Allowed folders of desktop menu items',
    },
  },
};
