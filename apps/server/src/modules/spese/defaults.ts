/**
 * What every installation starts with for expense notes, written at every start when missing (the manifest's
 * `seed.base`): the usual payment types, the expense types the tax rules name (each its own category, with payroll
 * codes for the exempt and the taxable part), and the currencies the demo and most Italian companies meet.
 */
import type { Db } from '../../platform/db';
import { tipiPagamento, tipiSpesa, valute } from './tables';

export const TIPI_PAGAMENTO = [
  { codice: 'CONTANTI', descrizione: 'Contanti', tracciabile: false, pagata_azienda: false },
  { codice: 'CARTA_PERSONALE', descrizione: 'Carta di credito personale', tracciabile: true, pagata_azienda: false },
  { codice: 'BANCOMAT', descrizione: 'Bancomat', tracciabile: true, pagata_azienda: false },
  { codice: 'BONIFICO', descrizione: 'Bonifico', tracciabile: true, pagata_azienda: false },
  { codice: 'CARTA_AZIENDALE', descrizione: 'Carta aziendale', tracciabile: true, pagata_azienda: true },
  { codice: 'TELEPASS_AZIENDALE', descrizione: 'Telepass aziendale', tracciabile: true, pagata_azienda: true },
];

const tipo = (codice: string, descrizione: string, o: { massimale?: number; per?: 'giorno' | 'voce'; ricevuta?: boolean } = {}) => ({
  codice, descrizione, categoria: codice, massimale: o.massimale ?? null, massimale_per: o.per ?? 'voce', ricevuta_obbligatoria: o.ricevuta ?? true,
  codice_paghe: `RS_${codice.slice(0, 8)}`, codice_paghe_imponibile: `RI_${codice.slice(0, 8)}`,
});
export const TIPI_SPESA = [
  tipo('VITTO', 'Vitto (pasti)', { massimale: 5000, per: 'voce' }),
  tipo('ALLOGGIO', 'Alloggio', { massimale: 15000, per: 'giorno' }),
  tipo('VIAGGIO', 'Viaggio (treno, aereo, autobus)'),
  tipo('TRASPORTO_LOCALE', 'Trasporto locale'),
  tipo('TAXI', 'Taxi e NCC'),
  tipo('CHILOMETRICO', 'Rimborso chilometrico (auto propria)', { ricevuta: false }),
  tipo('DIARIA', 'Diaria', { ricevuta: false }),
  tipo('PARCHEGGIO', 'Parcheggio'),
  tipo('PEDAGGIO', 'Pedaggio autostradale'),
  tipo('ALTRO', 'Altre spese', { ricevuta: false }),
];

export const VALUTE = [
  { codice: 'EUR', nome: 'Euro', simbolo: '€', decimali: 2 },
  { codice: 'USD', nome: 'Dollaro statunitense', simbolo: '$', decimali: 2 },
  { codice: 'GBP', nome: 'Sterlina britannica', simbolo: '£', decimali: 2 },
  { codice: 'CHF', nome: 'Franco svizzero', simbolo: 'CHF', decimali: 2 },
  { codice: 'JPY', nome: 'Yen giapponese', simbolo: '¥', decimali: 0 },
];

export async function seedSpese(db: Db) {
  await db.insert(tipiPagamento).values(TIPI_PAGAMENTO).onConflictDoNothing();
  await db.insert(tipiSpesa).values(TIPI_SPESA).onConflictDoNothing();
  await db.insert(valute).values(VALUTE).onConflictDoNothing();
}
