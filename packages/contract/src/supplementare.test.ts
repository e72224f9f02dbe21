import { describe, expect, it } from 'vitest';
import { limiteSupplementareSettimanale, minutiTempoPieno } from './supplementare';

describe('D.Lgs 81/2015 art. 6: the full-time day and the weekly limit of supplementary work', () => {
  it.each([
    ['art. 6 c. 1: a 40-hour CCNL week is 8 hours on a Monday', 40, '2026-10-05', 480],
    ['art. 6 c. 1: a 38.5-hour week is 7 h 42 on a Friday', 38.5, '2026-10-09', 462],
    ['art. 6 c. 1: full-timers do not work on Saturday', 40, '2026-10-10', 0],
    ['art. 6 c. 1: nor on Sunday', 40, '2026-10-11', 0],
  ])('%s', (_n, ore, data, atteso) => expect(minutiTempoPieno(ore, data)).toBe(atteso));

  it.each([
    ['art. 6 c. 2: without a CCNL limit, 25 % of 20 agreed hours (50 % of 40) is 5 hours', 40, 50, null, 300],
    ['art. 6 c. 2: 25 % of 30 agreed hours (75 % of 40) is 7 h 30', 40, 75, undefined, 450],
    ["art. 6 c. 2: the CCNL's own limit (30 %) replaces the legal one", 40, 50, 30, 360],
    ['art. 6 c. 2: a CCNL that allows none gives 0', 40, 50, 0, 0],
    ['art. 6 c. 2: minutes are whole, rounded down (25 % of 15 h 24)', 38.5, 40, null, 231],
  ])('%s', (_n, ore, pct, ccnl, atteso) => expect(limiteSupplementareSettimanale(ore, pct, ccnl)).toBe(atteso));
});
