import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRupees, gstBreakdown, gstIncluded, wholeRupees } from './money.ts';

describe('GST inside a price', () => {
  it('takes 18% out of a GST-inclusive price', () => {
    expect(gstIncluded(9900, 18)).toBe(1510);
    expect(gstIncluded(34900, 18)).toBe(5324);
    expect(gstIncluded(11800, 18)).toBe(1800);
    expect(gstIncluded(5000, 0)).toBe(0);
  });

  it('splits into CGST and SGST that always add up', () => {
    expect(gstBreakdown(9900, 1510)).toEqual({ taxable: 8390, cgst: 755, sgst: 755, tax: 1510, total: 9900 });
    expect(gstBreakdown(101, 15)).toEqual({ taxable: 86, cgst: 7, sgst: 8, tax: 15, total: 101 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(0, 5, 12, 18, 28), (total, p) => {
        const tax = gstIncluded(total, p);
        const b = gstBreakdown(total, tax);
        return b.cgst + b.sgst === tax && b.taxable + b.tax === total && tax <= total && tax >= 0;
      }),
    );
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => gstIncluded(99.5, 18)).toThrow(RangeError);
    expect(() => gstIncluded(-1, 18)).toThrow(RangeError);
  });
});

describe('showing rupees', () => {
  it('shows whole rupees in lists and exact amounts on receipts', () => {
    expect(wholeRupees(9950)).toBe(100);
    expect(formatRupees(9900)).toBe('₹99');
    expect(formatRupees(9950)).toBe('₹99.50');
    expect(formatRupees(12_345_600)).toBe('₹1,23,456');
    expect(formatRupees(-500)).toBe('-₹5');
  });
});
