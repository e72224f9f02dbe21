/** Texts of each domain module: `{ it: { group: { tag: text } }, en: { ... } }`, one file per module. */
import { presenze } from './presenze';
import { consultazione } from './consultazione';
import { avvisiPresenze } from './avvisiPresenze';
import { visite } from './visite';
import { commesse } from './commesse';
import { rilevazione } from './rilevazione';
import { spese } from './spese';
import { speseAnagrafiche } from './speseAnagrafiche';
import { dotazioni } from './dotazioni';
import { dotazioniSchermi } from './dotazioniSchermi';
import { contratti } from './contratti';
import { contrattiSchermi } from './contrattiSchermi';
import { stipulazione } from './stipulazione';
import { desktop } from './desktop';
import { catena } from './catena';
import { conformita } from './conformita';
import { tracciati } from './tracciati';
import { integrazioni } from './integrazioni';
import { tokenApi } from './tokenApi';
import { mfa } from './mfa';
import { accesso } from './accesso';

export type ModuleMessages = { it: Record<string, Record<string, string>>; en: Record<string, Record<string, string>> };

export const MODULES: ModuleMessages[] = [avvisiPresenze, presenze, consultazione, visite, commesse, rilevazione, spese, speseAnagrafiche, dotazioni, dotazioniSchermi, contratti, contrattiSchermi, stipulazione, desktop, catena, conformita, tracciati, integrazioni, tokenApi, mfa, accesso];

export function mergeMessages(...maps: Record<string, Record<string, string>>[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {}; // keys from code: the texts' own groups
  // keys from code: each group is made once and added to (a copy per module cost the server's start 20-30 ms)
  for (const m of maps) for (const [g, tags] of Object.entries(m)) Object.assign((out[g] ??= {}), tags);
  return out;
}
