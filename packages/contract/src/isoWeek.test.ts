import { describe, expect, it } from 'vitest';
import { isoWeekMonday, isoWeekOf } from './isoWeek';

describe('ISO 8601 weeks', () => {
  it.each([
    ['2026-11-25', '2026-W48', '2026-11-23'],
    ['2026-01-01', '2026-W01', '2025-12-29'], // Thursday: week 1 of 2026 starts in December
    ['2027-01-01', '2026-W53', '2026-12-28'], // Friday: the last week of 2026
    ['2021-01-03', '2020-W53', '2020-12-28'],
    ['2024-12-30', '2025-W01', '2024-12-30'],
    ['2026-03-29', '2026-W13', '2026-03-23'], // the spring clock change moves no day
  ])('%s is in %s, which starts on %s', (date, week, monday) => {
    expect(isoWeekOf(date)).toBe(week);
    expect(isoWeekMonday(week)).toBe(monday);
  });
  it.each(['2025-W53', '2026-W00', '2026-W54', '2026-48', '2026-w48'])('%s is no week', (w) => expect(isoWeekMonday(w)).toBeNull());
});
