/**
 * Signatures drawn on a screen (DESIGN §12: written once): the customer's on the rapportino, the employee's and the HR
 * officer's on the equipment verbale. A signature is a PNG the caller uploaded through POST /api/file, no larger than
 * FIRMA_MAX_BYTES; a printout draws it in a box above its line (platform/pdf.ts, PdfWriter).
 */
import { FIRMA_MAX_BYTES } from '@tulip/contract';
import type { Db } from './db';
import { AppError, badRequest } from './errors';
import { readFile } from './files';
import { assertImageFits, imageDimensions, LIMITI_DISEGNO } from './intake';

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
