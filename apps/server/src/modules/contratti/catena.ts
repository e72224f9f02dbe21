/**
 * The fixed-term chain (issue #28 §3) on the stored rows: the employee's chain for the contract screen, the check of a
 * new or corrected row and of a fixed-term letter against the rows already stored, and HR's home warnings. The rules
 * are the contract's pure functions (tempoDeterminato.ts).
 */
import { and, asc, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import {
  aggiungiGiorni, avvisoTermine, catenaTempoDeterminato, erroreNuovaRiga, MESI_MASSIMI_DETERMINATO, PREAVVISO_TERMINE_GIORNI, PROROGHE_MASSIME, quotaDeterminato,
  type RigaCatena,
} from '@tulip/contract';
import type { Db } from '../../platform/db';
import { lockRows } from '../../platform/db/locks';
import { AppError } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, employeeInScope } from '../anagrafica';
import { contrattiDipendenti, livelli } from './tables';

/** The employee's rows as the chain reads them (the level by its code), by date. */
async function chainRows(db: Db, dipendenteId: number): Promise<RigaCatena[]> {
  return db
    .select({
      id: contrattiDipendenti.id, dal: contrattiDipendenti.dal, tipo_contratto: contrattiDipendenti.tipo_contratto, data_fine: contrattiDipendenti.data_fine,
      causale: contrattiDipendenti.causale, livello: livelli.codice, qualifica: contrattiDipendenti.qualifica, mansione_id: contrattiDipendenti.mansione_id,
      periodo_prova_giorni: contrattiDipendenti.periodo_prova_giorni, periodo_prova: contrattiDipendenti.periodo_prova,
    })
    .from(contrattiDipendenti)
    .innerJoin(livelli, eq(livelli.id, contrattiDipendenti.livello_id))
    .where(eq(contrattiDipendenti.dipendente_id, dipendenteId))
    .orderBy(asc(contrattiDipendenti.dal));
}

/** GET /api/contratti/dipendenti/:id/catena: each contract and extension with its months, the total, what is still possible. */
export async function employeeChain(db: Db, user: CurrentUser, dipendenteId: number) {
  await employeeInScope(db, user, dipendenteId);
  const c = catenaTempoDeterminato(await chainRows(db, dipendenteId));
  return {
    ...c, dipendente_id: dipendenteId, voci: c.voci.map(({ indice: _i, ...v }) => v), massimo_mesi: MESI_MASSIMI_DETERMINATO, massimo_proroghe: PROROGHE_MASSIME,
  };
}

/**
 * A fixed-term row (new, or correcting the stored row `replaces`) against the employee's stored rows: a 400 naming the
 * field and the limit when it breaks the chain (its own limits, or one it causes to a later row). Called in the
 * writing transaction, after the employee's row is locked, so two rows saved at once are checked one after the other.
 */
export async function assertChain(tx: Db, dipendenteId: number, riga: RigaCatena, replaces?: number) {
  await lockRows(tx, [{ table: dipendenti, ids: [dipendenteId] }]);
  const stored = await chainRows(tx, dipendenteId);
  const others = stored.filter((r) => r.id !== replaces && !(replaces === undefined && r.dal === riga.dal));
  const dopo = [...others, { ...riga, id: null }];
  const e = erroreNuovaRiga(stored, dopo, dopo.length - 1);
  if (e) throw new AppError(400, `avvisi.${e.errore}`, { ...e.params, fields: { [e.campo]: `avvisi.${e.errore}` } });
}

/** Each employee's contract row in force on a date (hired by then and not gone), with its type and term. */
async function rowsInForce(db: Db, data: string) {
  const rows = await db
    .selectDistinctOn([contrattiDipendenti.dipendente_id], {
      dipendente_id: contrattiDipendenti.dipendente_id, tipo_contratto: contrattiDipendenti.tipo_contratto, data_fine: contrattiDipendenti.data_fine,
      cognome: dipendenti.cognome, nome: dipendenti.nome, cessazione: dipendenti.data_cessazione,
    })
    .from(contrattiDipendenti)
    .innerJoin(dipendenti, eq(dipendenti.id, contrattiDipendenti.dipendente_id))
    .where(and(lte(contrattiDipendenti.dal, data), lte(dipendenti.data_assunzione, data), or(isNull(dipendenti.data_cessazione), gte(dipendenti.data_cessazione, data))))
    .orderBy(asc(contrattiDipendenti.dipendente_id), desc(contrattiDipendenti.dal));
  return rows.filter((r) => !r.data_fine || r.data_fine >= data);
}

/**
 * HR's home: the fixed-term terms within 30 days (who, when, whether an extension is still possible), soonest first,
 * and the quota of art. 23 c. 1: fixed-term heads today against open-ended heads in force on 1 January.
 */
export async function fixedTermWarnings(db: Db, today: string) {
  const anno = Number(today.slice(0, 4));
  const [now, january] = await Promise.all([rowsInForce(db, today), rowsInForce(db, `${anno}-01-01`)]);
  const limit = aggiungiGiorni(today, PREAVVISO_TERMINE_GIORNI);
  const due = now.filter((r) => r.tipo_contratto === 'determinato' && r.data_fine && r.data_fine <= limit && !(r.cessazione && r.cessazione < r.data_fine));
  const termini = [];
  for (const r of due) {
    const c = catenaTempoDeterminato(await chainRows(db, r.dipendente_id));
    const a = avvisoTermine(c, today);
    if (a) termini.push({ dipendente_id: r.dipendente_id, nominativo: `${r.cognome} ${r.nome}`, ...a, residuo: c.residuo, proroghe_residue: c.proroghe_residue });
  }
  termini.sort((a, b) => a.data_fine.localeCompare(b.data_fine) || a.nominativo.localeCompare(b.nominativo));
  const quota = quotaDeterminato({
    indeterminati: january.filter((r) => r.tipo_contratto === 'indeterminato').length,
    determinati: now.filter((r) => r.tipo_contratto === 'determinato').length,
    occupati: january.length,
  });
  return { termini_in_scadenza: termini, quota_determinato: { anno, ...quota } };
}
