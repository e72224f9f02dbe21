/**
 * The texts of the generic fields (file, money, signature, child rows) exist in Italian and in English: every key their sources
 * name, and every key their pure modules answer with.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messagesEn, messagesIt } from '@tulip/contract';

const SOURCES = ['FileField.tsx', 'fileChecks.ts', 'MoneyField.tsx', 'SignaturePad.tsx', 'signature.ts', 'ChildRowsField.tsx'];
const keysOf = (file: string) => {
  const text = fs.readFileSync(path.join(__dirname, file), 'utf8');
  return [...text.matchAll(/['"]((?:file|firma|validazione|avvisi|ui)\.[a-z_]+)['"]/g)].map((m) => m[1]);
};

describe('the generic fields speak both languages', () => {
  const keys = [...new Set(SOURCES.flatMap(keysOf))];

  it('the scan finds their keys', () => {
    expect(keys).toEqual(expect.arrayContaining(['file.carica', 'file.troppo_grande', 'validazione.importo', 'firma.conferma', 'firma.nome_richiesto', 'ui.aggiungi_riga', 'ui.rimuovi_riga']));
  });

  it.each([
    ['it', messagesIt],
    ['en', messagesEn],
  ])('each key has its %s text', (_lang, messages) => {
    const missing = keys.filter((k) => {
      const [group, tag] = [k.slice(0, k.indexOf('.')), k.slice(k.indexOf('.') + 1)];
      return !messages[group]?.[tag];
    });
    expect(missing).toEqual([]);
  });
});
