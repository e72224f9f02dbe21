/**
 * The payroll layouts' screen and export speak both languages (issue #31 §4): every `tracciati.*` key their sources
 * name, the keys made from the contract's lists (fields, kinds of layout), and the server's warnings about layouts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAMPI_TRACCIATO, messagesEn, messagesIt, TIPI_TRACCIATO } from '@tulip/contract';

const text = ['TracciatiPage.tsx', 'TotalizPage.tsx'].map((f) => fs.readFileSync(path.join(__dirname, f), 'utf8')).join('\n');
const named = [...new Set([...text.matchAll(/['"`]tracciati\.([a-z_0-9]+)['"`]/g)].map((m) => m[1]))];
// the option labels: opt(value, 'label') names a tracciati.* key by its tail
const options = [...text.matchAll(/opt\('[^']*', '([a-z_0-9]+)'\)/g)].map((m) => m[1]);
const keys = [...new Set([...named, ...options, ...CAMPI_TRACCIATO.map((c) => `campo_${c}`), ...TIPI_TRACCIATO.map((c) => `tipo_${c}`)])];
const AVVISI = ['tracciato_formato', 'tracciato_campi_sovrapposti', 'tracciato_mappatura_doppia', 'tracciato_valore_lungo'];

describe('the payroll layouts speak both languages', () => {
  it('the scan finds their keys', () => {
    expect(keys.length).toBeGreaterThan(40);
    expect(keys).toEqual(expect.arrayContaining(['non_mappati', 'generi_ore', 'esporta', 'fmt_centesimi', 'sep_tab']));
  });
  for (const [lang, m] of [['it', messagesIt], ['en', messagesEn]] as const) {
    it(`has every key in ${lang}`, () => {
      expect(keys.filter((k) => !m.tracciati?.[k])).toEqual([]);
      expect(AVVISI.filter((k) => !m.avvisi?.[k])).toEqual([]);
      expect(m.menu?.['paghe.tracciati']).toBeTruthy();
      expect([m.audit?.entita_tracciati_paghe, m.audit?.azione_export_tracciato].every(Boolean)).toBe(true);
    });
  }
});
