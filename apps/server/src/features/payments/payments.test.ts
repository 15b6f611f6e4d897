import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_ISSUER } from '../../config.ts';
import { testpayPayments } from '../../platform/payments/testpay/schema.ts';
import { authHeaders, signUpUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  buyPlan,
  confirm,
  deliverWebhooks,
  listenTo,
  payAtTestpay,
  postWebhook,
  signBody,
  signPayment,
  webhookOf,
} from '../../test/payment-helpers.ts';
import { subscriptions } from '../plans/schema.ts';
import { paymentEvents, payments } from './schema.ts';

let t: TestApp;
/** Grants recorded by the test handler for `booking` payments: one entry per grant. */
const granted: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  t.app.services.payments.onCaptured('booking', async (_tx, payment) => {
    granted.push(payment.id);
  });
  t.app.services.payments.describe('booking', async (_db, payment) => ({ bookingId: payment.subjectId }));
});
afterAll(() => t.close());

const get = (url: string, accessToken: string) =>
  t.app.inject({ method: 'GET', url, headers: authHeaders(accessToken) });

/** A payment of another purpose, opened the way the lockers feature will open one. */
async function openBookingPayment(
  userId: string,
  amountPaise = 6000,
  purpose: 'booking' | 'extension' = 'booking',
) {
  const service = t.app.services.payments;
  const draft = service.draft({
    userId,
    purpose,
    subjectId: `booking-${randomBytes(4).toString('hex')}`,
    amountPaise,
    taxPaise: Math.round((amountPaise * 18) / 118),
    taxPercent: 18,
    description: { en: 'Locker M, 2 hours', ta: 'லாக்கர் M, 2 மணி நேரம்' },
  });
  // As a flow opens one: the provider's order with no transaction open, then the record.
  const opened = await service.openProviderOrder.run(draft);
  return t.ctx.database.db.transaction((tx) =>
    service.record(tx, draft, opened as { providerOrderId: string }),
  );
}

async function eventsOf(paymentId: string) {
  return t.ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
}

describe('opening a payment', () => {
  it('knows the payment before storing it: the contract is what recording answers', async () => {
    const service = t.app.services.payments;
    const user = await signUpUser(t.app);
    const draft = service.draft({
      userId: user.userId,
      purpose: 'booking',
      subjectId: `booking-${randomBytes(4).toString('hex')}`,
      amountPaise: 4500,
      taxPaise: 686,
      taxPercent: 18,
      description: { en: 'Locker S, 1 hour', ta: 'லாக்கர் S, 1 மணி நேரம்' },
    });
    const opened = await service.openProviderOrder.run(draft);
    const known = service.contract(draft, opened as { providerOrderId: string });
    const recorded = await t.ctx.database.db.transaction((tx) =>
      service.record(tx, draft, opened as { providerOrderId: string }),
    );
    expect(known).toEqual(recorded);
    expect(known).toMatchObject({ id: draft.id, amount: 4500, currency: 'INR' });
  });
});

describe('confirming a payment', () => {
  it('captures with a valid signature and answers the paid thing, in one step', async () => {
    const user = await signUpUser(t.app);
    const heard = await listenTo(t, user.userId);
    const { subscription, payment } = await buyPlan(t, user.tokens.accessToken, 'locker-lite');
    expect(payment).toEqual({
      id: expect.any(String),
      provider: 'testpay',
      providerOrderId: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amount: 9900,
      currency: 'INR',
      keyId: 'testpay_key',
    });
    expect(subscription.status).toBe('pending');
    const paid = await payAtTestpay(t, payment, 'success', 'upi');
    const { row: _row, ...body } = paid;
    const res = await confirm(t, user.tokens.accessToken, payment.id, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.payment).toMatchObject({
      id: payment.id,
      status: 'captured',
      method: 'upi',
      amount: 9900,
      tax: 1510,
      providerPaymentId: paid.providerPaymentId,
      purpose: 'plan',
      subjectId: subscription.id,
    });
    expect(answer.granted).toMatchObject({
      id: subscription.id,
      status: 'active',
      startsAt: t.clock.now().toISOString(),
      endsAt: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    });
    await vi.waitFor(() => expect(heard.names()).toEqual(['subscriptionActivated', 'paymentCaptured']));
    expect(heard.events[1]).toMatchObject({
      event: 'paymentCaptured',
      data: { id: payment.id, code: 'paymentCaptured', message: 'Payment received.', purpose: 'plan' },
      SessionID: expect.any(String),
    });
    await heard.stop();
  });

  it('answers the same when confirmed again and changes nothing', async () => {
    const user = await signUpUser(t.app);
    const { payment } = await openBookingPayment(user.userId).then((p) => ({ payment: p }));
    const { row: _row, ...body } = await payAtTestpay(t, payment);
    const first = await confirm(t, user.tokens.accessToken, payment.id, body);
    const second = await confirm(t, user.tokens.accessToken, payment.id, body);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(first.json().granted).toEqual({ bookingId: expect.stringMatching(/^booking-/) });
    expect(granted.filter((id) => id === payment.id)).toHaveLength(1);
    expect((await eventsOf(payment.id)).map((e) => e.outcome).sort()).toEqual(['applied']);
  });

  it('refuses a forged signature with PaymentSignatureInvalid, logs it and grants nothing', async () => {
    const user = await signUpUser(t.app);
    const { subscription, payment } = await buyPlan(t, user.tokens.accessToken, 'delivery-pass');
    const paid = await payAtTestpay(t, payment);
    const forgeries = [
      signPayment(payment.providerOrderId, paid.providerPaymentId, 'some-other-secret-entirely'),
      'f'.repeat(64),
      paid.signature.toUpperCase(),
      'not even hex',
    ];
    for (const signature of forgeries) {
      const res = await confirm(t, user.tokens.accessToken, payment.id, {
        providerOrderId: payment.providerOrderId,
        providerPaymentId: paid.providerPaymentId,
        signature,
      });
      expect(res.statusCode, signature).toBe(400);
      expect(res.json().error.code).toBe('PaymentSignatureInvalid');
    }
    // A real signature for a different payment id does not fit either.
    const swapped = await confirm(t, user.tokens.accessToken, payment.id, {
      providerOrderId: payment.providerOrderId,
      providerPaymentId: 'pay_Forged00000000',
      signature: paid.signature,
    });
    expect(swapped.json().error.code).toBe('PaymentSignatureInvalid');
    const [row] = await t.ctx.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'created', providerPaymentId: null });
    const [sub] = await t.ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(sub?.status).toBe('pending');
    const logged = await eventsOf(payment.id);
    expect(logged).toHaveLength(5);
    expect(logged.every((e) => e.outcome === 'refused' && e.source === 'confirm')).toBe(true);
  });

  it('refuses a valid signature replayed from another payment', async () => {
    const user = await signUpUser(t.app);
    const a = await openBookingPayment(user.userId);
    const b = await openBookingPayment(user.userId);
    const { row: _row, ...paidA } = await payAtTestpay(t, a);
    // A's whole answer sent to B's confirm, and A's ids and signature with B's order id.
    const replayed = await confirm(t, user.tokens.accessToken, b.id, paidA);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.code).toBe('PaymentSignatureInvalid');
    const mixed = await confirm(t, user.tokens.accessToken, b.id, {
      ...paidA,
      providerOrderId: b.providerOrderId,
    });
    expect(mixed.json().error.code).toBe('PaymentSignatureInvalid');
    expect(granted).not.toContain(b.id);
    expect((await confirm(t, user.tokens.accessToken, a.id, paidA)).statusCode).toBe(200);
  });

  it('refuses a valid signature for a payment the provider does not have, or one for another order', async () => {
    const user = await signUpUser(t.app);
    const p = await openBookingPayment(user.userId);
    // The key secret is known (a leaked or development one): the signature checks, the payment does not exist.
    const invented = 'pay_Invented000000';
    const res = await confirm(t, user.tokens.accessToken, p.id, {
      providerOrderId: p.providerOrderId,
      providerPaymentId: invented,
      signature: signPayment(p.providerOrderId, invented),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('PaymentSignatureInvalid');
    // A real payment of another order, signed for this one.
    const other = await openBookingPayment(user.userId);
    const paidOther = await payAtTestpay(t, other);
    const moved = await confirm(t, user.tokens.accessToken, p.id, {
      providerOrderId: p.providerOrderId,
      providerPaymentId: paidOther.providerPaymentId,
      signature: signPayment(p.providerOrderId, paidOther.providerPaymentId),
    });
    expect(moved.json().error.code).toBe('PaymentSignatureInvalid');
    expect(granted).not.toContain(p.id);
    const [row] = await t.ctx.database.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row).toMatchObject({ status: 'created', providerPaymentId: null });
  });

  it('never takes an amount from the client', async () => {
    const user = await signUpUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: authHeaders(user.tokens.accessToken),
      payload: { planId: 'locker-plus', amount: 100 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'Validation', field: 'body.amount' });
    const p = await openBookingPayment(user.userId);
    const { row: _row, ...body } = await payAtTestpay(t, p);
    const withAmount = await confirm(t, user.tokens.accessToken, p.id, { ...body, amount: 1 } as typeof body);
    expect(withAmount.statusCode).toBe(400);
    expect(withAmount.json().error.field).toBe('body.amount');
  });
});

describe('another user', () => {
  it('can neither see nor confirm someone else’s payment', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const payment = await openBookingPayment(owner.userId);
    const { row: _row, ...body } = await payAtTestpay(t, payment);
    const seen = await get(`/api/payments/${payment.id}`, other.tokens.accessToken);
    expect(seen.statusCode).toBe(404);
    expect(seen.json().error.code).toBe('ResourceNotFound');
    const confirmed = await confirm(t, other.tokens.accessToken, payment.id, body);
    expect(confirmed.statusCode).toBe(404);
    expect((await get('/api/payments', other.tokens.accessToken)).json().items).toEqual([]);
    expect((await get(`/api/payments/${payment.id}`, owner.tokens.accessToken)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${payment.id}` })).statusCode).toBe(401);
  });
});

describe('webhooks', () => {
  it('capture a payment the app never came back to confirm', async () => {
    const user = await signUpUser(t.app);
    const { subscription, payment } = await buyPlan(t, user.tokens.accessToken, 'locker-plus');
    await payAtTestpay(t, payment);
    await deliverWebhooks(t);
    const mine = await get('/api/subscriptions', user.tokens.accessToken);
    expect(mine.json().subscriptions).toMatchObject([
      { id: subscription.id, status: 'active', lockerHoursLeft: 40 },
    ]);
    const detail = (await get(`/api/payments/${payment.id}`, user.tokens.accessToken)).json();
    expect(detail).toMatchObject({ status: 'captured', method: 'card' });
  });

  it('refuse a forged or unsigned webhook, log it and change nothing', async () => {
    const user = await signUpUser(t.app);
    const payment = await openBookingPayment(user.userId);
    const paid = await payAtTestpay(t, payment);
    const hook = await webhookOf(t, paid.providerPaymentId);
    const forged = await postWebhook(
      t,
      hook.body,
      signBody(hook.body, 'not-the-testpay-secret'),
      hook.eventId,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('WebhookSignatureInvalid');
    const tampered = hook.body.replace('"amount":6000', '"amount":1');
    expect((await postWebhook(t, tampered, hook.signature, 'evt_tampered')).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/testpay',
      headers: { 'content-type': 'application/json' },
      payload: hook.body,
    });
    expect(unsigned.statusCode).toBe(400);
    const [row] = await t.ctx.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe('created');
    const refused = await t.ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.kind, 'unverified'));
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.every((e) => e.outcome === 'refused' && e.bodyHash === null)).toBe(true);
    // The genuine one still goes through afterwards.
    expect((await postWebhook(t, hook.body, hook.signature, hook.eventId)).json()).toEqual({
      status: 'applied',
    });
    await t.app.services.testpayWebhooks!.flush();
  });

  it('ignore a replay: the same event id, or the same body under a new id', async () => {
    const user = await signUpUser(t.app);
    const payment = await openBookingPayment(user.userId);
    const paid = await payAtTestpay(t, payment);
    const hook = await webhookOf(t, paid.providerPaymentId);
    expect((await postWebhook(t, hook.body, hook.signature, hook.eventId)).json()).toEqual({
      status: 'applied',
    });
    expect((await postWebhook(t, hook.body, hook.signature, hook.eventId)).json()).toEqual({
      status: 'duplicate',
    });
    expect((await postWebhook(t, hook.body, hook.signature, 'evt_SomethingNew1')).json()).toEqual({
      status: 'duplicate',
    });
    expect((await postWebhook(t, hook.body, hook.signature)).json()).toEqual({ status: 'duplicate' });
    expect(granted.filter((id) => id === payment.id)).toHaveLength(1);
  });

  it('answer 404 for an unknown provider and ignore orders that are not Petti’s', async () => {
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: 'pay_NotOurs0000000', order_id: 'order_NotOurs000000', amount: 100 } },
      },
    });
    expect((await postWebhook(t, body, signBody(body), undefined, 'stripe')).statusCode).toBe(404);
    expect((await postWebhook(t, body, signBody(body))).json()).toEqual({ status: 'ignored' });
    const other = JSON.stringify({ event: 'settlement.processed', payload: {} });
    expect((await postWebhook(t, other, signBody(other))).json()).toEqual({ status: 'ignored' });
  });
});

describe('a failed payment', () => {
  it('leaves nothing granted and says so; a later attempt on the same order can still succeed', async () => {
    const user = await signUpUser(t.app);
    const heard = await listenTo(t, user.userId);
    const { subscription, payment } = await buyPlan(t, user.tokens.accessToken, 'delivery-pass');
    const failedAttempt = await payAtTestpay(t, payment, 'failure', 'upi');
    await deliverWebhooks(t);
    const detail = (await get(`/api/payments/${payment.id}`, user.tokens.accessToken)).json();
    expect(detail).toMatchObject({
      status: 'failed',
      method: 'upi',
      failureReason: 'The payer chose to fail this test payment.',
      capturedAt: null,
    });
    const [sub] = await t.ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(sub).toMatchObject({ status: 'failed', startsAt: null, endsAt: null });
    expect((await get('/api/subscriptions', user.tokens.accessToken)).json().subscriptions).toEqual([]);
    const history = (await get('/api/payments?purpose=plans', user.tokens.accessToken)).json();
    expect(history.items).toMatchObject([{ id: payment.id, status: 'failed' }]);
    await vi.waitFor(() => expect(heard.names()).toEqual(['paymentFailed']));
    expect(heard.events[0]?.data).toMatchObject({ id: payment.id, message: 'The payment failed.' });

    // The failed attempt's replay cannot undo anything; a new attempt on the same order succeeds.
    const { row: _row, ...retry } = await payAtTestpay(t, payment, 'success', 'card');
    const ok = await confirm(t, user.tokens.accessToken, payment.id, retry);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().granted.status).toBe('active');
    const hook = await webhookOf(t, failedAttempt.providerPaymentId);
    expect((await postWebhook(t, hook.body, hook.signature, `${hook.eventId}x`)).json().status).toBe(
      'duplicate',
    );
    const late = JSON.stringify({ ...JSON.parse(hook.body), created_at: 1 });
    expect((await postWebhook(t, late, signBody(late), 'evt_LateFailure01')).json()).toEqual({
      status: 'ignored',
    });
    expect((await get(`/api/payments/${payment.id}`, user.tokens.accessToken)).json().status).toBe(
      'captured',
    );
    await deliverWebhooks(t);
    await heard.stop();
  });
});

describe('the client and the webhook racing', () => {
  it('capture exactly once and grant exactly once, whoever wins', async () => {
    const user = await signUpUser(t.app);
    const heard = await listenTo(t, user.userId);
    const opened = await Promise.all([1, 2, 3, 4, 5].map(() => openBookingPayment(user.userId)));
    for (const payment of opened) {
      const { row: _row, ...body } = await payAtTestpay(t, payment);
      const hook = await webhookOf(t, body.providerPaymentId);
      const answers = await Promise.all([
        confirm(t, user.tokens.accessToken, payment.id, body),
        postWebhook(t, hook.body, hook.signature, hook.eventId),
        confirm(t, user.tokens.accessToken, payment.id, body),
        postWebhook(t, hook.body, hook.signature, hook.eventId),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(answers[0]!.json()).toEqual(answers[2]!.json());
      expect(answers[0]!.json().payment.status).toBe('captured');
      expect([answers[1]!.json().status, answers[3]!.json().status].sort()).toEqual(
        expect.arrayContaining([expect.stringMatching(/applied|ignored|duplicate/)]),
      );
      expect(granted.filter((id) => id === payment.id)).toHaveLength(1);
      const applied = (await eventsOf(payment.id)).filter((e) => e.outcome === 'applied');
      expect(applied).toHaveLength(1);
    }
    await vi.waitFor(() => expect(heard.names().filter((n) => n === 'paymentCaptured')).toHaveLength(5));
    await heard.stop();
    await t.app.services.testpayWebhooks!.flush();
  });

  it('activate a plan once when both land together', async () => {
    const user = await signUpUser(t.app);
    const { subscription, payment } = await buyPlan(t, user.tokens.accessToken, 'locker-lite');
    const { row: _row, ...body } = await payAtTestpay(t, payment);
    const hook = await webhookOf(t, body.providerPaymentId);
    const [viaApp] = await Promise.all([
      confirm(t, user.tokens.accessToken, payment.id, body),
      postWebhook(t, hook.body, hook.signature, hook.eventId),
    ]);
    expect(viaApp.json().granted).toMatchObject({ id: subscription.id, status: 'active' });
    const subs = (await get('/api/subscriptions', user.tokens.accessToken)).json().subscriptions;
    expect(subs).toHaveLength(1);
  });
});

describe('refunds', () => {
  it('refund in part, then the rest, through the provider; a full refund ends the plan', async () => {
    const user = await signUpUser(t.app);
    const heard = await listenTo(t, user.userId);
    const { subscription, payment } = await buyPlan(t, user.tokens.accessToken, 'locker-plus');
    const { row: _row, ...body } = await payAtTestpay(t, payment);
    expect((await confirm(t, user.tokens.accessToken, payment.id, body)).statusCode).toBe(200);
    const { payments: service } = t.app.services;

    t.clock.advance(60_000);
    const part = await service.refund(payment.id, { amountPaise: 4900, reason: 'goodwill' });
    expect(part).toMatchObject({ status: 'partially_refunded', refunded: 4900 });
    expect((await get('/api/subscriptions', user.tokens.accessToken)).json().subscriptions[0].status).toBe(
      'active',
    );
    await expect(
      service.refund(payment.id, { amountPaise: 30_001, reason: 'too much' }),
    ).rejects.toMatchObject({
      code: 'PaymentNotRefundable',
    });
    t.clock.advance(60_000);
    const rest = await service.refund(payment.id, { reason: 'cancelled by the user' });
    expect(rest).toMatchObject({ status: 'refunded', refunded: 34_900 });
    expect(rest.refunds.map((r) => r.amount)).toEqual([4900, 30_000]);
    await expect(service.refund(payment.id, { reason: 'again' })).rejects.toMatchObject({
      code: 'PaymentNotRefundable',
    });
    const [atProvider] = await t.ctx.database.db
      .select()
      .from(testpayPayments)
      .where(eq(testpayPayments.id, body.providerPaymentId));
    expect(atProvider).toMatchObject({ status: 'refunded', amountRefundedPaise: 34_900 });
    const [sub] = await t.ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(sub?.status).toBe('cancelled');
    expect((await get('/api/subscriptions', user.tokens.accessToken)).json().subscriptions).toEqual([]);
    const receipt = (await get(`/api/payments/${payment.id}`, user.tokens.accessToken)).json();
    expect(receipt.receipt).toMatchObject({ total: 34_900, refunded: 34_900 });
    await vi.waitFor(() =>
      expect(heard.names()).toEqual([
        'subscriptionActivated',
        'paymentCaptured',
        'paymentRefunded',
        'paymentRefunded',
      ]),
    );
    await heard.stop();
    // Each refund is kept for the user, newest first, after the plan's activation.
    const kept = (await get('/api/notifications', user.tokens.accessToken)).json();
    expect(kept.items.map((n: { kind: string; title: { en: string } }) => [n.kind, n.title.en])).toEqual([
      ['paymentRefunded', '₹300 refunded'],
      ['paymentRefunded', '₹49 refunded'],
      ['subscriptionActivated', 'Locker Plus is active'],
    ]);
    expect(kept.items[0].body.en).toBe(
      'Locker Plus plan, 30 days. Banks usually show it within 5–7 working days.',
    );
    expect(kept.items[0].data).toMatchObject({ paymentId: payment.id, purpose: 'plan', amount: 30_000 });
  });

  it('refuse to refund a payment that was never captured', async () => {
    const user = await signUpUser(t.app);
    const payment = await openBookingPayment(user.userId);
    await expect(t.app.services.payments.refund(payment.id, { reason: 'x' })).rejects.toMatchObject({
      code: 'PaymentNotRefundable',
    });
  });
});

describe('payment history and receipts', () => {
  it('lists only the caller’s attempted payments, newest first, a page at a time, by filter', async () => {
    const user = await signUpUser(t.app);
    const opened: string[] = [];
    for (const purpose of ['booking', 'extension', 'booking', 'extension', 'booking'] as const) {
      t.clock.advance(60_000);
      const p = await openBookingPayment(user.userId, 5000, purpose);
      await payAtTestpay(t, p, purpose === 'extension' ? 'failure' : 'success');
      opened.push(p.id);
    }
    await deliverWebhooks(t);
    // A payment never attempted stays out of the history.
    await openBookingPayment(user.userId);
    t.clock.advance(60_000);
    const plan = await buyPlan(t, user.tokens.accessToken, 'delivery-pass');
    const { row: _row, ...body } = await payAtTestpay(t, plan.payment);
    await confirm(t, user.tokens.accessToken, plan.payment.id, body);

    const page1 = (await get('/api/payments?pageSize=4', user.tokens.accessToken)).json();
    expect(page1).toMatchObject({ page: 1, pageSize: 4, total: 6, hasMore: true });
    expect(page1.items.map((i: { id: string }) => i.id)).toEqual([
      plan.payment.id,
      ...opened.slice(2).reverse(),
    ]);
    const page2 = (await get('/api/payments?pageSize=4&page=2', user.tokens.accessToken)).json();
    expect(page2).toMatchObject({ total: 6, hasMore: false });
    expect(page2.items.map((i: { id: string }) => i.id)).toEqual(opened.slice(0, 2).reverse());

    const lockers = (await get('/api/payments?purpose=lockers', user.tokens.accessToken)).json();
    expect(lockers.total).toBe(5);
    expect(lockers.items.map((i: { status: string }) => i.status)).toEqual([
      'captured',
      'failed',
      'captured',
      'failed',
      'captured',
    ]);
    expect((await get('/api/payments?purpose=plans', user.tokens.accessToken)).json().total).toBe(1);
    expect((await get('/api/payments?purpose=orders', user.tokens.accessToken)).json().total).toBe(0);
    expect((await get('/api/payments?purpose=extension', user.tokens.accessToken)).json().total).toBe(2);
    expect((await get('/api/payments?purpose=refunds', user.tokens.accessToken)).statusCode).toBe(400);
    expect((await get('/api/payments?pageSize=500', user.tokens.accessToken)).statusCode).toBe(400);
    expect(page1.items[0]).toMatchObject({
      purpose: 'plan',
      description: { en: 'Delivery Pass plan, 30 days', ta: 'டெலிவரி பாஸ் திட்டம், 30 நாட்கள்' },
      amount: 14_900,
      tax: 2273,
      status: 'captured',
      method: 'card',
      receiptNumber: expect.stringMatching(/^PT\d{8}$/),
    });
    await deliverWebhooks(t);
  });

  it('gives a receipt with the GST inside the price split into CGST and SGST', async () => {
    const user = await signUpUser(t.app);
    const { payment } = await buyPlan(t, user.tokens.accessToken, 'locker-lite');
    const { row: _row, ...body } = await payAtTestpay(t, payment);
    await confirm(t, user.tokens.accessToken, payment.id, body);
    const receipt = (await get(`/api/payments/${payment.id}`, user.tokens.accessToken)).json();
    expect(receipt).toMatchObject({
      amount: 9900,
      tax: 1510,
      status: 'captured',
      receipt: {
        number: receipt.receiptNumber,
        issuedAt: t.clock.now().toISOString(),
        // Who charged the GST, under which GSTIN, and to whom (the account's name and phone).
        issuer: DEV_ISSUER,
        billedTo: { name: 'Test Shopper', phone: `91${user.phone}` },
        gst: { percent: 18, taxable: 8390, cgst: 755, sgst: 755, total: 1510 },
        total: 9900,
        refunded: 0,
      },
    });
    await deliverWebhooks(t);
  });
});

describe('with Razorpay configured', () => {
  it('verifies Razorpay webhooks with RAZORPAY_WEBHOOK_SECRET, offers no testpay, and lets its checkout load', async () => {
    const rzp = await buildTestApp({
      env: {
        RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
        RAZORPAY_KEY_SECRET: 'thisisasecretkey',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-1',
      },
    });
    try {
      expect(rzp.app.services.testpay).toBeNull();
      const body = JSON.stringify({
        event: 'payment.captured',
        payload: {
          payment: { entity: { id: 'pay_29QQoUBi66xm2f', order_id: 'order_9A33XWu170gUtm', amount: 100 } },
        },
      });
      const post = (signature: string, provider = 'razorpay') =>
        rzp.app.inject({
          method: 'POST',
          url: `/api/payments/webhook/${provider}`,
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
          payload: body,
        });
      expect((await post(signBody(body, 'webhook-secret-1'))).json()).toEqual({ status: 'ignored' });
      expect((await post(signBody(body, 'thisisasecretkey'))).statusCode).toBe(400);
      expect((await post(signBody(body), 'testpay')).statusCode).toBe(404);
      const page = await rzp.app.inject({
        method: 'GET',
        url: '/api/payments/testpay/checkout/order_9A33XWu170gUtm?return=/',
      });
      expect(page.statusCode).toBe(404);
      const csp = page.headers['content-security-policy'] as string;
      expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
      expect(csp).toContain('frame-src');
    } finally {
      await rzp.close();
    }
  });
});
