import { describe, expect, it } from 'vitest';
import { minutiDaOrario } from './index';

describe('minutiDaOrario', () => {
  it('reads wall-clock times', () => {
    expect(minutiDaOrario('00:00')).toBe(0);
    expect(minutiDaOrario('08:30')).toBe(510);
    expect(minutiDaOrario('23:59:59')).toBe(1439);
  });
  it('refuses impossible times', () => {
    for (const bad of ['24:00', '8:30', '12:60', '', 'ab:cd']) expect(() => minutiDaOrario(bad)).toThrow(RangeError);
  });
});
