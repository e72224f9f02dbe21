import type { ModuleMessages } from './index';

/**
 * Texts of contracts (issue #18) that the server answers: the messages of the pay tables and of the employee's
 * contract rows, and the audit's names.
 */
export const contratti: ModuleMessages = {
  it: {
    avvisi: {
      importo_negativo: 'L’importo non può essere negativo',
      livello_ripetuto: 'Un livello è ripetuto',
      livello_sconosciuto: 'Il livello {{livello}} non è un livello di questo CCNL',
      decorrenza_esistente: 'La voce «{{voce}}» del livello {{livello}} ha già una decorrenza dal {{decorrenza}}: una nuova decorrenza si aggiunge, non sovrascrive',
      voce_ripetuta_file: 'Riga ripetuta nel file: stesso livello, voce e decorrenza',
      tabella_non_in_vigore: 'Nessuna tabella del livello {{livello}} in vigore al {{data}}',
      contratto_non_in_vigore: 'Nessun contratto del dipendente in vigore al {{data}}',
      contratto_data_esistente: 'Il dipendente ha già una riga contrattuale dal {{data}}: correggere quella',
      contratto_prima_assunzione: 'La riga decorre prima dell’assunzione ({{data}})',
      qualifica_non_valida: 'Qualifica non valida: operaio, impiegato, quadro o dirigente',
      tipo_contratto_non_valido: 'Tipo di contratto non valido: indeterminato, determinato o apprendistato',
      determinato_senza_fine: 'Un contratto a tempo determinato indica la data di fine (D.Lgs 81/2015 art. 19)',
      determinato_senza_causale: 'Un contratto a tempo determinato oltre i 12 mesi richiede la causale (D.Lgs 81/2015 art. 19, D.L. 48/2023)',
      determinato_oltre_24_mesi: 'Un contratto a tempo determinato non supera i 24 mesi (D.Lgs 81/2015 art. 19)',
      data_fine_non_prevista: 'La data di fine si indica solo per un contratto a tempo determinato',
      part_time_senza_percentuale: 'Il part-time indica la percentuale dell’orario pieno (D.Lgs 81/2015 art. 5)',
      part_time_percentuale: 'La percentuale del part-time va da 1 a 99',
      percentuale_senza_part_time: 'La percentuale si indica solo per il part-time',
      created_ccnl: 'CCNL registrato',
      created_voce: 'Voce tabellare registrata',
      created_contratto: 'Riga contrattuale registrata',
      updated_contratto: 'Riga contrattuale corretta',
    },
    audit: {
      entita_contratti_ccnl: 'CCNL',
      entita_contratti_voci: 'Voci tabellari dei CCNL',
      entita_contratti_dipendenti: 'Contratti dei dipendenti',
      azione_importazione: 'Importazione',
    },
  },
  en: {
    avvisi: {
      importo_negativo: 'The amount cannot be negative',
      livello_ripetuto: 'A level is repeated',
      livello_sconosciuto: 'Level {{livello}} is not a level of this collective agreement',
      decorrenza_esistente: 'Component “{{voce}}” of level {{livello}} already has an amount from {{decorrenza}}: a new date adds a version, it does not overwrite one',
      voce_ripetuta_file: 'Row repeated in the file: same level, component and date',
      tabella_non_in_vigore: 'No table of level {{livello}} in force on {{data}}',
      contratto_non_in_vigore: 'No contract of the employee in force on {{data}}',
      contratto_data_esistente: 'The employee already has a contract row from {{data}}: correct that one',
      contratto_prima_assunzione: 'The row starts before the hiring date ({{data}})',
      qualifica_non_valida: 'Invalid qualification: worker, clerk, middle manager or executive',
      tipo_contratto_non_valido: 'Invalid contract type: open-ended, fixed-term or apprenticeship',
      determinato_senza_fine: 'A fixed-term contract states its end date (Legislative Decree 81/2015 art. 19)',
      determinato_senza_causale: 'A fixed-term contract longer than 12 months needs a reason (Legislative Decree 81/2015 art. 19, Decree-Law 48/2023)',
      determinato_oltre_24_mesi: 'A fixed-term contract cannot exceed 24 months (Legislative Decree 81/2015 art. 19)',
      data_fine_non_prevista: 'Only a fixed-term contract has an end date',
      part_time_senza_percentuale: 'Part-time states its percentage of full time (Legislative Decree 81/2015 art. 5)',
      part_time_percentuale: 'The part-time percentage goes from 1 to 99',
      percentuale_senza_part_time: 'A percentage is given for part-time only',
      created_ccnl: 'Collective agreement saved',
      created_voce: 'Pay component saved',
      created_contratto: 'Contract row saved',
      updated_contratto: 'Contract row corrected',
    },
    audit: {
      entita_contratti_ccnl: 'Collective agreements',
      entita_contratti_voci: 'Pay components of the agreements',
      entita_contratti_dipendenti: 'Employees’ contracts',
      azione_importazione: 'Import',
    },
  },
};
