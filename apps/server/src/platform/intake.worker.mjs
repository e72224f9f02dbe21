/**
 * Decodes one uploaded PNG and writes it again as a clean PNG (8-bit RGBA, no ancillary chunks), in a worker thread
 * of its own (platform/intake.ts starts it with memory limits and a time limit, and terminates it when that passes):
 * a hostile image costs this thread, never the event loop that answers everybody else.
 * Plain JavaScript so that it starts the same under tsx, vitest and node, with no loader of its own.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pngjs from 'pngjs';

const { bytes, maxLato, maxPixel } = workerData;
try {
  const png = pngjs.PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { checkCRC: true });
  // the header was checked before this worker started; checked again on what the decoder read
  if (png.width > maxLato || png.height > maxLato || png.width * png.height > maxPixel) {
    parentPort.postMessage({ error: 'troppo_grande', width: png.width, height: png.height });
  } else {
    // Paeth on every row, zlib's default level: a fraction of the adaptive filter's time, for a few percent more bytes
    const out = pngjs.PNG.sync.write(png, { colorType: 6, inputColorType: 6, bitDepth: 8, filterType: 4, deflateLevel: 6 });
    parentPort.postMessage({ png: out, width: png.width, height: png.height });
  }
} catch {
  parentPort.postMessage({ error: 'non_valida' });
}
