import { describe, expect, it } from 'vitest';
import {
  addNotice,
  byPosition,
  isValidPosition,
  isValidTimeout,
  progressDuration,
  removeNotice,
  validateOptions,
  type Notice,
} from './core';

describe('notification validation', () => {
  it('accepts the nine positions of SPEC §5', () => {
    for (const p of ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'top', 'bottom', 'left', 'right', 'center']) {
      expect(isValidPosition(p)).toBe(true);
    }
  });

  it('rejects any other position', () => {
    for (const p of ['middle', 'TOP', '', 'top_left', null, undefined, 3]) expect(isValidPosition(p)).toBe(false);
    expect(validateOptions({ message: 'x', position: 'middle' }).ok).toBe(false);
  });

  it('requires a non-negative number as timeout', () => {
    expect(isValidTimeout(0)).toBe(true);
    expect(isValidTimeout(2500)).toBe(true);
    for (const t of [-1, Number.NaN, Infinity, '5000', null]) expect(isValidTimeout(t)).toBe(false);
    expect(validateOptions({ message: 'x', timeout: -5 }).ok).toBe(false);
  });

  it('applies the defaults: bottom, 5000 ms, info', () => {
    const v = validateOptions({ message: 'ciao' });
    expect(v).toEqual({ ok: true, type: 'info', position: 'bottom', timeout: 5000 });
  });

  it('keeps 0 as a persistent timeout', () => {
    const v = validateOptions({ message: 'ciao', timeout: 0 });
    expect(v.ok && v.timeout).toBe(0);
  });

  it('rejects an empty message and an unknown type', () => {
    expect(validateOptions({ message: '' }).ok).toBe(false);
    expect(validateOptions({ message: 'x', type: 'boom' as never }).ok).toBe(false);
  });
});

describe('notification grouping', () => {
  it('groups identical notifications and counts the repeats', () => {
    let list: Notice[] = [];
    const a = addNotice(list, { type: 'negative', message: 'Errore' }, 1, 100);
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    list = a.list;
    const b = addNotice(list, { type: 'negative', message: 'Errore' }, 2, 200);
    expect(b.ok && b.grouped).toBe(true);
    if (!b.ok) return;
    expect(b.list).toHaveLength(1);
    expect(b.notice.id).toBe(1);
    expect(b.notice.count).toBe(2);
    expect(b.notice.stamp).toBe(200);
  });

  it('keeps notifications with a different type or text apart', () => {
    let list: Notice[] = [];
    for (const [i, o] of [
      { type: 'negative' as const, message: 'Errore' },
      { type: 'positive' as const, message: 'Errore' },
      { type: 'negative' as const, message: 'Altro' },
    ].entries()) {
      const r = addNotice(list, o, i + 1, i);
      if (r.ok) list = r.list;
    }
    expect(list).toHaveLength(3);
    expect(list.every((n) => n.count === 1)).toBe(true);
  });

  it('does not add a rejected notification', () => {
    const r = addNotice([], { message: 'x', position: 'nowhere' }, 1, 0);
    expect(r.ok).toBe(false);
    expect(r.list).toEqual([]);
  });

  it('removes by id and splits by position', () => {
    let list: Notice[] = [];
    for (const [i, position] of ['top', 'bottom', 'top'].entries()) {
      const r = addNotice(list, { message: `m${i}`, position }, i + 1, 0);
      if (r.ok) list = r.list;
    }
    const map = byPosition(list);
    expect(map.get('top')?.map((n) => n.id)).toEqual([1, 3]);
    expect(removeNotice(list, 1).map((n) => n.id)).toEqual([2, 3]);
  });
});

describe('progress bar', () => {
  it('lasts the timeout plus 1000 ms', () => {
    expect(progressDuration(5000)).toBe(6000);
    expect(progressDuration(0)).toBe(0);
  });
});
