import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REJECT_REASONS } from '../schemas/shops.ts';
import { type OrderEnd, orderEndOf, orderEndText } from './order-cancel.ts';

describe('why an order ended', () => {
  it('reads back every line it writes', () => {
    const end: fc.Arbitrary<OrderEnd> = fc.oneof(
      fc.record({
        by: fc.constant('shop' as const),
        reason: fc.constantFrom(...REJECT_REASONS),
        note: fc.option(fc.string({ minLength: 1 }), { nil: null }),
      }),
      fc.constant({ by: 'shop' as const, reason: 'nothing_left' as const, note: null }),
      fc.record({
        by: fc.constant('buyer' as const),
        reason: fc.option(fc.string({ minLength: 1 }), { nil: null }),
      }),
      fc.constant({ by: 'payment' as const }),
    );
    fc.assert(
      fc.property(end, (e) => {
        expect(orderEndOf(orderEndText(e))).toEqual(e);
      }),
    );
  });

  it('reads the lines orders already carry', () => {
    expect(orderEndOf('shop: too_busy')).toEqual({ by: 'shop', reason: 'too_busy', note: null });
    expect(orderEndOf('shop: other (Power cut)')).toEqual({ by: 'shop', reason: 'other', note: 'Power cut' });
    expect(orderEndOf('shop: nothing left')).toEqual({ by: 'shop', reason: 'nothing_left', note: null });
    expect(orderEndOf(null)).toBeNull();
    expect(orderEndOf('something new')).toBeNull();
  });
});
