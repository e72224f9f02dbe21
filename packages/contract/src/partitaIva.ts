/**
 * Partita IVA (VAT number) checks (DPR 633/1972 art. 35; check digit by DM 23 dicembre 1976): 11 digits, the last
 * a check digit over the first ten, digits in odd positions taken as they are and in even positions doubled (minus 9
 * when above 9).
 */
export function partitaIvaCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = first10.charCodeAt(i) - 48;
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^0{11}$/.test(value)) return false;
  return partitaIvaCheckDigit(value.slice(0, 10)) === value.charCodeAt(10) - 48;
}
