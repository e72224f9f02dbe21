/**
 * Reads a CSV (papaparse: the delimiter is guessed, ";" as Italian spreadsheets write it) or an Excel workbook
 * (read-excel-file, its first sheet) into rows of cells. Loaded on demand: the libraries stay out of the pages' chunks.
 */
import type { Cell } from './importRows';

export async function readRows(file: File): Promise<Cell[][]> {
  if (/\.xlsx$/i.test(file.name)) {
    const { readSheet } = await import('read-excel-file/browser');
    return (await readSheet(file)) as Cell[][];
  }
  const { default: Papa } = await import('papaparse');
  const text = await file.text();
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: 'greedy' });
  return parsed.data;
}
