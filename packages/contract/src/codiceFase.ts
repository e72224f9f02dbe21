/**
 * What a job sheet's barcode (Code 128) says: the order's code and the phase's code joined by a slash,
 * `<commessa>/<fase>`, e.g. `C26-014/SALD`. Codes are letters, digits, dot, dash and underscore (zCode), so the slash
 * never occurs inside one. The job sheet prints it; the shop-floor screens read it back to start and close phases.
 */
const CODE = /^[A-Za-z0-9._-]+$/;

export const SEPARATORE_FASE = '/';

export function codiceFaseBarcode(commessa: string, fase: string): string {
  if (!CODE.test(commessa) || !CODE.test(fase)) throw new RangeError('codiceFaseBarcode: codes are [A-Za-z0-9._-]');
  return `${commessa}${SEPARATORE_FASE}${fase}`;
}

/** The order and phase codes of a scanned barcode; null for anything else (a badge, a visitor's code). */
export function leggiCodiceFase(scanned: string): { commessa: string; fase: string } | null {
  const [commessa, fase, ...rest] = scanned.trim().split(SEPARATORE_FASE);
  if (rest.length || !commessa || !fase || !CODE.test(commessa) || !CODE.test(fase)) return null;
  return { commessa, fase };
}
