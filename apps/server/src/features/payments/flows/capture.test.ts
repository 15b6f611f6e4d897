import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testpayRefunds } from '../../../platform/payments/testpay/schema.ts';
import { signUpUser } from '../../../test/auth-helpers.ts';
import { clearHooks, expectUnchanged, failStep, moneySnapshot } from '../../../test/flow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { buyPlan, confirm, payAtTestpay, postWebhook, webhookOf } from '../../../test/payment-helpers.ts';
import { subscriptions } from '../../plans/schema.ts';
import { paymentRefunds, payments } from '../schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(() => clearHooks(t));
afterAll(() => t.close());

const FLOW = 'payments.capture';
/** Steps taken only when the grant is refused (a second locker plan bought in parallel). */
const REFUSAL = ['payments.record-refused-grant', 'payments.refund-at-provider', 'payments.record-refund'];
/** Past the pivot: the provider has refunded, so the reservation's timer finishes the work. */
const AFTER_PIVOT = ['payments.record-refund'];

/** A paid plan purchase waiting to be confirmed; with `refused`, one whose grant will be refused. */
async function paidPurchase(refused: boolean) {
  const user = await signUpUser(t.app);
  const token = user.tokens.accessToken;
  if (refused) {
    const lite = await buyPlan(t, token, 'locker-lite');
    const plus = await buyPlan(t, token, 'locker-plus');
    const { row: _a, ...paidLite } = await payAtTestpay(t, lite.payment);
    expect((await confirm(t, token, lite.payment.id, paidLite)).statusCode).toBe(200);
    const { row, ...paid } = await payAtTestpay(t, plus.payment);
    return { token, bought: plus, paid, row };
  }
  const bought = await buyPlan(t, token, 'locker-plus');
  const { row, ...paid } = await payAtTestpay(t, bought.payment);
  return { token, bought, paid, row };
}

async function stateOf(paymentId: string, subscriptionId: string, providerPaymentId: string) {
  const db = t.ctx.database.db;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
  const atProvider = await db
    .select()
    .from(testpayRefunds)
    .where(eq(testpayRefunds.paymentId, providerPaymentId));
  return { payment: payment!, sub: sub!, refunds, atProvider };
}

/** After a failure past the pivot: the refund timer records the provider's refund, exactly once. */
async function expectRefundFinishedByTimer(
  paymentId: string,
  subscriptionId: string,
  providerPaymentId: string,
) {
  const half = await stateOf(paymentId, subscriptionId, providerPaymentId);
  expect(half.payment).toMatchObject({
    status: 'captured',
    grantError: 'SubscriptionActive',
    refundedPaise: 0,
  });
  expect(half.refunds).toMatchObject([{ status: 'pending' }]);
  expect(half.atProvider).toHaveLength(1);
  t.clock.advance(6 * 60_000);
  await t.app.services.jobs.runDueJobs();
  const done = await stateOf(paymentId, subscriptionId, providerPaymentId);
  expect(done.payment).toMatchObject({ status: 'refunded', refundedPaise: 34_900 });
  expect(done.refunds).toMatchObject([{ status: 'processed', providerRefundId: half.atProvider[0]!.id }]);
  expect(done.atProvider).toHaveLength(1);
  expect(done.sub.status).toBe('cancelled');
}

describe('payments.capture from the client’s confirmation, each step failing in turn', () => {
  it('lists its steps in order', () => {
    expect(t.app.services.payments.flows.capture.steps).toEqual([
      'payments.verify-confirmation',
      'payments.inspect-at-provider',
      'payments.capture-and-grant',
      ...REFUSAL,
    ]);
  });

  it.each([
    'payments.verify-confirmation',
    'payments.inspect-at-provider',
    'payments.capture-and-grant',
    ...REFUSAL,
  ])('fails at %s and leaves nothing half-made; confirming again succeeds', async (step) => {
    const refused = REFUSAL.includes(step);
    const { token, bought, paid } = await paidPurchase(refused);
    const before = await moneySnapshot(t);
    failStep(t, FLOW, step);
    expect((await confirm(t, token, bought.payment.id, paid)).statusCode).toBe(500);
    clearHooks(t);
    if (AFTER_PIVOT.includes(step)) {
      await expectRefundFinishedByTimer(bought.payment.id, bought.subscription.id, paid.providerPaymentId);
    } else {
      await expectUnchanged(t, before);
    }
    const again = await confirm(t, token, bought.payment.id, paid);
    if (refused) {
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'PaymentNotGranted', refunded: 34_900 });
    } else {
      expect(again.statusCode).toBe(200);
      expect(again.json().granted).toMatchObject({ id: bought.subscription.id, status: 'active' });
    }
    const after = await stateOf(bought.payment.id, bought.subscription.id, paid.providerPaymentId);
    expect(after.atProvider).toHaveLength(refused ? 1 : 0);
  });
});

describe('payments.capture from the provider’s webhook, each step failing in turn', () => {
  it.each(['payments.capture-and-grant', ...REFUSAL])(
    'fails at %s and leaves nothing half-made; the provider’s retry applies it',
    async (step) => {
      const refused = REFUSAL.includes(step);
      const { bought, paid, row } = await paidPurchase(refused);
      const hook = await webhookOf(t, row.id);
      const before = await moneySnapshot(t);
      failStep(t, FLOW, step);
      expect((await postWebhook(t, hook.body, hook.signature, hook.eventId)).statusCode).toBe(500);
      clearHooks(t);
      if (AFTER_PIVOT.includes(step)) {
        await expectRefundFinishedByTimer(bought.payment.id, bought.subscription.id, paid.providerPaymentId);
      } else {
        await expectUnchanged(t, before);
      }
      const retried = await postWebhook(t, hook.body, hook.signature, hook.eventId);
      expect(retried.statusCode).toBe(200);
      const after = await stateOf(bought.payment.id, bought.subscription.id, paid.providerPaymentId);
      if (refused) {
        expect(after.payment).toMatchObject({
          status: 'refunded',
          refundedPaise: 34_900,
          grantError: 'SubscriptionActive',
        });
        expect(after.atProvider).toHaveLength(1);
        expect(after.sub.status).toBe('cancelled');
      } else {
        expect(after.payment.status).toBe('captured');
        expect(after.sub.status).toBe('active');
      }
    },
  );
});
