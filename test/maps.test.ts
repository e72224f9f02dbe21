/**
 * Maps built from data have no prototype (issue #11): a key like "__proto__" or "constructor" that comes from the
 * database or a request must land in a map of its own, never on Object.prototype. In product code, a
 * `Record<string, …>` started from `{}` is either `Object.create(null)` (or a Map) or says `// keys from code:` why its
 * keys can only be ours.
 */
import { describe, expect, it } from 'vitest';
import { readSource, sourceFiles } from './support/sources';

// product code only: its tests may build plain objects as they like
const walk = (dir: string) => sourceFiles(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

const DICT_FROM_LITERAL = /(const|let)\s+\w+\s*:\s*[^=;]*(Record<string|\{\s*\[\w+:\s*string\])[^=;]*=\s*\{\s*\}/;
const GROW_FROM_LITERAL = /\[[^\]]+\]\s*(\?\?|\|\|)=\s*\{\s*\}/;

describe('maps from data', () => {
  it('the scan finds what it looks for', () => {
    expect(DICT_FROM_LITERAL.test('const out: Record<string, number> = {};')).toBe(true);
    expect(DICT_FROM_LITERAL.test('const out: Record<string, number> = Object.create(null);')).toBe(false);
    expect(GROW_FROM_LITERAL.test('(out[r.g] ??= {})[r.t] = r.testo;')).toBe(true);
  });

  it('every dictionary in product code has no prototype, or says its keys are ours', () => {
    const files = [...walk('apps/server/src'), ...walk('packages'), ...walk('apps/web/src')];
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const f of files) {
      const lines = readSource(f).split('\n');
      lines.forEach((l, i) => {
        if (!DICT_FROM_LITERAL.test(l) && !GROW_FROM_LITERAL.test(l)) return;
        if (/keys from code:/.test(l) || /keys from code:/.test(lines[i - 1] ?? '')) return;
        found.push(`${f}:${i + 1}: ${l.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
