/**
 * Signatures drawn on a screen (DESIGN §12: written once): the customer's on the rapportino, the employee's and the HR
 * officer's on the equipment verbale. A signature is a PNG the caller uploaded through POST /api/file, no larger than
 * FIRMA_MAX_BYTES; a printout draws it in a box above its line.
 */
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { FIRMA_MAX_BYTES } from '@tulip/contract';
import type { Db } from './db';
import { AppError, badRequest } from './errors';
import { readFile } from './files';
import { assertImageFits, imageDimensions, LIMITI_DISEGNO } from './intake';
import { embedImage } from './pdf';

/** The signature's bytes, after checking it is the caller's own upload, a PNG, and small enough in bytes and pixels. */
export async function readSignature(db: Db, userId: number, fileId: string, field: string): Promise<{ fileId: string; bytes: Buffer }> {
  const f = await readFile(db, fileId);
  if (!f || f.caricato_da !== userId) throw badRequest({ [field]: 'avvisi.valore_non_valido' });
  if (f.tipo !== 'image/png') throw new AppError(415, 'avvisi.firma_non_png');
  if (f.dimensione > FIRMA_MAX_BYTES) throw new AppError(413, 'avvisi.firma_troppo_grande', { kb: Math.round(FIRMA_MAX_BYTES / 1024) });
  // read from the header, nothing decoded: a signature is drawn, and a drawing has far fewer pixels than a photo
  assertImageFits(imageDimensions(f.contenuto, field), LIMITI_DISEGNO, field);
  return { fileId, bytes: f.contenuto };
}

/** Draws a signature PNG fitted in a box whose top-left corner is (x, top); one that cannot be drawn leaves the box empty. */
export async function drawSignature(doc: PDFDocument, page: PDFPage, png: Buffer, box: { x: number; top: number; width: number; height: number }) {
  const img = await embedImage(doc, { tipo: 'image/png', contenuto: png }, 'firma');
  if (!img) return;
  const k = Math.min(box.width / img.width, box.height / img.height);
  page.drawImage(img, { x: box.x, y: box.top - img.height * k, width: img.width * k, height: img.height * k });
}
