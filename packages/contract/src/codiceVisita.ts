/** Visitor check-in codes; no zod here, so the public visitor page can use them without the schemas. */
/** Check-in codes: 7 random symbols of Crockford's base 32 and a check symbol, shown as XXXX-XXXX. */
export const CODICE_ALFABETO = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
// odd weights are invertible modulo 32, so any single changed symbol changes the check symbol
const checkSymbol = (body: string) =>
  CODICE_ALFABETO[[...body].reduce((s, c, i) => s + (2 * i + 1) * CODICE_ALFABETO.indexOf(c), 0) % 32];
/** Upper-cases, drops separators and maps look-alikes (O→0, I/L→1); null when malformed or the check fails. */
export function normalizeCodiceVisita(input: string): string | null {
  const s = input.toUpperCase().replace(/[^0-9A-Z]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{8}$/.test(s)) return null;
  return checkSymbol(s.slice(0, 7)) === s[7] ? s : null;
}
export function makeCodiceVisita(random: Uint8Array): string {
  const body = [...random.slice(0, 7)].map((b) => CODICE_ALFABETO[b % 32]).join('');
  return body + checkSymbol(body);
}
export const formatCodiceVisita = (c: string) => `${c.slice(0, 4)}-${c.slice(4)}`;
