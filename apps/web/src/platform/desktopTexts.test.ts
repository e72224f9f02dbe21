/**
 * The desktop build's screens speak both languages (issue #19): every key that the server URL's settings, the menu's
 * `open` items, the version badge and the admin screen of those items name, and the messages the shell answers with
 * (contract: SERVER_URL_ERRORS), in Italian and English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseMessagesEn, baseMessagesIt, messagesEn, messagesIt, SERVER_URL_ERRORS } from '@tulip/contract';

const web = path.resolve(__dirname, '..');
const sources = ['modules/auth/SettingsPage.tsx', 'modules/anagrafica/VociMenuPage.tsx', 'platform/desktop.ts', 'layout/SideMenu.tsx', 'layout/VersionBadge.tsx'];
const text = sources.map((f) => fs.readFileSync(path.join(web, f), 'utf8')).join('\n');
const keys = [
  ...new Set([
    ...[...text.matchAll(/['"`]((?:impostazioni|vocimenu|avvisi|app|entita)\.[a-z_]+)['"`]/g)].map((m) => m[1]),
    ...Object.values(SERVER_URL_ERRORS),
    'menu.anagrafica.vocimenu', 'menu.gruppo.apri', 'avvisi.percorso_non_valido', 'avvisi.apertura_non_riuscita',
  ]),
];

describe('the desktop build speaks both languages', () => {
  it('the scan finds the keys', () => {
    expect(keys).toEqual(expect.arrayContaining(['impostazioni.collegato', 'vocimenu.destinazione_aiuto', 'app.versione_desktop', 'avvisi.apertura_non_consentita']));
  });
  it.each([
    ['it', messagesIt],
    ['en', messagesEn],
  ])('each key has its %s text', (_lang, messages) => {
    const missing = keys.filter((k) => {
      const i = k.indexOf('.');
      return !messages[k.slice(0, i)]?.[k.slice(i + 1)];
    });
    expect(missing).toEqual([]);
  });
  // the settings screen and the badge show before any server answered: their texts must be in the bundle
  it.each([
    ['it', baseMessagesIt],
    ['en', baseMessagesEn],
  ])('the texts shown before a server is configured are in the %s bundle', (_lang, messages) => {
    const early = keys.filter((k) => k.startsWith('impostazioni.') || k.startsWith('app.'));
    expect(early.length).toBeGreaterThan(8);
    expect(early.filter((k) => !(messages as Record<string, Record<string, string>>)[k.split('.')[0]]?.[k.slice(k.indexOf('.') + 1)])).toEqual([]);
  });
});
