import { describe, expect, it } from 'vitest';
import { jsonbText, scrub } from './audit';

// PostgreSQL's jsonb input refuses a lone surrogate's escape ("unsupported Unicode escape sequence"): the audit
// stores U+FFFD instead, and leaves everything else of the text as JSON.stringify wrote it.
describe('jsonbText: a JSON text jsonb accepts', () => {
  const cases: [string, unknown, unknown][] = [
    ['plain text unchanged', { a: 'Rossi', b: 1 }, { a: 'Rossi', b: 1 }],
    ['a lone high surrogate', { a: 'x\ud800y' }, { a: 'x\ufffdy' }],
    ['a lone low surrogate', { a: '\udc00' }, { a: '\ufffd' }],
    ['a pair stays an emoji', { a: '😀 \ud83d\ude00' }, { a: '😀 😀' }],
    ['a high surrogate before a lone one', { a: '\ud800\ud800\ude00' }, { a: '\ufffd\ud800\ude00' }],
    ['the literal text \\ud800 is text', { a: '\\ud800' }, { a: '\\ud800' }],
    ['a backslash then a lone surrogate', { a: '\\\ud800' }, { a: '\\\ufffd' }],
    ['two backslashes then the text ud800', { a: '\\\\ud800' }, { a: '\\\\ud800' }],
    ['in a key too', { ['k\udfff']: 1 }, { ['k\ufffd']: 1 }],
    ['nested and in arrays', { a: [{ b: '\ud801' }] }, { a: [{ b: '\ufffd' }] }],
  ];
  it.each(cases)('%s', (_name, value, expected) => {
    const text = jsonbText(JSON.stringify(value));
    expect(text).not.toMatch(/(?<!\\)(?:\\\\)*\\ud[89a-f]/);
    expect(JSON.parse(text)).toEqual(expected);
  });
});

describe('scrub: secrets never reach the log', () => {
  it('masks every secret field and keeps the rest', () => {
    const row = { id: 1, username: 'mario', password_hash: 'x', pin: '1234', token_hash: null, mfa_secret: 'y', nome: 'Mario' };
    expect(JSON.parse(JSON.stringify(scrub(row)))).toEqual({ id: 1, username: 'mario', password_hash: '***', pin: '***', token_hash: null, mfa_secret: '***', nome: 'Mario' });
    expect(row.password_hash).toBe('x');
  });
  it('logs a row without secrets as it is, and a field named __proto__ as data', () => {
    const row = { id: 2, inizio: new Date('2026-11-28T07:00:00Z'), note: null };
    expect(scrub(row)).toBe(row);
    const odd = JSON.parse('{"__proto__": {"x": 1}, "pin": "9"}');
    expect(JSON.stringify(scrub(odd))).toBe('{"__proto__":{"x":1},"pin":"***"}');
    expect(scrub(null)).toBeNull();
    expect(scrub(undefined)).toBeNull();
  });
});
