import { describe, expect, it } from 'vitest';
import { readInts } from './index';

describe('readInts', () => {
  it('reads the numbers of a string_agg list, one or many, zeros and large ids included', () => {
    expect([...readInts('7')]).toEqual([7]);
    expect([...readInts('1,23,0,456,2147483647')]).toEqual([1, 23, 0, 456, 2147483647]);
    expect(readInts('3,0,0')).toHaveLength(3);
  });
});
