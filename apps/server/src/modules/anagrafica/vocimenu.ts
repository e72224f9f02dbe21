/**
 * The folders desktop menu items may open (issue #27 §6): the administrator's allow-list, kept as a setting. An item
 * is checked against it when written and again when a menu is served, so narrowing the list takes the items outside it
 * off every menu at once.
 */
import { CARTELLE_VOCI_MENU_PREDEFINITE, normalizeFolder, targetAllowed, type TCartelleVociMenu } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { readSettings, writeSettings } from '../../platform/settings';

const KEY = 'cartelle_voci_menu';
const DEFAULTS: TCartelleVociMenu = { cartelle: CARTELLE_VOCI_MENU_PREDEFINITE };

export async function readCartelleVociMenu(db: Db): Promise<TCartelleVociMenu> {
  return readSettings(db, KEY, DEFAULTS);
}

export async function saveCartelleVociMenu(db: Db, user: CurrentUser, body: TCartelleVociMenu) {
  // one spelling per folder, with its closing backslash, in the order given
  const cartelle = [...new Set(body.cartelle.map((c) => normalizeFolder(c)!))];
  return { message: 'avvisi.updated', data: await writeSettings(db, user, KEY, DEFAULTS, { cartelle }) };
}

/** Refuses a target outside the allowed folders, naming them. */
export async function assertTargetAllowed(db: Db, destinazione: string) {
  const { cartelle } = await readCartelleVociMenu(db);
  if (!targetAllowed(destinazione, cartelle)) {
    throw new AppError(400, 'avvisi.percorso_non_ammesso', { cartelle: cartelle.join(', ') || '—', fields: { destinazione: 'avvisi.percorso_non_ammesso' } });
  }
}
