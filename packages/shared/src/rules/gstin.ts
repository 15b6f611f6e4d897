/**
 * India's GST registration number (GSTIN), printed on a shop's tax invoices: 15 characters, the state
 * code (33 for Tamil Nadu), the holder's PAN (five letters, four digits, a letter), the registration
 * number within that PAN, `Z`, and a check character computed over the first fourteen (the GSTN's
 * base-36 Luhn variant). FSSAI licences are 14 digits.
 */
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^[0-3]\d[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first fourteen characters. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARS.indexOf(first14[i]!);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

/** Spaces dropped and letters upper-cased, as a shop may type it. */
export const normaliseGstin = (input: string): string => input.replace(/\s/g, '').toUpperCase();

/** A GSTIN of the right shape whose last character is its check character. */
export function isValidGstin(input: string): boolean {
  const gstin = normaliseGstin(input);
  return SHAPE.test(gstin) && gstinCheckChar(gstin.slice(0, 14)) === gstin[14];
}

export const isValidFssai = (input: string): boolean => /^\d{14}$/.test(input.replace(/\s/g, ''));
