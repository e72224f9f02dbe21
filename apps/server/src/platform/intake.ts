/**
 * What a file must be to be taken in (issue #27 §2): checked once, when its bytes arrive (platform/files.ts
 * storeFile), never when they are used. An image is refused above its pixel limits as its header declares them, and a
 * PNG is decoded once in a worker thread (memory and time limits; terminated when the time is up) and stored written
 * again by us, so that no printout ever decodes a user's bytes. A DOCX or XLSX (a ZIP) is refused when its central
 * directory declares parts too large, too many or too compressed; the parts are then streamed through zlib (off the
 * event loop) to confirm each is exactly the size it declared, so a lying directory cannot smuggle a bomb through.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { imageSize } from 'image-size';
import type yauzl from 'yauzl';
import { AppError } from './errors';

const load = createRequire(import.meta.url);

/** Any image taken in: a phone's photo of a receipt (12–20 MP) or an A4 scan at 300 dpi fits. */
export const IMMAGINE_MAX_LATO = 8192;
export const IMMAGINE_MAX_MEGAPIXEL = 24;
/** An image drawn in a printout (a signature, the company logo): far smaller than a photo. */
export const DISEGNO_MAX_LATO = 4096;
export const DISEGNO_MAX_MEGAPIXEL = 4;
/** A decode that takes longer is a hostile file: its worker is terminated. */
export const DECODIFICA_MAX_MS = 10_000;
/** The worker's JavaScript heap (the pixels themselves are bounded by the pixel limits above). */
export const DECODIFICA_HEAP_MB = 64;
/** At most this many images decoded at once per process: a burst of uploads waits in line, it does not multiply the memory. */
export const DECODIFICHE_IN_PARALLELO = 2;

/** A ZIP (DOCX, XLSX): each part and all of them, once inflated, and how many parts. */
export const ZIP_MAX_VOCE_MB = 20;
export const ZIP_MAX_TOTALE_MB = 50;
export const ZIP_MAX_VOCI = 5000;
/** A part above ZIP_RAPPORTO_DA_MB inflated that grows more than this from its compressed bytes is a bomb, not a document. */
export const ZIP_MAX_RAPPORTO = 100;
export const ZIP_RAPPORTO_DA_MB = 1;

const MB = 1024 * 1024;
export type Limiti = { lato: number; megapixel: number };
export const LIMITI_IMMAGINE: Limiti = { lato: IMMAGINE_MAX_LATO, megapixel: IMMAGINE_MAX_MEGAPIXEL };
export const LIMITI_DISEGNO: Limiti = { lato: DISEGNO_MAX_LATO, megapixel: DISEGNO_MAX_MEGAPIXEL };

const brokenImage = (field = 'file') => new AppError(400, 'avvisi.immagine_non_valida', { fields: { [field]: 'avvisi.immagine_non_valida' } });

/** The pixel size an image's header declares (nothing decoded); a header that cannot be read is a broken image. */
export function imageDimensions(bytes: Uint8Array, field = 'file'): { width: number; height: number } {
  try {
    // required at the first image, not at every start of the server (issue #30)
    const d = (load('image-size') as { imageSize: typeof imageSize }).imageSize(bytes);
    if (d.width && d.height) return { width: d.width, height: d.height };
  } catch {
    // a header image-size cannot read
  }
  throw brokenImage(field);
}

const fits = (d: { width: number; height: number }, l: Limiti) => d.width <= l.lato && d.height <= l.lato && d.width * d.height <= l.megapixel * 1_000_000;

/** The 413 of an image over `l`, naming its size and the limits (and the request's field that names the file). */
export function assertImageFits(d: { width: number; height: number }, l: Limiti, field = 'file') {
  if (!fits(d, l)) {
    throw new AppError(413, 'avvisi.immagine_troppo_grande', { larghezza: d.width, altezza: d.height, lato: l.lato, megapixel: l.megapixel, fields: { [field]: 'avvisi.immagine_troppo_grande' } });
  }
}

/** True when some stored image bytes may be drawn in a printout: a readable header within the drawing limits. */
export function drawable(bytes: Uint8Array): boolean {
  try {
    return fits(imageDimensions(bytes), LIMITI_DISEGNO);
  } catch {
    return false;
  }
}

// ---- the decoding worker -----------------------------------------------------------------------------------------------

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= DECODIFICHE_IN_PARALLELO) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

type Decoded = { png?: Uint8Array; width?: number; height?: number; error?: 'non_valida' | 'troppo_grande' | 'tempo' | 'memoria' };

function decode(bytes: Uint8Array, l: Limiti): Promise<Decoded> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./intake.worker.mjs', import.meta.url), {
      workerData: { bytes, maxLato: l.lato, maxPixel: l.megapixel * 1_000_000 },
      resourceLimits: { maxOldGenerationSizeMb: DECODIFICA_HEAP_MB, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    let done = false;
    const finish = (d: Decoded) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(d);
    };
    const timer = setTimeout(() => finish({ error: 'tempo' }), DECODIFICA_MAX_MS);
    worker.once('message', (m: Decoded) => finish(m));
    worker.once('error', (err: Error & { code?: string }) => finish({ error: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memoria' : 'non_valida' }));
    worker.once('exit', () => finish({ error: 'non_valida' }));
  });
}

/**
 * A PNG decoded in a worker and written again as a clean 8-bit RGBA PNG: what is stored in place of the upload. A
 * PNG that does not decode is a 400; one that takes longer than DECODIFICA_MAX_MS (or the worker's memory) a 413.
 */
export async function cleanPng(bytes: Uint8Array, l: Limiti = LIMITI_IMMAGINE): Promise<Buffer> {
  const d = await inTurn(() => decode(bytes, l));
  if (d.png) return Buffer.from(d.png.buffer, d.png.byteOffset, d.png.byteLength);
  if (d.error === 'troppo_grande') return assertImageFits({ width: d.width ?? 0, height: d.height ?? 0 }, l) as never;
  if (d.error === 'tempo' || d.error === 'memoria') {
    throw new AppError(413, 'avvisi.immagine_troppo_complessa', { secondi: DECODIFICA_MAX_MS / 1000, fields: { file: 'avvisi.immagine_troppo_complessa' } });
  }
  throw brokenImage();
}

/**
 * An image as it is taken in: its header within the limits, then a PNG cleaned in the worker. JPEG and WebP are kept
 * as they are: the server never decodes their pixels (pdf-lib copies a JPEG's compressed data into the PDF as it is).
 */
export async function takeImage(bytes: Buffer, tipo: string): Promise<Buffer> {
  assertImageFits(imageDimensions(bytes), LIMITI_IMMAGINE);
  return tipo === 'image/png' ? cleanPng(bytes) : bytes;
}

// ---- ZIP containers ----------------------------------------------------------------------------------------------------

const brokenZip = () => new AppError(400, 'avvisi.archivio_non_valido');
const zipTooLarge = () => new AppError(413, 'avvisi.archivio_troppo_grande', { voce_mb: ZIP_MAX_VOCE_MB, totale_mb: ZIP_MAX_TOTALE_MB, voci: ZIP_MAX_VOCI });
const zipTooCompressed = () => new AppError(413, 'avvisi.archivio_sospetto', { rapporto: ZIP_MAX_RAPPORTO });

/** The central directory's entries, nothing inflated; the first that breaks a limit stops the reading. */
function readDirectory(bytes: Buffer): Promise<{ zip: yauzl.ZipFile; entries: yauzl.Entry[] }> {
  return new Promise((resolve, reject) => {
    // yauzl is loaded with the first archive, not at every start (issue #30)
    (load('yauzl') as typeof yauzl).fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(brokenZip());
      if (zip.entryCount > ZIP_MAX_VOCI) return reject(zipTooLarge());
      const entries: yauzl.Entry[] = [];
      let total = 0;
      zip.on('error', () => reject(brokenZip()));
      zip.on('entry', (e: yauzl.Entry) => {
        total += e.uncompressedSize;
        if (e.uncompressedSize > ZIP_MAX_VOCE_MB * MB || total > ZIP_MAX_TOTALE_MB * MB) return reject(zipTooLarge());
        if (e.uncompressedSize > ZIP_RAPPORTO_DA_MB * MB && e.uncompressedSize > ZIP_MAX_RAPPORTO * e.compressedSize) return reject(zipTooCompressed());
        entries.push(e);
        zip.readEntry();
      });
      zip.on('end', () => resolve({ zip, entries }));
      zip.readEntry();
    });
  });
}

/** Streams one part through zlib, discarding it: yauzl fails the stream as soon as it passes its declared size. */
function verifyEntry(zip: yauzl.ZipFile, e: yauzl.Entry): Promise<void> {
  if (/\/$/.test(e.fileName)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    zip.openReadStream(e, (err, stream) => {
      if (err || !stream) return reject(brokenZip());
      stream.on('data', () => {});
      stream.on('error', (x: Error) => reject(/too many bytes/i.test(x.message) ? zipTooLarge() : brokenZip()));
      stream.on('end', resolve);
    });
  });
}

/**
 * A ZIP container's limits: read from its central directory before anything is inflated (sizes, count, compression
 * ratio), then each part confirmed to be the size it declares. A 4xx naming the limit otherwise.
 */
export async function checkZip(bytes: Buffer, field = 'file'): Promise<void> {
  try {
    const { zip, entries } = await readDirectory(bytes);
    for (const e of entries) {
      if (e.isEncrypted()) throw brokenZip();
      await verifyEntry(zip, e);
    }
  } catch (err) {
    // the request's field that named the file carries the same key
    if (err instanceof AppError) err.params = { ...err.params, fields: { [field]: err.message } };
    throw err;
  }
}

/** The types whose bytes are a ZIP container. */
export const ZIP_TYPES: readonly string[] = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
/** Bytes that begin as a ZIP does (a local file header, or the end record of an empty archive). */
export const looksLikeZip = (bytes: Buffer) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
