import { describe, expect, it } from 'vitest';
import { contrastRatio, contrastText, readableOn, solidColors, tint } from './colors';

/** The colours users pick most (antd's palette, the shift and leave presets, greys). */
const COLOURS = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#eb2f96', '#13c2c2', '#faad14', '#f5222d', '#2f54eb', '#8c8c8c', '#a0d911', '#08979c', '#7cb305', '#f759ab', '#ffffff', '#000000', '#fadb14'];

/** rgba(0, 0, 0, 0.88) over a background, as the browser draws it. */
const over = (bg: string) => {
  const n = parseInt(bg.slice(1), 16);
  return `#${[16, 8, 0].map((s) => Math.round(((n >> s) & 255) * 0.12).toString(16).padStart(2, '0')).join('')}`;
};

describe('colours readable at WCAG AA (4.5:1)', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#1677ff')).toBeCloseTo(4.1, 1);
    expect(contrastRatio('nope', '#ffffff')).toBeNaN();
  });

  it('fills a badge with white text on a (darkened if needed) colour, or dark text on light colours', () => {
    for (const c of COLOURS) {
      const { background, color } = solidColors(c);
      const text = color === '#fff' ? '#ffffff' : over(background);
      expect(contrastRatio(text, background), `${c} -> ${background}/${color}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(solidColors('#722ed1')).toEqual({ background: '#722ed1', color: '#fff' }); // already readable: unchanged
    expect(solidColors('#faad14').background).toBe('#faad14'); // light: dark text, colour kept
    expect(solidColors(null).color).toBe('#fff'); // the fallback blue
    expect(contrastText('#ffffff')).toBe('rgba(0, 0, 0, 0.88)');
  });

  it('darkens a colour used as text just enough', () => {
    for (const c of COLOURS) {
      const bg = tint(c, 0.12);
      expect(contrastRatio(readableOn(c, bg)!, bg), c).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableOn('#000000')).toBe('#000000');
    expect(readableOn(undefined)).toBeUndefined();
  });
});
