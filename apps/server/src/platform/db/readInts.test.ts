import { describe, expect, it } from 'vitest';
import { readIntParts, readInts } from './index';

describe('readInts', () => {
  it('reads the numbers of a string_agg list, one or many, zeros and large ids included', () => {
    expect([...readInts('7')]).toEqual([7]);
    expect([...readInts('1,23,0,456,2147483647')]).toEqual([1, 23, 0, 456, 2147483647]);
    expect(readInts('3,0,0')).toHaveLength(3);
  });

  it('reads a list sent in parts as one, in order, with missing or empty parts', () => {
    expect([...readIntParts(['1,2', null, '3', '40,5'])]).toEqual([1, 2, 3, 40, 5]);
    expect(readIntParts([])).toHaveLength(0);
    expect(readIntParts([null, ''])).toHaveLength(0);
  });
});
