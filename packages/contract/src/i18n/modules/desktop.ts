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
      percorso_non_valido: 'Indicare un percorso completo di Windows (C:\\… oppure \\\\server\\cartella\\…)',
      apertura_non_consentita: 'Questa voce non si può aprire qui',
      apertura_non_riuscita: 'Impossibile aprire {{destinazione}}',
    },
    vocimenu: {
      etichetta: 'Etichetta',
      destinazione: 'Programma o documento',
      destinazione_aiuto: 'Percorso completo sul PC dell’utente o in rete, ad esempio C:\\Programmi\\Paghe\\paghe.exe oppure \\\\server\\documenti\\regolamento.pdf',
      argomenti: 'Argomenti',
      argomenti_aiuto: 'Facoltativi: scrivere ciascuno e premere Invio; sono passati al programma così come sono scritti.',
      profili: 'Profili',
      profili_aiuto: 'La voce compare nel menu degli utenti con uno di questi profili attivo, solo nell’applicazione desktop per Windows.',
      testo: 'Voci del menu che aprono un programma o un documento sul PC: compaiono solo nell’applicazione desktop per Windows.',
    },
    audit: {
      entita_voci_menu: 'Voci di menu desktop',
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
      percorso_non_valido: 'Enter a full Windows path (C:\\… or \\\\server\\folder\\…)',
      apertura_non_consentita: 'This item cannot be opened here',
      apertura_non_riuscita: 'Could not open {{destinazione}}',
    },
    vocimenu: {
      etichetta: 'Label',
      destinazione: 'Program or document',
      destinazione_aiuto: 'Full path on the user’s PC or on the network, e.g. C:\\Programs\\Payroll\\payroll.exe or \\\\server\\documents\\rules.pdf',
      argomenti: 'Arguments',
      argomenti_aiuto: 'Optional: type each one and press Enter; they are passed to the program as written.',
      profili: 'Profiles',
      profili_aiuto: 'The item appears in the menu of users with one of these profiles active, only in the Windows desktop application.',
      testo: 'Menu items that open a program or a document on the PC: they appear only in the Windows desktop application.',
    },
    audit: {
      entita_voci_menu: 'Desktop menu items',
    },
  },
};
