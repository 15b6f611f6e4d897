import type { Order } from '@petti/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testpayPayments } from '../../platform/payments/testpay/schema.ts';
import { clearHooks, failStep } from '../../test/flow-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper } from '../../test/locker-helpers.ts';
import { addAddress, getOrder, line, placed, placeOrder } from '../../test/order-helpers.ts';
import { deliverWebhooks, payAtTestpay, testpayOf } from '../../test/payment-helpers.ts';
import { MURUGAN as SHOP } from '../../test/settlement-helpers.ts';
import { shopMember } from '../../test/shop-helpers.ts';
import { paymentRefunds, payments } from './schema.ts';

// Friday 20 November 2026, 10:00 in Sivakasi.
const RICE = 'murugan-ponni-raw-rice-10kg';
const RICE_5 = 'murugan-ponni-raw-rice-5kg';

let t: TestApp;
let staff: Shopper;
let buyer: Shopper;
let address: string;

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-20T04:30:00.000Z' });
  staff = await shopMember(t, SHOP, 'staff');
  buyer = await shopper(t);
  address = await addAddress(t, buyer.userId, { lat: 9.456, lng: 77.8 });
}, 60_000);
afterAll(async () => {
  for (const s of [staff, buyer]) await s?.stop();
  await t?.close();
});

const db = () => t.ctx.database.db;
const services = () => t.app.services;
/** Every reconciliation, as an operator's "Check now" runs them, then the checks. */
const checkNow = async () => {
  await services().money.checks.reconcile();
  return services().money.checks.run();
};
const body = async (items: Array<[string, number]> = [[RICE, 1]]) => ({
  sellerId: SHOP,
  items: await Promise.all(items.map(([v, n]) => line(t, v, n))),
  deliveryType: 'home',
  addressId: address,
});
/** The shop's staff mark the 5 kg pack of an order missing: that part is refunded. */
const markMissing = (o: Pick<Order, 'id'>) =>
  staff.call('POST', `/api/shops/${SHOP}/orders/${o.id}/items/${RICE_5}/unavailable`, { quantity: 1 });
const paymentOf = async (o: Pick<Order, 'payment'>) =>
  (await db().select().from(payments).where(eq(payments.id, o.payment!.id)))[0]!;

describe('payments reconciled with the provider', () => {
  it('captures a payment whose webhook and confirmation never came, once, as its webhook would', async () => {
    const res = await placeOrder(buyer, await body());
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    // The shopper paid at testpay and closed the app; the webhook is still on its way.
    await payAtTestpay(t, order.payment!);
    expect((await getOrder(buyer, order.id)).state).toBe('awaiting_payment');

    expect(await checkNow()).toEqual([]);
    expect((await getOrder(buyer, order.id)).state).toBe('placed');
    expect(await paymentOf(order)).toMatchObject({ status: 'captured' });
    // The webhook arrives late, and a second run meets the same payment: nothing changes.
    await deliverWebhooks(t);
    expect(await checkNow()).toEqual([]);
    expect(await paymentOf(order)).toMatchObject({ status: 'captured', refundedPaise: 0 });
  });

  it('records a refund made at the provider that Petti never heard of, once', async () => {
    const order = await placed(
      buyer,
      await body([
        [RICE, 1],
        [RICE_5, 1],
      ]),
    );
    const row = await paymentOf(order);
    // Someone at the provider's dashboard refunds ₹40 of it; no webhook tells Petti.
    await testpayOf(t).testpay.refund(row.providerPaymentId!, 4000);
    expect(await checkNow()).toEqual([]);
    const after = await paymentOf(order);
    expect(after).toMatchObject({ refundedPaise: 4000, status: 'partially_refunded' });
    expect(await checkNow()).toEqual([]);
    expect((await paymentOf(order)).refundedPaise).toBe(4000);
  });

  it('records the provider’s answer to a refund Petti asked for and lost, as its own, once', async () => {
    const order = await placed(
      buyer,
      await body([
        [RICE, 1],
        [RICE_5, 1],
      ]),
    );
    const row = await paymentOf(order);
    // Staff mark a pack missing: its refund is reserved and made at the provider, and the process
    // stops before it is recorded: the reservation waits on its timer.
    failStep(t, 'payments.refund', 'payments.record-refund');
    const missing = await markMissing(order);
    clearHooks(t);
    expect(missing.statusCode, missing.body).toBe(200);
    expect((await paymentOf(order)).refundedPaise).toBe(0);
    const [made] = await testpayOf(t).testpay.refundsOf(row.providerPaymentId!);
    expect(made?.amount).toBeGreaterThan(0);

    expect(await checkNow()).toEqual([]);
    const [ours] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.id));
    expect(ours).toMatchObject({ id: made!.receipt, providerRefundId: made!.refundId, status: 'processed' });
    expect((await paymentOf(order)).refundedPaise).toBe(made!.amount);
    // The reservation's own timer, and the next run, find it recorded: it counts once.
    t.clock.advance(10 * 60_000);
    await services().jobs.runDueJobs();
    expect(await checkNow()).toEqual([]);
    expect((await paymentOf(order)).refundedPaise).toBe(made!.amount);
    expect(await testpayOf(t).testpay.refundsOf(row.providerPaymentId!)).toHaveLength(1);
  });

  it('holds, and never repairs, what the provider did that Petti cannot account for', async () => {
    const order = await placed(buyer, await body());
    const row = await paymentOf(order);
    const refunded = await placed(
      buyer,
      await body([
        [RICE, 1],
        [RICE_5, 1],
      ]),
    );
    const missing = await markMissing(refunded);
    expect(missing.statusCode, missing.body).toBe(200);
    const refundedRow = await paymentOf(refunded);
    const [theirs] = await db()
      .select()
      .from(testpayPayments)
      .where(eq(testpayPayments.id, row.providerPaymentId!));
    // The provider took the order's money a second time, an hour ago; and has the other payment's
    // refund as never made.
    await db()
      .insert(testpayPayments)
      .values({
        ...theirs!,
        id: 'pay_TakenTwice01',
        createdAt: new Date(t.clock.now().getTime() - 3_600_000),
        webhookNextAt: null,
      });
    await db()
      .update(testpayPayments)
      .set({ amountRefundedPaise: 0, status: 'captured' })
      .where(eq(testpayPayments.id, refundedRow.providerPaymentId!));

    const open = await checkNow();
    expect(
      open.filter((c) => c.held).map((c) => [c.rule, c.subject, c.expectedPaise, c.actualPaise]),
    ).toEqual(
      expect.arrayContaining([
        ['provider_payment_unknown', 'pay_TakenTwice01', 0, row.amountPaise],
        ['provider_refund_missing', refundedRow.providerPaymentId, refundedRow.refundedPaise, 0],
      ]),
    );
    expect(open.find((c) => c.subject === 'pay_TakenTwice01')?.orderId).toBe(order.id);
    // Petti's books are as they were: one payment for the order, the refund it made.
    expect(await paymentOf(order)).toEqual(row);
    expect(await paymentOf(refunded)).toEqual(refundedRow);
    // Dealt with by an operator, they stay dealt with on the next run.
    for (const c of open) await services().money.checks.clear(c.id, 'test');
    expect(await checkNow()).toEqual([]);
  });
});
