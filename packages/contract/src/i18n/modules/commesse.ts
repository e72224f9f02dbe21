import type { ModuleMessages } from './index';

/** Texts of the job orders module (issue #14): server messages here; the screens' texts in the `commesse` group. */
export const commesse: ModuleMessages = {
  it: {
    avvisi: {
      fine_prima_inizio: 'La data di fine precede quella di inizio',
      fase_ripetuta: 'Lo stesso codice di fase compare più volte nella commessa',
      telefono_non_valido: 'Numero di telefono non valido',
      predefinita_ripetuta: 'Una mansione può avere una sola fase predefinita per commessa',
      commessa_chiusa: 'La commessa {{codice}} è chiusa: non si pianifica né si registra',
      commessa_non_attiva: 'La commessa {{codice}} è {{stato}}: non si registra',
      commessa_non_visibile: 'La commessa {{codice}} non è visibile a {{nome}}',
      fase_chiusa: 'La fase {{codice}} è chiusa',
      fase_non_della_commessa: 'La fase non appartiene alla commessa',
      settimana_non_lunedi: 'La settimana si indica con il suo lunedì',
      cliente_sconosciuto: 'Cliente non trovato (partita IVA o ragione sociale)',
      capo_sconosciuto: 'Matricola del capo commessa non trovata',
      commessa_esistente: 'Esiste già una commessa con questo codice',
      commessa_incoerente: 'Le righe della stessa commessa hanno valori diversi',
      numero_non_valido: 'Numero non valido',
      fase_descrizione_richiesta: 'Indicare la descrizione della fase',
      pianificazione_salvata: '{{count}} assegnazioni salvate',
      associazioni_applicate: 'Associazioni applicate a {{count}} commesse',
    },
  },
  en: {
    avvisi: {
      fine_prima_inizio: 'The end date is before the start date',
      fase_ripetuta: 'The same phase code appears more than once in the job order',
      telefono_non_valido: 'Invalid phone number',
      predefinita_ripetuta: 'A job role can have only one default phase per job order',
      commessa_chiusa: 'Job order {{codice}} is closed: it can be neither planned nor booked',
      commessa_non_attiva: 'Job order {{codice}} is {{stato}}: no bookings',
      commessa_non_visibile: 'Job order {{codice}} is not visible to {{nome}}',
      fase_chiusa: 'Phase {{codice}} is closed',
      fase_non_della_commessa: 'The phase does not belong to the job order',
      settimana_non_lunedi: 'A week is given by its Monday',
      cliente_sconosciuto: 'Customer not found (VAT number or company name)',
      capo_sconosciuto: "Job order manager's employee number not found",
      commessa_esistente: 'A job order with this code already exists',
      commessa_incoerente: 'Rows of the same job order have different values',
      numero_non_valido: 'Invalid number',
      fase_descrizione_richiesta: 'Enter the phase description',
      pianificazione_salvata: '{{count}} assignments saved',
      associazioni_applicate: 'Associations applied to {{count}} job orders',
    },
  },
};
