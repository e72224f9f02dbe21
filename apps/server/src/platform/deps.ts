/** What every module is given when the app is built: the database, the settings, tokens and mail. */
import type { Config } from './config';
import type { Db } from './db';
import type { Mailer } from './mail';
import type { Tokens } from './tokens';

export type AppDeps = {
  db: Db;
  config: Config;
  tokens: Tokens;
  mailer: Mailer;
  defaultLang: () => Promise<string>;
};
