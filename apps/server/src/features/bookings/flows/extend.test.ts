import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectUnchanged, moneyAndStock } from '../../../test/booking-world.ts';
import { clearHooks, failStep } from '../../../test/flow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { bookAndPay, bookingRow, HOUR, heartbeatAll, shopper } from '../../../test/locker-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '10000' } });
  await heartbeatAll(t);
});
afterEach(() => clearHooks(t));
afterAll(() => t.close());

const STEPS = ['bookings.hold-extension', 'payments.open-provider-order', 'bookings.record-payment'];

describe('bookings.extend', () => {
  it('holds the extra hours, opens the provider order, then records the payment', () => {
    expect(t.app.services.bookingFlows.extend.steps).toEqual(STEPS);
  });

  it.each(STEPS)(
    'failing at %s leaves the booking, its locker time, charges and timers as they were',
    async (step) => {
      const u = await shopper(t);
      const b = await bookAndPay(t, u, { siteId: 'bus-stand', size: 'M', durationHours: 2 });
      const before = await moneyAndStock(t, [u.userId]);
      const heard = u.events.length;
      failStep(t, 'bookings.extend', step);
      const res = await u.call('POST', `/api/bookings/${b.id}/extend`, { hours: 2 });
      expect(res.statusCode).toBe(500);
      await expectUnchanged(t, before, [u.userId], [u], [heard]);

      clearHooks(t);
      const ok = await u.call('POST', `/api/bookings/${b.id}/extend`, { hours: 2 });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().payment).toBeDefined();
      await u.heard('bookingStatusChanged', b.id, 'extensionPending');
      expect((await bookingRow(t, b.id)).occupiedUntil!.getTime()).toBe(
        new Date(b.endsAt).getTime() + 2 * HOUR,
      );
    },
  );
});
