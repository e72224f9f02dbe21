import { describe, expect, it } from 'vitest';
import { cellValue, matchColumns, toRecords, type ImportField } from './importRows';

const fields: ImportField[] = [
  { name: 'matricola', label: 'Matricola' },
  { name: 'codice_fiscale', label: 'Codice fiscale' },
  { name: 'data_assunzione', label: 'Data di assunzione', type: 'date' },
  { name: 'attivo', label: 'Attivo', type: 'switch' },
];

describe('import: from a sheet to records', () => {
  it('matches columns by name or label, any case and accent, and leaves the others out', () => {
    expect(matchColumns(['MATRICOLA', 'codice fiscale', 'Data di Assunzione', 'Note'], fields).map((f) => f?.name ?? null)).toEqual([
      'matricola', 'codice_fiscale', 'data_assunzione', null,
    ]);
  });

  it('reads cells as the form would send them', () => {
    expect(cellValue('31/12/2026', 'date')).toBe('2026-12-31');
    expect(cellValue('1.2.2027', 'date')).toBe('2027-02-01');
    expect(cellValue(new Date(Date.UTC(2026, 10, 24)), 'date')).toBe('2026-11-24');
    expect(cellValue('sì', 'switch')).toBe(true);
    expect(cellValue('No', 'switch')).toBe(false);
    expect(cellValue(120, undefined)).toBe('120');
    expect(cellValue('  ', undefined)).toBeUndefined();
    expect(cellValue('7,5', 'number')).toBe(7.5);
  });

  it('skips blank rows and reports the unused columns', () => {
    const { records, ignored } = toRecords(
      [
        ['Matricola', 'Codice fiscale', 'Data di assunzione', 'Reparto'],
        ['000900', 'RSSMRA80A01H501U', '01/12/2026', 'Produzione'],
        ['', '', '', ''],
        ['000901', '', '02/12/2026', ''],
      ],
      fields,
    );
    expect(ignored).toEqual(['Reparto']);
    expect(records).toEqual([
      { matricola: '000900', codice_fiscale: 'RSSMRA80A01H501U', data_assunzione: '2026-12-01' },
      { matricola: '000901', data_assunzione: '2026-12-02' },
    ]);
  });

  it('keeps the unknown columns under their own header when asked, for the server to refuse them', () => {
    const { records, ignored } = toRecords(
      [
        ['Matricola', 'Colore', '__proto__', 'Ore'],
        ['000900', 'rosso', 'x', 12.5],
      ],
      [...fields, { name: 'ore', label: 'Ore', asRead: true }],
      { keepUnknown: true },
    );
    expect(ignored).toEqual([]);
    expect(records).toHaveLength(1);
    expect(Object.keys(records[0])).toEqual(['matricola', 'Colore', '__proto__', 'ore']);
    expect(records[0].ore).toBe(12.5);
    expect(Object.getPrototypeOf(records[0])).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(records[0]))).toEqual(expect.objectContaining({ Colore: 'rosso' }));
  });

  it('keeps a cell as read when the field asks for it', () => {
    expect(cellValue(12.5, undefined, true)).toBe(12.5);
    expect(cellValue(' 1.250,00 ', undefined, true)).toBe('1.250,00');
  });
});
