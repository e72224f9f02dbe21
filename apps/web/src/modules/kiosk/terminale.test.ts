import { describe, expect, it } from 'vitest';
import { adoptTerminalKey, applyKey, keyFromSearch, salutoKey, searchWithoutKey, TERMINALE_STORAGE_KEY } from './terminale';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('terminal key', () => {
  it('reads and strips ?terminale=', () => {
    expect(keyFromSearch('?terminale=abc123')).toBe('abc123');
    expect(keyFromSearch('?terminale=')).toBeNull();
    expect(keyFromSearch('')).toBeNull();
    expect(searchWithoutKey('?terminale=abc')).toBe('');
    expect(searchWithoutKey('?a=1&terminale=abc&b=2')).toBe('?a=1&b=2');
  });
  it('stores the key of the link and reuses it on later visits', () => {
    const s = memory();
    expect(adoptTerminalKey('', s)).toBeNull();
    expect(adoptTerminalKey('?terminale=k1', s)).toBe('k1');
    expect(s.m.get(TERMINALE_STORAGE_KEY)).toBe('k1');
    expect(adoptTerminalKey('', s)).toBe('k1');
    expect(adoptTerminalKey('?terminale=k2', s)).toBe('k2');
    expect(adoptTerminalKey('', null)).toBeNull();
  });
});

describe('kiosk helpers', () => {
  it('greets by direction', () => {
    expect(salutoKey('E')).toBe('kiosk.buongiorno');
    expect(salutoKey('U')).toBe('kiosk.arrivederci');
  });
  it('applies keypad keys', () => {
    expect(applyKey('12', '3', 8)).toBe('123');
    expect(applyKey('12345678', '9', 8)).toBe('12345678');
    expect(applyKey('123', 'back', 8)).toBe('12');
    expect(applyKey('123', 'clear', 8)).toBe('');
    expect(applyKey('1', 'x', 8)).toBe('1');
  });
});
