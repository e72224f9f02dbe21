/**
 * One clock (issue #10): the product reads "now" only through apps/server/src/platform/clock.ts, so that TULIP_NOW
 * moves all of it, and a test that reads the real date says why. A grep over the sources, SQL included:
 * - product code (server and packages) calls neither `new Date()` nor `Date.now()` outside clock.ts;
 * - no SQL text in it asks the database for the time (now(), current_date, current_timestamp, ...): statements take
 *   the instant from the clock as a parameter (sqlNow());
 * - a column that defaults to the database's now() also has a $defaultFn, so drizzle inserts stamp with the clock;
 * - tests (and their support) read the real date only on a line marked `real-clock:` (or under such a line), saying
 *   why: durations use performance.now(), dates come from the clock.
 */
import { describe, expect, it } from 'vitest';
import { readSource as read, sourceFiles as walk } from './support/sources';

const CLOCK = 'apps/server/src/platform/clock.ts';

const isTest = (f: string) => /\.(test|e2e)\.ts$/.test(f) || /^(apps\/server\/test|apps\/web\/e2e|test)\//.test(f);
const product = [...walk('apps/server/src'), ...walk('packages')].filter((f) => !isTest(f));
const tests = [...walk('apps/server/src'), ...walk('packages'), ...walk('apps/server/test'), ...walk('apps/web/e2e'), ...walk('test')].filter(isTest);

const READS_CLOCK = /new Date\(\s*\)|Date\.now\(\)/;
const SQL_CLOCK = /(?<![\w.])(now\s*\(\)|current_date|current_timestamp|current_time|localtimestamp|localtime|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday)(?!\w)/i;

/** The literal text of every template literal in a TypeScript source (the `${...}` parts left out), with its line. */
export function templateTexts(src: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let line = 1;
  let i = 0;
  // the stack of open template literals, each with the brace depth of the `${` that left it
  const stack: { depth: number }[] = [];
  let depth = 0;
  let text = '';
  let textLine = 1;
  const flush = () => {
    if (text) out.push({ line: textLine, text });
    text = '';
  };
  const inTemplate = () => stack.length > 0 && stack[stack.length - 1].depth === -1;
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') line++;
    if (inTemplate()) {
      if (c === '\\') {
        text += src.slice(i, i + 2);
        i += 2;
        continue;
      }
      if (c === '`') {
        flush();
        stack.pop();
        i++;
        continue;
      }
      if (c === '$' && src[i + 1] === '{') {
        flush();
        stack[stack.length - 1].depth = depth;
        depth++;
        i += 2;
        continue;
      }
      if (!text) textLine = line;
      text += c;
      i++;
      continue;
    }
    // code: `prev` is the last significant character before this one, which tells a regex from a division
    const prev = src.slice(Math.max(0, i - 40), i).replace(/\s+/g, '').slice(-1);
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      line += (src.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop;
      continue;
    }
    if (c === '/' && /[(,=:[!&|?{};]|^$/.test(prev)) {
      // a regular expression literal: skip it whole (it may hold quotes or backticks)
      let inClass = false;
      for (i++; i < src.length && src[i] !== '\n'; i++) {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        else if (src[i] === '/' && !inClass) break;
      }
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < src.length && src[i] !== c && src[i] !== '\n') i += src[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === '`') {
      stack.push({ depth: -1 });
      textLine = line;
      i++;
      continue;
    }
    if (c === '{') depth++;
    if (c === '}') {
      depth--;
      const top = stack[stack.length - 1];
      if (top && top.depth === depth) {
        top.depth = -1; // back inside the template
        i++;
        continue;
      }
    }
    i++;
  }
  return out;
}


describe('one clock', () => {
  it('finds SQL clock functions in template text and not in code', () => {
    const src = 'const a = now();\nconst re = /"`/g;\nconst q = sql`select ${now()} , x`;\nconst r = sql`select now() - ${`${1}`} from t where d = current_date`;\n// now()';
    expect(templateTexts(src).filter((t) => SQL_CLOCK.test(t.text)).map((t) => t.line)).toEqual([4, 4]);
    expect(READS_CLOCK.test('x = new Date()')).toBe(true);
    expect(READS_CLOCK.test('x = new Date(ms)')).toBe(false);
  });

  it('product code reads the time only through platform/clock.ts', () => {
    expect(product.length).toBeGreaterThan(50);
    const found = product
      .filter((f) => f !== CLOCK)
      .flatMap((f) => read(f).split('\n').map((l, i) => ({ f, i: i + 1, l })))
      .filter(({ l }) => READS_CLOCK.test(l) && !/^\s*(\/\/|\*)/.test(l))
      .map(({ f, i, l }) => `${f}:${i}: ${l.trim()}`);
    expect(found).toEqual([]);
  });

  it('no SQL asks the database for the time: the clock is a parameter', () => {
    const found = product
      .filter((f) => f !== CLOCK)
      .flatMap((f) => templateTexts(read(f)).filter((t) => SQL_CLOCK.test(t.text)).map((t) => `${f}:${t.line}: ${t.text.trim().slice(0, 80)}`));
    expect(found).toEqual([]);
  });

  it('columns stamped by the database default are stamped by the clock on every drizzle insert', () => {
    const found = product
      .flatMap((f) => read(f).split('\n').map((l, i) => ({ f, i: i + 1, l })))
      .filter(({ l }) => /\.defaultNow\(\)/.test(l) && !/\.defaultNow\(\)\.\$defaultFn\(/.test(l))
      .map(({ f, i, l }) => `${f}:${i}: ${l.trim()}`);
    expect(found).toEqual([]);
  });

  it('tests read the real date only where a real-clock: comment says why', () => {
    expect(tests.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const f of tests) {
      if (f === 'test/clock.test.ts') continue; // its own samples
      const lines = read(f).split('\n');
      lines.forEach((l, i) => {
        if (READS_CLOCK.test(l) && !/real-clock:/.test(l) && !/real-clock:/.test(lines[i - 1] ?? '')) found.push(`${f}:${i + 1}: ${l.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
