import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DeliveryFeeRules, deliveryFee, parcelSizeFor, priceOrder } from './order-pricing.ts';

// The seeded rules (data/seed/fees.json).
const FEES: DeliveryFeeRules = {
  baseFeePaise: 2000,
  perKmPaise: 600,
  smallCartThresholdPaise: 10000,
  smallCartFeePaise: 1500,
  packagingFeePaise: 500,
};

describe('deliveryFee', () => {
  it('charges the base fee and each started kilometre', () => {
    expect(deliveryFee(FEES, 'home', 0)).toEqual({ km: 0, feePaise: 2000 });
    expect(deliveryFee(FEES, 'home', 1)).toEqual({ km: 1, feePaise: 2600 });
    expect(deliveryFee(FEES, 'locker', 2000)).toEqual({ km: 2, feePaise: 3200 });
    expect(deliveryFee(FEES, 'home', 2001)).toEqual({ km: 3, feePaise: 3800 });
  });

  it('charges nothing for curbside and needs a distance otherwise', () => {
    expect(deliveryFee(FEES, 'curbside', null)).toEqual({ km: 0, feePaise: 0 });
    expect(() => deliveryFee(FEES, 'home', null)).toThrow(RangeError);
  });
});

describe('priceOrder', () => {
  it('itemises a small home order: items, delivery, small-cart, packaging, GST', () => {
    const p = priceOrder({
      lines: [{ unitPricePaise: 4600, mrpPaise: 5000, quantity: 2, taxPercent: 5 }],
      deliveryType: 'home',
      distanceMetres: 1500,
      fees: FEES,
      deliveryPass: null,
    });
    expect(p).toMatchObject({
      itemsPaise: 9200,
      mrpPaise: 10000,
      savingsPaise: 800,
      deliveryKm: 2,
      deliveryFeePaise: 3200,
      deliveryWaived: false,
      smallCartFeePaise: 1500,
      packagingFeePaise: 500,
      totalPaise: 9200 + 3200 + 1500 + 500,
      // 9200 × 5/105 = 438.1; fees 5200 × 18/118 = 793.2
      itemsTaxPaise: 438,
      feesTaxPaise: 793,
      taxPaise: 1231,
    });
  });

  it('waives delivery with a Delivery Pass from its threshold, not below it', () => {
    const order = (unit: number) =>
      priceOrder({
        lines: [{ unitPricePaise: unit, mrpPaise: unit, quantity: 1, taxPercent: 0 }],
        deliveryType: 'home',
        distanceMetres: 800,
        fees: FEES,
        deliveryPass: { freeDeliveryOverPaise: 19900 },
      });
    expect(order(19900)).toMatchObject({
      deliveryWaived: true,
      deliveryFeePaise: 0,
      deliveryFeeBeforeWaiverPaise: 2600,
    });
    expect(order(19899)).toMatchObject({ deliveryWaived: false, deliveryFeePaise: 2600 });
  });

  it('adds up for any cart: total = items + fees, GST inside it, savings never negative', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPricePaise: fc.integer({ min: 1, max: 500_000 }),
            markup: fc.integer({ min: 0, max: 50_000 }),
            quantity: fc.integer({ min: 1, max: 20 }),
            taxPercent: fc.constantFrom(0, 5, 12, 18, 28),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        fc.constantFrom('home', 'locker', 'curbside' as const),
        fc.integer({ min: 0, max: 20_000 }),
        fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
        (raw, type, metres, passOver) => {
          const lines = raw.map((l) => ({ ...l, mrpPaise: l.unitPricePaise + l.markup }));
          const p = priceOrder({
            lines,
            deliveryType: type,
            distanceMetres: metres,
            fees: FEES,
            deliveryPass: passOver === null ? null : { freeDeliveryOverPaise: passOver },
          });
          const items = lines.reduce((n, l) => n + l.unitPricePaise * l.quantity, 0);
          expect(p.itemsPaise).toBe(items);
          expect(p.totalPaise).toBe(items + p.deliveryFeePaise + p.smallCartFeePaise + p.packagingFeePaise);
          expect(p.savingsPaise).toBe(lines.reduce((n, l) => n + l.markup * l.quantity, 0));
          expect(p.taxPaise).toBe(p.itemsTaxPaise + p.feesTaxPaise);
          expect(p.taxPaise).toBeLessThanOrEqual(p.totalPaise);
          if (type === 'curbside') expect(p.deliveryFeeBeforeWaiverPaise).toBe(0);
          expect(p.deliveryWaived).toBe(passOver !== null && type !== 'curbside' && items >= passOver);
          expect(p.smallCartFeePaise).toBe(items < FEES.smallCartThresholdPaise ? FEES.smallCartFeePaise : 0);
        },
      ),
    );
  });

  it('refuses amounts that are not whole paise', () => {
    const base = { deliveryType: 'curbside' as const, distanceMetres: null, fees: FEES, deliveryPass: null };
    expect(() =>
      priceOrder({ ...base, lines: [{ unitPricePaise: 10.5, mrpPaise: 11, quantity: 1, taxPercent: 0 }] }),
    ).toThrow(RangeError);
    expect(() =>
      priceOrder({ ...base, lines: [{ unitPricePaise: 100, mrpPaise: 100, quantity: 0, taxPercent: 0 }] }),
    ).toThrow(RangeError);
  });
});

describe('parcelSizeFor', () => {
  it('grows with the number of units', () => {
    expect([1, 3, 4, 10, 11, 20, 21, 30].map(parcelSizeFor)).toEqual([
      'S',
      'S',
      'M',
      'M',
      'L',
      'L',
      'XL',
      'XL',
    ]);
  });
});
