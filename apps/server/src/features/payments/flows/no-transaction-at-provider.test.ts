import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../../platform/payments/payment-provider.ts';
import { signUpUser } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { bookAndPay, heartbeatAll, shopper } from '../../../test/locker-helpers.ts';
import { line, placed } from '../../../test/order-helpers.ts';
import {
  buyPlan,
  confirm,
  payAtTestpay,
  postWebhook,
  testpayOf,
  webhookOf,
} from '../../../test/payment-helpers.ts';

let t: TestApp;
let open = 0;
/** Provider methods called while a database transaction was open. */
const violations: string[] = [];
/** Every provider method called, so a case that never reached the provider cannot pass by accident. */
const calls: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await heartbeatAll(t);
  const db = t.ctx.database.db;
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<typeof transaction>) => {
    open += 1;
    try {
      return await transaction(...args);
    } finally {
      open -= 1;
    }
  }) as typeof db.transaction;
  const provider = testpayOf(t).testpay as unknown as Record<string, unknown>;
  const methods: Array<keyof PaymentProvider> = [
    'createOrder',
    'verifyPaymentSignature',
    'verifyWebhookSignature',
    'fetchPayment',
    'capture',
    'refund',
  ];
  for (const name of methods) {
    const original = provider[name] as (...a: unknown[]) => unknown;
    provider[name] = (...a: unknown[]) => {
      calls.push(name);
      if (open > 0) violations.push(name);
      return original.apply(provider, a);
    };
  }
});
beforeEach(() => {
  violations.length = 0;
  calls.length = 0;
});
afterAll(() => t.close());

describe('no database transaction is open while the payment provider is called', () => {
  it('buying a plan, confirming it, and its webhook', async () => {
    const user = await signUpUser(t.app);
    const bought = await buyPlan(t, user.tokens.accessToken, 'locker-plus');
    const { row, ...paid } = await payAtTestpay(t, bought.payment);
    violations.length = 0;
    expect((await confirm(t, user.tokens.accessToken, bought.payment.id, paid)).statusCode).toBe(200);
    const hook = await webhookOf(t, row.id);
    expect((await postWebhook(t, hook.body, hook.signature, hook.eventId)).statusCode).toBe(200);
    expect(violations).toEqual([]);
  });

  it('a webhook capturing a payment the app never confirmed', async () => {
    const user = await signUpUser(t.app);
    const bought = await buyPlan(t, user.tokens.accessToken, 'locker-lite');
    const { row } = await payAtTestpay(t, bought.payment);
    violations.length = 0;
    const hook = await webhookOf(t, row.id);
    expect((await postWebhook(t, hook.body, hook.signature, hook.eventId)).json()).toEqual({
      status: 'applied',
    });
    expect(violations).toEqual([]);
  });

  it('a refund', async () => {
    const user = await signUpUser(t.app);
    const bought = await buyPlan(t, user.tokens.accessToken, 'locker-plus');
    const { row: _row, ...paid } = await payAtTestpay(t, bought.payment);
    expect((await confirm(t, user.tokens.accessToken, bought.payment.id, paid)).statusCode).toBe(200);
    violations.length = 0;
    await t.app.services.payments.refund(bought.payment.id, { amountPaise: 100, reason: 'goodwill' });
    expect(violations).toEqual([]);
  });

  it('a grant refused and refunded in full', async () => {
    const user = await signUpUser(t.app);
    const token = user.tokens.accessToken;
    const lite = await buyPlan(t, token, 'locker-lite');
    const plus = await buyPlan(t, token, 'locker-plus');
    const { row: _a, ...paidLite } = await payAtTestpay(t, lite.payment);
    expect((await confirm(t, token, lite.payment.id, paidLite)).statusCode).toBe(200);
    const { row: _b, ...paidPlus } = await payAtTestpay(t, plus.payment);
    violations.length = 0;
    const refused = await confirm(t, token, plus.payment.id, paidPlus);
    expect(refused.json().error).toMatchObject({ code: 'PaymentNotGranted', refunded: 34_900 });
    expect(violations).toEqual([]);
  });

  it('a locker booking and its payment', async () => {
    const who = await shopper(t);
    violations.length = 0;
    await bookAndPay(t, who, { siteId: 'railway-station', size: 'S', durationHours: 1 });
    expect(calls).toContain('createOrder');
    expect(violations).toEqual([]);
  });

  it('an order and its payment', async () => {
    const who = await shopper(t);
    violations.length = 0;
    // Placed and paid through testpay: the provider's order is opened, then captured.
    const order = await placed(who, {
      sellerId: 'sri-murugan-stores',
      items: [await line(t, 'murugan-safety-matches-1pack', 1)],
      deliveryType: 'curbside',
      vehicleNo: 'tn 67 ab 1234',
    });
    expect(order.state).toBe('placed');
    expect(calls).toContain('createOrder');
    expect(violations).toEqual([]);
  });
});
