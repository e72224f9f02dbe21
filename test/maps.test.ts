/**
 * Maps built from data have no prototype (issue #11): a key like "__proto__" or "constructor" that comes from the
 * database or a request must land in a map of its own, never on Object.prototype. In product code, a
 * `Record<string, …>` started from `{}` is either `Object.create(null)` (or a Map) or says `// keys from code:` why its
 * keys can only be ours.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    if (e.isDirectory()) walk(rel, out);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

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
      const lines = fs.readFileSync(path.join(root, f), 'utf8').split('\n');
      lines.forEach((l, i) => {
        if (!DICT_FROM_LITERAL.test(l) && !GROW_FROM_LITERAL.test(l)) return;
        if (/keys from code:/.test(l) || /keys from code:/.test(lines[i - 1] ?? '')) return;
        found.push(`${f}:${i + 1}: ${l.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
