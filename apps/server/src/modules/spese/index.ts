/** Expense notes: payment and expense types, vehicles with ACI costs, currencies and ECB rates, the note with its trip, lines, advances and states, the Italian tax treatment of every line, the reimbursements for payroll. The module's public entry: other modules import only this file. */
export * from './tables';
export { countNotesToAct, recentDecisions, recompute as recomputeNote } from './service';
import { speseRoutes } from './routes';
import { seedSpese } from './defaults';
import { fetchRates } from './cambi';
import { payrollMoneySpese } from './documenti';
import type { ModuleManifest } from '../../platform/module';

export { speseRoutes };

export const manifest: ModuleManifest = {
  name: 'spese',
  // for webhooks only (platform/webhooks.ts): no module subscribes
  publishes: ['nota_spese.liquidata'],
  routes: speseRoutes,
  // an employee keeps their own notes and cars; a manager approves the notes of their departments
  grants: [{ id: 'spese.1', profiles: { DIPENDENTE: ['notaspese', 'veicoli'], RESPONSABILE: ['notaspesaadmin', 'speseadmin'] } }],
  // the reimbursements settled in a payroll month go in its payroll export, exempt and taxable under their codes
  payroll: (db, mese) => payrollMoneySpese(db, mese),
  seed: { base: seedSpese },
  // the ECB's reference rates, fetched daily when TULIP_FX_URL names the file (read at each run)
  jobs: [{ name: 'spese.cambi', firstAfterMs: 60_000, everyMs: 24 * 3600_000, run: async (db) => (process.env.TULIP_FX_URL ? fetchRates(db, process.env.TULIP_FX_URL) : null) }],
};
