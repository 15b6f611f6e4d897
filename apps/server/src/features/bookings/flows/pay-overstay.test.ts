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
  MIN,
  shopper,
} from '../../../test/locker-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '10000' } });
  await heartbeatAll(t);
});
afterEach(() => clearHooks(t));
afterAll(() => t.close());

const STEPS = ['bookings.charge-overstay', 'payments.open-provider-order', 'bookings.record-payment'];

/** A paid booking, opened, whose time ran out 90 minutes ago: 2 overstay hours are due. */
async function overstaying() {
  const u = await shopper(t);
  const b = await bookAndPay(t, u, { siteId: 'bus-stand', size: 'M', durationHours: 1 });
  const row = await bookingRow(t, b.id);
  await t.app.services.bookingCore.deps.transactor.run((tx) =>
    t.app.services.bookingCore.update(tx, row, { state: 'active', openedAt: t.clock.now() }),
  );
  await advance(t, HOUR + 90 * MIN);
  expect((await u.get(b.id)).state).toBe('expired');
  return { u, b };
}

describe('bookings.pay-overstay', () => {
  it('charges the overstay, opens the provider order, then records the payment', () => {
    expect(t.app.services.bookingFlows.payOverstay.steps).toEqual(STEPS);
  });

  it.each(STEPS)('failing at %s leaves no overstay charge, payment, timer or event', async (step) => {
    const { u, b } = await overstaying();
    const before = await moneyAndStock(t, [u.userId]);
    const heard = u.events.length;
    failStep(t, 'bookings.pay-overstay', step);
    const res = await u.call('POST', `/api/bookings/${b.id}/end`);
    expect(res.statusCode).toBe(500);
    await expectUnchanged(t, before, [u.userId], [u], [heard]);

    clearHooks(t);
    const refused = await u.call('POST', `/api/bookings/${b.id}/end`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({ code: 'OverstayUnpaid', hours: 2 });
    await u.heard('updateExpiredBookingTaskToken', b.id);
  });

  it('offers the same payment again while it still covers the hours due', async () => {
    const { u, b } = await overstaying();
    const first = (await u.call('POST', `/api/bookings/${b.id}/end`)).json().error;
    const again = (await u.call('POST', `/api/bookings/${b.id}/unlock`)).json().error;
    expect(again.payment.id).toBe(first.payment.id);
  });
});
