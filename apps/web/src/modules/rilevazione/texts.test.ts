/**
 * The time recording screens speak both languages: every `rilevazione.*` key their sources name, and the keys they
 * make from the contract's lists (a week's state, a booking's origin, the reason of a review), in Italian and English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messagesEn, messagesIt, ORIGINI_REGISTRAZIONE, STATI_REGISTRAZIONE } from '@tulip/contract';

// routes.tsx names routes ('rilevazione.commessa1'), not texts
const sources = fs.readdirSync(__dirname).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && f !== 'routes.tsx');
const named = sources.flatMap((f) => [...fs.readFileSync(path.join(__dirname, f), 'utf8').matchAll(/['"`]rilevazione\.([a-z_]+)['"`]/g)].map((m) => m[1]));
const made = [
  ...STATI_REGISTRAZIONE.map((s) => `stato_${s}`),
  ...ORIGINI_REGISTRAZIONE.map((o) => `origine_${o}`),
  'sola_lettura_inviata', 'sola_lettura_approvata', 'verifica_uscita', 'verifica_fine_turno', 'righe_copiate_one', 'righe_copiate_other', 'settimane_in_attesa_one', 'settimane_in_attesa_other',
];
const keys = [...new Set([...named, ...made])].filter((k) => k !== 'righe_copiate' && k !== 'settimane_in_attesa');

describe('the time recording screens speak both languages', () => {
  it('the scan finds their keys', () => {
    expect(keys.length).toBeGreaterThan(100);
    expect(keys).toEqual(expect.arrayContaining(['settimana_etichetta', 'lavorate_cartellino', 'codice_placeholder', 'origine_timer']));
  });

  it.each([
    ['it', messagesIt],
    ['en', messagesEn],
  ])('each key has its %s text', (_lang, messages) => {
    expect(keys.filter((k) => !messages.rilevazione?.[k])).toEqual([]);
  });
});
