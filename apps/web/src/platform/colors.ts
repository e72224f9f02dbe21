/**
 * Colours chosen by users (shifts, leave types, visitor types) drawn so that their text stays
 * readable: WCAG 2.1 contrast ratio of at least 4.5:1 (SC 1.4.3) whatever the colour.
 */

type Rgb = [number, number, number];

const AA = 4.5;

function parse(color: string | null | undefined): Rgb | null {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(color ?? '');
  if (m) return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
  const s = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color ?? '');
  return s ? [parseInt(s[1] + s[1], 16), parseInt(s[2] + s[2], 16), parseInt(s[3] + s[3], 16)] : null;
}

const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.1). */
function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function ratio(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** Contrast ratio of two '#rrggbb' colours (1 to 21); NaN if one is not a colour. */
export function contrastRatio(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  return x && y ? ratio(x, y) : NaN;
}

/** The colour mixed with black (0 = unchanged, 1 = black). */
const shade = (c: Rgb, amount: number): Rgb => [c[0] * (1 - amount), c[1] * (1 - amount), c[2] * (1 - amount)];

/** The colour, darkened just enough to reach 4.5:1 against `against`. */
function darkenFor(c: Rgb, against: Rgb): Rgb {
  let amount = 0;
  let out = c;
  while (ratio(out, against) < AA && amount < 1) {
    amount += 0.04;
    out = shade(c, Math.min(amount, 1));
  }
  return out;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK_TEXT = 'rgba(0, 0, 0, 0.88)';

/**
 * A filled badge of the colour: white text when it reads well; dark text on light colours (yellow,
 * lime, light cyan...); otherwise (mid blues, reds, greens) the background darkened just enough
 * for white text, so the badge keeps its hue.
 */
export function solidColors(color: string | null | undefined, fallback = '#1677ff'): { background: string; color: string } {
  const c = parse(color) ?? parse(fallback)!;
  if (ratio(c, WHITE) >= AA) return { background: hex(c), color: '#fff' };
  if (luminance(c) >= 0.3) return { background: hex(c), color: BLACK_TEXT };
  return { background: hex(darkenFor(c, WHITE)), color: '#fff' };
}

/** Text colour for a filled background: white or near-black, whichever reads (4.5:1). */
export function contrastText(bg: string | null | undefined): string {
  return solidColors(bg, '#ffffff').color;
}

/** The colour as text on `background` (default white), darkened if needed to reach 4.5:1. */
export function readableOn(color: string | null | undefined, background = '#ffffff'): string | undefined {
  const c = parse(color);
  const bg = parse(background);
  if (!c || !bg) return undefined;
  return hex(darkenFor(c, bg));
}

/** The colour mixed with white (0 = white, 1 = the colour), as antd's light tags and muted cells use it. */
export function tint(color: string | null | undefined, amount: number): string {
  const c = parse(color);
  if (!c) return '#fafafa';
  return hex(c.map((v) => 255 - (255 - v) * amount) as Rgb);
}
