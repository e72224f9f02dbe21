/**
 * The date sweep (issue #10): the API suites run at each of these fixed "now"s, on PGlite, besides the real one.
 * Each slot is one calendar day; the two slots with a clock change run at both sides of it.
 * `npm run test:dates` runs every slot; `npm test` runs the real today plus one slot, chosen by the day of the
 * year, so that every slot is covered over a week while CI stays within its time.
 */
export type SweepSlot = { why: string; at: string[] };

export const SWEEP: SweepSlot[] = [
  { why: 'year end with holidays (Christmas week, 1 January)', at: ['2026-12-28T10:00:00'] },
  { why: 'end of February in a common year', at: ['2027-02-28T10:00:00'] },
  { why: 'leap day', at: ['2028-02-29T10:00:00'] },
  // clocks go forward at 02:00: 02:30 does not exist that day
  { why: 'spring clock change', at: ['2027-03-28T01:30:00', '2027-03-28T03:30:00'] },
  // clocks go back at 03:00: 02:30 happens twice, the first at +02:00
  { why: 'autumn clock change', at: ['2027-10-31T01:30:00', '2027-10-31T02:30:00+02:00'] },
  { why: 'the day after Ferragosto', at: ['2027-08-16T10:00:00'] },
];

/** The slot of a day of the year (1-366): consecutive days take consecutive slots. */
export function sweepSlot(dayOfYear: number): SweepSlot {
  return SWEEP[dayOfYear % SWEEP.length];
}

/** Day of the year (1-366) of a date. */
export function dayOfYear(d: Date): number {
  return Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}
