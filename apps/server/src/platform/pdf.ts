/**
 * What every printout shares (DESIGN §12: PDF helpers live in the platform, written once): the company's header with
 * its logo, text the standard fonts can draw, and the layout layer every printout is written with (PdfWriter).
 */
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont, PDFImage, PDFPage, RGB } from 'pdf-lib';
import { importoIt } from './dates';
import { drawable } from './intake';

// pdf-lib is loaded at the first printout, not at every start (issue #30): a fifth of a second of start-up
const load = createRequire(import.meta.url);
let pdfLib: typeof import('pdf-lib') | undefined;
const lib = () => (pdfLib ??= load('pdf-lib') as typeof import('pdf-lib'));

/** The header of every printout: the company's name, its VAT number and office, its logo on the right. */
export type Intestazione = {
  ragione_sociale: string;
  partita_iva?: string | null;
  indirizzo?: string | null;
  cap?: string | null;
  comune?: string | null;
  provincia?: string | null;
  logo?: { tipo: string; contenuto: Buffer };
};

export function intestazioneRiga(a: Intestazione): string {
  const sede = [a.indirizzo, [a.cap, a.comune].filter(Boolean).join(' '), a.provincia ? `(${a.provincia})` : ''].filter(Boolean).join(' ');
  return [a.partita_iva ? `P.IVA ${a.partita_iva}` : '', sede].filter(Boolean).join(' - ');
}

/** What WinAnsi (Windows-1252) has beyond Latin-1: the typographic quotes and dashes Italian texts use, the euro sign. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
/** The standard fonts speak WinAnsi: keep to characters it has. */
export const pdfSafe = (s: string) => s.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, (c) => (WIN_ANSI_EXTRA.includes(c) ? c : '?'));

/**
 * A stored image embedded in a printout, or null with a warning in the log when it cannot be drawn: a header over the
 * drawing limits or bytes that do not decode (a file stored before issue #27 §2 checked uploads) cost one missing
 * picture, never a 500 for every printout. Files taken in since are clean PNGs within the limits.
 */
export async function embedImage(doc: PDFDocument, img: { tipo: string; contenuto: Buffer }, what: string): Promise<PDFImage | null> {
  if (img.tipo !== 'image/png' && img.tipo !== 'image/jpeg') return null;
  if (!drawable(img.contenuto)) {
    console.warn(`${what}: immagine non disegnabile (illeggibile o oltre i limiti), omessa dalla stampa`);
    return null;
  }
  try {
    return img.tipo === 'image/png' ? await doc.embedPng(img.contenuto) : await doc.embedJpg(img.contenuto);
  } catch (err) {
    console.warn(`${what}: immagine non decodificabile, omessa dalla stampa`, err instanceof Error ? err.message : err);
    return null;
  }
}

// ---- the layout layer (issue #29 §1) -------------------------------------------------------------------------------
// Every printout is laid out, never drawn at fixed x positions: text is measured with the embedded font and wrapped to
// the width it has (a word longer than its line is broken, nothing is ever cut), table columns are sized from what they
// hold, rows that do not fit go to the next page under the header repeated, and every page says "Pagina n di m".

/** An amount in minor units with its currency, through the one money formatter: "1.234,56 €", "20,00 CHF", "1.234 JPY". */
// a no-break space: the currency never wraps away from its amount
export const importoValuta = (minor: number, valuta = 'EUR', decimali = 2) => `${importoIt(minor, decimali)}\u00a0${valuta === 'EUR' ? '€' : valuta}`;

type Colore = RGB;
/** pdf-lib's rgb(r, g, b), the plain object it returns, made without loading pdf-lib */
const rgb = (red: number, green: number, blue: number) => ({ type: 'RGB', red, green, blue }) as unknown as Colore;
const NERO = rgb(0.1, 0.1, 0.1);
export const GRIGIO = rgb(0.35, 0.35, 0.35);

/** A cell text up to this wide (points) keeps to one line. */
const SHORT = 64;

export type Allineamento = 'left' | 'right' | 'center';
/** A table column: its header, how its cells align, and how much of the spare width it takes (weight, 1 by default). */
export type Colonna = { header: string; align?: Allineamento; min?: number; weight?: number };
/** A cell: text, or text with its style, or an image (a barcode) drawn at most w×h points. */
export type Cella = string | { text: string; bold?: boolean; color?: Colore; size?: number; image?: { img: PDFImage; w: number; h: number } };
export type Riga = Cella[] | { cells: Cella[]; shade?: boolean; bold?: boolean };
/** `ruled`: a thin line under every row. */
export type Tabella = { columns: Colonna[]; rows: Riga[]; totals?: Cella[]; size?: number; pad?: number; ruled?: boolean };

/** Splits text into the lines `width` allows, at spaces; a word longer than the line is broken, never cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const raw of pdfSafe(text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ')).split('\n')) {
    let line = '';
    for (const word of raw.split(/ +/)) {
      const next = line ? `${line} ${word}` : word;
      if (fits(next)) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (line.length > 1 && !fits(line)) {
        let n = line.length - 1;
        while (n > 1 && !fits(line.slice(0, n))) n--;
        lines.push(line.slice(0, n));
        line = line.slice(n);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Page sizes in points: A4 portrait and landscape. */
const A4: [number, number] = [595.28, 841.89];

export type PdfOptions = { title: string; landscape?: boolean; margin?: number; footer?: string };

/**
 * A writer over pdf-lib: a page, its margins and a y cursor going down; whatever does not fit on the page opens the
 * next one. Built with `PdfWriter.create`, finished with `save()` (which numbers the pages).
 */
export class PdfWriter {
  page: PDFPage;
  y: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  private repeat: (() => void) | null = null;

  private constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    private readonly size: [number, number],
    readonly margin: number,
    private readonly footer: string,
  ) {
    this.left = margin;
    this.right = size[0] - margin;
    this.top = size[1] - margin;
    // room for the page footer under the last line
    this.bottom = margin + 12;
    this.page = doc.addPage(size);
    this.y = this.top;
  }

  static async create(o: PdfOptions): Promise<PdfWriter> {
    const { PDFDocument, StandardFonts } = lib();
    const doc = await PDFDocument.create();
    doc.setTitle(pdfSafe(o.title));
    doc.setCreator('Tulip');
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const size: [number, number] = o.landscape ? [A4[1], A4[0]] : A4;
    return new PdfWriter(doc, font, bold, size, o.margin ?? 36, o.footer ?? '');
  }

  get width() {
    return this.right - this.left;
  }

  newPage() {
    this.page = this.doc.addPage(this.size);
    this.y = this.top;
    this.repeat?.();
  }

  /** Makes room for `h` points, on a new page when this one has not got them. */
  ensure(h: number) {
    if (this.y - h < this.bottom) this.newPage();
  }

  space(h: number) {
    this.y -= h;
  }

  private draw(s: string, x: number, baseline: number, size: number, f: PDFFont, color: Colore = NERO) {
    if (s) this.page.drawText(s, { x, y: baseline, size, font: f, color });
  }

  /** Text wrapped to the width (or `width` from `x`), each line on the page it fits on. */
  paragraph(text: string, o: { size?: number; bold?: boolean; color?: Colore; align?: Allineamento; x?: number; width?: number; after?: number } = {}) {
    const size = o.size ?? 9;
    const f = o.bold ? this.bold : this.font;
    const x = o.x ?? this.left;
    const width = o.width ?? this.right - x;
    const lead = size * 1.3;
    for (const line of wrapText(text, f, size, width)) {
      this.ensure(lead);
      this.y -= lead;
      const w = f.widthOfTextAtSize(line, size);
      const at = o.align === 'right' ? x + width - w : o.align === 'center' ? x + (width - w) / 2 : x;
      this.draw(line, at, this.y + size * 0.25, size, f, o.color);
    }
    this.y -= o.after ?? 2;
  }

  /** The company's header: its name and VAT/office line on the left, wrapped beside the logo on the right. */
  async intestazione(a: Intestazione) {
    const img = a.logo ? await embedImage(this.doc, a.logo, 'logo aziendale') : null;
    const k = img ? Math.min(36 / img.height, 140 / img.width) : 0;
    const logoW = img ? img.width * k + 12 : 0;
    const start = this.y;
    if (img) this.page.drawImage(img, { x: this.right - img.width * k, y: start - img.height * k, width: img.width * k, height: img.height * k });
    this.paragraph(a.ragione_sociale, { size: 12, bold: true, width: this.width - logoW });
    const riga = intestazioneRiga(a);
    if (riga) this.paragraph(riga, { size: 8, width: this.width - logoW, color: GRIGIO });
    this.y = Math.min(this.y, start - (img ? img.height * k : 0)) - 10;
  }

  /** Key–value pairs, `columns` pairs to a row: the key in bold, its value wrapped beside it. */
  keyValues(pairs: [string, string][], o: { columns?: number; size?: number } = {}) {
    const n = o.columns ?? 1;
    const size = o.size ?? 9;
    const lead = size * 1.3;
    const cw = this.width / n;
    for (let i = 0; i < pairs.length; i += n) {
      const cells = pairs.slice(i, i + n).map(([k, v]) => {
        const key = pdfSafe(`${k}:`);
        const kw = Math.min(this.bold.widthOfTextAtSize(key, size), cw * 0.45);
        // the key wrapped only when it is longer than its share; the value after it, a space apart
        return { key: wrapText(key, this.bold, size, kw + 0.5), kw: kw + 4, value: wrapText(v || '-', this.font, size, cw - kw - 12) };
      });
      const h = Math.max(...cells.map((c) => Math.max(c.key.length, c.value.length))) * lead;
      this.ensure(h);
      cells.forEach((c, j) => {
        const x = this.left + j * cw;
        c.key.forEach((l, r) => this.draw(l, x, this.y - (r + 1) * lead + size * 0.25, size, this.bold));
        c.value.forEach((l, r) => this.draw(l, x + c.kw, this.y - (r + 1) * lead + size * 0.25, size, this.font));
      });
      this.y -= h + 2;
    }
  }

  /** A horizontal rule across the width. */
  rule(o: { thickness?: number; color?: Colore } = {}) {
    this.page.drawLine({ start: { x: this.left, y: this.y }, end: { x: this.right, y: this.y }, thickness: o.thickness ?? 0.5, color: o.color ?? GRIGIO });
  }

  /**
   * A table: each column as wide as its content wishes (its longest word at least), the page's width shared by those
   * wishes; cells wrapped; a row that does not fit continues on the next page under the header repeated.
   */
  table(t: Tabella) {
    const size = t.size ?? 8;
    const lead = size * 1.25;
    const pad = t.pad ?? 3;
    const cellOf = (c: Cella): Exclude<Cella, string> => (typeof c === 'string' ? { text: c } : c);
    const rows = t.rows.map((r) => (Array.isArray(r) ? { cells: r } : r));
    const fontOf = (c: { bold?: boolean }, rowBold?: boolean) => (c.bold || rowBold ? this.bold : this.font);
    const all: Exclude<Cella, string>[][] = [
      t.columns.map((c) => ({ text: c.header, bold: true })),
      ...rows.map((r) => r.cells.map((c) => ({ ...cellOf(c), bold: cellOf(c).bold || r.bold }))),
      ...(t.totals ? [t.totals.map((c) => ({ ...cellOf(c), bold: true }))] : []),
    ];
    // what each column needs (its longest word) and wishes (its longest line), measured with the font it is drawn in
    const need = t.columns.map((c) => c.min ?? 0);
    const wish = t.columns.map((c) => c.min ?? 0);
    for (const r of all)
      r.forEach((c, i) => {
        if (i >= t.columns.length) return;
        if (c.image) {
          need[i] = Math.max(need[i], c.image.w + 2 * pad);
          wish[i] = Math.max(wish[i], c.image.w + 2 * pad);
        }
        if (!c.text) return;
        const f = fontOf(c);
        const s = c.size ?? size;
        for (const line of pdfSafe(c.text).split('\n')) {
          const lw = f.widthOfTextAtSize(line, s) + 2 * pad;
          wish[i] = Math.max(wish[i], lw);
          // a short text ("dom 04", "Usc. ant.", "1.234,56 €") is never broken: its whole width is its need
          if (lw <= SHORT) need[i] = Math.max(need[i], lw);
          else for (const w of line.split(/ +/)) need[i] = Math.max(need[i], f.widthOfTextAtSize(w, s) + 2 * pad);
        }
      });
    const widths = this.columnWidths(t.columns, need, wish);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const layout = (cells: ReturnType<typeof cellOf>[]) =>
      t.columns.map((_, i) => {
        const c: Exclude<Cella, string> = cells[i] ?? { text: '' };
        const s = c.size ?? size;
        // an image fitted in its box and in the column
        const k = c.image ? Math.min(c.image.w / c.image.img.width, c.image.h / c.image.img.height, (widths[i] - 2 * pad) / c.image.img.width) : 0;
        return { ...c, s, k, lines: c.text ? wrapText(c.text, fontOf(c), s, widths[i] - 2 * pad) : [] };
      });
    const drawLines = (cells: ReturnType<typeof layout>, from: number, count: number) => {
      cells.forEach((c, i) => {
        const f = fontOf(c);
        const align = t.columns[i].align ?? 'left';
        if (c.image && from === 0) {
          const { img } = c.image;
          this.page.drawImage(img, { x: xs[i] + pad, y: this.y - pad - img.height * c.k, width: img.width * c.k, height: img.height * c.k });
        }
        c.lines.slice(from, from + count).forEach((l, r) => {
          const w = f.widthOfTextAtSize(l, c.s);
          const x = align === 'right' ? xs[i] + widths[i] - pad - w : align === 'center' ? xs[i] + (widths[i] - w) / 2 : xs[i] + pad;
          this.draw(l, x, this.y - pad - (r + 1) * lead + c.s * 0.25, c.s, f, c.color);
        });
      });
    };
    const header = layout(all[0]);
    const headerH = Math.max(...header.map((c) => c.lines.length)) * lead + 2 * pad;
    const drawHeader = () => {
      drawLines(header, 0, Infinity);
      this.y -= headerH;
      this.rule();
    };
    const drawRow = (cells: ReturnType<typeof layout>, shade?: boolean) => {
      const n = Math.max(1, ...cells.map((c) => c.lines.length));
      const imageH = Math.max(0, ...cells.map((c) => (c.image ? c.image.img.height * c.k : 0)));
      if (imageH) {
        // a row with a picture is never split: it moves to the next page whole
        const h = Math.max(n * lead, imageH) + 2 * pad;
        this.ensure(h);
        if (shade) this.page.drawRectangle({ x: this.left, y: this.y - h, width: this.width, height: h, color: rgb(0.94, 0.94, 0.94) });
        drawLines(cells, 0, n);
        this.y -= h;
        if (t.ruled) this.rule({ thickness: 0.25, color: rgb(0.7, 0.7, 0.7) });
        return;
      }
      // a row that fits on a fresh page never starts at the bottom of this one
      if (this.y - (n * lead + 2 * pad) < this.bottom && n * lead + 2 * pad <= this.top - this.bottom - headerH) this.newPage();
      for (let from = 0; from < n; ) {
        const room = Math.floor((this.y - this.bottom - 2 * pad) / lead);
        if (room < 1) {
          this.newPage();
          continue;
        }
        const k = Math.min(room, n - from);
        const h = k * lead + 2 * pad;
        if (shade) this.page.drawRectangle({ x: this.left, y: this.y - h, width: this.width, height: h, color: rgb(0.94, 0.94, 0.94) });
        drawLines(cells, from, k);
        this.y -= h;
        from += k;
      }
      if (t.ruled) this.rule({ thickness: 0.25, color: rgb(0.7, 0.7, 0.7) });
    };
    this.ensure(headerH + lead + 2 * pad);
    drawHeader();
    const before = this.repeat;
    this.repeat = drawHeader;
    for (const r of rows) drawRow(layout(r.cells.map(cellOf)), r.shade);
    this.repeat = before;
    if (t.totals) {
      const cells = layout(t.totals.map((c) => ({ ...cellOf(c), bold: true })));
      this.ensure(Math.max(...cells.map((c) => c.lines.length)) * lead + 2 * pad);
      this.rule();
      drawRow(cells);
    }
    this.y -= 4;
  }

  /** Shares the width: every column its need; what is left goes to the columns that wish more, by weight. */
  private columnWidths(cols: Colonna[], need: number[], wish: number[]): number[] {
    const total = this.width;
    const sumNeed = need.reduce((a, b) => a + b, 0);
    // even the longest words do not fit side by side: each column its share, its words broken
    if (sumNeed >= total) return need.map((n) => (n / sumNeed) * total);
    const sumWish = wish.reduce((a, b) => a + b, 0);
    const weight = cols.map((c) => c.weight ?? 1);
    if (sumWish <= total) {
      const spare = total - sumWish;
      const sw = weight.reduce((a, b) => a + b, 0);
      return wish.map((w, i) => w + (spare * weight[i]) / sw);
    }
    const gap = wish.map((w, i) => (w - need[i]) * weight[i]);
    const sumGap = gap.reduce((a, b) => a + b, 0);
    return need.map((n, i) => n + ((total - sumNeed) * gap[i]) / sumGap);
  }

  /**
   * Signature boxes side by side: each its label, the signature drawn in it when there is one, a line to sign on. They
   * move to a new page together when they do not fit.
   */
  async signatures(boxes: { label: string; png?: Buffer | null }[], o: { height?: number; size?: number; boxWidth?: number } = {}) {
    const size = o.size ?? 9;
    const lead = size * 1.3;
    const h = o.height ?? 70;
    const gap = 24;
    const w = Math.min(o.boxWidth ?? Infinity, (this.width - gap * (boxes.length - 1)) / boxes.length);
    const labels = boxes.map((b) => wrapText(b.label, this.bold, size, w));
    const labelH = Math.max(...labels.map((l) => l.length)) * lead;
    this.ensure(labelH + h + 8);
    for (const [i, b] of boxes.entries()) {
      const x = this.left + i * (w + gap);
      labels[i].forEach((l, r) => this.draw(l, x, this.y - (r + 1) * lead + size * 0.25, size, this.bold));
      const top = this.y - labelH - 4;
      if (b.png) {
        const img = await embedImage(this.doc, { tipo: 'image/png', contenuto: b.png }, 'firma');
        if (img) {
          const k = Math.min(w / img.width, (h - 4) / img.height);
          this.page.drawImage(img, { x, y: top - img.height * k, width: img.width * k, height: img.height * k });
        }
      }
      this.page.drawLine({ start: { x, y: top - h }, end: { x: x + w, y: top - h }, thickness: 0.5, color: GRIGIO });
    }
    this.y -= labelH + h + 8;
  }

  /** Draws an image (a barcode) of at most w×h points at x, below the cursor; returns its height. */
  image(img: PDFImage, at: { x: number; w: number; h: number }) {
    const k = Math.min(at.w / img.width, at.h / img.height);
    this.page.drawImage(img, { x: at.x, y: this.y - img.height * k, width: img.width * k, height: img.height * k });
    return img.height * k;
  }

  /** The document, every page footed "Pagina n di m" (after the footer text, when there is one). */
  async save(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((pg, i) => {
      const label = pdfSafe(`${this.footer ? `${this.footer} - ` : ''}Pagina ${i + 1} di ${pages.length}`);
      const w = this.font.widthOfTextAtSize(label, 7.5);
      pg.drawText(label, { x: this.right - w, y: this.margin - 8, size: 7.5, font: this.font, color: GRIGIO });
    });
    return this.doc.save();
  }
}
