import { describe, expect, it } from 'vitest';
import { accountLast4, isValidAccountNumber, isValidIfsc } from './bank-account.ts';

describe('bank account rules', () => {
  it('accepts an IFSC as banks print it, spaces and case aside', () => {
    expect(isValidIfsc('SBIN0001234')).toBe(true);
    expect(isValidIfsc('ioba 0000 123')).toBe(true);
    expect(isValidIfsc('HDFC0ABC12D')).toBe(true);
  });
  it('refuses an IFSC without the zero, of the wrong length or with digits for the bank', () => {
    expect(isValidIfsc('SBIN1001234')).toBe(false);
    expect(isValidIfsc('SBIN000123')).toBe(false);
    expect(isValidIfsc('SB1N0001234')).toBe(false);
  });
  it('accepts 9 to 18 digits for an account number and shows only the last four', () => {
    expect(isValidAccountNumber('12345678')).toBe(false);
    expect(isValidAccountNumber('1234 5678 9')).toBe(true);
    expect(isValidAccountNumber('123456789012345678')).toBe(true);
    expect(isValidAccountNumber('1234567890123456789')).toBe(false);
    expect(isValidAccountNumber('12345678901a')).toBe(false);
    expect(accountLast4('0012 3456 7890')).toBe('7890');
  });
});
