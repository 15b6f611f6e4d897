import { eq } from 'drizzle-orm';
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
import { lockers } from '../../lockers/schema.ts';

const SITE = 'railway-station';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '10000' } });
  await heartbeatAll(t);
});
afterEach(() => clearHooks(t));
afterAll(() => t.close());

const takeOut = (lockerId: string, inService = false) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/ops/lockers/${lockerId}/service`,
    headers: { 'x-ops-token': t.ctx.config.OPS_TOKEN },
    payload: { inService },
  });

const inService = async (lockerId: string) =>
  (await t.ctx.database.db.select().from(lockers).where(eq(lockers.id, lockerId)))[0]!.inService;

/**
 * A paid booking for later on the only XL locker left in service at the site and at the public sites
 * within reach of it: nowhere to move it.
 */
async function stranded() {
  const u = await shopper(t);
  const b = await bookAndPay(t, u, {
    siteId: SITE,
    size: 'XL',
    durationHours: 2,
    startAt: new Date(t.clock.now().getTime() + 3 * HOUR).toISOString(),
  });
  const others = await t.ctx.database.db.select().from(lockers);
  const near = [SITE, 'sattur-road', 'bus-stand'];
  for (const l of others.filter(
    (o) => o.size === 'XL' && o.id !== b.locker!.id && o.inService && near.includes(o.siteId),
  ))
    expect((await takeOut(l.id)).statusCode).toBe(200);
  return { u, b, lockerId: b.locker!.id };
}

describe('bookings.leave-locker', () => {
  it('takes the locker out and moves or cancels its bookings (the pivot), then runs the refunds', () => {
    expect(t.app.services.bookingFlows.leaveLocker.steps).toEqual([
      'bookings.withdraw-locker',
      'bookings.refund-now',
    ]);
  });

  it('failing at the pivot leaves the locker in service and its bookings, money and timers as they were', async () => {
    const { u, b, lockerId } = await stranded();
    const before = await moneyAndStock(t, [u.userId]);
    const heard = u.events.length;
    failStep(t, 'bookings.leave-locker', 'bookings.withdraw-locker');
    expect((await takeOut(lockerId)).statusCode).toBe(500);
    expect(await inService(lockerId)).toBe(true);
    await expectUnchanged(t, before, [u.userId], [u], [heard]);
    expect((await bookingRow(t, b.id)).state).toBe('scheduled');
    expect((await u.call('DELETE', `/api/bookings/${b.id}`)).statusCode).toBe(200);
  });

  it('failing past the pivot keeps the locker out and the booking cancelled; its timer pays the refund', async () => {
    const { u, b, lockerId } = await stranded();
    failStep(t, 'bookings.leave-locker', 'bookings.refund-now');
    expect((await takeOut(lockerId)).statusCode).toBe(500);
    expect(await inService(lockerId)).toBe(false);
    expect((await bookingRow(t, b.id)).state).toBe('cancelled');
    await u.heard('userBookingDeleted', b.id, 'outOfService');
    const payment = async () =>
      (await u.call('GET', `/api/bookings/${b.id}?get_payment_detail=true`)).json().payments[0];
    expect(await payment()).toMatchObject({ refundedPaise: 0 });
    expect((await moneyAndStock(t, [u.userId])).flowRuns).toEqual([]);

    clearHooks(t);
    await advance(t, 0);
    await until(async () => {
      const p = await payment();
      expect(p).toMatchObject({ state: 'refunded' });
      expect(p.refundedPaise).toBe(p.amountPaise);
    });
  });
});
