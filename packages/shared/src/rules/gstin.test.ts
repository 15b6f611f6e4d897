import { describe, expect, it } from 'vitest';
import { gstinCheckChar, isValidFssai, isValidGstin } from './gstin.ts';

describe('a GSTIN', () => {
  it('is valid with its check character, however it was typed', () => {
    // The example the GST portal's own documents use.
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin(' 27aapfu0939f1zv ')).toBe(true);
    const tamilNadu = `33ABCDE1234F1Z${gstinCheckChar('33ABCDE1234F1Z')}`;
    expect(isValidGstin(tamilNadu)).toBe(true);
  });

  it('is refused with a wrong check character or the wrong shape', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1XV')).toBe(false);
    expect(isValidGstin('2AAAPFU0939F1ZV')).toBe(false);
    expect(isValidGstin('')).toBe(false);
  });
});

describe('an FSSAI licence', () => {
  it('is 14 digits', () => {
    expect(isValidFssai('12416012000123')).toBe(true);
    expect(isValidFssai('1241 6012 0001 23')).toBe(true);
    expect(isValidFssai('1241601200012')).toBe(false);
    expect(isValidFssai('1241601200012A')).toBe(false);
  });
});
