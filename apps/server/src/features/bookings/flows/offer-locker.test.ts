import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { moneyAndStock } from '../../../test/booking-world.ts';
import { clearHooks, failStep } from '../../../test/flow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { advance, bookAndPay, bookingRow, heartbeatAll, MIN, shopper } from '../../../test/locker-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '10000' } });
  await heartbeatAll(t);
});
afterEach(() => clearHooks(t));
afterAll(() => t.close());

const STEPS = ['bookings.find-offered-hold', 'payments.open-provider-order', 'bookings.record-payment'];

describe('bookings.offer-locker', () => {
  it('finds the hold given to a waitlisted request, opens the provider order, then records the payment', () => {
    expect(t.app.services.bookingFlows.offerLocker.steps).toEqual(STEPS);
  });

  it.each(STEPS)('failing at %s opens no payment and tells nobody; its timer tries again', async (step) => {
    // sattur-road has two XL lockers: both taken, a third person waits.
    const holders = [await shopper(t), await shopper(t)];
    const held = [];
    for (const h of holders)
      held.push(await bookAndPay(t, h, { siteId: 'sattur-road', size: 'XL', durationHours: 1 }));
    const w = await shopper(t);
    const waiting = await w.book({ siteId: 'sattur-road', size: 'XL', durationHours: 1 });
    expect(waiting.state).toBe('waitlisted');

    failStep(t, 'bookings.offer-locker', step);
    const cancelled = await holders[0]!.call('DELETE', `/api/bookings/${held[0]!.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The freed locker is held for the waiting request (in the cancellation), its payment not yet open.
    const hold = await bookingRow(t, waiting.id);
    expect(hold.state).toBe('awaiting_payment');
    const state = await moneyAndStock(t, [w.userId]);
    expect(state.payments).toEqual([]);
    expect(state.charges).toMatchObject([{ state: 'pending', paymentId: null }]);
    expect(state.timers.filter((x) => x.kind === 'booking-open-payment')).toHaveLength(1);
    expect(state.flowRuns).toEqual([]);
    expect(w.named('availableLockerFound', waiting.id)).toEqual([]);

    clearHooks(t);
    await advance(t, MIN); // past the retry backoff, within the 5-minute hold
    const offer = await w.heard('availableLockerFound', waiting.id);
    expect(offer.data).toMatchObject({ isRequirePricing: true });
    const paid = await w.pay((await w.get(waiting.id)).payment!);
    expect(paid.statusCode).toBe(200);
    expect((await w.get(waiting.id)).state).toBe('reserved');
    // Free the other locker for the next case.
    await holders[1]!.call('DELETE', `/api/bookings/${held[1]!.id}`);
    await w.call('DELETE', `/api/bookings/${waiting.id}`);
  });
});
