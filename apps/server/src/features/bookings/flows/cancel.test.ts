import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectUnchanged, moneyAndStock } from '../../../test/booking-world.ts';
import { clearHooks, failStep } from '../../../test/flow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import {
  advance,
  bookAndPay,
  bookingRow,
  HOUR,
  heartbeatAll,
  shopper,
  until,
} from '../../../test/locker-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '10000' } });
  await heartbeatAll(t);
});
afterEach(() => clearHooks(t));
afterAll(() => t.close());

/** A booking paid for, starting in 3 hours (a full refund of ₹90 when cancelled). */
async function scheduledAndPaid() {
  const u = await shopper(t);
  const b = await bookAndPay(t, u, {
    siteId: 'railway-station',
    size: 'XL',
    durationHours: 2,
    startAt: new Date(t.clock.now().getTime() + 3 * HOUR).toISOString(),
  });
  return { u, b };
}

async function refunded(u: Awaited<ReturnType<typeof shopper>>, id: string) {
  const detail = await u.call('GET', `/api/bookings/${id}?get_payment_detail=true`);
  return detail.json().payments[0];
}

describe('bookings.cancel', () => {
  it('closes the booking with its refunds set (the pivot), then runs the refunds', () => {
    expect(t.app.services.bookingFlows.cancel.steps).toEqual([
      'bookings.close-cancelled',
      'bookings.refund-now',
    ]);
  });

  it('failing at the close leaves the booking, its locker, plan hours, payment and timers as they were', async () => {
    const { u, b } = await scheduledAndPaid();
    const before = await moneyAndStock(t, [u.userId]);
    const heard = u.events.length;
    failStep(t, 'bookings.cancel', 'bookings.close-cancelled');
    expect((await u.call('DELETE', `/api/bookings/${b.id}`)).statusCode).toBe(500);
    await expectUnchanged(t, before, [u.userId], [u], [heard]);
  });

  it('failing past the pivot keeps the cancellation; the refund timer pays the refund later', async () => {
    const { u, b } = await scheduledAndPaid();
    failStep(t, 'bookings.cancel', 'bookings.refund-now');
    expect((await u.call('DELETE', `/api/bookings/${b.id}`)).statusCode).toBe(500);
    expect((await bookingRow(t, b.id)).state).toBe('cancelled');
    expect(await refunded(u, b.id)).toMatchObject({ refundedPaise: 0 });
    await u.heard('userBookingDeleted', b.id);
    expect((await moneyAndStock(t, [u.userId])).flowRuns).toEqual([]);

    clearHooks(t);
    await advance(t, 0);
    await until(async () =>
      expect(await refunded(u, b.id)).toMatchObject({ state: 'refunded', refundedPaise: 9000 }),
    );
  });
});
