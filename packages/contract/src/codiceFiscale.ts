/** Italian tax code (codice fiscale) checks: shape plus the check character. */
const ODD: Record<string, number> = {
  '0': 1, '1': 0, '2': 5, '3': 7, '4': 9, '5': 13, '6': 15, '7': 17, '8': 19, '9': 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18, N: 20,
  O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};
const CF_RE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

function evenValue(ch: string): number {
  return ch >= '0' && ch <= '9' ? ch.charCodeAt(0) - 48 : ch.charCodeAt(0) - 65;
}

/** The check character for the first 15 characters of a codice fiscale. */
export function codiceFiscaleCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const ch = first15[i];
    // Positions are 1-based in the official algorithm: index 0 is "odd".
    sum += i % 2 === 0 ? ODD[ch] : evenValue(ch);
  }
  return String.fromCharCode(65 + (sum % 26));
}

export function isValidCodiceFiscale(value: string): boolean {
  const cf = value.toUpperCase();
  if (!CF_RE.test(cf)) return false;
  return codiceFiscaleCheckChar(cf.slice(0, 15)) === cf[15];
}

/** Omocodia: a digit the Agenzia replaced with a letter to tell two equal codes apart (D.M. 12/3/1974, D.P.R. 605/1973). */
const OMOCODIA = 'LMNPQRSTUV';
const cifra = (ch: string) => (ch >= '0' && ch <= '9' ? Number(ch) : OMOCODIA.indexOf(ch));

/**
 * The sex a codice fiscale records (D.M. 23/12/1976: the day of birth, positions 10–11, is increased by 40 for
 * women), read through omocodia; null when the code does not have the shape. For the documents' masculine or
 * feminine wording.
 */
export function sessoDaCodiceFiscale(value: string | null | undefined): 'M' | 'F' | null {
  const cf = (value ?? '').trim().toUpperCase();
  if (!CF_RE.test(cf)) return null;
  const giorno = cifra(cf[9]) * 10 + cifra(cf[10]);
  if (giorno >= 1 && giorno <= 31) return 'M';
  if (giorno >= 41 && giorno <= 71) return 'F';
  return null;
}
