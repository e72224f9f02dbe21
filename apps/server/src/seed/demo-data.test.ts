import { describe, expect, it } from 'vitest';
import { isValidCodiceFiscale } from '@tulip/contract';
import { codiceFiscale, demoDataProblems, DIPENDENTI, REPARTI } from './demo-data';

describe('demo company', () => {
  it('is consistent', () => {
    expect(demoDataProblems()).toEqual([]);
    expect(DIPENDENTI.length).toBeGreaterThanOrEqual(55);
    expect(REPARTI.map((r) => r.descrizione).sort()).toEqual(['Amministrazione', 'Commerciale', 'Magazzino', 'Produzione', 'Ufficio tecnico']);
    expect(DIPENDENTI.every((d) => isValidCodiceFiscale(d.codice_fiscale))).toBe(true);
  });
  it('computes the codice fiscale by the official rules', () => {
    expect(codiceFiscale({ cognome: 'Rossi', nome: 'Mario', sesso: 'M', data_nascita: '1980-01-01', comune: 'H501' })).toBe('RSSMRA80A01H501U');
    expect(codiceFiscale({ cognome: 'Bianchi', nome: 'Laura', sesso: 'F', data_nascita: '1975-05-12', comune: 'A944' })).toMatch(/^BNCLRA75E52A944.$/);
  });
});
