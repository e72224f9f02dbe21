import { afterEach, describe, expect, it } from 'vitest';
import { ClockSpecError, now, nowMs, parseClockSpec, setClock, startClock } from './clock';
import { localNow } from './dates';

const TZ = 'Europe/Rome';
const iso = (ms: number) => new Date(ms).toISOString();

describe('the clock (TULIP_NOW)', () => {
  afterEach(() => setClock(null));

  it('reads a wall-clock time in the company zone', () => {
    expect(iso(parseClockSpec('2026-12-28T10:00:00', TZ))).toBe('2026-12-28T09:00:00.000Z');
    expect(iso(parseClockSpec('2027-08-16T10:00:00', TZ))).toBe('2027-08-16T08:00:00.000Z');
    expect(iso(parseClockSpec('2028-02-29T23:59:59', TZ))).toBe('2028-02-29T22:59:59.000Z');
  });

  it('refuses the hour skipped in spring, and picks a side of the hour repeated in autumn', () => {
    expect(() => parseClockSpec('2027-03-28T02:30:00', TZ)).toThrow(ClockSpecError);
    expect(iso(parseClockSpec('2027-03-28T01:30:00', TZ))).toBe('2027-03-28T00:30:00.000Z');
    expect(iso(parseClockSpec('2027-03-28T03:30:00', TZ))).toBe('2027-03-28T01:30:00.000Z');
    // 02:30 on 31 October 2027 happens twice: first at +02:00 (the default), then at +01:00
    expect(iso(parseClockSpec('2027-10-31T02:30:00', TZ))).toBe('2027-10-31T00:30:00.000Z');
    expect(iso(parseClockSpec('2027-10-31T02:30:00+02:00', TZ))).toBe('2027-10-31T00:30:00.000Z');
    expect(iso(parseClockSpec('2027-10-31T02:30:00+01:00', TZ))).toBe('2027-10-31T01:30:00.000Z');
    expect(() => parseClockSpec('2027-10-31T04:30:00+02:00', TZ)).toThrow(/non cade a \+02:00/);
  });

  it('refuses what is not a date and time', () => {
    for (const bad of ['2027-02-29T10:00:00', '2027-13-01T10:00:00', '2027-01-01', '2027-01-01T25:00:00', 'ieri', '2027-01-01T10:00:00Z']) {
      expect(() => parseClockSpec(bad, TZ), bad).toThrow(ClockSpecError);
    }
  });

  it('starts at TULIP_NOW and runs in real time; processes started later share its timeline', async () => {
    const env: NodeJS.ProcessEnv = { TULIP_NOW: '2027-10-31T01:30:00', TULIP_TIMEZONE: TZ };
    expect(startClock(env)).toBe('2027-10-31T01:30:00');
    const start = parseClockSpec('2027-10-31T01:30:00', TZ);
    expect(Math.abs(nowMs() - start)).toBeLessThan(1000);
    expect(localNow(TZ).data).toBe('2027-10-31');
    // timer-wait: what is tested is that the clock runs with real time
    await new Promise((r) => setTimeout(r, 50));
    expect(nowMs() - start).toBeGreaterThanOrEqual(40);
    // a child process inherits the anchor written into the environment: the same "now", not a restart
    expect(env.TULIP_NOW_ANCHOR).toMatch(/^\d+$/);
    const before = nowMs();
    startClock({ ...env });
    expect(Math.abs(nowMs() - before)).toBeLessThan(100);
    // the real clock again
    startClock({});
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(100); // real-clock: compares with the machine's clock
  });

  it('moves for a test and comes back', () => {
    const before = nowMs();
    setClock('1999-12-31T23:59:00');
    expect(localNow(TZ).ts.slice(0, 16)).toBe('1999-12-31T23:59');
    setClock(null);
    expect(Math.abs(nowMs() - before)).toBeLessThan(1000);
  });
});
