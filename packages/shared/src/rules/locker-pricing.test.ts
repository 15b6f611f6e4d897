import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancellationRefund,
  type LockerRate,
  lockerTaxPaise,
  overstayCharge,
  overstayHours,
  type PlanAllowance,
  priceForHours,
  priceForRange,
  quoteHours,
} from './locker-pricing.ts';

const M: LockerRate = { firstHourPaise: 3000, extraHourPaise: 2000, dayCapPaise: 22000 };

const rateArb = fc
  .record({
    firstHourPaise: fc.integer({ min: 100, max: 100_000 }),
    extraHourPaise: fc.integer({ min: 0, max: 100_000 }),
  })
  .chain((r) =>
    fc
      .integer({ min: r.firstHourPaise, max: r.firstHourPaise + 23 * r.extraHourPaise })
      .map((dayCapPaise) => ({ ...r, dayCapPaise })),
  );
const hoursArb = fc.integer({ min: 0, max: 72 });

describe('priceForHours', () => {
  it('charges the first hour, then each extra hour, capped per 24 h (demo data, M public)', () => {
    expect(priceForHours(M, 0)).toBe(0);
    expect(priceForHours(M, 1)).toBe(3000);
    expect(priceForHours(M, 2)).toBe(5000);
    expect(priceForHours(M, 4)).toBe(9000);
    expect(priceForHours(M, 12)).toBe(22000); // 3000 + 11 × 2000 = 25000, capped
    expect(priceForHours(M, 24)).toBe(22000);
    expect(priceForHours(M, 25)).toBe(25000);
    expect(priceForHours(M, 72)).toBe(66000);
  });

  it('refuses parts of hours', () => {
    expect(() => priceForHours(M, 1.5)).toThrow(RangeError);
    expect(() => priceForHours(M, -1)).toThrow(RangeError);
  });

  it('never goes down as hours grow, and never beats the day cap per started day', () => {
    fc.assert(
      fc.property(rateArb, hoursArb, (rate, h) => {
        expect(priceForHours(rate, h + 1)).toBeGreaterThanOrEqual(priceForHours(rate, h));
        expect(priceForHours(rate, h)).toBeLessThanOrEqual(Math.ceil(h / 24) * rate.dayCapPaise);
      }),
    );
  });

  it('prices a booking and its extensions together like the same hours booked at once', () => {
    fc.assert(
      fc.property(
        rateArb,
        fc.array(fc.integer({ min: 1, max: 24 }), { minLength: 1, maxLength: 4 }),
        (rate, parts) => {
          let from = 0;
          let total = 0;
          for (const p of parts) {
            total += priceForRange(rate, from, from + p);
            from += p;
          }
          expect(total).toBe(priceForHours(rate, from));
        },
      ),
    );
  });
});

describe('quoteHours (plan applied)', () => {
  const lite: PlanAllowance = {
    planId: 'locker-lite',
    subscriptionId: 's1',
    sizes: ['S', 'M'],
    hoursLeft: 3,
    waitlistPriority: false,
  };

  it('lets the plan pay for the first hours it has left; the user pays the rest at later-hour prices', () => {
    const q = quoteHours(M, 'M', 0, 4, lite);
    expect(q).toEqual({
      basePaise: 9000,
      planHours: 3,
      planId: 'locker-lite',
      amountPaise: 2000,
      taxPaise: 305,
    });
  });

  it('does not apply to sizes the plan does not cover, nor with no hours left', () => {
    expect(quoteHours(M, 'L', 0, 2, lite).planHours).toBe(0);
    expect(quoteHours(M, 'M', 0, 2, { ...lite, hoursLeft: 0 })).toMatchObject({
      planHours: 0,
      planId: null,
      amountPaise: 5000,
    });
    expect(quoteHours(M, 'M', 0, 2, null).amountPaise).toBe(5000);
  });

  it('is free when the plan covers every hour', () => {
    expect(quoteHours(M, 'S', 0, 2, lite)).toMatchObject({ planHours: 2, amountPaise: 0, taxPaise: 0 });
  });

  it('never charges more than without the plan, nor less than zero, and uses no more hours than it has', () => {
    fc.assert(
      fc.property(
        rateArb,
        hoursArb,
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 50 }),
        (rate, from, add, left) => {
          const plan = { ...lite, hoursLeft: left };
          const q = quoteHours(rate, 'S', from, from + add, plan);
          expect(q.amountPaise).toBeGreaterThanOrEqual(0);
          expect(q.amountPaise).toBeLessThanOrEqual(q.basePaise);
          expect(q.planHours).toBeLessThanOrEqual(Math.min(left, add));
          expect(q.taxPaise).toBeLessThanOrEqual(q.amountPaise);
        },
      ),
    );
  });
});

describe('GST inside a price', () => {
  it('is 18/118 of the amount, to the paisa', () => {
    expect(lockerTaxPaise(11800)).toBe(1800);
    expect(lockerTaxPaise(3000)).toBe(458);
    expect(lockerTaxPaise(0)).toBe(0);
  });
});

describe('overstay', () => {
  const end = new Date('2026-11-20T10:00:00Z');
  it('counts started hours after the paid end', () => {
    expect(overstayHours(end, new Date('2026-11-20T09:59:00Z'))).toBe(0);
    expect(overstayHours(end, end)).toBe(0);
    expect(overstayHours(end, new Date('2026-11-20T10:00:01Z'))).toBe(1);
    expect(overstayHours(end, new Date('2026-11-20T11:00:00Z'))).toBe(1);
    expect(overstayHours(end, new Date('2026-11-20T11:00:01Z'))).toBe(2);
  });

  it('prices hours after the booked ones and never charges paid hours twice', () => {
    expect(overstayCharge(M, 2, 1, 0)).toEqual({ hours: 1, amountPaise: 2000, taxPaise: 305 });
    expect(overstayCharge(M, 2, 3, 1)).toEqual({ hours: 2, amountPaise: 4000, taxPaise: 610 });
    expect(overstayCharge(M, 2, 1, 1).amountPaise).toBe(0);
  });
});

describe('cancellation refund policy', () => {
  const startsAt = new Date('2026-11-20T12:00:00Z');
  it('refunds nothing when nothing was paid', () => {
    expect(
      cancellationRefund({ state: 'awaiting_payment', paidPaise: 0, startsAt, now: startsAt }).rule,
    ).toBe('nothing_paid');
    expect(
      cancellationRefund({ state: 'waitlisted', paidPaise: 0, startsAt, now: startsAt }).refundPaise,
    ).toBe(0);
  });
  it('refunds everything for a scheduled booking cancelled an hour or more ahead', () => {
    const now = new Date('2026-11-20T11:00:00Z');
    expect(cancellationRefund({ state: 'scheduled', paidPaise: 5000, startsAt, now })).toEqual({
      refundPaise: 5000,
      rule: 'full',
    });
  });
  it('refunds half (whole rupees, rounded down) closer to the start or once reserved', () => {
    const now = new Date('2026-11-20T11:30:00Z');
    expect(cancellationRefund({ state: 'scheduled', paidPaise: 5000, startsAt, now })).toEqual({
      refundPaise: 2500,
      rule: 'half',
    });
    expect(cancellationRefund({ state: 'reserved', paidPaise: 3000, startsAt, now })).toEqual({
      refundPaise: 1500,
      rule: 'half',
    });
    expect(cancellationRefund({ state: 'reserved', paidPaise: 2300, startsAt, now }).refundPaise).toBe(1100);
  });
  it('never refunds more than was paid', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('scheduled', 'reserved', 'awaiting_payment', 'active'),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -600, max: 600 }),
        (state, paid, minutes) => {
          const now = new Date(startsAt.getTime() - minutes * 60_000);
          const r = cancellationRefund({ state, paidPaise: paid, startsAt, now });
          expect(r.refundPaise).toBeGreaterThanOrEqual(0);
          expect(r.refundPaise).toBeLessThanOrEqual(paid);
          expect(r.refundPaise % 100).toBe(r.rule === 'full' ? paid % 100 : 0);
        },
      ),
    );
  });
});
