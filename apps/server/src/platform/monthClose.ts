/**
 * What must hold before a month is closed for payroll, from the modules above the one that closes it (consultazione):
 * the working-time findings each reviewed by HR (conformita, issue #31). A module declares a check in its manifest;
 * the closing runs every check without importing any module. A check refuses with an AppError (409) that says why.
 */
import type { Db } from './db';

export type MonthCloseCheck = (db: Db, mese: string, ctx: { timezone: string }) => Promise<void>;

let checks: { module: string; check: MonthCloseCheck }[] = [];

/** Wires the manifests' checks, in the modules' order. */
export function wireMonthClose(manifests: { name: string; monthClose?: MonthCloseCheck }[]) {
  checks = manifests.flatMap((m) => (m.monthClose ? [{ module: m.name, check: m.monthClose }] : []));
}

/** Runs every module's check of a month about to be closed; the first refusal is the answer. */
export async function checkMonthClose(db: Db, mese: string, timezone: string): Promise<void> {
  for (const c of checks) await c.check(db, mese, { timezone });
}
