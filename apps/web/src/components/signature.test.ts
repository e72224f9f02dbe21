import { describe, expect, it } from 'vitest';
import {
  addPoint,
  drawStrokes,
  hasInk,
  inkLength,
  isSignatureEmpty,
  LINE_WIDTH,
  MIN_STEP,
  normalizeName,
  OUTPUT_HEIGHT,
  OUTPUT_WIDTH,
  PAD_ASPECT,
  padSize,
  strokePath,
  toPadPoint,
  typedNameLayout,
  typedNameProblem,
  type Pen,
  type Stroke,
} from './signature';

describe('the pad’s size', () => {
  it.each([
    // a phone's width, a desktop's, a tablet's; the device's pixels follow its ratio
    [320, 2, { cssWidth: 320, cssHeight: 160, ratio: 2, pixelWidth: 640, pixelHeight: 320 }],
    [1200, 1, { cssWidth: 600, cssHeight: 300, ratio: 1, pixelWidth: 600, pixelHeight: 300 }],
    [500.7, 1.5, { cssWidth: 500, cssHeight: 250, ratio: 1.5, pixelWidth: 750, pixelHeight: 375 }],
    // too narrow a box still gives a pad one can sign on; absurd ratios are bounded
    [100, 4, { cssWidth: 240, cssHeight: 120, ratio: 3, pixelWidth: 720, pixelHeight: 360 }],
    [0, 0, { cssWidth: 240, cssHeight: 120, ratio: 1, pixelWidth: 240, pixelHeight: 120 }],
  ])('%d CSS px at ratio %d', (width, dpr, size) => {
    expect(padSize(width, dpr)).toEqual(size);
  });

  it('keeps its proportions, which the PNG shares', () => {
    expect(OUTPUT_HEIGHT / OUTPUT_WIDTH).toBe(PAD_ASPECT);
  });
});

describe('points', () => {
  const box = { left: 100, top: 50, width: 400 };

  it('are kept in units of the pad’s width, so a resize keeps the signature', () => {
    expect(toPadPoint(300, 150, box)).toEqual({ x: 0.5, y: 0.25 });
    expect(toPadPoint(100, 50, box)).toEqual({ x: 0, y: 0 });
  });

  it('stay on the pad when the pointer slips out of it', () => {
    expect(toPadPoint(0, 0, box)).toEqual({ x: 0, y: 0 });
    expect(toPadPoint(900, 900, box)).toEqual({ x: 1, y: PAD_ASPECT });
  });

  it('closer than a step add nothing (the hand’s tremble)', () => {
    const s: Stroke = [{ x: 0.1, y: 0.1 }];
    expect(addPoint(s, { x: 0.1 + MIN_STEP / 2, y: 0.1 })).toBe(s);
    expect(addPoint(s, { x: 0.1 + MIN_STEP * 2, y: 0.1 })).toEqual([...s, { x: 0.1 + MIN_STEP * 2, y: 0.1 }]);
    expect(addPoint([], { x: 0.3, y: 0.2 })).toEqual([{ x: 0.3, y: 0.2 }]);
  });
});

describe('the empty state', () => {
  it('no strokes, or a stray touch, is no signature', () => {
    expect(hasInk([])).toBe(false);
    expect(hasInk([[{ x: 0.5, y: 0.2 }]])).toBe(false);
    expect(hasInk([[{ x: 0.5, y: 0.2 }, { x: 0.51, y: 0.2 }], [{ x: 0.2, y: 0.2 }]])).toBe(false);
  });

  it('a line across the pad is ink', () => {
    const line: Stroke = [{ x: 0.1, y: 0.2 }, { x: 0.4, y: 0.2 }, { x: 0.4, y: 0.3 }];
    expect(inkLength([line])).toBeCloseTo(0.4);
    expect(hasInk([line])).toBe(true);
  });

  it('a form rule can tell an empty signature from a kept one', () => {
    expect(isSignatureEmpty(null)).toBe(true);
    expect(isSignatureEmpty(undefined)).toBe(true);
    expect(isSignatureEmpty({ png: new Blob([]), meta: { method: 'drawn', strokes: 0 } })).toBe(true);
    expect(isSignatureEmpty({ png: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), meta: { method: 'typed', name: 'Anna Bianchi' } })).toBe(false);
  });
});

describe('smoothing', () => {
  it('a lone point is a dot; two points a line', () => {
    expect(strokePath([], 100)).toEqual([]);
    expect(strokePath([{ x: 0.5, y: 0.25 }], 100)).toEqual([{ op: 'dot', x: 50, y: 25 }]);
    expect(strokePath([{ x: 0, y: 0 }, { x: 1, y: 0.5 }], 200)).toEqual([
      { op: 'move', x: 0, y: 0 },
      { op: 'line', x: 200, y: 100 },
    ]);
  });

  it('curves through the midpoints, each sample the control of its curve', () => {
    const s: Stroke = [{ x: 0, y: 0 }, { x: 0.1, y: 0.1 }, { x: 0.2, y: 0 }, { x: 0.3, y: 0.1 }];
    expect(strokePath(s, 100)).toEqual([
      { op: 'move', x: 0, y: 0 },
      { op: 'quad', cx: 10, cy: 10, x: 15, y: 5 },
      { op: 'quad', cx: 20, cy: 0, x: 25, y: 5 },
      { op: 'line', x: 30, y: 10 },
    ]);
  });

  it('draws each stroke with the pen scaled to the surface', () => {
    const calls: string[] = [];
    const pen = {
      lineWidth: 0, lineCap: 'butt', lineJoin: 'miter', strokeStyle: '', fillStyle: '',
      beginPath: () => calls.push('begin'),
      moveTo: (x: number, y: number) => calls.push(`move ${x},${y}`),
      lineTo: (x: number, y: number) => calls.push(`line ${x},${y}`),
      quadraticCurveTo: (cx: number, cy: number, x: number, y: number) => calls.push(`quad ${cx},${cy} ${x},${y}`),
      arc: (x: number, y: number, r: number) => calls.push(`arc ${x},${y} r${r}`),
      stroke: () => calls.push('stroke'),
      fill: () => calls.push('fill'),
    } as unknown as Pen;
    drawStrokes(pen, [[{ x: 0, y: 0 }, { x: 0.5, y: 0.25 }], [{ x: 0.25, y: 0.25 }]], 800);
    expect(pen.lineWidth).toBe(LINE_WIDTH * 800);
    expect(pen.lineCap).toBe('round');
    expect(calls).toEqual(['begin', 'move 0,0', 'line 400,200', 'stroke', 'begin', 'arc 200,200 r2', 'fill']);
  });
});

describe('the typed name, for a signer who cannot draw', () => {
  it('is kept tidy', () => {
    expect(normalizeName('  Anna   Maria\tBianchi ')).toBe('Anna Maria Bianchi');
  });

  it.each([
    ['', 'firma.nome_richiesto'],
    ['   ', 'firma.nome_richiesto'],
    ['1234', 'firma.nome_non_valido'],
    ['---', 'firma.nome_non_valido'],
    ['Anna Bianchi', null],
    ['Zoë D’Alò', null],
    ['李小龍', null],
  ])('%j -> %j', (name, problem) => {
    expect(typedNameProblem(name)).toBe(problem);
  });

  // a fake measure: each character 0.6 of the font's size wide
  const measureOf = (text: string) => (font: string) => text.length * parseInt(font, 10) * 0.6;

  it('is written as large as a signature when it fits', () => {
    const l = typedNameLayout(' Ugo  Re ', measureOf('Ugo Re'));
    expect(l.fontPx).toBe(Math.round(OUTPUT_HEIGHT * 0.4));
    expect(l.font).toMatch(/^160px .*cursive$/);
    expect({ x: l.x, align: l.align, text: l.text }).toEqual({ x: OUTPUT_WIDTH / 2, align: 'center', text: 'Ugo Re' });
  });

  it('shrinks a long name to 90% of the width, never below 12 px', () => {
    const long = 'Maria Antonietta Giuseppina Lombardi Caracciolo di Sant’Agata';
    const l = typedNameLayout(long, measureOf(long));
    expect(l.fontPx).toBeLessThan(160);
    expect(measureOf(long)(l.font)).toBeLessThanOrEqual(OUTPUT_WIDTH * 0.9);
    expect(typedNameLayout('x'.repeat(5000), measureOf('x'.repeat(5000))).fontPx).toBe(12);
  });
});
