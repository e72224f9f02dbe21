/**
 * Associations of an order (issue #14): which roles work on each phase and at what hourly cost (cents per hour; none:
 * the role's standard cost), the role's default phase in the order, and the order's team. Replaced as a whole,
 * audited; the bulk action copies one order's set onto others by phase code.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { TAssociazioni } from '@tulip/contract';
import { audit } from '../../platform/audit';
import { lockRows, type Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { dipendenti, mansioni, reparti } from '../anagrafica';
import { assertIdsExist } from './service';
import { commesse, costiMansione, fasi, fasiMansioni, team } from './tables';

export async function readAssociations(db: Db, commessaId: number) {
  const [c] = await db.select({ id: commesse.id, capo: commesse.capo_commessa_id }).from(commesse).where(eq(commesse.id, commessaId));
  if (!c) throw notFound();
  const [phases, links, members] = await Promise.all([
    db.select().from(fasi).where(eq(fasi.commessa_id, commessaId)).orderBy(asc(fasi.ordine), asc(fasi.id)),
    db
      .select({ fase_id: fasiMansioni.fase_id, mansione_id: fasiMansioni.mansione_id, mansione_descrizione: mansioni.descrizione, costo_orario: fasiMansioni.costo_orario, predefinita: fasiMansioni.predefinita })
      .from(fasiMansioni)
      .innerJoin(fasi, eq(fasi.id, fasiMansioni.fase_id))
      .innerJoin(mansioni, eq(mansioni.id, fasiMansioni.mansione_id))
      .where(eq(fasi.commessa_id, commessaId))
      .orderBy(asc(mansioni.descrizione)),
    db
      .select({ dipendente_id: team.dipendente_id, matricola: dipendenti.matricola, nome: sql<string>`${dipendenti.cognome} || ' ' || ${dipendenti.nome}`, reparto_descrizione: reparti.descrizione })
      .from(team)
      .innerJoin(dipendenti, eq(dipendenti.id, team.dipendente_id))
      .leftJoin(reparti, eq(reparti.id, dipendenti.reparto_id))
      .where(eq(team.commessa_id, commessaId))
      .orderBy(asc(dipendenti.cognome), asc(dipendenti.nome)),
  ]);
  return {
    commessa_id: c.id,
    capo_commessa_id: c.capo,
    fasi: phases.map((f) => ({
      fase_id: f.id, codice: f.codice, descrizione: f.descrizione,
      mansioni: links.filter((l) => l.fase_id === f.id).map(({ fase_id: _f, ...l }) => l),
    })),
    team: members,
  };
}

/** Writes an order's associations (phases must be its own), replacing what it had. */
async function writeAssociations(tx: Db, commessaId: number, a: TAssociazioni) {
  const own = await tx.select({ id: fasi.id }).from(fasi).where(eq(fasi.commessa_id, commessaId));
  const ownIds = new Set(own.map((f) => f.id));
  if (a.fasi.some((f) => !ownIds.has(f.fase_id))) throw badRequest({ fasi: 'avvisi.fase_non_della_commessa' });
  await assertIdsExist(tx, 'fasi', mansioni.id, a.fasi.flatMap((f) => f.mansioni.map((m) => m.mansione_id)));
  await assertIdsExist(tx, 'team', dipendenti.id, a.team);
  if (own.length) await tx.delete(fasiMansioni).where(inArray(fasiMansioni.fase_id, [...ownIds]));
  const rows = a.fasi.flatMap((f) =>
    [...new Map(f.mansioni.map((m) => [m.mansione_id, m])).values()].map((m) => ({
      fase_id: f.fase_id, mansione_id: m.mansione_id, costo_orario: m.costo_orario ?? null, predefinita: m.predefinita,
    })),
  );
  if (rows.length) await tx.insert(fasiMansioni).values(rows);
  await tx.delete(team).where(eq(team.commessa_id, commessaId));
  const members = [...new Set(a.team)];
  if (members.length) await tx.insert(team).values(members.map((dipendente_id) => ({ commessa_id: commessaId, dipendente_id })));
}

export async function saveAssociations(db: Db, user: CurrentUser, commessaId: number, a: TAssociazioni) {
  return db.transaction(async (tx) => {
    // the order's row is the lock of its associations: a second save waits, then replaces what the first stored
    await lockRows(tx as unknown as Db, [{ table: commesse, ids: [commessaId] }]);
    const before = await readAssociations(tx as unknown as Db, commessaId);
    await writeAssociations(tx as unknown as Db, commessaId, a);
    const after = await readAssociations(tx as unknown as Db, commessaId);
    await audit(tx as unknown as Db, user, { entita: 'commesse_associazioni', entita_id: String(commessaId), azione: 'update', prima: before, dopo: after });
    return after;
  });
}

/**
 * One order's associations applied to others: each phase's roles go to the phase with the same code in the target
 * (the codes a target lacks are reported), and the team too when asked. The targets' own associations are replaced.
 */
export async function applyAssociations(db: Db, user: CurrentUser, b: { da: number; a: number[]; team: boolean }) {
  const source = await readAssociations(db, b.da);
  const targets = [...new Set(b.a)].filter((id) => id !== b.da);
  const found = targets.length ? await db.select({ id: commesse.id }).from(commesse).where(inArray(commesse.id, targets)) : [];
  if (found.length !== targets.length) throw notFound();
  const missing = new Set<string>();
  let associazioni = 0;
  await db.transaction(async (tx) => {
    // every target at once, in the one order (two applications to overlapping orders never wait in a circle)
    await lockRows(tx as unknown as Db, [{ table: commesse, ids: targets }]);
    for (const target of targets) {
      const current = await readAssociations(tx as unknown as Db, target);
      const byCode = new Map(current.fasi.map((f) => [f.codice.toUpperCase(), f.fase_id]));
      const mapped = source.fasi.flatMap((f) => {
        const id = byCode.get(f.codice.toUpperCase());
        if (!id) {
          if (f.mansioni.length) missing.add(f.codice);
          return [];
        }
        return [{ fase_id: id, mansioni: f.mansioni.map((m) => ({ mansione_id: m.mansione_id, costo_orario: m.costo_orario, predefinita: m.predefinita })) }];
      });
      const next = { fasi: mapped, team: b.team ? source.team.map((t) => t.dipendente_id) : current.team.map((t) => t.dipendente_id) };
      await writeAssociations(tx as unknown as Db, target, next);
      associazioni += mapped.reduce((s, f) => s + f.mansioni.length, 0);
      const after = await readAssociations(tx as unknown as Db, target);
      await audit(tx as unknown as Db, user, { entita: 'commesse_associazioni', entita_id: String(target), azione: 'update', prima: current, dopo: after });
    }
  });
  return { commesse: targets.length, associazioni, fasi_mancanti: [...missing].sort() };
}

/** Every role with its standard hourly cost (null: none set). */
export async function roleCosts(db: Db) {
  return db
    .select({ mansione_id: mansioni.id, codice: mansioni.codice, descrizione: mansioni.descrizione, costo_orario: costiMansione.costo_orario })
    .from(mansioni)
    .leftJoin(costiMansione, eq(costiMansione.mansione_id, mansioni.id))
    .orderBy(asc(mansioni.descrizione));
}

export async function saveRoleCosts(db: Db, user: CurrentUser, costi: { mansione_id: number; costo_orario: number | null }[]) {
  return db.transaction(async (tx) => {
    await assertIdsExist(tx as unknown as Db, 'costi', mansioni.id, costi.map((c) => c.mansione_id));
    const before = await roleCosts(tx as unknown as Db);
    for (const c of costi) {
      if (c.costo_orario === null) await tx.delete(costiMansione).where(eq(costiMansione.mansione_id, c.mansione_id));
      else
        await tx
          .insert(costiMansione)
          .values({ mansione_id: c.mansione_id, costo_orario: c.costo_orario })
          .onConflictDoUpdate({ target: costiMansione.mansione_id, set: { costo_orario: c.costo_orario } });
    }
    const after = await roleCosts(tx as unknown as Db);
    await audit(tx as unknown as Db, user, { entita: 'commesse_costi_mansione', entita_id: '*', azione: 'update', prima: before, dopo: after });
    return after;
  });
}
