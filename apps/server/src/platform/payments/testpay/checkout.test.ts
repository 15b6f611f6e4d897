import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpUser } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { buyPlan, confirm, signPayment } from '../../../test/payment-helpers.ts';
import { safeReturnPath, withQuery } from './return-path.ts';
import { testpayOrders, testpayPayments } from './schema.ts';

const SECRET = 'a-testpay-secret-for-this-suite';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { TESTPAY_KEY_SECRET: SECRET, TESTPAY_KEY_ID: 'testpay_suite' } });
});
afterAll(() => t.close());

const checkoutUrl = (orderId: string, query: Record<string, string>) =>
  `/api/payments/testpay/checkout/${orderId}?${new URLSearchParams(query)}`;

function submit(orderId: string, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/testpay/checkout/${orderId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** The page's form, read as a browser would: its action and hidden fields. */
function formOf(html: string) {
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      m[2]!.replaceAll('&amp;', '&'),
    ]),
  );
  return { action, hidden };
}

describe('the testpay checkout page', () => {
  it('takes a plan from checkout to confirmation, end to end', async () => {
    const user = await signUpUser(t.app);
    const { payment, subscription } = await buyPlan(t, user.tokens.accessToken, 'delivery-pass');
    expect(payment.keyId).toBe('testpay_suite');

    const page = await t.app.inject({
      method: 'GET',
      url: checkoutUrl(payment.providerOrderId, { return: '/subscribed?from=checkout' }),
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    expect(html).toContain('<title>Petti test payment · ₹149</title>');
    expect(html).toContain('Test mode: no money moves.');
    expect(html).toContain('Delivery Pass plan, 30 days');
    expect(html).toContain('Pay ₹149');
    expect(html).toContain('name="method" value="card" checked');
    expect(html).toContain('name="method" value="upi"');
    expect(html).toContain('name="outcome" value="failure"');
    expect(html).toContain('#F26B1D');
    expect(html).toContain('name="viewport"');
    expect(html).not.toMatch(/<script|onclick=|javascript:/i);
    const { action, hidden } = formOf(html);
    expect(action).toBe(`/api/payments/testpay/checkout/${payment.providerOrderId}`);
    expect(hidden).toEqual({ return: '/subscribed?from=checkout', lang: 'en' });

    const paid = await submit(payment.providerOrderId, { ...hidden, method: 'upi', outcome: 'success' });
    expect(paid.statusCode).toBe(303);
    const location = new URL(paid.headers.location as string, 'http://app.invalid');
    expect(location.origin).toBe('http://app.invalid');
    expect(location.pathname).toBe('/subscribed');
    const q = Object.fromEntries(location.searchParams);
    expect(q).toEqual({
      from: 'checkout',
      razorpay_order_id: payment.providerOrderId,
      razorpay_payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // Signed exactly as Razorpay signs, with TESTPAY_KEY_SECRET.
    expect(q.razorpay_signature).toBe(signPayment(q.razorpay_order_id!, q.razorpay_payment_id!, SECRET));

    const confirmed = await confirm(t, user.tokens.accessToken, payment.id, {
      providerOrderId: q.razorpay_order_id!,
      providerPaymentId: q.razorpay_payment_id!,
      signature: q.razorpay_signature!,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      payment: { status: 'captured', method: 'upi' },
      granted: { id: subscription.id, status: 'active' },
    });
    // The webhook went out in the background and changed nothing more.
    await t.app.services.testpayWebhooks!.flush();
    const [hooked] = await t.ctx.database.db
      .select()
      .from(testpayPayments)
      .where(eq(testpayPayments.id, q.razorpay_payment_id!));
    expect(hooked).toMatchObject({ webhookAttempts: 1, webhookNextAt: null });
    expect(hooked?.webhookDeliveredAt).toBeInstanceOf(Date);
    const subs = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions',
      headers: authHeaders(user.tokens.accessToken),
    });
    expect(subs.json().subscriptions).toMatchObject([{ id: subscription.id, status: 'active' }]);

    // Back on the page later: already paid, and paying again is refused.
    const again = await t.app.inject({
      method: 'GET',
      url: checkoutUrl(payment.providerOrderId, { return: '/subscribed' }),
    });
    expect(again.body).toContain('Already paid');
    const twice = await submit(payment.providerOrderId, {
      return: '/subscribed',
      method: 'card',
      outcome: 'success',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('sends a failure back with payment_error, and nothing is granted', async () => {
    const user = await signUpUser(t.app);
    const { payment } = await buyPlan(t, user.tokens.accessToken, 'locker-lite');
    const failed = await submit(payment.providerOrderId, {
      return: '/subscription',
      method: 'card',
      outcome: 'failure',
    });
    expect(failed.statusCode).toBe(303);
    const location = new URL(failed.headers.location as string, 'http://app.invalid');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      payment_error: 'payment_failed',
      razorpay_order_id: payment.providerOrderId,
    });
    await t.app.services.testpayWebhooks!.flush();
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${payment.id}`,
      headers: authHeaders(user.tokens.accessToken),
    });
    expect(detail.json()).toMatchObject({ status: 'failed', capturedAt: null });
    const subs = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions',
      headers: authHeaders(user.tokens.accessToken),
    });
    expect(subs.json().subscriptions).toEqual([]);
    // The page offers the order again, as Razorpay lets a payer retry.
    const retry = await t.app.inject({
      method: 'GET',
      url: checkoutUrl(payment.providerOrderId, { return: '/subscription' }),
    });
    expect(retry.body).toContain('Pay ₹99');
  });

  it('speaks Tamil with ?lang=ta and links to the other language and back', async () => {
    const user = await signUpUser(t.app);
    const { payment } = await buyPlan(t, user.tokens.accessToken, 'locker-plus');
    const page = await t.app.inject({
      method: 'GET',
      url: checkoutUrl(payment.providerOrderId, { return: '/subscription', lang: 'ta' }),
    });
    expect(page.body).toContain('<html lang="ta">');
    expect(page.body).toContain('Petti சோதனைக் கட்டணம்');
    expect(page.body).toContain('உண்மையான பணம் எதுவும் பரிமாறப்படாது');
    expect(page.body).toContain('லாக்கர் பிளஸ் திட்டம், 30 நாட்கள்');
    expect(page.body).toContain('₹349 செலுத்து');
    expect(formOf(page.body).hidden.lang).toBe('ta');
    expect(page.body).toContain(`?return=%2Fsubscription&amp;lang=en`);
    const cancel = /<a href="([^"]+)">ரத்துசெய்து திரும்பு<\/a>/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    expect(cancel).toBe(
      `/subscription?payment_error=payment_cancelled&razorpay_order_id=${payment.providerOrderId}`,
    );
  });

  it('refuses every return address that is not a path of Petti’s own (no open redirect)', async () => {
    const user = await signUpUser(t.app);
    const { payment } = await buyPlan(t, user.tokens.accessToken, 'locker-lite');
    const hostile = [
      'https://evil.example/phish',
      '//evil.example/phish',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'evil.example/x',
      '/ok\r\nSet-Cookie: a=b',
      '',
    ];
    for (const ret of hostile) {
      const page = await t.app.inject({
        method: 'GET',
        url: checkoutUrl(payment.providerOrderId, { return: ret }),
      });
      expect(page.statusCode, ret).toBe(400);
      expect(page.body).toContain('This link is not valid');
      const post = await submit(payment.providerOrderId, { return: ret, method: 'card', outcome: 'success' });
      expect(post.statusCode, ret).toBe(400);
      expect(post.headers.location).toBeUndefined();
    }
    const noReturn = await t.app.inject({
      method: 'GET',
      url: `/api/payments/testpay/checkout/${payment.providerOrderId}`,
    });
    expect(noReturn.statusCode).toBe(400);
    // Nothing was paid by any of those.
    const [order] = await t.ctx.database.db
      .select()
      .from(testpayOrders)
      .where(eq(testpayOrders.id, payment.providerOrderId));
    expect(order?.status).toBe('created');
  });

  it('answers an unknown order with a page, not a stack trace', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: checkoutUrl('order_Nope0000000000', { return: '/' }),
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Payment not found');
    const post = await submit('order_Nope0000000000', { return: '/', method: 'card', outcome: 'success' });
    expect(post.statusCode).toBe(404);
  });

  it('delivers its webhook over HTTP to the server’s own port when listening', async () => {
    const served = await buildTestApp({ env: { TESTPAY_KEY_SECRET: SECRET } });
    try {
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await signUpUser(served.app);
      const { payment } = await buyPlan(served, user.tokens.accessToken, 'locker-lite');
      const paid = await served.app.inject({
        method: 'POST',
        url: `/api/payments/testpay/checkout/${payment.providerOrderId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'return=%2Fsubscribed&method=card&outcome=success',
      });
      expect(paid.statusCode).toBe(303);
      await served.app.services.testpayWebhooks!.flush();
      const detail = await served.app.inject({
        method: 'GET',
        url: `/api/payments/${payment.id}`,
        headers: authHeaders(user.tokens.accessToken),
      });
      expect(detail.json()).toMatchObject({ status: 'captured', method: 'card' });
    } finally {
      await served.close();
    }
  });
});

describe('return paths', () => {
  it('keep same-origin paths and their query, and refuse the rest', () => {
    expect(safeReturnPath('/subscribed')).toBe('/subscribed');
    expect(safeReturnPath('/booking/bus-stand?size=M#x')).toBe('/booking/bus-stand?size=M');
    expect(safeReturnPath('/search?q=a b')).toBe('/search?q=a%20b');
    expect(safeReturnPath('/a/../../b')).toBe('/b');
    for (const bad of [
      '//x.example',
      '/\\x.example',
      'https://x.example',
      'x',
      '',
      '/\t/x.example',
      42,
      null,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
    expect(withQuery('/subscribed?from=a', { razorpay_order_id: 'order_1', from: 'b' })).toBe(
      '/subscribed?from=b&razorpay_order_id=order_1',
    );
  });
});
