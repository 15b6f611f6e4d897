import { describe, expect, it } from 'vitest';
import { packProblem, paiseFromRupees, rupeesInput } from './shop-catalog.ts';

const ok = { pricePaise: 4500, mrpPaise: 5000, inventory: 3, barcode: '8901063010536' };

describe("a shop's pack", () => {
  it('is fine at or under its MRP, with stock of zero or more and a true EAN-13 or none', () => {
    expect(packProblem(ok)).toBeNull();
    expect(packProblem({ ...ok, pricePaise: 5000, inventory: 0, barcode: null })).toBeNull();
    expect(packProblem({ ...ok, barcode: '890 1063 010536' })).toBeNull();
  });

  it('says the first thing wrong', () => {
    expect(packProblem({ ...ok, pricePaise: 0 })).toBe('PriceNotPositive');
    expect(packProblem({ ...ok, mrpPaise: 0 })).toBe('PriceNotPositive');
    expect(packProblem({ ...ok, pricePaise: Number.NaN })).toBe('PriceNotPositive');
    expect(packProblem({ ...ok, pricePaise: 5001 })).toBe('PriceAboveMrp');
    expect(packProblem({ ...ok, pricePaise: 20_000_000, mrpPaise: 20_000_000 })).toBe('PriceTooHigh');
    expect(packProblem({ ...ok, inventory: -1 })).toBe('StockNegative');
    expect(packProblem({ ...ok, barcode: '8901063010537' })).toBe('BarcodeInvalid');
    expect(packProblem({ ...ok, barcode: '12345' })).toBe('BarcodeInvalid');
  });
});

describe('rupees as typed', () => {
  it('become paise', () => {
    expect(paiseFromRupees('45')).toBe(4500);
    expect(paiseFromRupees('45.5')).toBe(4550);
    expect(paiseFromRupees('₹1,200.75')).toBe(120075);
    expect(paiseFromRupees('0.1')).toBe(10);
    expect(paiseFromRupees('4.567')).toBeNaN();
    expect(paiseFromRupees('abc')).toBeNaN();
    expect(paiseFromRupees('')).toBeNaN();
    for (const paise of [4500, 4550, 120075, 10]) expect(paiseFromRupees(rupeesInput(paise))).toBe(paise);
  });
});
