import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, columnLetters, sheetName } from './xlsx';

async function readBack(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as never);
  return wb;
}

describe('xlsx writer', () => {
  it('writes a workbook Excel readers open: bold frozen header, widths, typed cells', async () => {
    const columns = [
      { header: 'Matricola', key: 'matricola' },
      { header: 'Cognome e nome', key: 'nome', width: 30 },
      { header: 'Ore', key: 'ore' },
      { header: 'Attivo', key: 'attivo' },
      { header: 'Dal', key: 'dal' },
      { header: 'Ingresso', key: 'ingresso', format: 'datetime' as const },
    ];
    const rows = [
      { matricola: '000120', nome: 'Rossi <Mario> & "figli"', ore: 7.5, attivo: true, dal: new Date(2026, 10, 2), ingresso: new Date(2026, 10, 2) },
      { matricola: '000121', nome: 'Ünïcödé 😀 — città', ore: 0, attivo: false, dal: null },
      { matricola: '000122', nome: 'a\u0000b\u0007c\ud800', ore: -3, dal: new Date(2026, 10, 2, 8, 30) },
    ];
    const wb = await readBack(buildXlsx('Cartellino: novembre/2026', columns, rows, new Date('2026-11-21T10:00:00Z')));
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Cartellino  novembre 2026');
    expect(ws.getRow(1).values).toEqual([undefined, 'Matricola', 'Cognome e nome', 'Ore', 'Attivo', 'Dal', 'Ingresso']);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getColumn(2).width).toBe(30);
    expect(ws.getColumn(1).width).toBe(13);
    // text stays text (leading zeros kept), numbers and booleans keep their type
    expect(ws.getCell('A2').value).toBe('000120');
    expect(ws.getCell('B2').value).toBe('Rossi <Mario> & "figli"');
    expect(ws.getCell('C2').value).toBe(7.5);
    expect(ws.getCell('D2').value).toBe(true);
    expect(ws.getCell('B3').value).toBe('Ünïcödé 😀 — città');
    expect(ws.getCell('C3').value).toBe(0);
    expect(ws.getCell('D3').value).toBe(false);
    expect(ws.getCell('E3').value).toBeNull();
    expect(ws.getCell('B4').value).toBe('abc\ufffd');
    expect(ws.getCell('C4').value).toBe(-3);
    // dates are real dates with an Italian format
    const dal = ws.getCell('E2');
    expect(dal.numFmt).toBe('dd/mm/yyyy');
    expect((dal.value as Date).toISOString().slice(0, 10)).toBe('2026-11-02');
    expect(ws.getCell('E4').numFmt).toBe('dd/mm/yyyy hh:mm');
    // a date-time column keeps its time format even at midnight
    expect(ws.getCell('F2').numFmt).toBe('dd/mm/yyyy hh:mm');
    expect((ws.getCell('E4').value as Date).toISOString().slice(11, 16)).toBe('08:30');
    expect(wb.created?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });

  it('handles an empty list, long titles and many columns', async () => {
    const columns = Array.from({ length: 30 }, (_, i) => ({ header: `C${i}`, key: `k${i}` }));
    const wb = await readBack(buildXlsx('x'.repeat(80), columns, []));
    expect(wb.worksheets[0].name).toHaveLength(31);
    expect(wb.worksheets[0].rowCount).toBe(1);
    expect(wb.worksheets[0].getCell('AD1').value).toBe('C29');
    expect(sheetName('[]:*?/\\')).toBe('Foglio1');
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
