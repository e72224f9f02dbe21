/**
 * The hiring documents' screens speak both languages: every `stipulazione.*` key their sources name, the keys they
 * make from lists (steps, states of the checklist, contract kinds, field groups), the description of every merge
 * field of the catalogue and of its loops' items (`campi_modello.*`), every item of the transparency check, and their
 * plurals, in Italian and English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAMPI_MODELLO, chiaveCampo, chiaveTrasparenza, ELEMENTI_TRASPARENZA, messagesEn, messagesIt, PER_CONTRATTO } from '@tulip/contract';

const PLURALI = ['mancano', 'generati', 'inviati', 'invio_a', 'invio_senza_email', 'campi_sconosciuti', 'campi_noti'];
const mine = (f: string) => /^(Stipulazione|Fascicolo|Modelli).*\.tsx$/.test(f);
const text = fs
  .readdirSync(__dirname)
  .filter(mine)
  .map((f) => fs.readFileSync(path.join(__dirname, f), 'utf8'))
  .join('\n');
const named = [...text.matchAll(/['"`]stipulazione\.([a-z_]+)['"`]/g)].map((m) => m[1]);
const gruppi = [...new Set(CAMPI_MODELLO.map((c) => c.campo.split('.')[0]))];

const keys = [
  ...new Set([
    ...named.filter((k) => !PLURALI.includes(k)),
    ...['dipendente', 'contratto', 'modelli', 'verifica'].map((p) => `passo_${p}`),
    ...['presente', 'mancante', 'rinvio'].map((s) => `stato_${s}`),
    ...['condizione', 'elenco'].map((s) => `tipo_campo_${s}`),
    ...PER_CONTRATTO.map((p) => `per_${p}`),
    ...gruppi.map((g) => `gruppo_${g}`),
  ]),
];
const campi = CAMPI_MODELLO.flatMap((c) => [c.campo, ...(c.figli ?? [])]).map((c) => chiaveCampo(c).slice('campi_modello.'.length));
const trasparenza = ELEMENTI_TRASPARENZA.map((e) => chiaveTrasparenza(e).slice('trasparenza.'.length));

describe('the hiring documents speak both languages', () => {
  it('the scan finds their keys', () => {
    expect(keys.length).toBeGreaterThan(100);
    expect(keys).toEqual(expect.arrayContaining(['verifica_anteprima', 'genera', 'invia_email', 'tab_modelli', 'stato_mancante', 'gruppo_retribuzione']));
    expect(campi).toEqual(expect.arrayContaining(['dipendente_cognome', 'retribuzione_voci', 'voce', 'importo']));
  });
  for (const [lang, messages] of [['it', messagesIt], ['en', messagesEn]] as const) {
    it(`has every text in ${lang}`, () => {
      expect(keys.filter((k) => !messages.stipulazione?.[k])).toEqual([]);
      expect(campi.filter((k) => !messages.campi_modello?.[k])).toEqual([]);
      expect(trasparenza.filter((k) => !messages.trasparenza?.[k])).toEqual([]);
      for (const p of PLURALI) expect([p, messages.stipulazione?.[`${p}_one`], messages.stipulazione?.[`${p}_other`]].every(Boolean)).toBe(true);
      expect([messages.menu?.['contratti.stipulazione'], messages.menu?.['contratti.fascicolo']].every(Boolean)).toBe(true);
    });
  }
  it('has no text the screens do not use', () => {
    const used = new Set([...keys, ...PLURALI.flatMap((p) => [`${p}_one`, `${p}_other`])]);
    const spare = Object.keys(messagesIt.stipulazione ?? {}).filter((k) => !used.has(k) && !k.endsWith('_genere'));
    expect(spare).toEqual([]);
  });
});
