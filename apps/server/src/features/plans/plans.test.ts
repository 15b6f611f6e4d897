import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testpayPayments } from '../../platform/payments/testpay/schema.ts';
import { authHeaders, refreshedToken, signUpUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { buyPlan, confirm, deliverWebhooks, payAtTestpay } from '../../test/payment-helpers.ts';
import { notifications } from '../notifications/schema.ts';
import { payments } from '../payments/schema.ts';
import { subscriptions } from './schema.ts';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, accessToken?: string) =>
  t.app.inject({ method: 'GET', url, headers: accessToken ? authHeaders(accessToken) : {} });

async function buyAndPay(accessToken: string, planId: string) {
  const bought = await buyPlan(t, accessToken, planId);
  const { row: _row, ...body } = await payAtTestpay(t, bought.payment);
  const res = await confirm(t, accessToken, bought.payment.id, body);
  return { ...bought, res };
}

const mySubscriptions = async (accessToken: string) =>
  (await get('/api/subscriptions', accessToken)).json().subscriptions as Array<Record<string, unknown>>;

const refreshed = (user: { tokens: { accessToken: string; refreshToken: string } }) =>
  refreshedToken(t.app, user);

describe('the plan list', () => {
  it('is public, with what each plan gives and costs, GST included', async () => {
    const res = await get('/api/plans');
    expect(res.statusCode).toBe(200);
    const { plans } = res.json();
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['locker-lite', 'locker-plus', 'delivery-pass']);
    expect(plans[0]).toEqual({
      id: 'locker-lite',
      name: { en: 'Locker Lite', ta: 'லாக்கர் லைட்' },
      description: expect.objectContaining({ en: expect.stringContaining('10 locker-hours') }),
      kind: 'locker',
      pricePaise: 9900,
      taxPaise: 1510,
      gstPercent: 18,
      periodDays: 30,
      lockerHours: 10,
      sizes: ['S', 'M'],
      waitlistPriority: false,
      freeDeliveryOverPaise: null,
    });
    expect(plans[2]).toMatchObject({ kind: 'delivery', freeDeliveryOverPaise: 19_900, lockerHours: null });
  });

  it('answers the legacy plan list call in data.data, for the caller’s own number only', async () => {
    const user = await signUpUser(t.app);
    const own = await get(
      `/api/subscription?type=subscription.user_get&userMobile=91${user.phone}`,
      user.tokens.accessToken,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.data.map((p: { id: string }) => p.id)).toEqual([
      'locker-lite',
      'locker-plus',
      'delivery-pass',
    ]);
    const someoneElse = await get(
      '/api/subscription?type=subscription.user_get&userMobile=919000000001',
      user.tokens.accessToken,
    );
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().error.code).toBe('Forbidden');
    for (const bad of [`%2B91${user.phone}`, user.phone, `091${user.phone}`]) {
      const res = await get(
        `/api/subscription?type=subscription.user_get&userMobile=${bad}`,
        user.tokens.accessToken,
      );
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.field).toBe('querystring.userMobile');
    }
    const wrongType = await get(
      `/api/subscription?type=subscription.other&userMobile=91${user.phone}`,
      user.tokens.accessToken,
    );
    expect(wrongType.statusCode).toBe(400);
    expect(
      (await get(`/api/subscription?type=subscription.user_get&userMobile=91${user.phone}`)).statusCode,
    ).toBe(401);
  });
});

describe('buying a plan', () => {
  it('refuses an unknown plan, and offers the same payment again when asked twice', async () => {
    const user = await signUpUser(t.app);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: authHeaders(user.tokens.accessToken),
      payload: { planId: 'gold' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('PlanNotFound');
    const first = await buyPlan(t, user.tokens.accessToken, 'locker-lite');
    const again = await buyPlan(t, user.tokens.accessToken, 'locker-lite');
    expect(again.payment).toEqual(first.payment);
    expect(again.subscription.id).toBe(first.subscription.id);
    expect(first.subscription).toMatchObject({
      status: 'pending',
      startsAt: null,
      endsAt: null,
      pricePaise: 9900,
    });
    expect(await mySubscriptions(user.tokens.accessToken)).toMatchObject([{ status: 'pending' }]);
    // Half an hour later an unpaid purchase is left behind and a new one starts.
    t.clock.advance(31 * 60_000);
    expect(await mySubscriptions(await refreshed(user))).toEqual([]);
    const later = await buyPlan(t, user.tokens.accessToken, 'locker-lite');
    expect(later.payment.id).not.toBe(first.payment.id);
  });

  it('activates on payment for its period, shows usage and renewal date, then expires by the clock', async () => {
    const user = await signUpUser(t.app);
    const started = t.clock.now();
    const { subscription, res } = await buyAndPay(user.tokens.accessToken, 'locker-lite');
    expect(res.statusCode, res.body).toBe(200);
    const endsAt = new Date(started.getTime() + 30 * DAY).toISOString();
    expect(await mySubscriptions(user.tokens.accessToken)).toMatchObject([
      {
        id: subscription.id,
        status: 'active',
        startsAt: started.toISOString(),
        endsAt,
        lockerHours: 10,
        lockerHoursUsed: 0,
        lockerHoursLeft: 10,
        deliveriesUsed: 0,
        plan: { id: 'locker-lite' },
      },
    ]);

    // Lockers take hours from the plan in their own transaction.
    const { plans } = t.app.services;
    const db = t.ctx.database.db;
    expect(await plans.useLockerHours(db, subscription.id, 4)).toBe(true);
    expect(await plans.useLockerHours(db, subscription.id, 7)).toBe(false);
    expect(await plans.activeFor(db, user.userId, 'locker')).toMatchObject({
      subscription: { id: subscription.id, lockerHoursUsed: 4, lockerHoursLeft: 6 },
      plan: { id: 'locker-lite' },
    });
    expect(await plans.activeFor(db, user.userId, 'delivery')).toBeNull();

    t.clock.advance(30 * DAY - 1000);
    expect((await mySubscriptions(await refreshed(user)))[0]?.status).toBe('active');
    t.clock.advance(1000);
    expect(await mySubscriptions(await refreshed(user))).toMatchObject([
      { id: subscription.id, status: 'expired' },
    ]);
    expect(await plans.activeFor(db, user.userId, 'locker')).toBeNull();
  });

  it('adds one renewal reminder three days before the end', async () => {
    const user = await signUpUser(t.app);
    const { subscription } = await buyAndPay(user.tokens.accessToken, 'delivery-pass');
    const { plans } = t.app.services;
    const reminders = () =>
      t.ctx.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.userId), eq(notifications.kind, 'planRenewal')));
    t.clock.advance(26 * DAY);
    await plans.runDue();
    expect(await reminders()).toEqual([]);
    t.clock.advance(1 * DAY);
    await plans.runDue();
    await plans.runDue();
    const [reminder, ...more] = await reminders();
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({
      title: { en: 'Delivery Pass ends soon', ta: 'டெலிவரி பாஸ் விரைவில் முடிகிறது' },
      data: { subscriptionId: subscription.id, planId: 'delivery-pass' },
      readAt: null,
    });
    expect(reminder?.body.en).toMatch(/^Your Delivery Pass plan ends on \d{1,2} \w+ 20\d\d\. Renew it/);
    expect(reminder?.body.ta).toContain('புதுப்பிக்கவும்');
  });

  it('renews early: the same plan again starts when the current period ends', async () => {
    const user = await signUpUser(t.app);
    const first = await buyAndPay(user.tokens.accessToken, 'locker-plus');
    const firstEnd = new Date(t.clock.now().getTime() + 30 * DAY);
    t.clock.advance(20 * DAY);
    const renewal = await buyAndPay(await refreshed(user), 'locker-plus');
    expect(renewal.res.json().granted).toMatchObject({
      status: 'scheduled',
      startsAt: firstEnd.toISOString(),
      endsAt: new Date(firstEnd.getTime() + 30 * DAY).toISOString(),
    });
    expect((await mySubscriptions(user.tokens.accessToken)).map((s) => [s.id, s.status])).toEqual([
      [first.subscription.id, 'active'],
      [renewal.subscription.id, 'scheduled'],
    ]);
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: authHeaders(user.tokens.accessToken),
      payload: { planId: 'locker-plus' },
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('SubscriptionRenewalScheduled');
    // A paid renewal needs no reminder.
    t.clock.advance(8 * DAY);
    await t.app.services.plans.runDue();
    const kept = await t.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.userId))
      .orderBy(notifications.createdAt);
    expect(kept.map((n) => [n.kind, n.title.en])).toEqual([
      ['subscriptionActivated', 'Locker Plus is active'],
      ['subscriptionActivated', 'Locker Plus renewed'],
    ]);
    expect(kept[1]?.body.en).toMatch(/^Your next period runs from \d{1,2} \w+ 20\d\d to /);
    expect(kept[1]?.data).toMatchObject({ subscriptionId: renewal.subscription.id, planId: 'locker-plus' });
    t.clock.advance(2 * DAY);
    expect((await mySubscriptions(await refreshed(user))).map((s) => s.status)).toEqual([
      'active',
      'expired',
    ]);
  });

  it('allows one live plan per kind: a different locker plan is refused, a delivery plan is fine', async () => {
    const user = await signUpUser(t.app);
    await buyAndPay(user.tokens.accessToken, 'locker-lite');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: authHeaders(user.tokens.accessToken),
      payload: { planId: 'locker-plus' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatchObject({
      code: 'SubscriptionActive',
      planId: 'locker-lite',
      endsAt: expect.any(String),
    });
    const delivery = await buyAndPay(user.tokens.accessToken, 'delivery-pass');
    expect(delivery.res.json().granted.status).toBe('active');
    expect((await mySubscriptions(user.tokens.accessToken)).map((s) => s.kind).sort()).toEqual([
      'delivery',
      'locker',
    ]);
  });

  it('refunds in full when a plan bought in parallel can no longer be granted', async () => {
    const user = await signUpUser(t.app);
    // Two purchases opened before either was paid.
    const lite = await buyPlan(t, user.tokens.accessToken, 'locker-lite');
    const plus = await buyPlan(t, user.tokens.accessToken, 'locker-plus');
    const { row: _a, ...paidLite } = await payAtTestpay(t, lite.payment);
    expect((await confirm(t, user.tokens.accessToken, lite.payment.id, paidLite)).statusCode).toBe(200);
    const { row: _b, ...paidPlus } = await payAtTestpay(t, plus.payment);
    const refused = await confirm(t, user.tokens.accessToken, plus.payment.id, paidPlus);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'PaymentNotGranted',
      reason: 'SubscriptionActive',
      refunded: 34_900,
    });
    // Asked again, the same answer; the webhook changes nothing either.
    expect((await confirm(t, user.tokens.accessToken, plus.payment.id, paidPlus)).json().error.code).toBe(
      'PaymentNotGranted',
    );
    await deliverWebhooks(t);
    const [row] = await t.ctx.database.db.select().from(payments).where(eq(payments.id, plus.payment.id));
    expect(row).toMatchObject({
      status: 'refunded',
      refundedPaise: 34_900,
      grantError: 'SubscriptionActive',
    });
    const [atProvider] = await t.ctx.database.db
      .select()
      .from(testpayPayments)
      .where(eq(testpayPayments.id, paidPlus.providerPaymentId));
    expect(atProvider?.status).toBe('refunded');
    const [sub] = await t.ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, plus.subscription.id));
    expect(sub?.status).toBe('cancelled');
    expect((await mySubscriptions(user.tokens.accessToken)).map((s) => s.planId)).toEqual(['locker-lite']);
  });
});

describe("a plan's holder", () => {
  const call = (method: 'POST' | 'DELETE', url: string, accessToken: string, payload?: object) =>
    t.app.inject({ method, url, headers: authHeaders(accessToken), ...(payload ? { payload } : {}) });

  it('pauses a running plan once: its benefits rest, its end and the paid renewal move out; resuming early moves them back', async () => {
    const user = await signUpUser(t.app);
    const first = await buyAndPay(user.tokens.accessToken, 'locker-lite');
    const start = t.clock.now().getTime();
    t.clock.advance(5 * DAY);
    const renewal = await buyAndPay(await refreshed(user), 'locker-lite');
    const usage = t.app.services.plans;
    expect(await usage.activeFor(t.ctx.database.db, user.userId, 'locker')).not.toBeNull();

    const paused = await call(
      'POST',
      `/api/subscriptions/${first.subscription.id}/pause`,
      user.tokens.accessToken,
      {
        days: 10,
      },
    );
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({
      status: 'paused',
      endsAt: new Date(start + 40 * DAY).toISOString(),
      pause: {
        from: new Date(start + 5 * DAY).toISOString(),
        until: new Date(start + 15 * DAY).toISOString(),
      },
    });
    // Its locker-hours cannot be used while it rests.
    expect(await usage.activeFor(t.ctx.database.db, user.userId, 'locker')).toBeNull();
    const [moved] = await t.ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, renewal.subscription.id));
    expect(moved).toMatchObject({
      startsAt: new Date(start + 40 * DAY),
      endsAt: new Date(start + 70 * DAY),
    });
    const again = await call(
      'POST',
      `/api/subscriptions/${first.subscription.id}/pause`,
      user.tokens.accessToken,
      {
        days: 1,
      },
    );
    expect(again.json().error.code).toBe('SubscriptionNotPausable');

    // Back after 4 days of the 10: the 6 not used come off the end again.
    t.clock.advance(4 * DAY);
    const resumed = await call(
      'DELETE',
      `/api/subscriptions/${first.subscription.id}/pause`,
      await refreshed(user),
    );
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({
      status: 'active',
      endsAt: new Date(start + 34 * DAY).toISOString(),
    });
    expect(await usage.activeFor(t.ctx.database.db, user.userId, 'locker')).not.toBeNull();
    const [back] = await t.ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, renewal.subscription.id));
    expect(back!.startsAt).toEqual(new Date(start + 34 * DAY));
    // Once per period: a second pause is refused even after resuming.
    const twice = await call(
      'POST',
      `/api/subscriptions/${first.subscription.id}/pause`,
      user.tokens.accessToken,
      {
        days: 2,
      },
    );
    expect(twice.json().error.code).toBe('SubscriptionNotPausable');
  });

  it('pauses for 1 to 30 days only, and never a renewal that has not started or someone else’s plan', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const first = await buyAndPay(user.tokens.accessToken, 'delivery-pass');
    const renewal = await buyAndPay(user.tokens.accessToken, 'delivery-pass');
    for (const days of [0, 31, 2.5]) {
      const res = await call(
        'POST',
        `/api/subscriptions/${first.subscription.id}/pause`,
        user.tokens.accessToken,
        {
          days,
        },
      );
      expect(res.statusCode).toBe(400);
    }
    const notYet = await call(
      'POST',
      `/api/subscriptions/${renewal.subscription.id}/pause`,
      user.tokens.accessToken,
      {
        days: 3,
      },
    );
    expect(notYet.json().error.code).toBe('SubscriptionNotPausable');
    const theirs = await call(
      'POST',
      `/api/subscriptions/${first.subscription.id}/pause`,
      other.tokens.accessToken,
      {
        days: 3,
      },
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toMatchObject({
      code: 'ResourceNotFound',
      message: 'That plan was not found.',
    });
  });

  it('cancels a paid renewal before it starts, refunded in full; not the running plan, not twice', async () => {
    const user = await signUpUser(t.app);
    const first = await buyAndPay(user.tokens.accessToken, 'locker-plus');
    const renewal = await buyAndPay(user.tokens.accessToken, 'locker-plus');
    const running = await call(
      'DELETE',
      `/api/subscriptions/${first.subscription.id}`,
      user.tokens.accessToken,
    );
    expect(running.json().error.code).toBe('SubscriptionNotCancellable');
    const cancelled = await call(
      'DELETE',
      `/api/subscriptions/${renewal.subscription.id}`,
      user.tokens.accessToken,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      subscription: { id: renewal.subscription.id, status: 'cancelled' },
      refund: { amountPaise: 34_900 },
    });
    const [row] = await t.ctx.database.db.select().from(payments).where(eq(payments.id, renewal.payment.id));
    expect(row).toMatchObject({ status: 'refunded', refundedPaise: 34_900 });
    // The running plan goes on; its renewal can be bought again.
    expect((await mySubscriptions(user.tokens.accessToken)).map((s) => [s.id, s.status])).toEqual([
      [first.subscription.id, 'active'],
    ]);
    const twice = await call(
      'DELETE',
      `/api/subscriptions/${renewal.subscription.id}`,
      user.tokens.accessToken,
    );
    expect(twice.json().error.code).toBe('SubscriptionNotCancellable');
  });

  it('keeps the renewal when the provider refuses the refund: nothing changes, the shopper is told', async () => {
    const user = await signUpUser(t.app);
    await buyAndPay(user.tokens.accessToken, 'locker-lite');
    const renewal = await buyAndPay(user.tokens.accessToken, 'locker-lite');
    // The provider already refunded this payment by hand: it refuses another refund outright.
    await t.ctx.database.db
      .update(testpayPayments)
      .set({ amountRefundedPaise: 9900, status: 'refunded' })
      .where(eq(testpayPayments.id, renewal.res.json().payment.providerPaymentId));
    const refused = await call(
      'DELETE',
      `/api/subscriptions/${renewal.subscription.id}`,
      user.tokens.accessToken,
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const [still] = await t.ctx.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, renewal.subscription.id), eq(subscriptions.status, 'active')));
    expect(still).toBeDefined();
    const [pay] = await t.ctx.database.db.select().from(payments).where(eq(payments.id, renewal.payment.id));
    expect(pay!.refundedPaise).toBe(0);
  });
});
