/**
 * The part-time periods the timecard engine reads (D.Lgs 81/2015 art. 6: a part-timer's time beyond the agreed hours is
 * supplementary up to full time). The contract rows live in contratti, a module listed after consultazione, which
 * builds the engine's input: contratti declares the source in its manifest (`partTime`), the app wires it, and
 * consultazione reads it here without importing contratti, in one query for every employee of a range.
 */
import type { Db } from './db';

/**
 * An employee's part-time from `dal` to `al` (both included; al null: open): the agreed percentage of the CCNL's
 * full-time week, and the CCNL's limit of supplementary work (per cent of the agreed hours; null: the law's 25 %).
 */
export type PartTimePeriod = {
  dipendente_id: number; dal: string; al: string | null; percentuale: number; ore_settimanali: number; limite_supplementare: number | null;
};
export type PartTimeSource = (db: Db, ids: number[], dal: string, al: string) => Promise<PartTimePeriod[]>;

let source: PartTimeSource | null = null;

/** Wires the one module that knows the contracts (the last one to declare a source wins: there is one). */
export function wirePartTime(manifests: { name: string; partTime?: PartTimeSource }[]) {
  source = null;
  for (const m of manifests) if (m.partTime) source = m.partTime;
}

/** The part-time periods of these employees that overlap [dal, al]; none when no module declares a source. */
export async function partTimePeriods(db: Db, ids: number[], dal: string, al: string): Promise<PartTimePeriod[]> {
  return source && ids.length ? source(db, ids, dal, al) : [];
}
