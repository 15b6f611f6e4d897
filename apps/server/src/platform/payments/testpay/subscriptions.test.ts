import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { signBody } from '../../../test/payment-helpers.ts';
import { testpayEvents } from './route-schema.ts';
import { testpayPayments } from './schema.ts';
import { TESTPAY_CHARGE_TRIES } from './subscriptions.ts';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const testpay = () => t.app.services.testpaySubscriptions!;
const plan = { id: 'test-plan', name: 'Test plan', pricePaise: 5000, periodDays: 30 };

interface EventBody {
  contains: string[];
  payload: { subscription: { entity: Record<string, unknown> }; payment: { entity: { id: string } } };
}

/** The events queued for one subscription, in order, as Razorpay would send them. */
async function eventsOf(subscriptionId: string) {
  const rows = await t.ctx.database.db.select().from(testpayEvents);
  return rows
    .filter((r) => r.body.includes(`"id":"${subscriptionId}"`))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .map((r) => ({ event: r.event, body: JSON.parse(r.body) as EventBody, raw: r.body, row: r }));
}

async function created(totalCount = 60) {
  const planId = await testpay().planIdFor(plan);
  return testpay().createSubscription({
    providerPlanId: planId!,
    startAt: new Date(t.clock.now().getTime() + DAY),
    totalCount,
    expireBy: new Date(t.clock.now().getTime() + 30 * 60_000),
    notes: { petti_mandate_id: 'm' },
  });
}

describe("testpay's Subscriptions", () => {
  it('makes one plan per price and period, as a Razorpay plan is fixed once made', async () => {
    const a = await testpay().planIdFor(plan);
    expect(await testpay().planIdFor(plan)).toBe(a);
    expect(await testpay().planIdFor({ ...plan, pricePaise: 6000 })).not.toBe(a);
    expect(a).toMatch(/^plan_\w{14}$/);
  });

  it('refuses a start in the past, and expires a subscription never authorised by its expire_by', async () => {
    const planId = (await testpay().planIdFor(plan))!;
    await expect(
      testpay().createSubscription({
        providerPlanId: planId,
        startAt: new Date(t.clock.now().getTime() - 1000),
        totalCount: 1,
        expireBy: new Date(t.clock.now().getTime() + 60_000),
        notes: {},
      }),
    ).rejects.toMatchObject({ status: 400 });
    const sub = await created();
    t.clock.advance(31 * 60_000);
    expect((await testpay().fetchSubscription(sub.id)).status).toBe('expired');
    const late = await testpay().authorize(sub.id, {
      outcome: 'success',
      method: 'card',
      renewals: 'success',
    });
    expect(late.kind).toBe('not_open');
  });

  it('charges on its dates with signed subscription webhooks carrying the payment, then completes', async () => {
    const sub = await created(2);
    const authorised = await testpay().authorize(sub.id, {
      outcome: 'success',
      method: 'upi',
      renewals: 'success',
    });
    expect(authorised.kind).toBe('authenticated');
    t.clock.advance(DAY);
    expect(await testpay().chargeDue()).toBe(1);
    t.clock.advance(30 * DAY);
    expect(await testpay().chargeDue()).toBe(1);
    t.clock.advance(30 * DAY);
    expect(await testpay().chargeDue()).toBe(0);
    const events = await eventsOf(sub.id);
    // Events of one moment carry no order among themselves (nor do Razorpay's): compared as a set.
    expect(events.map((e) => e.event).sort()).toEqual([
      'subscription.activated',
      'subscription.authenticated',
      'subscription.charged',
      'subscription.charged',
      'subscription.completed',
    ]);
    const first = events.find((e) => e.event === 'subscription.charged')!;
    const charged = first.body;
    expect(charged.contains).toEqual(['subscription', 'payment']);
    expect(charged.payload.subscription.entity).toMatchObject({
      id: sub.id,
      status: 'active',
      paid_count: 1,
    });
    expect(charged.payload.payment.entity).toMatchObject({ amount: 5000, method: 'upi', status: 'captured' });
    const [payment] = await t.ctx.database.db
      .select()
      .from(testpayPayments)
      .where(eq(testpayPayments.id, charged.payload.payment.entity.id));
    expect(payment).toMatchObject({ status: 'captured', amountPaise: 5000 });
    expect(t.app.services.testpayRoute!.signed(first.row).signature).toBe(signBody(first.raw));
    expect((await testpay().fetchSubscription(sub.id)).status).toBe('completed');
    // Cancelling one that completed answers it as it is, and tells nothing more.
    expect((await testpay().cancelSubscription(sub.id)).status).toBe('completed');
    expect(await eventsOf(sub.id)).toHaveLength(5);
  });

  it(`retries a failed charge daily, ${TESTPAY_CHARGE_TRIES} tries in all, then halts; the schedule is kept after a success`, async () => {
    const sub = await created();
    await testpay().authorize(sub.id, { outcome: 'success', method: 'card', renewals: 'failure' });
    t.clock.advance(DAY);
    for (let i = 0; i < TESTPAY_CHARGE_TRIES; i += 1) {
      expect(await testpay().chargeDue()).toBe(1);
      t.clock.advance(DAY);
    }
    expect(await testpay().chargeDue()).toBe(0);
    expect((await eventsOf(sub.id)).map((e) => e.event)).toEqual([
      'subscription.authenticated',
      'subscription.pending',
      'subscription.pending',
      'subscription.pending',
      'subscription.halted',
    ]);
    expect(await testpay().fetchSubscription(sub.id)).toMatchObject({
      status: 'halted',
      authAttempts: TESTPAY_CHARGE_TRIES,
      chargeAt: null,
    });
  });
});
