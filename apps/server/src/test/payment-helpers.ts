import { createHmac } from 'node:crypto';
import { type EventPayload, type Payment, type SubscribeResult, TOPICS } from '@petti/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { testpayPayments } from '../platform/payments/testpay/schema.ts';
import { authHeaders } from './auth-helpers.ts';
import type { TestApp } from './helper.ts';

export const DEV_TESTPAY_SECRET = 'testpay_development_secret';

/** Razorpay's payment signature, computed here independently of the code under test. */
export const signPayment = (orderId: string, paymentId: string, secret = DEV_TESTPAY_SECRET) =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

export const signBody = (body: string, secret = DEV_TESTPAY_SECRET) =>
  createHmac('sha256', secret).update(body).digest('hex');

export function testpayOf(t: TestApp) {
  const { testpay, testpayWebhooks } = t.app.services;
  if (!testpay || !testpayWebhooks) throw new Error('these tests need the testpay provider');
  return { testpay, webhooks: testpayWebhooks };
}

export async function buyPlan(t: TestApp, accessToken: string, planId: string): Promise<SubscribeResult> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: authHeaders(accessToken),
    payload: { planId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The payer's choice on testpay's checkout, without the page (the webhook is left pending). */
export async function payAtTestpay(
  t: TestApp,
  payment: Pick<Payment, 'providerOrderId'>,
  outcome: 'success' | 'failure' = 'success',
  method: 'card' | 'upi' = 'card',
) {
  const result = await testpayOf(t).testpay.pay(payment.providerOrderId, { outcome, method });
  if (result.kind !== 'captured' && result.kind !== 'failed')
    throw new Error(`testpay answered ${result.kind}`);
  return {
    providerOrderId: payment.providerOrderId,
    providerPaymentId: result.payment.id,
    signature: result.kind === 'captured' ? result.signature : '',
    row: result.payment,
  };
}

export function confirm(
  t: TestApp,
  accessToken: string,
  paymentId: string,
  body: { providerOrderId: string; providerPaymentId: string; signature: string },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/confirm`,
    headers: authHeaders(accessToken),
    payload: body,
  });
}

/** The webhook testpay would send for one of its payments (the same body and event id every time). */
export async function webhookOf(t: TestApp, providerPaymentId: string) {
  const [row] = await t.ctx.database.db
    .select()
    .from(testpayPayments)
    .where(eq(testpayPayments.id, providerPaymentId));
  if (!row) throw new Error(`no testpay payment ${providerPaymentId}`);
  return testpayOf(t).testpay.webhookFor(row);
}

export function postWebhook(
  t: TestApp,
  body: string,
  signature: string,
  eventId?: string,
  provider = 'testpay',
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/webhook/${provider}`,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      ...(eventId && { 'x-razorpay-event-id': eventId }),
    },
    payload: body,
  });
}

/** Sends every due testpay webhook now and waits for them. */
export async function deliverWebhooks(t: TestApp): Promise<void> {
  const { webhooks } = testpayOf(t);
  await webhooks.flush();
  await webhooks.runDue();
  await webhooks.flush();
}

/** Collects the real-time events published to a user. */
export async function listenTo(t: TestApp, userId: string) {
  const events: EventPayload[] = [];
  const stop = await t.ctx.realtime.subscribe(TOPICS.userEvents(userId), (_topic, payload) => {
    events.push(JSON.parse(payload.toString()) as EventPayload);
  });
  return { events, stop, names: () => events.map((e) => e.event) };
}
