/**
 * The job orders' screens speak both languages: every `commesse.*` key their sources name, and the keys they make
 * from the contract's lists (an order's state, a reason of visibility, a column of the import), in Italian and English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLONNE_IMPORT_COMMESSE, messagesEn, messagesIt, MOTIVI_VISIBILITA, STATI_COMMESSA, STATI_FASE } from '@tulip/contract';

// routes.tsx names routes ('commesse.report'), not texts
const sources = fs.readdirSync(__dirname).filter((f) => f.endsWith('.tsx') && f !== 'routes.tsx');
const named = sources.flatMap((f) => [...fs.readFileSync(path.join(__dirname, f), 'utf8').matchAll(/['"`]commesse\.([a-z_]+)['"`]/g)].map((m) => m[1]));
const made = [
  ...[...STATI_COMMESSA, ...STATI_FASE].map((s) => `stato_${s}`),
  ...MOTIVI_VISIBILITA.map((m) => `motivo_${m}`),
  ...COLONNE_IMPORT_COMMESSE.map((c) => `col_${c}`),
];
const keys = [...new Set([...named, ...made])];

describe('the job orders screens speak both languages', () => {
  it('the scan finds their keys', () => {
    expect(keys.length).toBeGreaterThan(100);
    expect(keys).toEqual(expect.arrayContaining(['sovraccarico', 'chi_la_vede', 'costo_orario', 'stato_sospesa', 'col_fase_ore_previste']));
  });

  it.each([
    ['it', messagesIt],
    ['en', messagesEn],
  ])('each key has its %s text', (_lang, messages) => {
    expect(keys.filter((k) => !messages.commesse?.[k])).toEqual([]);
  });
});
