import { describe, expect, it } from 'vitest';
import { codiceFaseBarcode, leggiCodiceFase } from './codiceFase';

describe('job sheet barcode: <commessa>/<fase>', () => {
  it('joins and reads back', () => {
    expect(codiceFaseBarcode('C26-014', 'SALD')).toBe('C26-014/SALD');
    expect(leggiCodiceFase(' C26-014/SALD ')).toEqual({ commessa: 'C26-014', fase: 'SALD' });
  });
  it.each(['C26-014', 'C26/SALD/X', '/SALD', 'C26/', 'C 26/SALD', 'VIS-4F7K2Q'])('reads %s as no phase', (s) => expect(leggiCodiceFase(s)).toBeNull());
  it('refuses codes that could not be read back', () => expect(() => codiceFaseBarcode('A/B', 'X')).toThrow());
});
