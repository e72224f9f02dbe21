/**
 * No test waits on a timer (issue #26): a test waits for a state the user can see (a text, a role, a URL, a response
 * it caused), never for a fixed delay, an animation or "the network went idle". A grep over the tests:
 * - no `waitForTimeout` and no `networkidle`, anywhere in the tests;
 * - no `setTimeout` used as a wait (`new Promise((r) => setTimeout(r, ms))`, a `sleep` helper) in the e2e files;
 * - in the other tests, such a wait only on a line marked `timer-wait:` (or under such a line), saying why time
 *   itself is what the test needs (a load generator's pace, a clock that must move past a whole second).
 * The e2e contexts reduce motion (support.ts), so nothing in them waits for a dialog to zoom in.
 */
import { describe, expect, it } from 'vitest';
import { readSource, sourceFiles } from './support/sources';

const isTest = (f: string) => /\.(test|e2e)\.ts$/.test(f) || /^(apps\/server\/test|apps\/web\/e2e|test)\//.test(f);
const tests = [...sourceFiles('apps/server/src'), ...sourceFiles('packages'), ...sourceFiles('apps/server/test'), ...sourceFiles('apps/web/e2e'), ...sourceFiles('test')]
  .filter(isTest)
  .filter((f) => f !== 'test/waits.test.ts');
const isE2e = (f: string) => f.startsWith('apps/web/e2e/');

/** A timer that resolves a promise: the shape of a sleep. */
const SLEEP = /setTimeout\(\s*(r|res|resolve|done|next)\s*[,)]|setTimeout\(\s*\(\)\s*=>\s*(r|res|resolve)\(\)/;
const FORBIDDEN = /\bwaitForTimeout\s*\(|['"]networkidle['"]/;

function offending(pattern: RegExp, files: string[], allowMarker: boolean): string[] {
  const found: string[] = [];
  for (const f of files) {
    const lines = readSource(f).split('\n');
    lines.forEach((l, i) => {
      if (!pattern.test(l)) return;
      if (allowMarker && (/timer-wait:/.test(l) || /timer-wait:/.test(lines[i - 1] ?? ''))) return;
      found.push(`${f}:${i + 1}: ${l.trim()}`);
    });
  }
  return found;
}

describe('no test waits on a timer', () => {
  it('finds the tests to read', () => {
    expect(tests.filter(isE2e).length).toBeGreaterThan(10);
    expect(tests.length).toBeGreaterThan(50);
  });

  it('no waitForTimeout and no networkidle in any test', () => {
    expect(offending(FORBIDDEN, tests, false)).toEqual([]);
  });

  it('no setTimeout as a wait in the e2e files, but a marked limit or retry interval of their setup', () => {
    expect(offending(SLEEP, tests.filter(isE2e), true).concat(offending(/\bsleep\(/, tests.filter(isE2e), false))).toEqual([]);
  });

  it('elsewhere a setTimeout as a wait says why on a timer-wait: line', () => {
    expect(offending(SLEEP, tests.filter((f) => !isE2e(f)), true)).toEqual([]);
  });

  it('recognises a sleep and a marked one', () => {
    const shapes = ['await new Promise((r) => setTimeout(r, 300));', 'new Promise((resolve) => setTimeout(resolve, ms))', 'await page.waitForTimeout(400);', "await page.waitForLoadState('networkidle');"];
    expect(shapes.map((s) => SLEEP.test(s) || FORBIDDEN.test(s))).toEqual([true, true, true, true]);
    expect(SLEEP.test('const timer = setTimeout(() => req.destroy(new Error("late")), 1000);')).toBe(false);
  });
});
