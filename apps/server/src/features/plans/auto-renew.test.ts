import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testpayEvents } from '../../platform/payments/testpay/route-schema.ts';
import { testpaySubscriptions } from '../../platform/payments/testpay/subscription-schema.ts';
import { authHeaders, refreshedToken, signUpUser } from '../../test/auth-helpers.ts';
import { clearHooks, failStep } from '../../test/flow-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  buyPlan,
  confirm,
  deliverWebhooks,
  listenTo,
  payAtTestpay,
  postWebhook,
  signBody,
} from '../../test/payment-helpers.ts';
import { notifications } from '../notifications/schema.ts';
import { paymentEvents, payments } from '../payments/schema.ts';
import { planMandates, subscriptions } from './schema.ts';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(() => clearHooks(t));
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;

/** A fresh token before each request: the tests move the clock on by days. */
const token = (user: User) => refreshedToken(t.app, user);

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, user: User, payload?: object) =>
  t.app.inject({ method, url, headers: authHeaders(await token(user)), ...(payload && { payload }) });

const subscriptionsOf = async (user: User) =>
  (await call('GET', '/api/subscriptions', user)).json().subscriptions as Array<{
    id: string;
    status: string;
    startsAt: string;
    endsAt: string;
    paymentId: string;
    autoRenew: {
      status: string;
      nextChargeAt: string | null;
      failedCharges: number;
      amountPaise: number;
    } | null;
  }>;

const recurring = () => {
  const s = t.app.services.testpaySubscriptions;
  if (!s) throw new Error('these tests need testpay');
  return s;
};

/** A running plan, paid and confirmed. */
async function runningPlan(user: User, planId = 'locker-lite') {
  const bought = await buyPlan(t, await token(user), planId);
  const { row: _row, ...body } = await payAtTestpay(t, bought.payment);
  const res = await confirm(t, await token(user), bought.payment.id, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().granted as { id: string; endsAt: string };
}

/** Sets up automatic renewal and authorises it at testpay (renewal charges succeed or fail as asked). */
async function autoRenewOn(user: User, subscriptionId: string, renewals: 'success' | 'failure' = 'success') {
  const started = await call('POST', `/api/subscriptions/${subscriptionId}/auto-renew`, user);
  expect(started.statusCode, started.body).toBe(200);
  const { providerSubscriptionId } = started.json().checkout;
  const authorised = await recurring().authorize(providerSubscriptionId, {
    outcome: 'success',
    method: 'upi',
    renewals,
  });
  if (authorised.kind !== 'authenticated') throw new Error(`testpay answered ${authorised.kind}`);
  const confirmed = await call('POST', `/api/subscriptions/${subscriptionId}/auto-renew/confirm`, user, {
    providerSubscriptionId,
    providerPaymentId: authorised.paymentId,
    signature: authorised.signature,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { providerSubscriptionId, started: started.json(), confirmed: confirmed.json() };
}

/** testpay's scheduler at the clock's time, then its webhooks to Petti. */
async function chargeDue() {
  const tried = await recurring().chargeDue();
  await deliverWebhooks(t);
  await deliverWebhooks(t);
  return tried;
}

/** testpay's own record of a mandate (what Razorpay would answer). */
const atTestpay = async (providerSubscriptionId: string) =>
  (
    await t.ctx.database.db
      .select()
      .from(testpaySubscriptions)
      .where(eq(testpaySubscriptions.id, providerSubscriptionId))
  )[0]!;

/** The user's payments, oldest first. */
const paymentsOf = (userId: string) =>
  t.ctx.database.db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.createdAt));

const notificationsOf = (userId: string, kind: string) =>
  t.ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

describe('setting up automatic renewal', () => {
  it('offers a mandate whose first charge falls four days before the end, authorised once', async () => {
    const user = await signUpUser(t.app);
    const plan = await runningPlan(user);
    const started = await call('POST', `/api/subscriptions/${plan.id}/auto-renew`, user);
    expect(started.statusCode, started.body).toBe(200);
    const firstCharge = new Date(new Date(plan.endsAt).getTime() - 4 * DAY).toISOString();
    expect(started.json()).toMatchObject({
      subscription: {
        id: plan.id,
        autoRenew: { status: 'authorizing', nextChargeAt: firstCharge, amountPaise: 9900, failedCharges: 0 },
      },
      checkout: {
        provider: 'testpay',
        keyId: 'testpay_key',
        providerSubscriptionId: expect.stringMatching(/^sub_/),
      },
    });
    // Asked again while the authorisation is under way: the same mandate, not a second one.
    const again = await call('POST', `/api/subscriptions/${plan.id}/auto-renew`, user);
    expect(again.json().checkout).toEqual(started.json().checkout);
    const { providerSubscriptionId } = started.json().checkout;
    const made = await atTestpay(providerSubscriptionId);
    expect(made).toMatchObject({ status: 'created', totalCount: 60 });
    expect(made.startAt.toISOString()).toBe(firstCharge);

    // The mandate page, then the payer's answer, handed back as Razorpay's checkout hands it.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/testpay/subscribe/${providerSubscriptionId}?return=%2Fsubscribed%3FautoRenew%3D${plan.id}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('₹99');
    expect(page.body).toContain('every 30 days');
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/payments/testpay/subscribe/${providerSubscriptionId}`,
      payload: {
        outcome: 'success',
        method: 'upi',
        renewals: 'success',
        return: `/subscribed?autoRenew=${plan.id}`,
      },
    });
    expect(answered.statusCode).toBe(303);
    const back = new URL(answered.headers.location as string, 'http://petti.test');
    expect(back.pathname).toBe('/subscribed');
    const handed = {
      providerSubscriptionId: back.searchParams.get('razorpay_subscription_id')!,
      providerPaymentId: back.searchParams.get('razorpay_payment_id')!,
      signature: back.searchParams.get('razorpay_signature')!,
    };
    expect(handed.providerSubscriptionId).toBe(providerSubscriptionId);

    const forged = await call('POST', `/api/subscriptions/${plan.id}/auto-renew/confirm`, user, {
      ...handed,
      signature: handed.signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    });
    expect(forged.json().error.code).toBe('PaymentSignatureInvalid');
    const confirmed = await call('POST', `/api/subscriptions/${plan.id}/auto-renew/confirm`, user, handed);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().autoRenew).toMatchObject({ status: 'on', nextChargeAt: firstCharge });
    // The webhook telling the same changes nothing more; a second set-up is refused.
    await deliverWebhooks(t);
    expect((await subscriptionsOf(user))[0]!.autoRenew).toMatchObject({ status: 'on' });
    const twice = await call('POST', `/api/subscriptions/${plan.id}/auto-renew`, user);
    expect(twice.json().error.code).toBe('AutoRenewAlreadyOn');
    // Authorising the same mandate again is refused by testpay.
    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/payments/testpay/subscribe/${providerSubscriptionId}`,
      payload: { outcome: 'success', method: 'upi', return: '/subscribed' },
    });
    expect(replay.statusCode).toBe(409);
  });

  it('is refused for a plan not running and for someone else’s; turning off needs it on', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const pending = await buyPlan(t, await token(user), 'delivery-pass');
    const notRunning = await call('POST', `/api/subscriptions/${pending.subscription.id}/auto-renew`, user);
    expect(notRunning.json().error.code).toBe('AutoRenewNotRunning');
    const plan = await runningPlan(user, 'locker-plus');
    const theirs = await call('POST', `/api/subscriptions/${plan.id}/auto-renew`, other);
    expect(theirs.statusCode).toBe(404);
    const off = await call('DELETE', `/api/subscriptions/${plan.id}/auto-renew`, user);
    expect(off.json().error.code).toBe('AutoRenewNotOn');
    const { providerSubscriptionId } = await autoRenewOn(user, plan.id);
    const theirsOff = await call('DELETE', `/api/subscriptions/${plan.id}/auto-renew`, other);
    expect(theirsOff.statusCode).toBe(404);
    const theirsConfirm = await call('POST', `/api/subscriptions/${plan.id}/auto-renew/confirm`, other, {
      providerSubscriptionId,
      providerPaymentId: 'pay_x',
      signature: 'x',
    });
    expect(theirsConfirm.statusCode).toBe(404);
    const notTheirs = await call('POST', `/api/subscriptions/${plan.id}/auto-renew/confirm`, user, {
      providerSubscriptionId: 'sub_someone_else',
      providerPaymentId: 'pay_x',
      signature: 'x',
    });
    expect(notTheirs.json().error.code).toBe('PaymentSignatureInvalid');
  });
});

describe('renewal by mandate', () => {
  it('charges four days before the end and buys the next period, recorded once however often told', async () => {
    const user = await signUpUser(t.app);
    const plan = await runningPlan(user);
    await autoRenewOn(user, plan.id);
    t.clock.set(new Date(new Date(plan.endsAt).getTime() - 4 * DAY));
    expect(await chargeDue()).toBeGreaterThanOrEqual(1);

    const [running, next] = await subscriptionsOf(user);
    expect(running).toMatchObject({ id: plan.id, status: 'active', autoRenew: { status: 'on' } });
    expect(next).toMatchObject({ status: 'scheduled', startsAt: plan.endsAt });
    expect(new Date(next!.endsAt).getTime() - new Date(plan.endsAt).getTime()).toBe(30 * DAY);
    // The next charge a period after the first, as the provider keeps it.
    expect(running!.autoRenew!.nextChargeAt).toBe(
      new Date(new Date(plan.endsAt).getTime() + 26 * DAY).toISOString(),
    );
    const [paid] = await t.ctx.database.db.select().from(payments).where(eq(payments.id, next!.paymentId));
    expect(paid).toMatchObject({
      status: 'captured',
      purpose: 'plan',
      amountPaise: 9900,
      taxPaise: 1510,
      method: 'upi',
      providerPaymentId: expect.stringMatching(/^pay_/),
    });
    const told = await notificationsOf(user.userId, 'subscriptionActivated');
    expect(told.map((n) => n.title.en)).toContain('Locker Lite renewed automatically');

    // The same charge told again, by a replayed body or under another event id: nothing more.
    const [charged] = await t.ctx.database.db
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.kind, 'subscription.charged'),
          eq(paymentEvents.providerPaymentId, paid!.providerPaymentId!),
        ),
      );
    expect(charged).toMatchObject({ outcome: 'applied' });
    const [event] = await t.ctx.database.db
      .select()
      .from(testpayEvents)
      .where(eq(testpayEvents.event, 'subscription.charged'));
    const signed = t.app.services.testpayRoute!.signed(event!);
    const replayed = await postWebhook(t, signed.body, signed.signature, 'evt_other_id_01');
    expect(replayed.json().status).toBe('duplicate');
    const edited = signed.body.replace('"entity":"event"', '"entity": "event"');
    const again = await postWebhook(t, edited, signBody(edited), 'evt_other_id_02');
    expect(again.json().status).toBe('ignored');
    expect((await subscriptionsOf(user)).filter((s) => s.status === 'scheduled')).toHaveLength(1);
  });

  it('holds a charge of another amount than the mandate’s for an operator, and grants nothing for it', async () => {
    const user = await signUpUser(t.app);
    const plan = await runningPlan(user);
    const { providerSubscriptionId } = await autoRenewOn(user, plan.id);
    t.clock.set(new Date(new Date(plan.endsAt).getTime() - 4 * DAY));
    expect(await recurring().chargeDue()).toBeGreaterThanOrEqual(1);
    const [event] = await t.ctx.database.db
      .select()
      .from(testpayEvents)
      .where(eq(testpayEvents.event, 'subscription.charged'))
      .orderBy(desc(testpayEvents.createdAt))
      .limit(1);
    expect(event!.body).toContain(providerSubscriptionId);
    // The same charge, told with one paisa where the plan costs ₹99 (a forged or broken event).
    const penny = event!.body.replace('"amount":9900', '"amount":1');
    expect(penny).not.toBe(event!.body);
    const held = await postWebhook(t, penny, signBody(penny), 'evt_penny_charge_1');
    expect(held.json()).toMatchObject({ status: 'ignored' });
    expect((await subscriptionsOf(user)).map((s) => s.status)).toEqual(['active']);
    expect(await paymentsOf(user.userId)).toHaveLength(1);
    const open = await t.app.services.money.checks.open();
    expect(open.find((c) => c.rule === 'mandate_charge_amount')).toMatchObject({
      held: true,
      expectedPaise: 9900,
      actualPaise: 1,
    });
    // The provider's true word afterwards buys the period, once.
    await deliverWebhooks(t);
    expect((await subscriptionsOf(user)).map((s) => s.status)).toEqual(['active', 'scheduled']);
  });

  it('tries a failed charge again each day, telling the holder; after the fourth it halts and says the plan ends', async () => {
    const user = await signUpUser(t.app);
    const plan = await runningPlan(user, 'delivery-pass');
    await autoRenewOn(user, plan.id, 'failure');
    t.clock.set(new Date(new Date(plan.endsAt).getTime() - 4 * DAY));
    await chargeDue();
    let [running] = await subscriptionsOf(user);
    expect(running!.autoRenew).toMatchObject({ status: 'retrying', failedCharges: 1 });
    expect(running!.autoRenew!.nextChargeAt).toBe(new Date(t.clock.now().getTime() + DAY).toISOString());
    const failed = await notificationsOf(user.userId, 'planRenewalFailed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.body.en).toContain('We will try again on');
    expect(failed[0]!.data).toMatchObject({ endsAt: plan.endsAt });

    // Tried again on each of the next three days, the holder told each time, all before the plan lapses.
    for (let day = 1; day <= 2; day += 1) {
      t.clock.advance(DAY);
      await chargeDue();
    }
    [running] = await subscriptionsOf(user);
    expect(running!.autoRenew).toMatchObject({ status: 'retrying', failedCharges: 3 });
    t.clock.advance(DAY);
    await chargeDue();
    [running] = await subscriptionsOf(user);
    expect(running).toMatchObject({ id: plan.id, status: 'active' });
    expect(running!.autoRenew).toMatchObject({ status: 'halted', failedCharges: 4, nextChargeAt: null });
    expect(await notificationsOf(user.userId, 'planRenewalFailed')).toHaveLength(3);
    const stopped = await notificationsOf(user.userId, 'planRenewalStopped');
    expect(stopped).toHaveLength(1);
    expect(stopped[0]!.body.en).toContain('failed 4 times');
    expect(stopped[0]!.data).toMatchObject({ endsAt: plan.endsAt });
    // Nothing was taken, nothing more is tried, and the plan ends at its end.
    t.clock.advance(2 * DAY);
    await chargeDue();
    const taken = await paymentsOf(user.userId);
    expect(taken.map((p) => p.status)).toEqual(['captured']);
    expect((await subscriptionsOf(user)).map((s) => s.status)).toEqual(['expired']);
  });

  it('tells the holder a day before each charge what will be taken, once, instead of "ends soon"', async () => {
    const user = await signUpUser(t.app);
    const plan = await runningPlan(user);
    await autoRenewOn(user, plan.id);
    const chargeAt = new Date(new Date(plan.endsAt).getTime() - 4 * DAY);
    t.clock.set(new Date(chargeAt.getTime() - 25 * 3_600_000));
    await t.app.services.plans.runDue();
    expect(await notificationsOf(user.userId, 'planRenewal')).toEqual([]);
    t.clock.set(new Date(chargeAt.getTime() - 23 * 3_600_000));
    await t.app.services.plans.runDue();
    await t.app.services.plans.runDue();
    const told = await notificationsOf(user.userId, 'planRenewal');
    expect(told.map((n) => n.body.en)).toEqual([
      expect.stringMatching(/^Your Locker Lite plan renews automatically: ₹99 will be charged on /),
    ]);
    expect(told[0]!.data).toMatchObject({ chargeAt: chargeAt.toISOString(), amountPaise: 9900 });
    // Three days before the end, no "ends soon": it renews by itself.
    t.clock.set(new Date(new Date(plan.endsAt).getTime() - 2 * DAY));
    await t.app.services.plans.runDue();
    expect(await notificationsOf(user.userId, 'planRenewal')).toHaveLength(1);
  });

  it('buys the period after a pause’s moved end when charged while paused', async () => {
    const user = await signUpUser(t.app);
    const plan = await runningPlan(user);
    await autoRenewOn(user, plan.id);
    const paused = await call('POST', `/api/subscriptions/${plan.id}/pause`, user, { days: 10 });
    const movedEnd = paused.json().endsAt as string;
    expect(new Date(movedEnd).getTime() - new Date(plan.endsAt).getTime()).toBe(10 * DAY);
    // The provider charges on its own dates; the period it buys waits for the moved end.
    t.clock.set(new Date(new Date(plan.endsAt).getTime() - 4 * DAY));
    await chargeDue();
    const scheduled = (await subscriptionsOf(user)).find((s) => s.status === 'scheduled');
    expect(scheduled).toMatchObject({ startsAt: movedEnd });
  });
});

describe('renewal off and cancelled renewals', () => {
  it('turns renewal off: cancelled at the provider, the plan runs to its end, nothing more charged', async () => {
    const user = await signUpUser(t.app);
    const plan = await runningPlan(user);
    const { providerSubscriptionId } = await autoRenewOn(user, plan.id);
    const off = await call('DELETE', `/api/subscriptions/${plan.id}/auto-renew`, user);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: plan.id, status: 'active', autoRenew: null, endsAt: plan.endsAt });
    expect((await atTestpay(providerSubscriptionId)).status).toBe('cancelled');
    await deliverWebhooks(t);
    t.clock.set(new Date(new Date(plan.endsAt).getTime() - 4 * DAY));
    await chargeDue();
    expect((await subscriptionsOf(user)).map((s) => s.status)).toEqual(['active']);
    expect(await paymentsOf(user.userId)).toHaveLength(1);
    // It can be set up again.
    const again = await call('POST', `/api/subscriptions/${plan.id}/auto-renew`, user);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refunds in full a charge made just before renewal was turned off', async () => {
    const user = await signUpUser(t.app);
    const plan = await runningPlan(user);
    const { providerSubscriptionId } = await autoRenewOn(user, plan.id);
    t.clock.set(new Date(new Date(plan.endsAt).getTime() - 4 * DAY));
    // The provider charged; its webhook is still on the way when the holder turns renewal off.
    await recurring().chargeDue();
    const charged = await atTestpay(providerSubscriptionId);
    expect(charged.paidCount).toBe(1);
    const off = await call('DELETE', `/api/subscriptions/${plan.id}/auto-renew`, user);
    expect(off.statusCode, off.body).toBe(200);
    await deliverWebhooks(t);
    await deliverWebhooks(t);
    await expect
      .poll(async () => (await paymentsOf(user.userId)).map((p) => [p.status, p.grantError]))
      .toEqual([
        ['captured', null],
        ['refunded', 'AutoRenewNotOn'],
      ]);
    expect((await subscriptionsOf(user)).map((s) => s.status)).toEqual(['active']);
  });

  it('refunds a charge while another plan of the kind runs, and stops that mandate for good', async () => {
    const user = await signUpUser(t.app);
    const plan = await runningPlan(user);
    const { providerSubscriptionId } = await autoRenewOn(user, plan.id);
    // Another locker plan runs by the time the charge comes (set here directly: the app lets no one
    // buy one while this plan runs).
    const [lite] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, plan.id));
    await t.ctx.database.db.insert(subscriptions).values({
      ...lite!,
      id: `${plan.id}-plus`,
      planId: 'locker-plus',
      paymentId: null,
      endsAt: new Date(lite!.endsAt!.getTime() + 60 * DAY),
    });
    t.clock.set(new Date(new Date(plan.endsAt).getTime() - 4 * DAY));
    await chargeDue();
    await expect
      .poll(async () => (await paymentsOf(user.userId)).map((p) => [p.status, p.grantError]))
      .toEqual([
        ['captured', null],
        ['refunded', 'SubscriptionActive'],
      ]);
    const [mandate] = await t.ctx.database.db
      .select()
      .from(planMandates)
      .where(eq(planMandates.userId, user.userId));
    expect(mandate!.status).toBe('off');
    await expect.poll(async () => (await atTestpay(providerSubscriptionId)).status).toBe('cancelled');
  });

  it('cancels a renewal the mandate already paid for, refunded in full; the mandate goes on', async () => {
    const user = await signUpUser(t.app);
    const plan = await runningPlan(user);
    await autoRenewOn(user, plan.id);
    t.clock.set(new Date(new Date(plan.endsAt).getTime() - 4 * DAY));
    await chargeDue();
    const renewal = (await subscriptionsOf(user)).find((s) => s.status === 'scheduled')!;
    const cancelled = await call('DELETE', `/api/subscriptions/${renewal.id}`, user);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      subscription: { status: 'cancelled' },
      refund: { amountPaise: 9900 },
    });
    const [running] = await subscriptionsOf(user);
    expect(running!.autoRenew).toMatchObject({ status: 'on' });

    // The mandate's books: one charge, gone back in full, for no period.
    const [mandate] = await t.ctx.database.db
      .select()
      .from(planMandates)
      .where(eq(planMandates.userId, user.userId));
    const mandateCheck = async () =>
      (await t.app.services.money.checks.run()).find(
        (c) => c.rule === 'mandate_books' && c.subject === mandate!.id,
      );
    expect(await mandateCheck()).toBeUndefined();
    // A period granted anyway (the refund's cancel lost) is a period given for nothing: found, until put right.
    const db = t.ctx.database.db;
    await db.update(subscriptions).set({ status: 'active' }).where(eq(subscriptions.id, renewal.id));
    expect(await mandateCheck()).toMatchObject({ expectedPaise: 9900, actualPaise: 0, held: false });
    await db.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, renewal.id));
    expect(await mandateCheck()).toBeUndefined();
  });
});

describe('automatic renewal, each step failing in turn', () => {
  it('lists the steps of setting up and turning off', () => {
    expect(t.app.services.plans.autoRenewFlows.start.steps).toEqual([
      'plans.check-auto-renew',
      'plans.create-provider-subscription',
      'plans.record-auto-renew',
    ]);
    expect(t.app.services.plans.autoRenewFlows.stop.steps).toEqual([
      'plans.check-auto-renew-off',
      'plans.cancel-provider-subscription',
      'plans.record-auto-renew-off',
    ]);
  });

  it.each(['plans.check-auto-renew', 'plans.create-provider-subscription', 'plans.record-auto-renew'])(
    'setting up fails at %s: no mandate is left in Petti, and setting up again works',
    async (step) => {
      const user = await signUpUser(t.app);
      const plan = await runningPlan(user);
      failStep(t, 'plans.start-auto-renew', step);
      expect((await call('POST', `/api/subscriptions/${plan.id}/auto-renew`, user)).statusCode).toBe(500);
      const left = await t.ctx.database.db
        .select()
        .from(planMandates)
        .where(eq(planMandates.userId, user.userId));
      expect(left).toEqual([]);
      clearHooks(t);
      await autoRenewOn(user, plan.id);
      expect((await subscriptionsOf(user))[0]!.autoRenew).toMatchObject({ status: 'on' });
    },
  );

  it.each([
    ['plans.check-auto-renew-off', 'on', 'authenticated'],
    ['plans.cancel-provider-subscription', 'on', 'authenticated'],
    // Past the pivot: cancelled at the provider, whose webhook then records it off.
    ['plans.record-auto-renew-off', null, 'cancelled'],
  ] as const)(
    'turning off fails at %s: renewal stays %s; the provider’s subscription is %s',
    async (step, after, provider) => {
      const user = await signUpUser(t.app);
      const plan = await runningPlan(user);
      const { providerSubscriptionId } = await autoRenewOn(user, plan.id);
      failStep(t, 'plans.stop-auto-renew', step);
      expect((await call('DELETE', `/api/subscriptions/${plan.id}/auto-renew`, user)).statusCode).toBe(500);
      clearHooks(t);
      await deliverWebhooks(t);
      expect((await subscriptionsOf(user))[0]!.autoRenew?.status ?? null).toBe(after);
      expect((await atTestpay(providerSubscriptionId)).status).toBe(provider);
    },
  );

  it('a charge whose recording fails leaves nothing behind, and is recorded when the provider sends it again', async () => {
    const user = await signUpUser(t.app);
    const plan = await runningPlan(user);
    await autoRenewOn(user, plan.id);
    let failing = true;
    t.app.services.payments.onMoneyMoved(async (_fx, payment) => {
      if (failing && payment.userId === user.userId) throw new Error('recording failed on purpose');
    });
    t.clock.set(new Date(new Date(plan.endsAt).getTime() - 4 * DAY));
    await chargeDue();
    expect((await subscriptionsOf(user)).map((s) => s.status)).toEqual(['active']);
    const rows = await t.ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(await paymentsOf(user.userId)).toHaveLength(1);
    failing = false;
    // testpay sends a refused webhook again later, as Razorpay does.
    t.clock.advance(60_000);
    await deliverWebhooks(t);
    expect((await subscriptionsOf(user)).map((s) => s.status)).toEqual(['active', 'scheduled']);
  });
});

describe('the demo fast-forward', () => {
  it('makes the next charge now and delivers its webhooks: renewed, then a failure heard live', async () => {
    const user = await signUpUser(t.app);
    const plan = await runningPlan(user, 'delivery-pass');
    await autoRenewOn(user, plan.id);
    const first = await call('POST', `/api/dev/testpay/subscriptions/${plan.id}/charge-now`, user, {});
    expect(first.statusCode, first.body).toBe(200);
    expect((await subscriptionsOf(user)).map((s) => s.status)).toEqual(['active', 'scheduled']);
    await call('DELETE', `/api/subscriptions/${plan.id}/auto-renew`, user);
    await autoRenewOn(user, plan.id, 'failure');
    const heard = await listenTo(t, user.userId);
    const second = await call('POST', `/api/dev/testpay/subscriptions/${plan.id}/charge-now`, user, {});
    expect(second.statusCode, second.body).toBe(200);
    expect((await subscriptionsOf(user))[0]!.autoRenew).toMatchObject({ status: 'retrying' });
    expect(heard.names()).toContain('subscriptionRenewalFailed');
    await heard.stop();
  });
});
