import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, isValidEan13, normaliseBarcode } from './ean13.ts';

describe('EAN-13', () => {
  it('knows real codes', () => {
    // Codes printed on goods sold in India (Parle-G 800 g, Amul butter 100 g).
    expect(isValidEan13('8901719104046')).toBe(true);
    expect(isValidEan13('8901262010016')).toBe(true);
    expect(ean13CheckDigit('890171910404')).toBe(6);
  });

  it('refuses a code with one digit changed, and anything not thirteen digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{12}$/),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (d, at, by) => {
          const code = d + ean13CheckDigit(d);
          expect(isValidEan13(code)).toBe(true);
          const changed = code.slice(0, at) + ((Number(code[at]) + by) % 10) + code.slice(at + 1);
          expect(isValidEan13(changed)).toBe(false);
        },
      ),
    );
    expect(isValidEan13('890171910404')).toBe(false);
    expect(isValidEan13('89017191040466')).toBe(false);
    expect(isValidEan13('89017191O4046')).toBe(false);
  });

  it('reads a typed code with spaces and dashes', () => {
    expect(normaliseBarcode(' 8 901719-104046 ')).toBe('8901719104046');
  });
});
