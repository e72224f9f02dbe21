/**
 * The module's parameters (issue #18): how the order report costs a booked hour, at the job role's hourly cost or at
 * the employee's hourly pay on the booking's date times the company's overhead coefficient. One JSON value, read over
 * its defaults and written audited (platform/settings.ts).
 */
import { PARAMETRI_COMMESSE_DEFAULT, type TParametriCommesse } from '@tulip/contract';
import type { Db } from '../../platform/db';
import type { CurrentUser } from '../../platform/guard';
import { readSettings, writeSettings } from '../../platform/settings';

export const PARAMETRI_KEY = 'parametri_commesse';

export const readParametriCommesse = (db: Db): Promise<TParametriCommesse> => readSettings(db, PARAMETRI_KEY, PARAMETRI_COMMESSE_DEFAULT);
export const saveParametriCommesse = (db: Db, user: CurrentUser, p: TParametriCommesse) => writeSettings(db, user, PARAMETRI_KEY, PARAMETRI_COMMESSE_DEFAULT, p);
