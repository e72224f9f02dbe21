/**
 * What the user must act on (issue #12), one number per thing their profile works on, each only when
 * the profile opens the screen that lists it (the web links every number to that list):
 *  - `da_approvare`: leave requests waiting for their decision;
 *  - `anomalie`: days with an open anomaly in their scope this month, up to today;
 *  - `assenti`, `in_ritardo`: people absent or late right now, in their scope;
 *  - `visitatori_attesi`, `visitatori_in_sede`: the register of today;
 *  - `mie_anomalie`: their own days this month with a punch missing or another anomaly;
 *  - `settimane_da_approvare`: weeks of job-order hours sent and waiting for their decision;
 *  - `note_da_approvare`, `note_da_liquidare`: expense notes waiting for their approval, or for HR to settle them;
 *  - `dpi_in_scadenza`, `dpi_mancanti`: PPE in their scope falling due within 30 days, and mandatory kit items lacking
 *    (HR, and department managers too: the issue asks both to see them, the web links them for whoever opens the screens);
 *  - `ccnl_tabelle_scadute`: HR, the CCNL whose pay table is more than 12 months old (issue #28), only when there is one.
 *  - `termini_in_scadenza`, `quota_determinato`: HR (the contract rows' screen over every employee): fixed-term terms
 *    within 30 days, and fixed-term staff against 20 % of the open-ended staff on 1 January (D.Lgs 81/2015 art. 23).
 * One call, so the home page loads like the login does.
 */
import type { Db } from '../../platform/db';
import { localNow } from '../../platform/dates';
import type { CurrentUser } from '../../platform/guard';
import { staffInScope } from '../anagrafica';
import { countAnomalies, presenceBoard } from '../consultazione';
import { countPending } from '../giustificativi';
import { countExpectedToday, countOnSite } from '../visite';
import { countWeeksToDecide } from '../rilevazione';
import { countNotesToAct } from '../spese';
import { countDpi } from '../dotazioni';
import { countStaleTables, fixedTermWarnings } from '../contratti';
import { countFindingsToReview } from '../conformita';
import type { THomeCounts } from '@tulip/contract';

export type HomeCounts = Partial<Record<'da_approvare' | 'anomalie' | 'assenti' | 'in_ritardo' | 'visitatori_attesi' | 'visitatori_in_sede' | 'mie_anomalie' | 'settimane_da_approvare' | 'note_da_approvare' | 'note_da_liquidare' | 'dpi_in_scadenza' | 'dpi_mancanti' | 'ccnl_tabelle_scadute' | 'conformita_da_verificare', number>> &
  Pick<THomeCounts, 'termini_in_scadenza' | 'quota_determinato'>;

export async function homeCounts(db: Db, tz: string, user: CurrentUser): Promise<HomeCounts> {
  const routes = user.profilo?.routes ?? [];
  const has = (name: string) => routes.includes(name);
  const manages = user.profilo?.scope === 'tutti' || user.profilo?.scope === 'reparto';
  const today = localNow(tz).data;
  const monthStart = `${today.slice(0, 7)}-01`;
  const out: HomeCounts = {};
  const jobs: Promise<unknown>[] = [];
  if (has('giustificativi.calendario') && manages) jobs.push(countPending(db, user).then((n) => (out.da_approvare = n)));
  if (has('timbrature.calendario') && manages) {
    jobs.push(staffInScope(db, user, monthStart, today).then((staff) => countAnomalies(db, tz, staff, monthStart, today)).then((n) => (out.anomalie = n)));
  }
  if (has('presentiassenti') || has('presentireparto')) {
    // a manager's own departments, as on /presentireparto, unless the profile sees everyone: the counters alone, no row
    jobs.push(
      presenceBoard(db, tz, user, { seesCausale: false, query: { size: 0 } }).then((b) => {
        out.assenti = b.contatori.assenti;
        out.in_ritardo = b.contatori.in_ritardo;
      }),
    );
  }
  if (has('visite.registro')) {
    jobs.push(countExpectedToday(db, today).then((n) => (out.visitatori_attesi = n)));
    jobs.push(countOnSite(db).then((n) => (out.visitatori_in_sede = n)));
  }
  if (has('timbrature.calendario') && user.dipendente_id) {
    const self = { ...user, profilo: user.profilo ? { ...user.profilo, scope: 'proprio' as const } : null };
    jobs.push(staffInScope(db, self, monthStart, today).then((staff) => countAnomalies(db, tz, staff, monthStart, today)).then((n) => (out.mie_anomalie = n)));
  }
  if (has('rilevazione.commessa2') && manages) jobs.push(countWeeksToDecide(db, user).then((n) => (out.settimane_da_approvare = n)));
  if (has('notaspesaadmin') && manages) jobs.push(countNotesToAct(db, user).then((n) => Object.assign(out, n)));
  if (((has('dotazioni.consegne') || has('dotazioni.mansione')) && manages) || user.profilo?.scope === 'reparto') jobs.push(countDpi(db, tz, user).then((n) => Object.assign(out, n)));
  if (has('contratti.retribuzione') && user.profilo?.scope === 'tutti') {
    jobs.push(countStaleTables(db, today).then((n) => n > 0 && (out.ccnl_tabelle_scadute = n)));
    jobs.push(fixedTermWarnings(db, today).then((w) => Object.assign(out, w)));
  }
  // HR and the managers: the month's working-time findings not yet reviewed (D.Lgs 66/2003), only when there are some
  if (has('conformita') && manages) jobs.push(countFindingsToReview(db, tz, user).then((n) => n > 0 && (out.conformita_da_verificare = n)));
  await Promise.all(jobs);
  return out;
}
