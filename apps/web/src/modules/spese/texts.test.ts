/**
 * The expense screens speak both languages: every `spese.*` key their sources name, the keys they make from the
 * contract's lists (a note's state, a trip's regime, the history's actions, plurals), and every rule warning
 * (`spese_avvisi.*`) and every rule that decides a line (`spese_regole.*`), in Italian and English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AVVISI_SPESA, messagesEn, messagesIt, REGIMI_TRASFERTA, REGOLE_SPESA, STATI_NOTA } from '@tulip/contract';

const PLURALI = ['righe_n', 'righe_con_avvisi', 'invia_con_avvisi', 'liquida_note', 'liquida_selezionate', 'totali_filtro', 'approva_con_avvisi_titolo', 'approva_con_avvisi'];
// the master-data screens of this folder keep their texts in their own group
const mine = (f: string) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && f !== 'routes.tsx' && !/^(TipiPagamento|TipiSpesa|Veicoli|Valute|Cambi)/.test(f);
const sources = [...fs.readdirSync(__dirname).filter(mine).map((f) => path.join(__dirname, f)), path.join(__dirname, '../home/DaFare.tsx')];
const named = sources.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/['"`]spese\.([a-z_]+)['"`]/g)].map((m) => m[1]));
const made = [
  ...STATI_NOTA.map((s) => `stato_${s}`),
  ...REGIMI_TRASFERTA.flatMap((r) => [`regime_${r}`, `regime_${r}_hint`]),
  ...['create', 'update', 'invia', 'approva', 'rifiuta', 'riapri', 'liquida', 'revisione', 'anticipo', 'anticipo_eliminato'].map((a) => `storia_${a}`),
  ...PLURALI.flatMap((p) => [`${p}_one`, `${p}_other`]),
];
const keys = [...new Set([...named, ...made])].filter((k) => !PLURALI.includes(k));

describe('the expense screens speak both languages', () => {
  it('the scan finds their keys', () => {
    expect(keys.length).toBeGreaterThan(150);
    expect(keys).toEqual(expect.arrayContaining(['nuova_nota', 'da_restituire', 'scatta_foto', 'conta_note_da_liquidare']));
  });

  it.each([
    ['it', messagesIt],
    ['en', messagesEn],
  ])('each key has its %s text, each warning of the rules and each rule', (_lang, messages) => {
    expect(keys.filter((k) => !messages.spese?.[k])).toEqual([]);
    expect(AVVISI_SPESA.filter((a) => !messages.spese_avvisi?.[a])).toEqual([]);
    expect(REGOLE_SPESA.filter((r) => !messages.spese_regole?.[r])).toEqual([]);
  });
});
