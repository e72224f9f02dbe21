import type { ModuleMessages } from './index';

/**
 * Texts of the fixed-term chain (issue #28 §3, tempoDeterminato.ts): the server's refusals, the reasons' catalogue, the
 * chain on the contract screen and HR's home warnings.
 */
export const catena: ModuleMessages = {
  it: {
    avvisi: {
      determinato_catena_oltre_24_mesi:
        'Con questa riga i contratti a tempo determinato per lo stesso livello e categoria arrivano a {{mesi_totali}} mesi e {{giorni_totali}} giorni: il massimo è {{massimo}} mesi (D.Lgs 81/2015 art. 19 c. 2)',
      determinato_catena_senza_causale:
        'Oltre i {{massimo}} mesi complessivi ({{mesi_totali}} mesi e {{giorni_totali}} giorni con questa riga) ogni rinnovo e proroga indica la causale (D.Lgs 81/2015 art. 19 c. 1 e art. 21 c. 01, D.L. 48/2023)',
      determinato_troppe_proroghe:
        'Sarebbe la {{proroghe}}ª proroga: il contratto a termine si proroga al massimo {{massimo}} volte, poi si trasforma a tempo indeterminato (D.Lgs 81/2015 art. 21 c. 1)',
      determinato_intervallo_rinnovo:
        'Il contratto precedente è finito il {{fine_precedente}}: un nuovo contratto a termine può iniziare solo dopo {{giorni}} giorni, dal {{data}} (D.Lgs 81/2015 art. 21 c. 2)',
      determinato_prova_ripetuta:
        'Nessun nuovo periodo di prova in una proroga o in un rinnovo per le stesse mansioni (D.Lgs 104/2022 art. 7 c. 2, L. 203/2024 art. 13)',
      created_causale_determinato: 'Causale registrata',
    },
    audit: {
      entita_contratti_causali: 'Causali del tempo determinato',
    },
    contratti: {
      tab_causali: 'Causali del tempo determinato',
      entita_causale: 'Causale',
      entita_causale_genere: 'f',
      causale_codice: 'Codice',
      causale_descrizione: 'Descrizione',
      causale_descrizione_genere: 'f',
      causale_attiva: 'Attiva',
      causali_aiuto: 'Le causali che il CCNL consente per i contratti a termine oltre i 12 mesi (D.Lgs 81/2015 art. 19 c. 1 lett. a): il modulo delle righe contrattuali le propone, e una causale si può ancora scrivere.',
      causale_scegli: 'Scegliere dal catalogo del CCNL o scrivere la causale',
      catena_titolo: 'Tempo determinato: contratti, proroghe e rinnovi',
      catena_nessuna: 'Nessun contratto a tempo determinato',
      catena_tipo: 'Tipo',
      catena_tipo_contratto: 'Contratto',
      catena_tipo_proroga: 'Proroga',
      catena_tipo_rinnovo: 'Rinnovo',
      catena_tipo_variazione: 'Variazione',
      catena_periodo: 'Periodo',
      catena_durata: 'Durata',
      catena_totale: 'Totale progressivo',
      catena_mesi_giorni: '{{mesi}} e {{giorni}}',
      catena_n_mesi_one: '{{count}} mese',
      catena_n_mesi_other: '{{count}} mesi',
      catena_n_giorni_one: '{{count}} giorno',
      catena_n_giorni_other: '{{count}} giorni',
      catena_fuori_limite: 'Fuori dai limiti: {{motivo}}',
      catena_usato: 'Usati',
      catena_residuo: 'Ancora possibili',
      catena_proroghe: 'Proroghe',
      catena_proroghe_valore: '{{usate}} di {{massimo}}',
      catena_proroghe_residue_one: '{{count}} proroga',
      catena_proroghe_residue_other: '{{count}} proroghe',
      catena_mesi_residui: 'Mesi',
      catena_senza_causale: 'Senza causale',
      catena_rinnovo_dal: 'Rinnovo dal',
      catena_termine: 'Termine in corso',
      catena_proroga_possibile: 'Proroga possibile',
      catena_proroga_non_possibile: 'Proroga non più possibile',
      catena_norma: 'Limiti per lo stesso livello e categoria ({{livello}}, {{qualifica}}): 24 mesi in tutto (art. 19 c. 2), causale oltre i 12 (art. 19 c. 1), 4 proroghe (art. 21 c. 1), 10 o 20 giorni fra due contratti (art. 21 c. 2).',
    },
    home: {
      termini_titolo: 'Contratti a termine',
      termini_scadenza: 'Contratti a termine in scadenza nei prossimi 30 giorni',
      termine_oggi: 'scade oggi, {{data}}',
      termine_riga_one: 'scade il {{data}} (domani)',
      termine_riga_other: 'scade il {{data}} (fra {{count}} giorni)',
      termine_prorogabile: 'proroga possibile: ancora {{residuo}}, {{proroghe}}',
      termine_non_prorogabile: 'proroga non più possibile',
      nessun_termine: 'Nessun contratto a termine in scadenza nei prossimi 30 giorni',
      quota_superata:
        'I dipendenti a tempo determinato sono {{determinati}}: oltre il 20% dei {{indeterminati}} a tempo indeterminato in forza al 1° gennaio {{anno}} (limite {{limite}}, D.Lgs 81/2015 art. 23 c. 1)',
      quota_rispettata: 'Tempo determinato: {{determinati}} su un limite di {{limite}} (20% dei {{indeterminati}} a tempo indeterminato al 1° gennaio {{anno}})',
    },
  },
  en: {
    avvisi: {
      determinato_catena_oltre_24_mesi:
        'With this row the fixed-term contracts for the same level and category reach {{mesi_totali}} months and {{giorni_totali}} days: the most is {{massimo}} months (Legislative Decree 81/2015 art. 19 c. 2)',
      determinato_catena_senza_causale:
        'Beyond {{massimo}} months in total ({{mesi_totali}} months and {{giorni_totali}} days with this row) every renewal and extension states its reason (Legislative Decree 81/2015 art. 19 c. 1 and art. 21 c. 01, Decree-Law 48/2023)',
      determinato_troppe_proroghe:
        'This would be extension no. {{proroghe}}: a fixed-term contract may be extended at most {{massimo}} times, then it becomes open-ended (Legislative Decree 81/2015 art. 21 c. 1)',
      determinato_intervallo_rinnovo:
        'The previous contract ended on {{fine_precedente}}: a new fixed-term contract may start only after {{giorni}} days, from {{data}} (Legislative Decree 81/2015 art. 21 c. 2)',
      determinato_prova_ripetuta:
        'No new trial period in an extension or renewal for the same duties (Legislative Decree 104/2022 art. 7 c. 2, Law 203/2024 art. 13)',
      created_causale_determinato: 'Reason saved',
    },
    audit: {
      entita_contratti_causali: 'Fixed-term reasons',
    },
    contratti: {
      tab_causali: 'Fixed-term reasons',
      entita_causale: 'Reason',
      causale_codice: 'Code',
      causale_descrizione: 'Description',
      causale_attiva: 'Active',
      causali_aiuto: 'The reasons the CCNL allows for fixed-term contracts beyond 12 months (Legislative Decree 81/2015 art. 19 c. 1 a): the contract rows’ form offers them, and a reason may still be typed.',
      causale_scegli: 'Pick from the CCNL’s catalogue or type the reason',
      catena_titolo: 'Fixed term: contracts, extensions and renewals',
      catena_nessuna: 'No fixed-term contract',
      catena_tipo: 'Kind',
      catena_tipo_contratto: 'Contract',
      catena_tipo_proroga: 'Extension',
      catena_tipo_rinnovo: 'Renewal',
      catena_tipo_variazione: 'Change',
      catena_periodo: 'Period',
      catena_durata: 'Duration',
      catena_totale: 'Running total',
      catena_mesi_giorni: '{{mesi}} and {{giorni}}',
      catena_n_mesi_one: '{{count}} month',
      catena_n_mesi_other: '{{count}} months',
      catena_n_giorni_one: '{{count}} day',
      catena_n_giorni_other: '{{count}} days',
      catena_fuori_limite: 'Beyond the limits: {{motivo}}',
      catena_usato: 'Used',
      catena_residuo: 'Still possible',
      catena_proroghe: 'Extensions',
      catena_proroghe_valore: '{{usate}} of {{massimo}}',
      catena_proroghe_residue_one: '{{count}} extension',
      catena_proroghe_residue_other: '{{count}} extensions',
      catena_mesi_residui: 'Months',
      catena_senza_causale: 'Without a reason',
      catena_rinnovo_dal: 'Renewal from',
      catena_termine: 'Running term',
      catena_proroga_possibile: 'Extension possible',
      catena_proroga_non_possibile: 'No extension possible any more',
      catena_norma: 'Limits for the same level and category ({{livello}}, {{qualifica}}): 24 months in all (art. 19 c. 2), a reason beyond 12 (art. 19 c. 1), 4 extensions (art. 21 c. 1), 10 or 20 days between two contracts (art. 21 c. 2).',
    },
    home: {
      termini_titolo: 'Fixed-term contracts',
      termini_scadenza: 'Fixed-term contracts ending within 30 days',
      termine_oggi: 'ends today, {{data}}',
      termine_riga_one: 'ends on {{data}} (tomorrow)',
      termine_riga_other: 'ends on {{data}} (in {{count}} days)',
      termine_prorogabile: 'extension possible: {{residuo}} and {{proroghe}} left',
      termine_non_prorogabile: 'no extension possible any more',
      nessun_termine: 'No fixed-term contract ending within 30 days',
      quota_superata:
        'Fixed-term staff are {{determinati}}: beyond 20% of the {{indeterminati}} open-ended staff in force on 1 January {{anno}} (limit {{limite}}, Legislative Decree 81/2015 art. 23 c. 1)',
      quota_rispettata: 'Fixed term: {{determinati}} within a limit of {{limite}} (20% of the {{indeterminati}} open-ended staff on 1 January {{anno}})',
    },
  },
};
