import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testpayOrders } from '../../../platform/payments/testpay/schema.ts';
import { authHeaders, signUpUser } from '../../../test/auth-helpers.ts';
import { clearHooks, expectUnchanged, failStep, moneySnapshot } from '../../../test/flow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { buyPlan } from '../../../test/payment-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(() => clearHooks(t));
afterAll(() => t.close());

const subscribe = (accessToken: string, planId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: authHeaders(accessToken),
    payload: { planId },
  });

describe('plans.buy, each step failing in turn', () => {
  it('lists its steps in order', () => {
    expect(t.app.services.plans.flows.buy.steps).toEqual([
      'plans.check-purchase',
      'payments.open-provider-order',
      'plans.record-purchase',
    ]);
  });

  it.each(['plans.check-purchase', 'payments.open-provider-order', 'plans.record-purchase'])(
    'fails at %s and leaves no subscription, payment or event behind; buying again works',
    async (step) => {
      const user = await signUpUser(t.app);
      const before = await moneySnapshot(t);
      const orders = (await t.ctx.database.db.select().from(testpayOrders)).length;
      failStep(t, 'plans.buy', step);
      expect((await subscribe(user.tokens.accessToken, 'locker-plus')).statusCode).toBe(500);
      await expectUnchanged(t, before);
      // Only a failure after the provider's order was opened leaves that (unpayable, unreferenced) order.
      const opened = (await t.ctx.database.db.select().from(testpayOrders)).length - orders;
      expect(opened).toBe(step === 'plans.record-purchase' ? 1 : 0);
      clearHooks(t);
      const bought = await buyPlan(t, user.tokens.accessToken, 'locker-plus');
      expect(bought.subscription).toMatchObject({ status: 'pending', paymentId: bought.payment.id });
    },
  );

  it('offers the same payment when asked twice, without opening a second provider order', async () => {
    const user = await signUpUser(t.app);
    const first = await buyPlan(t, user.tokens.accessToken, 'locker-lite');
    const orders = (await t.ctx.database.db.select().from(testpayOrders)).length;
    const second = await buyPlan(t, user.tokens.accessToken, 'locker-lite');
    expect(second.payment).toEqual(first.payment);
    expect((await t.ctx.database.db.select().from(testpayOrders)).length).toBe(orders);
  });
});
