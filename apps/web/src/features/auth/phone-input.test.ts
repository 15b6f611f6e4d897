import { describe, expect, it } from 'vitest';
import { mobileFromWire, toMobileDigits } from './phone-input.ts';

describe('toMobileDigits', () => {
  it('keeps the 10-digit number from what people type, paste or autofill', () => {
    expect(toMobileDigits('98765 43210')).toBe('9876543210');
    expect(toMobileDigits('+91 98765-43210')).toBe('9876543210');
    expect(toMobileDigits('919876543210')).toBe('9876543210');
    expect(toMobileDigits('09876543210')).toBe('9876543210');
    expect(toMobileDigits('98765')).toBe('98765');
    expect(toMobileDigits('98765432109999')).toBe('9876543210');
    expect(toMobileDigits('abc')).toBe('');
  });

  it('prefills from a wire number', () => {
    expect(mobileFromWire('919876543210')).toBe('9876543210');
    expect(mobileFromWire(undefined)).toBe('');
  });
});
