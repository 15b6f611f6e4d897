/**
 * The bank account a shop is paid into (docs/shops.md#settlement). An IFSC is eleven characters:
 * the bank's four letters, a zero, and six letters or digits for the branch. Indian account numbers
 * are 9 to 18 digits. Spaces are dropped and letters upper-cased, as people type them.
 */
export const normaliseIfsc = (input: string): string => input.replace(/\s/g, '').toUpperCase();
export const isValidIfsc = (input: string): boolean => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(normaliseIfsc(input));

export const normaliseAccountNumber = (input: string): string => input.replace(/[\s-]/g, '');
export const isValidAccountNumber = (input: string): boolean =>
  /^\d{9,18}$/.test(normaliseAccountNumber(input));

/** What the shop sees of its account once saved: the last four digits only. */
export const accountLast4 = (accountNumber: string): string =>
  normaliseAccountNumber(accountNumber).slice(-4);
