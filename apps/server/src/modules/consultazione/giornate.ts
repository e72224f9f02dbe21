/**
 * The punch screens' views computed by the timecard engine: a month's work days for the clock-in calendar, and the
 * open anomalies. They need the engine's months, so they live here, above timbrature, though their paths start
 * with /api/timbrature.
 */
import { daysBetween, monthRange } from '../../platform/dates';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { employeeInScope, staffInScope } from '../anagrafica';
import { buildMonths } from './service';

const MAX_GIORNI = 92;

/** The work days of a month of one employee (the user's own when none is named), with punches and anomalies. */
export async function monthDays(db: Db, tz: string, user: CurrentUser, dipendenteId: number | undefined, mese: string) {
  const dipId = dipendenteId ?? user.dipendente_id;
  if (!dipId) throw badRequest({ dipendente_id: 'avvisi.campo_richiesto' });
  const dip = await employeeInScope(db, user, dipId);
  const { dal, al } = monthRange(mese);
  const [month] = await buildMonths(db, tz, [{ ...dip, reparto_descrizione: null }], dal, al);
  return month.giorni;
}

/** The (employee, day) pairs with an open anomaly in a period of at most 92 days, for everyone in scope (or a department). */
export async function openAnomalies(db: Db, tz: string, user: CurrentUser, q: { dal: string; al: string; reparto_id?: number }) {
  if (q.al < q.dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
  if (daysBetween(q.dal, q.al) > MAX_GIORNI) throw badRequest({ al: 'avvisi.periodo_troppo_lungo' });
  const staff = await staffInScope(db, user, q.dal, q.al, q.reparto_id);
  const months = await buildMonths(db, tz, staff, q.dal, q.al);
  return months.flatMap((m) =>
    m.giorni
      // a work day still in progress has none yet (the engine's `adesso`): a night shift at 05:30 is no anomaly
      .filter((g) => g.anomalie.length)
      .map((g) => ({ dipendente: m.dipendente, data: g.data, anomalie: g.anomalie, timbrature: g.timbrature, turno: g.turno })),
  );
}
