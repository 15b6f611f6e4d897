import { priceOrder } from '@petti/shared/rules/order-pricing';
import { describe, expect, it } from 'vitest';
import { addsUp, feeRows, type PriceBreakdown } from './fees.ts';

const fees = {
  baseFeePaise: 2000,
  perKmPaise: 600,
  smallCartThresholdPaise: 10000,
  smallCartFeePaise: 1500,
  packagingFeePaise: 500,
};

const small = priceOrder({
  lines: [{ unitPricePaise: 4000, mrpPaise: 4500, quantity: 2, taxPercent: 5 }],
  deliveryType: 'home',
  distanceMetres: 1200,
  fees,
  deliveryPass: null,
});

describe('fee rows', () => {
  it('itemises every fee before the total, then the GST inside it and the savings', () => {
    // 2 km started: ₹20 + 2 × ₹6 = ₹32 delivery; ₹80 of items is under ₹100: small-cart fee.
    expect(feeRows(small).map((r) => [r.key, r.amount])).toEqual([
      ['items', '₹80'],
      ['delivery', '₹32'],
      ['smallCart', '₹15'],
      ['packaging', '₹5'],
      ['total', '₹132'],
      ['gst', expect.stringMatching(/^₹\d/)],
      ['savings', '₹10'],
    ]);
    expect(feeRows(small).find((r) => r.key === 'delivery')?.km).toBe(2);
    expect(addsUp(small)).toBe(true);
  });

  it('shows a delivery the Delivery Pass waived as free, with the fee struck through', () => {
    const pass = priceOrder({
      lines: [{ unitPricePaise: 30000, mrpPaise: 33000, quantity: 1, taxPercent: 5 }],
      deliveryType: 'locker',
      distanceMetres: 3000,
      fees,
      deliveryPass: { freeDeliveryOverPaise: 20000 },
    });
    expect(feeRows(pass).find((r) => r.key === 'delivery')).toEqual({
      key: 'delivery',
      amount: '₹0',
      free: true,
      struck: '₹38',
      km: 3,
    });
    expect(addsUp(pass)).toBe(true);
  });

  it('has no delivery row for curbside, and leaves out fees that do not apply', () => {
    const curbside = priceOrder({
      lines: [{ unitPricePaise: 50000, mrpPaise: 50000, quantity: 1, taxPercent: 0 }],
      deliveryType: 'curbside',
      distanceMetres: null,
      fees: { ...fees, packagingFeePaise: 0 },
      deliveryPass: null,
    });
    expect(feeRows(curbside).map((r) => r.key)).toEqual(['items', 'total', 'gst']);
  });

  it('catches a breakdown that does not add up', () => {
    const wrong: PriceBreakdown = { ...small, totalPaise: small.totalPaise + 1 };
    expect(addsUp(wrong)).toBe(false);
  });
});
