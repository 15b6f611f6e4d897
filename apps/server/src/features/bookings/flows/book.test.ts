import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../../../db/client.ts';
import { expectUnchanged, moneyAndStock, withPlan } from '../../../test/booking-world.ts';
import { clearHooks, failStep } from '../../../test/flow-helpers.ts';
import { buildTestApp, onPostgres, type TestApp } from '../../../test/helper.ts';
import { heartbeatAll, shopper } from '../../../test/locker-helpers.ts';
import { subscriptions } from '../../plans/schema.ts';
import { bookingCharges } from '../schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '10000' } });
  await heartbeatAll(t);
});
afterEach(() => {
  clearHooks(t);
  vi.restoreAllMocks();
});
afterAll(() => t.close());

const flow = () => t.app.services.bookingFlows.book;

const chargesOf = (userId: string) =>
  t.ctx.database.db.select().from(bookingCharges).where(eq(bookingCharges.userId, userId));

async function subscriptionOf(userId: string) {
  const [sub] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return sub!;
}

describe('bookings.book', () => {
  it('checks, prices and holds a locker, opens the provider order, then records the payment', () => {
    expect(flow().steps).toEqual([
      'bookings.hold-locker',
      'payments.open-provider-order',
      'bookings.record-payment',
    ]);
  });

  it.each(['bookings.hold-locker', 'payments.open-provider-order', 'bookings.record-payment'])(
    'failing at %s leaves no booking, charge, payment, plan hours, timer or event behind',
    async (step) => {
      const u = await shopper(t);
      // Locker Lite pays 10 of the 12 hours: the hold takes plan hours and still needs a payment.
      await withPlan(t, u.tokens.accessToken, 'locker-lite');
      const before = await moneyAndStock(t, [u.userId]);
      const heard = u.events.length;
      failStep(t, 'bookings.book', step);
      const res = await u.call('POST', '/api/bookings', {
        siteId: 'bus-stand',
        size: 'M',
        durationHours: 12,
      });
      expect(res.statusCode).toBe(500);
      await expectUnchanged(t, before, [u.userId], [u], [heard]);

      // And the same request goes through once nothing fails.
      clearHooks(t);
      const ok = await u.book({ siteId: 'bus-stand', size: 'M', durationHours: 12 });
      expect(ok).toMatchObject({ state: 'awaiting_payment', price: { planHours: 10, amountPaise: 1000 } });
      expect((await subscriptionOf(u.userId)).lockerHoursUsed).toBe(10);
      await u.heard('bookingCreated', ok.id);
    },
  );
});

describe('plan hours taken by a booking', () => {
  /** Runs `meanwhile` just before the hold takes the plan's hours, after the plan was read. */
  const beforeHoursTaken = (meanwhile: (tx: DbOrTx) => Promise<void>) => {
    const plans = t.app.services.plans;
    const use = plans.useLockerHours.bind(plans);
    vi.spyOn(plans, 'useLockerHours').mockImplementationOnce(async (tx, id, hours) => {
      await meanwhile(tx);
      return use(tx, id, hours);
    });
  };

  // A rival's use on a connection of its own commits while the booking's transaction is open (on
  // PostgreSQL only: the embedded database runs one transaction at a time); made in the booking's
  // own transaction, as that transaction would see it, it is rolled back with the booking.
  const rivals = [
    ['on a connection of its own', 'apart', 10],
    ['in its own transaction', 'within', 0],
  ] as const;
  it.each(rivals.filter(([, rival]) => rival === 'within' || onPostgres))(
    'refuses the booking when the plan hours it read are used up %s before it takes them',
    async (_how, rival, usedAfter) => {
      const u = await shopper(t);
      await withPlan(t, u.tokens.accessToken, 'locker-lite');
      const sub = await subscriptionOf(u.userId);
      // The booking read 10 plan hours left; they are used up before it takes them.
      beforeHoursTaken(async (tx) => {
        const q = rival === 'apart' ? t.ctx.database.db : tx;
        expect(await t.app.services.plans.useLockerHours(q, sub.id, 10)).toBe(true);
      });
      const res = await u.call('POST', '/api/bookings', { siteId: 'bus-stand', size: 'M', durationHours: 4 });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('Conflict');
      expect((await subscriptionOf(u.userId)).lockerHoursUsed).toBe(usedAfter);
      expect(await chargesOf(u.userId)).toEqual([]);
    },
  );

  it('never gives more plan hours than the plan has when bookings race for its last hours', async () => {
    const u = await shopper(t);
    await withPlan(t, u.tokens.accessToken, 'locker-lite');
    // Four bookings of 4 plan-covered hours each against a plan of 10 hours, all at once.
    const sites = ['bus-stand', 'bus-stand', 'railway-station', 'railway-station'];
    const answers = await Promise.all(
      sites.map((siteId) => u.call('POST', '/api/bookings', { siteId, size: 'M', durationHours: 4 })),
    );
    for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);
    const sub = await subscriptionOf(u.userId);
    const live = await t.ctx.database.db
      .select()
      .from(bookingCharges)
      .where(
        and(
          eq(bookingCharges.userId, u.userId),
          inArray(bookingCharges.state, ['covered', 'pending', 'paid']),
        ),
      );
    const planHours = live.reduce((n, c) => n + c.planHours, 0);
    expect(sub.lockerHoursUsed).toBeLessThanOrEqual(sub.lockerHours!);
    expect(planHours).toBe(sub.lockerHoursUsed);
  });
});
