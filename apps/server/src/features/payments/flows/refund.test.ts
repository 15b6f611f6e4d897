import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PaymentProviderError } from '../../../platform/payments/payment-provider.ts';
import { testpayRefunds } from '../../../platform/payments/testpay/schema.ts';
import { signUpUser } from '../../../test/auth-helpers.ts';
import { clearHooks, expectUnchanged, failStep, moneySnapshot } from '../../../test/flow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { buyPlan, confirm, deliverWebhooks, payAtTestpay, testpayOf } from '../../../test/payment-helpers.ts';
import { subscriptions } from '../../plans/schema.ts';
import { paymentRefunds, payments } from '../schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(() => {
  clearHooks(t);
  vi.restoreAllMocks();
});
afterAll(() => t.close());

const FLOW = 'payments.refund';

/** A captured plan payment of 349 rupees. */
async function capturedPayment() {
  const user = await signUpUser(t.app);
  const token = user.tokens.accessToken;
  const bought = await buyPlan(t, token, 'locker-plus');
  const { row, ...paid } = await payAtTestpay(t, bought.payment);
  expect((await confirm(t, token, bought.payment.id, paid)).statusCode).toBe(200);
  // Its webhook now, so that running timers later delivers nothing of it.
  await deliverWebhooks(t);
  return { paymentId: bought.payment.id, subscriptionId: bought.subscription.id, providerPaymentId: row.id };
}

async function stateOf(p: Awaited<ReturnType<typeof capturedPayment>>) {
  const db = t.ctx.database.db;
  const [payment] = await db.select().from(payments).where(eq(payments.id, p.paymentId));
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, p.subscriptionId));
  const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, p.paymentId));
  const atProvider = await db
    .select()
    .from(testpayRefunds)
    .where(eq(testpayRefunds.paymentId, p.providerPaymentId));
  return { payment: payment!, sub: sub!, refunds, atProvider };
}

const refusing = () =>
  vi
    .spyOn(testpayOf(t).testpay, 'refund')
    .mockRejectedValue(new PaymentProviderError('testpay', 400, 'BAD_REQUEST_ERROR', 'no'));

async function runTimers() {
  t.clock.advance(6 * 60_000);
  await t.app.services.jobs.runDueJobs();
}

describe('payments.refund, each step failing in turn', () => {
  it('lists its steps in order', () => {
    expect(t.app.services.payments.flows.refund.steps).toEqual([
      'payments.reserve-refund',
      'payments.refund-at-provider',
      'payments.record-refund',
      'payments.release-refund',
    ]);
  });

  it.each(['payments.reserve-refund', 'payments.refund-at-provider'])(
    'fails at %s and leaves nothing half-made; refunding again works',
    async (step) => {
      const p = await capturedPayment();
      const before = await moneySnapshot(t);
      failStep(t, FLOW, step);
      await expect(t.app.services.payments.refund(p.paymentId, { reason: 'test' })).rejects.toThrow(
        /on purpose/,
      );
      await expectUnchanged(t, before);
      clearHooks(t);
      await t.app.services.payments.refund(p.paymentId, { reason: 'test' });
      const after = await stateOf(p);
      expect(after.payment).toMatchObject({ status: 'refunded', refundedPaise: 34_900 });
      expect(after.atProvider).toHaveLength(1);
      expect(after.sub.status).toBe('cancelled');
    },
  );

  it('fails at payments.record-refund (past the pivot): its timer records the refund, once', async () => {
    const p = await capturedPayment();
    failStep(t, FLOW, 'payments.record-refund');
    await expect(t.app.services.payments.refund(p.paymentId, { reason: 'test' })).rejects.toThrow(
      /on purpose/,
    );
    clearHooks(t);
    const half = await stateOf(p);
    expect(half.payment).toMatchObject({ status: 'captured', refundedPaise: 0 });
    expect(half.refunds).toMatchObject([{ status: 'pending', amountPaise: 34_900 }]);
    expect(half.atProvider).toHaveLength(1);
    // The caller's own retry finds the refund under way and does not make a second one.
    await expect(t.app.services.payments.refund(p.paymentId, { reason: 'test' })).rejects.toMatchObject({
      code: 'PaymentNotRefundable',
    });
    await runTimers();
    const done = await stateOf(p);
    expect(done.payment).toMatchObject({ status: 'refunded', refundedPaise: 34_900 });
    expect(done.refunds).toMatchObject([{ status: 'processed', providerRefundId: half.atProvider[0]!.id }]);
    expect(done.atProvider).toHaveLength(1);
    expect(done.sub.status).toBe('cancelled');
  });

  it('fails at payments.release-refund after a refusal: its timer takes the reservation back', async () => {
    const p = await capturedPayment();
    const before = await moneySnapshot(t);
    refusing();
    failStep(t, FLOW, 'payments.release-refund');
    await expect(t.app.services.payments.refund(p.paymentId, { reason: 'test' })).rejects.toThrow(
      /on purpose/,
    );
    clearHooks(t);
    expect((await stateOf(p)).refunds).toMatchObject([{ status: 'pending' }]);
    await runTimers();
    await expectUnchanged(t, before);
  });
});

describe('payments.refund with the provider', () => {
  it('maps a refusal to PaymentNotRefundable and takes the reservation back', async () => {
    const p = await capturedPayment();
    const before = await moneySnapshot(t);
    refusing();
    await expect(t.app.services.payments.refund(p.paymentId, { reason: 'x' })).rejects.toMatchObject({
      code: 'PaymentNotRefundable',
    });
    await expectUnchanged(t, before);
  });

  it('keeps the reservation when the provider cannot be reached, and its timer refunds once', async () => {
    const p = await capturedPayment();
    const down = vi
      .spyOn(testpayOf(t).testpay, 'refund')
      .mockRejectedValueOnce(new PaymentProviderError('testpay', 0, 'NETWORK_ERROR', 'offline'));
    await expect(t.app.services.payments.refund(p.paymentId, { reason: 'x' })).rejects.toMatchObject({
      code: 'PaymentsUnavailable',
    });
    expect((await stateOf(p)).refunds).toMatchObject([{ status: 'pending' }]);
    down.mockRestore();
    await runTimers();
    const done = await stateOf(p);
    expect(done.payment).toMatchObject({ status: 'refunded', refundedPaise: 34_900 });
    expect(done.atProvider).toHaveLength(1);
  });

  it('asked again with the same receipt, testpay answers the refund it made', async () => {
    const p = await capturedPayment();
    const { testpay } = testpayOf(t);
    const first = await testpay.refund(p.providerPaymentId, 100, { receipt: 'r-1' });
    const again = await testpay.refund(p.providerPaymentId, 100, { receipt: 'r-1', retry: true });
    expect(again.refundId).toBe(first.refundId);
    expect((await stateOf(p)).atProvider).toHaveLength(1);
  });
});
