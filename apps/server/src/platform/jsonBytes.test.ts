import { describe, expect, it } from 'vitest';
import { JsonBytes } from './jsonBytes';

// The bytes must be exactly the UTF-8 of the text pushed, whatever the run lengths and however often the buffer grows.
describe('JsonBytes: the UTF-8 of everything pushed, in order', () => {
  const cases: [string, string[]][] = [
    ['nothing', []],
    ['one short piece', ['[1,2]']],
    ['accented Italian names (two bytes each)', ['{"n":"Niccolò Forlì"}']],
    ['a character of three bytes and an emoji of four', ['"€"', ',"😀"']],
    ['pieces across the 8,192-character run', Array.from({ length: 3000 }, (_, i) => `{"i":${i},"n":"Però"},`)],
    ['one piece larger than the first buffer', ['"' + 'è'.repeat(100_000) + '"']],
    ['many pieces past several growths', Array.from({ length: 40_000 }, (_, i) => `"${i}€😀",`)],
  ];
  it.each(cases)('%s', (_name, pieces) => {
    const out = new JsonBytes();
    expect(out.empty).toBe(true);
    for (const p of pieces) out.push(p);
    expect(out.empty).toBe(pieces.join('') === '');
    const bytes = out.bytes();
    expect(Buffer.compare(bytes, Buffer.from(pieces.join(''), 'utf8'))).toBe(0);
    // asking twice gives the same bytes, and more can follow
    expect(Buffer.compare(out.bytes(), bytes)).toBe(0);
    out.push('!');
    expect(out.bytes().toString('utf8')).toBe(pieces.join('') + '!');
  });
});
