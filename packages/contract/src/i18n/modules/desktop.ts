import type { ModuleMessages } from './index';

/**
 * Texts of the desktop build (issue #19): the server URL's check on /impostazioni, the menu items that open a local
 * program or document and their admin screen (/anagrafica/vocimenu), the shell's versions on the badge.
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
    impostazioni: {
      url_con_credenziali: "L'indirizzo non deve contenere nome utente o password",
      non_raggiungibile:
        "Il server non risponde, oppure non ammette questa applicazione: l'amministratore deve aggiungere app://tulip a TULIP_CORS_ORIGINS",
      non_tulip: "L'indirizzo risponde, ma non è un server Tulip",
      verifica: 'Verifica e salva',
      verifica_in_corso: 'Verifica del server in corso…',
      collegato: 'Collegato al server Tulip {{version}}',
      server_attuale: 'Server attuale',
      nessun_server: 'Nessun server configurato',
    },
    vocimenu: {
      etichetta: 'Etichetta',
      destinazione: 'Programma o documento',
      destinazione_aiuto: 'Percorso completo sul PC dell’utente o in rete, ad esempio C:\\Programmi\\Paghe\\paghe.exe oppure \\\\server\\documenti\\regolamento.pdf',
      argomenti: 'Argomenti',
      argomenti_aiuto: 'Facoltativi: uno per riga, passati al programma così come sono scritti.',
      profili: 'Profili',
      profili_aiuto: 'La voce compare nel menu degli utenti con uno di questi profili attivo, solo nell’applicazione desktop per Windows.',
      testo: 'Voci del menu che aprono un programma o un documento sul PC: compaiono solo nell’applicazione desktop per Windows.',
    },
    audit: {
      entita_voci_menu: 'Voci di menu desktop',
    },
    app: {
      versione_desktop: 'Versione desktop',
      versione_electron: 'Electron',
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
    impostazioni: {
      url_con_credenziali: 'The address must not contain a user name or password',
      non_raggiungibile: 'The server does not answer, or does not admit this application: the administrator must add app://tulip to TULIP_CORS_ORIGINS',
      non_tulip: 'The address answers, but it is not a Tulip server',
      verifica: 'Check and save',
      verifica_in_corso: 'Checking the server…',
      collegato: 'Connected to Tulip server {{version}}',
      server_attuale: 'Current server',
      nessun_server: 'No server configured',
    },
    vocimenu: {
      etichetta: 'Label',
      destinazione: 'Program or document',
      destinazione_aiuto: 'Full path on the user’s PC or on the network, e.g. C:\\Programs\\Payroll\\payroll.exe or \\\\server\\documents\\rules.pdf',
      argomenti: 'Arguments',
      argomenti_aiuto: 'Optional: one per line, passed to the program as written.',
      profili: 'Profiles',
      profili_aiuto: 'The item appears in the menu of users with one of these profiles active, only in the Windows desktop application.',
      testo: 'Menu items that open a program or a document on the PC: they appear only in the Windows desktop application.',
    },
    audit: {
      entita_voci_menu: 'Desktop menu items',
    },
    app: {
      versione_desktop: 'Desktop version',
      versione_electron: 'Electron',
    },
  },
};
