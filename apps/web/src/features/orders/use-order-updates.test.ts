import { EVENTS } from '@petti/shared/events';
import { describe, expect, it } from 'vitest';
import { isOrderEvent } from './use-order-updates.ts';

describe('order events', () => {
  it('takes every order event and the payment events, nothing else', () => {
    const orderEvents = Object.values(EVENTS).filter((e) => e.startsWith('order'));
    expect(orderEvents.length).toBeGreaterThan(5);
    for (const e of orderEvents) expect(isOrderEvent(e)).toBe(true);
    expect(isOrderEvent(EVENTS.paymentCaptured)).toBe(true);
    expect(isOrderEvent(EVENTS.bookingReserved)).toBe(false);
    expect(isOrderEvent('ordinary')).toBe(false);
  });
});
