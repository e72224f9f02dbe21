/**
 * The reconciliation (issue #15): per employee and day, the timecard's worked minutes against the minutes booked on
 * orders, with the difference; a day is out when they differ by more than the tolerance of the parameters.
 */
import { and, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { addDays, dataIt } from '../../platform/dates';
import { anyOf } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { tableWorkbook } from '../../platform/export/xlsx';
import type { CurrentUser } from '../../platform/guard';
import { staffInScope } from '../anagrafica';
import { buildMonths } from '../consultazione';
import { readParametri } from './service';
import { registrazioni } from './tables';

type Query = { dal: string; al: string; reparto_id?: number; dipendente_id?: number; solo_differenze: 'si' | 'no' };

export async function reconciliation(db: Db, tz: string, user: CurrentUser, q: Query) {
  if (q.al < q.dal) throw badRequest({ al: 'avvisi.al_prima_di_dal' });
  if (addDays(q.dal, 62) < q.al) throw badRequest({ al: 'avvisi.periodo_troppo_lungo' });
  const staff = await staffInScope(db, user, q.dal, q.al, q.reparto_id, undefined, q.dipendente_id);
  if (!staff.length) return { rows: [], total: 0 };
  const [months, booked, params] = await Promise.all([
    buildMonths(db, tz, staff, q.dal, q.al, { detail: false }),
    db
      .select({ dipendente_id: registrazioni.dipendente_id, data: registrazioni.data, minuti: sql<number>`sum(${registrazioni.minuti})::int` })
      .from(registrazioni)
      .where(and(anyOf(registrazioni.dipendente_id, staff.map((s) => s.id)), gte(registrazioni.data, q.dal), lte(registrazioni.data, q.al)))
      .groupBy(registrazioni.dipendente_id, registrazioni.data),
    readParametri(db),
  ]);
  const bookedOf = new Map(booked.map((b) => [`${b.dipendente_id}:${b.data}`, Number(b.minuti)]));
  const rows = months.flatMap((m) => {
    const s = staff.find((x) => x.id === m.dipendente.id)!;
    return m.giorni.flatMap((g) => {
      const registrati = bookedOf.get(`${s.id}:${g.data}`) ?? 0;
      if (!g.minuti_lavorati && !registrati) return [];
      const differenza = registrati - g.minuti_lavorati;
      const fuori = Math.abs(differenza) > params.tolleranza_minuti;
      if (q.solo_differenze === 'si' && !fuori) return [];
      return [{
        dipendente_id: s.id, matricola: s.matricola, nome: `${s.cognome} ${s.nome}`, reparto_descrizione: s.reparto_descrizione, data: g.data,
        lavorati: g.minuti_lavorati, registrati, differenza, fuori_tolleranza: fuori,
      }];
    });
  });
  return { rows, total: rows.length };
}

export async function reconciliationWorkbook(db: Db, tz: string, user: CurrentUser, q: Query) {
  const { rows } = await reconciliation(db, tz, user, q);
  const wb = await tableWorkbook([
    {
      name: 'Riconciliazione',
      columns: [
        { header: 'Matricola', width: 12 }, { header: 'Dipendente' }, { header: 'Reparto' }, { header: 'Data', width: 12 }, { header: 'Ore lavorate', kind: 'ore' },
        { header: 'Ore registrate', kind: 'ore' }, { header: 'Differenza', kind: 'ore' }, { header: 'Fuori tolleranza', width: 16 },
      ],
      rows: rows.map((r) => [r.matricola, r.nome, r.reparto_descrizione, dataIt(r.data), r.lavorati, r.registrati, r.differenza, r.fuori_tolleranza ? 'sì' : 'no']),
    },
  ]);
  return { wb, filename: `riconciliazione-${q.dal}-${q.al}.xlsx` };
}
