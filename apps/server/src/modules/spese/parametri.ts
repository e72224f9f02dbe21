/**
 * The module's parameters: four eyes on money (whoever settles a note is neither who created nor who approved it).
 * One JSON value, read over its defaults and written audited (platform/settings.ts).
 */
import { PARAMETRI_SPESE_DEFAULT, type TParametriSpese } from '@tulip/contract';
import type { Db } from '../../platform/db';
import type { CurrentUser } from '../../platform/guard';
import { readSettings, writeSettings } from '../../platform/settings';

export const PARAMETRI_KEY = 'parametri_spese';

export const readParametriSpese = (db: Db): Promise<TParametriSpese> => readSettings(db, PARAMETRI_KEY, PARAMETRI_SPESE_DEFAULT);
export const saveParametriSpese = (db: Db, user: CurrentUser, p: TParametriSpese) => writeSettings(db, user, PARAMETRI_KEY, PARAMETRI_SPESE_DEFAULT, p);
