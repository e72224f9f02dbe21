/**
 * The visitor types and visit reasons every installation starts with, written at every start when missing: the
 * module's base data, declared in its manifest (`seed.base`). What an administrator changed stays.
 */
import type { Db } from '../../platform/db';
import { motiviVisita, tipiVisitatore } from './tables';

export const TIPI_VISITATORE = [
  { codice: 'CLI', descrizione: 'Cliente', colore_badge: '#1677ff' },
  { codice: 'FOR', descrizione: 'Fornitore', colore_badge: '#52c41a' },
  { codice: 'CON', descrizione: 'Consulente', colore_badge: '#722ed1' },
  { codice: 'DIT', descrizione: 'Ditta esterna', colore_badge: '#fa8c16', briefing_sicurezza: true, accompagnamento: true, dpi_richiesti: true, richiede_approvazione: true },
  { codice: 'COR', descrizione: 'Corriere', colore_badge: '#8c8c8c', giorni_conservazione: 30 },
  { codice: 'CAN', descrizione: 'Candidato', colore_badge: '#eb2f96', giorni_conservazione: 90 },
];
export const MOTIVI_VISITA = [
  { codice: 'RIUNIONE', descrizione: 'Riunione' },
  { codice: 'CONSEGNA', descrizione: 'Consegna o ritiro merce' },
  { codice: 'MANUTENZIONE', descrizione: 'Manutenzione impianti' },
  { codice: 'AUDIT', descrizione: 'Audit o ispezione' },
  { codice: 'COLLOQUIO', descrizione: 'Colloquio di lavoro' },
  { codice: 'FORMAZIONE', descrizione: 'Formazione' },
];

export async function seedVisiteDefaults(db: Db) {
  await db.insert(tipiVisitatore).values(TIPI_VISITATORE).onConflictDoNothing();
  await db.insert(motiviVisita).values(MOTIVI_VISITA).onConflictDoNothing();
}
