/**
 * EAN-13, the barcode on packaged goods in India (GS1 India hands out the 890 prefix): twelve digits and a
 * check digit. Grab-and-go finds a shop's product by the code a phone's camera reads or a shopper types
 * (docs/grab-and-go.md), so a typed code is checked here before it is looked up.
 */

/** The check digit of the first twelve digits: weights 1,3,1,3… from the left, to the next multiple of 10. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('EAN-13 needs twelve digits before the check digit');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Thirteen digits whose last is the check digit of the rest. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** What a shopper typed or a scanner read, reduced to its digits (spaces and dashes are common on labels). */
export function normaliseBarcode(input: string): string {
  return input.replace(/[\s-]/g, '');
}
