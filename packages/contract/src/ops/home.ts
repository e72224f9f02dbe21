/** The home page's operation (module home): what the user must act on. */
import { z } from 'zod';
import { defineOperations } from '../operation';
import { ZQuotaDeterminato, ZTermineInScadenza } from '../schemas/catena';

/** One number per thing the profile works on, each only when the profile opens the list it links to. */
export const ZHomeCounts = z.object({
  da_approvare: z.number().optional(),
  anomalie: z.number().optional(),
  assenti: z.number().optional(),
  in_ritardo: z.number().optional(),
  visitatori_attesi: z.number().optional(),
  visitatori_in_sede: z.number().optional(),
  mie_anomalie: z.number().optional(),
  /** Weeks of job-order hours sent and waiting for the user's decision. */
  settimane_da_approvare: z.number().optional(),
  /** Expense notes sent and waiting for the user's approval; approved ones waiting for HR to settle them. */
  note_da_approvare: z.number().optional(),
  note_da_liquidare: z.number().optional(),
  /** Equipment and PPE in the user's scope: held items due for replacement or inspection within 30 days; mandatory kit items lacking. */
  dpi_in_scadenza: z.number().optional(),
  dpi_mancanti: z.number().optional(),
  /** HR: CCNL whose pay table is stale (latest decorrenza more than 12 months old, retribuzione.ts tabellaScaduta); only when there is one. */
  ccnl_tabelle_scadute: z.number().optional(),
  /** HR and managers: working-time findings of the current month (D.Lgs 66/2003) not yet reviewed; only when there is one. */
  conformita_da_verificare: z.number().optional(),
  /** HR (the contract rows' screen, every employee): fixed-term terms within 30 days, and the 20 % quota (D.Lgs 81/2015 art. 23). */
  termini_in_scadenza: z.array(ZTermineInScadenza).optional(),
  quota_determinato: ZQuotaDeterminato.optional(),
});
export type THomeCounts = z.infer<typeof ZHomeCounts>;

export const OPS_HOME = defineOperations({
  conteggi: {
    method: 'GET', path: '/api/home', tag: 'home', summary: 'Pagina iniziale: quello su cui l’utente deve agire',
    access: { auth: true }, responses: { 200: ZHomeCounts },
  },
});
