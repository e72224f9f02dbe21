/**
 * The equipment screens speak both languages: every `dotazioni.*` key their sources name (and the home page's tiles),
 * the keys they make from the contract's lists (categories, protections, sizes, reasons, movements, unit states,
 * outcomes), the server's messages they show (`avvisi.*`), and plurals, in Italian and English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIE_DPI, CAUSALI_CONSEGNA, CAUSALI_MOVIMENTO, ESITI_RESO, messagesEn, messagesIt, PROTEZIONI_DPI, ROUTE_BY_NAME, STATI_UNITA, TIPI_TAGLIA } from '@tulip/contract';

const PLURALI = [
  'mesi_n', 'dipendenti_n', 'scaduti_n', 'pezzi_n', 'disponibili_meno', 'taglia_disponibili', 'da_restituire_cessato', 'consegna_registrata_di', 'mie_da_restituire',
];
const mine = (f: string) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && f !== 'routes.tsx';
const sources = [...fs.readdirSync(__dirname).filter(mine).map((f) => path.join(__dirname, f)), path.join(__dirname, '../home/DaFare.tsx')];
const text = sources.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
const named = (group: string) => [...text.matchAll(new RegExp(`['"\`]${group}\\.([a-z_]+)['"\`]`, 'g'))].map((m) => m[1]);

// route names ('dotazioni.consegne' in the home page's tiles) are not texts
const keys = [...new Set(named('dotazioni'))].filter((k) => !PLURALI.includes(k) && !ROUTE_BY_NAME[`dotazioni.${k}`]);
const valori = [
  ...new Set([
    ...named('dotazioni_valori'),
    ...CATEGORIE_DPI.map((c) => `cat_${c}`),
    ...PROTEZIONI_DPI.map((p) => `prot_${p}`),
    ...TIPI_TAGLIA.map((p) => `taglia_${p}`),
    ...CAUSALI_CONSEGNA.map((c) => `causale_${c}`),
    ...CAUSALI_MOVIMENTO.map((c) => `mov_${c}`),
    ...STATI_UNITA.map((s) => `unita_${s}`),
    ...ESITI_RESO.map((e) => `esito_${e}`),
    ...['valida', 'annullata'].map((s) => `stato_${s}`),
    ...['scadenza', 'ispezione', 'mancante', 'in_scadenza'].map((m) => `motivo_${m}`),
  ]),
];
const avvisi = [...new Set(named('avvisi'))];

describe('the equipment screens speak both languages', () => {
  it('the scan finds their keys', () => {
    expect(keys.length).toBeGreaterThan(150);
    expect(keys).toEqual(expect.arrayContaining(['proponi_consegna', 'formazione_di_legge', 'sotto_scorta', 'apri_verbale', 'nessuno_manca']));
    expect(avvisi).toEqual(expect.arrayContaining(['formazione_mancante']));
  });

  it.each([
    ['it', messagesIt],
    ['en', messagesEn],
  ])('each key has its %s text, each value of the contract its label, each plural its forms', (_lang, messages) => {
    expect(keys.filter((k) => !messages.dotazioni?.[k])).toEqual([]);
    expect(PLURALI.flatMap((p) => [`${p}_one`, `${p}_other`]).filter((k) => !messages.dotazioni?.[k])).toEqual([]);
    expect(valori.filter((k) => !messages.dotazioni_valori?.[k])).toEqual([]);
    expect(avvisi.filter((k) => k !== 'validation' && !messages.avvisi?.[k])).toEqual([]);
  });

  it('Italian and English have the same keys', () => {
    const it = Object.keys(messagesIt.dotazioni ?? {}).sort();
    expect(Object.keys(messagesEn.dotazioni ?? {}).sort()).toEqual(it);
  });
});
