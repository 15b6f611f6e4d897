import { describe, expect, it } from 'vitest';
import { minutesWaiting, nextStep } from './order-steps.ts';

describe("the shop's next step", () => {
  it('follows each delivery type and stops where the buyer acts', () => {
    expect(nextStep({ state: 'placed', deliveryType: 'home' })).toBe('accept');
    expect(nextStep({ state: 'accepted', deliveryType: 'curbside' })).toBe('pack');
    expect(nextStep({ state: 'packed', deliveryType: 'home' })).toBe('dispatch');
    expect(nextStep({ state: 'packed', deliveryType: 'locker' })).toBe('drop-in-locker');
    expect(nextStep({ state: 'packed', deliveryType: 'curbside' })).toBe('ready-for-pickup');
    expect(nextStep({ state: 'ready_for_pickup', deliveryType: 'curbside' })).toBe('hand-over');
    expect(nextStep({ state: 'arrived', deliveryType: 'curbside' })).toBe('hand-over');
    expect(nextStep({ state: 'in_locker', deliveryType: 'locker' })).toBeNull();
    expect(nextStep({ state: 'delivered', deliveryType: 'home' })).toBeNull();
  });

  it('counts the wait from payment, not from the unpaid order', () => {
    const order = {
      createdAt: '2026-11-20T10:00:00.000Z',
      shopTimeline: [
        {
          state: 'awaiting_payment' as const,
          step: 'awaiting_payment' as const,
          at: '2026-11-20T10:00:00.000Z',
          note: null,
          by: null,
        },
        {
          state: 'placed' as const,
          step: 'placed' as const,
          at: '2026-11-20T10:05:00.000Z',
          note: null,
          by: null,
        },
      ],
    };
    expect(minutesWaiting(order, Date.parse('2026-11-20T10:12:30.000Z'))).toBe(7);
  });
});
