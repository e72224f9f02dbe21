/**
 * A module's manifest: what the app, the schema, the scheduler and the seed learn from it. app.ts and main.ts loop
 * over the list in modules.ts, so adding a module means adding its folder and one line there
 * (docs/ARCHITECTURE.md, "Add a module").
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps';
import type { Db } from './db';
import type { Subscriptions } from './events';
import type { PayrollSource } from './payroll';
import type { MonthCloseCheck } from './monthClose';
import type { PartTimeSource } from './partTime';

export type ScheduledJob = {
  /** Shown in the log. */
  name: string;
  /** First run this long after start-up, then every `everyMs`; a failure is logged and the next run tries again. */
  firstAfterMs: number;
  everyMs: number;
  /** `timezone`: the company's (TULIP_TIMEZONE), for jobs that read the wall clock. */
  run: (db: Db, ctx: { timezone: string }) => Promise<unknown>;
};

/**
 * A versioned grant of the module's route names to default profiles (by code). Applied once per database, at the
 * first start that knows it: an existing installation gets the screens a new version makes ready, and what an
 * administrator removes afterwards stays removed. Never edit a landed step: add the next one ('<module>.2').
 */
/**
 * A versioned change of the default profiles' routes, applied once per database: `profiles` grants, `revoke` takes a
 * route away (a screen found too powerful for a profile). A revoke applies to every database, old ones included.
 */
export type GrantStep = { id: string; profiles: Record<string, string[]>; revoke?: Record<string, string[]> };

export type ModuleManifest = {
  /** The folder's name. */
  name: string;
  /** Registers the module's routes (each declares its access: platform/guard.ts). */
  routes?: (app: FastifyInstance, deps: AppDeps) => void;
  /** Work the server process does on a timer. */
  jobs?: ScheduledJob[];
  /** Its route names granted to (or revoked from) the default profiles; AMMINISTRATORE gets every new name anyway, no one else does. */
  grants?: GrantStep[];
  /** Events it publishes (platform/events.ts): their payloads' types are added to `Events` in its index.ts. */
  publishes?: readonly string[];
  /** Its handlers of events that modules listed before it publish. */
  subscribes?: Subscriptions;
  /** Money it pays through payroll in a closed month (expense reimbursements), exported with the hours (platform/payroll.ts). */
  payroll?: PayrollSource;
  /** What must hold before a month is closed for payroll (platform/monthClose.ts): a refusal is an AppError. */
  monthClose?: MonthCloseCheck;
  /** The employees' part-time periods the timecard engine reads (platform/partTime.ts): the module of the contracts. */
  partTime?: PartTimeSource;
  /**
   * Its seed steps. `base`: the data every installation starts with (leave types, visitor types), written at every
   * start when missing, in the modules' order, after the languages, texts and profiles; what an administrator changed
   * stays. The demo company (TULIP_DEMO) is one scenario across modules, in apps/server/src/seed/.
   */
  seed?: { base?: (db: Db) => Promise<void> };
  /**
   * The ids of the stored files (platform/files.ts) its records point at without a foreign key (a column with no
   * constraint, an id inside a setting): the daily cleanup keeps them. A column that `references(() => file.id)` needs
   * nothing here.
   */
  fileRefs?: (db: Db) => Promise<string[]>;
};
