import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { createRazorpaySubscriptions } from './razorpay-subscriptions.ts';

const entity = {
  id: 'sub_00000000000001',
  entity: 'subscription',
  plan_id: 'plan_00000000000001',
  status: 'created',
  current_start: null,
  current_end: null,
  charge_at: 1_800_000_000,
  start_at: 1_800_000_000,
  total_count: 60,
  paid_count: 0,
  auth_attempts: 0,
  notes: { petti_mandate: 'm1' },
  short_url: 'https://rzp.io/i/z3b1R61A9',
};

function make(answers: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(answers);
  const provider = createRazorpaySubscriptions({
    keyId: 'rzp_test_abc',
    keySecret: 's3cret',
    fetchImpl: fake.impl,
    planIds: { 'locker-lite': 'plan_00000000000001' },
  });
  return { provider, calls: fake.calls };
}

describe('Razorpay Subscriptions', () => {
  it('names only the plans configured for it', async () => {
    const { provider } = make([]);
    const plan = { id: 'locker-lite', name: 'Locker Lite', pricePaise: 9900, periodDays: 30 };
    expect(await provider.planIdFor(plan)).toBe('plan_00000000000001');
    expect(await provider.planIdFor({ ...plan, id: 'delivery-pass' })).toBeNull();
    expect(await provider.planIdFor({ ...plan, id: 'constructor' })).toBeNull();
  });

  it('creates a subscription starting later, in unix seconds, and reads it back', async () => {
    const { provider, calls } = make([{ status: 200, body: entity }]);
    const made = await provider.createSubscription({
      providerPlanId: 'plan_00000000000001',
      startAt: new Date(1_800_000_000_500),
      totalCount: 60,
      expireBy: new Date(1_799_000_000_000),
      notes: { petti_mandate: 'm1' },
    });
    expect(calls[0]).toMatchObject({
      url: 'https://api.razorpay.com/v1/subscriptions',
      method: 'POST',
      body: {
        plan_id: 'plan_00000000000001',
        total_count: 60,
        quantity: 1,
        start_at: 1_800_000_000,
        expire_by: 1_799_000_000,
        customer_notify: 1,
        notes: { petti_mandate: 'm1' },
      },
    });
    expect(made).toEqual({
      id: 'sub_00000000000001',
      planId: 'plan_00000000000001',
      status: 'created',
      chargeAt: new Date(1_800_000_000_000),
      paidCount: 0,
      authAttempts: 0,
      notes: { petti_mandate: 'm1' },
    });
  });

  it('fetches and cancels at once (not at the cycle end), reading empty notes as none', async () => {
    const { provider, calls } = make([
      { status: 200, body: { ...entity, status: 'active', paid_count: 2, notes: [] } },
      { status: 200, body: { ...entity, status: 'cancelled', charge_at: null } },
    ]);
    expect(await provider.fetchSubscription('sub_00000000000001')).toMatchObject({
      status: 'active',
      paidCount: 2,
      notes: {},
    });
    expect((await provider.cancelSubscription('sub_00000000000001')).status).toBe('cancelled');
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', 'https://api.razorpay.com/v1/subscriptions/sub_00000000000001', undefined],
      [
        'POST',
        'https://api.razorpay.com/v1/subscriptions/sub_00000000000001/cancel',
        { cancel_at_cycle_end: 0 },
      ],
    ]);
  });

  it('answers a refusal as a PaymentProviderError with Razorpay’s code', async () => {
    const { provider } = make([
      {
        status: 400,
        body: { error: { code: 'BAD_REQUEST_ERROR', description: 'start_at cannot be lesser' } },
      },
    ]);
    const error = await provider.fetchSubscription('sub_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });
  });

  it('checks the checkout signature as payment_id|subscription_id, never the other way round', () => {
    const { provider } = make([]);
    const good = createHmac('sha256', 's3cret').update('pay_1|sub_1').digest('hex');
    expect(provider.verifySubscriptionSignature('sub_1', 'pay_1', good)).toBe(true);
    const swapped = createHmac('sha256', 's3cret').update('sub_1|pay_1').digest('hex');
    expect(provider.verifySubscriptionSignature('sub_1', 'pay_1', swapped)).toBe(false);
    expect(provider.verifySubscriptionSignature('sub_2', 'pay_1', good)).toBe(false);
    expect(provider.verifySubscriptionSignature('sub_1', 'pay_1', '')).toBe(false);
  });
});
