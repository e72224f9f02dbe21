/**
 * The pay tables' screen speaks both languages: every `contratti.*` key its sources name, the keys it makes from the
 * contract's lists (qualifiche, contract types, part-time distributions), the server's messages it shows (`avvisi.*`)
 * and its plurals, in Italian and English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISTRIBUZIONI_PART_TIME, messagesEn, messagesIt, QUALIFICHE, ROUTE_BY_NAME, TIPI_CONTRATTO } from '@tulip/contract';

const PLURALI = ['voci_importate_n', 'catena_n_mesi', 'catena_n_giorni', 'catena_proroghe_residue'];
const mine = (f: string) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && f !== 'routes.tsx';
const text = fs
  .readdirSync(__dirname)
  .filter(mine)
  .map((f) => fs.readFileSync(path.join(__dirname, f), 'utf8'))
  .join('\n');
const named = (group: string) => [...text.matchAll(new RegExp(`['"\`]${group}\\.([a-z_]+)['"\`]`, 'g'))].map((m) => m[1]);

// route names ('contratti.retribuzione') are not texts
const keys = [
  ...new Set([
    ...named('contratti').filter((k) => !PLURALI.includes(k) && !ROUTE_BY_NAME[`contratti.${k}`]),
    ...QUALIFICHE.map((q) => `qualifica_${q}`),
    ...TIPI_CONTRATTO.map((q) => `tipo_${q}`),
    ...DISTRIBUZIONI_PART_TIME.map((d) => `distribuzione_${d}`),
  ]),
];
const avvisi = [...new Set(named('avvisi'))];

describe('the pay tables speak both languages', () => {
  it('the scan finds their keys', () => {
    expect(keys.length).toBeGreaterThan(50);
    expect(keys).toEqual(expect.arrayContaining(['nuova_voce', 'confronto', 'tab_dipendenti', 'paga_oraria', 'qualifica_operaio']));
    expect(avvisi).toEqual(expect.arrayContaining(['determinato_senza_causale', 'livello_sconosciuto']));
  });
  for (const [lang, messages] of [['it', messagesIt], ['en', messagesEn]] as const) {
    it(`has every text in ${lang}`, () => {
      expect(keys.filter((k) => !messages.contratti?.[k])).toEqual([]);
      expect(avvisi.filter((k) => !messages.avvisi?.[k])).toEqual([]);
      for (const p of PLURALI) expect([messages.contratti?.[`${p}_one`], messages.contratti?.[`${p}_other`]].every(Boolean)).toBe(true);
    });
  }
});
