/**
 * The server's modules, in dependency order: a module may import (through its index.ts) only modules listed before
 * it, and test/lint.test.ts checks it. app.ts registers their routes and main.ts schedules their jobs from this list;
 * adding a module means adding its folder and one line here (docs/ARCHITECTURE.md).
 */
import type { ModuleManifest } from './platform/module';
import { manifest as lingue } from './modules/lingue';
import { manifest as anagrafica } from './modules/anagrafica';
import { manifest as auth } from './modules/auth';
import { manifest as user } from './modules/user';
import { manifest as audit } from './modules/audit';
import { manifest as turni } from './modules/turni';
import { manifest as giustificativi } from './modules/giustificativi';
import { manifest as timbrature } from './modules/timbrature';
import { manifest as consultazione } from './modules/consultazione';
import { manifest as kiosk } from './modules/kiosk';
import { manifest as visite } from './modules/visite';
import { manifest as contratti } from './modules/contratti';
import { manifest as commesse } from './modules/commesse';
import { manifest as rilevazione } from './modules/rilevazione';
import { manifest as spese } from './modules/spese';
import { manifest as dotazioni } from './modules/dotazioni';
import { manifest as conformita } from './modules/conformita';
import { manifest as integrazioni } from './modules/integrazioni';
import { manifest as accesso } from './modules/accesso';
import { manifest as home } from './modules/home';

export const MODULES: ModuleManifest[] = [lingue, anagrafica, auth, user, audit, turni, giustificativi, timbrature, consultazione, kiosk, visite, contratti, commesse, rilevazione, spese, dotazioni, conformita, integrazioni, accesso, home];

export const MODULE_ORDER = MODULES.map((m) => m.name);
