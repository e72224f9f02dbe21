/**
 * The payroll export's sources of money (DESIGN §12): the export of a closed month (consultazione) writes the hours of
 * the timecards and, through the same mapping of payroll codes, the amounts that higher modules pay through payroll
 * (expense reimbursements, later). Those modules declare a source in their manifest; the export reads every source
 * without importing any of them.
 */
import type { Db } from './db';

/** One amount paid through payroll: to an employee (by matricola), under a payroll code, on a day, in cents of EUR. */
export type PayrollMoney = { matricola: string; voce: string; data: string; importo_centesimi: number };
export type PayrollSource = (db: Db, mese: string) => Promise<PayrollMoney[]>;

let sources: { module: string; read: PayrollSource }[] = [];

/** Wires the manifests' sources, in the modules' order. */
export function wirePayroll(manifests: { name: string; payroll?: PayrollSource }[]) {
  sources = manifests.flatMap((m) => (m.payroll ? [{ module: m.name, read: m.payroll }] : []));
}

/** Every amount paid through payroll in a month, from every module that pays one. */
export async function payrollMoney(db: Db, mese: string): Promise<PayrollMoney[]> {
  return (await Promise.all(sources.map((s) => s.read(db, mese)))).flat();
}
