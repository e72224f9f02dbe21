/**
 * The pure part of the signature pad (SignaturePad.tsx; unit-tested in signature.test.ts): the pad's size, the
 * points a stroke keeps, how strokes are drawn (smoothed), when the pad counts as empty, and how a typed name is laid
 * out. Points are kept in units of the pad's width, so a signature survives a resize or a phone turned sideways.
 */

/** A point on the pad: x from 0 to 1, y from 0 to PAD_ASPECT, both in units of the pad's width. */
export type Point = { x: number; y: number };
export type Stroke = Point[];

/** Height over width, for the pad and for the PNG. */
export const PAD_ASPECT = 0.5;
/** CSS pixels: wide enough for a desktop, the whole width of a phone below that. */
export const PAD_MAX_WIDTH = 600;
export const PAD_MIN_WIDTH = 240;
/** The PNG's size, whatever the screen: the same signature on every document. */
export const OUTPUT_WIDTH = 800;
export const OUTPUT_HEIGHT = OUTPUT_WIDTH * PAD_ASPECT;
export const INK = '#1b2a4a';
/** The pen's width in units of the pad's width (3 px on a 600 px pad). */
export const LINE_WIDTH = 0.005;
/** Closer points than this add nothing but the hand's tremble (about one pixel on a 600 px pad). */
export const MIN_STEP = 0.002;
/** Less ink than this (in units of the width) is a stray touch, not a signature. */
export const MIN_INK = 0.05;

/** What the signature is: its PNG and how it was made (the typed name, when the signer could not draw). */
export type SignatureMeta = { method: 'drawn'; strokes: number } | { method: 'typed'; name: string };
export type Signature = { png: Blob; meta: SignatureMeta };

/** True when there is no signature to keep: a form rule refuses it. */
export const isSignatureEmpty = (s: Signature | null | undefined): boolean => !s || !s.png || s.png.size === 0;

/** The pad's size in a container, in CSS pixels and in device pixels (sharp lines on a high-density screen). */
export function padSize(containerWidth: number, devicePixelRatio = 1) {
  const cssWidth = Math.floor(Math.min(PAD_MAX_WIDTH, Math.max(PAD_MIN_WIDTH, containerWidth || PAD_MIN_WIDTH)));
  const cssHeight = Math.round(cssWidth * PAD_ASPECT);
  // beyond 3 the canvas grows without a visible gain
  const ratio = Math.min(3, Math.max(1, devicePixelRatio || 1));
  return { cssWidth, cssHeight, ratio, pixelWidth: Math.round(cssWidth * ratio), pixelHeight: Math.round(cssHeight * ratio) };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A pointer's place on the pad (its bounding box), kept inside the pad when the pointer slips out of it. */
export function toPadPoint(clientX: number, clientY: number, box: { left: number; top: number; width: number }): Point {
  const w = box.width || 1;
  return { x: clamp((clientX - box.left) / w, 0, 1), y: clamp((clientY - box.top) / w, 0, PAD_ASPECT) };
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The stroke with the point added, unless it is too close to the last one. */
export function addPoint(stroke: Stroke, p: Point, minStep = MIN_STEP): Stroke {
  const last = stroke[stroke.length - 1];
  return last && distance(last, p) < minStep ? stroke : [...stroke, p];
}

/** How much ink the strokes leave, in units of the pad's width. */
export const inkLength = (strokes: Stroke[]) => strokes.reduce((sum, s) => sum + s.slice(1).reduce((l, p, i) => l + distance(s[i], p), 0), 0);

export const hasInk = (strokes: Stroke[], minInk = MIN_INK) => inkLength(strokes) >= minInk;

/** One drawing step, in pixels. */
export type PathStep =
  | { op: 'move'; x: number; y: number }
  | { op: 'line'; x: number; y: number }
  | { op: 'quad'; cx: number; cy: number; x: number; y: number }
  | { op: 'dot'; x: number; y: number };

/**
 * A stroke as a smooth path, scaled to `width` pixels: quadratic curves through the midpoints of its points, each
 * point the control of its curve, so the line has no corners where the pointer's samples were; a lone point is a dot.
 */
export function strokePath(stroke: Stroke, width: number): PathStep[] {
  const pts = stroke.map((p) => ({ x: p.x * width, y: p.y * width }));
  if (pts.length === 0) return [];
  if (pts.length === 1) return [{ op: 'dot', ...pts[0] }];
  const steps: PathStep[] = [{ op: 'move', ...pts[0] }];
  for (let i = 1; i < pts.length - 1; i++) {
    steps.push({ op: 'quad', cx: pts[i].x, cy: pts[i].y, x: (pts[i].x + pts[i + 1].x) / 2, y: (pts[i].y + pts[i + 1].y) / 2 });
  }
  steps.push({ op: 'line', ...pts[pts.length - 1] });
  return steps;
}

/** What drawing needs of a canvas's 2D context (a fake one in the tests). */
export type Pen = Pick<CanvasRenderingContext2D, 'beginPath' | 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'arc' | 'stroke' | 'fill'> & {
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
};

/** Draws the strokes on a surface `width` pixels wide (the context already cleared and scaled). */
export function drawStrokes(pen: Pen, strokes: Stroke[], width: number): void {
  const lineWidth = LINE_WIDTH * width;
  pen.lineWidth = lineWidth;
  pen.lineCap = 'round';
  pen.lineJoin = 'round';
  pen.strokeStyle = INK;
  pen.fillStyle = INK;
  for (const stroke of strokes) {
    pen.beginPath();
    for (const s of strokePath(stroke, width)) {
      if (s.op === 'move') pen.moveTo(s.x, s.y);
      else if (s.op === 'line') pen.lineTo(s.x, s.y);
      else if (s.op === 'quad') pen.quadraticCurveTo(s.cx, s.cy, s.x, s.y);
      else pen.arc(s.x, s.y, lineWidth / 2, 0, Math.PI * 2);
    }
    if (stroke.length === 1) pen.fill();
    else pen.stroke();
  }
}

/** A name as it is kept: no spaces at the ends, one between words. */
export const normalizeName = (name: string) => name.replace(/\s+/g, ' ').trim();

/** Why a typed name cannot stand for a signature (a translation key), or null when it can. */
export function typedNameProblem(name: string): string | null {
  const n = normalizeName(name);
  if (!n) return 'firma.nome_richiesto';
  if (!/\p{L}/u.test(n)) return 'firma.nome_non_valido';
  return null;
}

/** Handwriting-like faces where the system has one; the browser's cursive otherwise. */
export const TYPED_FONT_FAMILY = '"Segoe Script", "Bradley Hand", "Apple Chancery", "Brush Script MT", "URW Chancery L", cursive';

/**
 * Where and how big a typed name is written on the PNG: centred, as large as a signature (40% of the height) unless
 * it would not fit in 90% of the width. `measure` gives the text's width in a CSS font (the canvas's measureText).
 */
export function typedNameLayout(name: string, measure: (font: string) => number, width = OUTPUT_WIDTH, height = OUTPUT_HEIGHT) {
  const fontOf = (px: number) => `${px}px ${TYPED_FONT_FAMILY}`;
  const big = Math.round(height * 0.4);
  const measured = measure(fontOf(big));
  const fontPx = measured <= width * 0.9 ? big : Math.max(12, Math.floor((big * width * 0.9) / measured));
  return { text: normalizeName(name), fontPx, font: fontOf(fontPx), x: width / 2, y: height * 0.62, align: 'center' as const };
}
