import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { createRazorpayProvider } from './razorpay.ts';

describe('Razorpay signatures', () => {
  // razorpay-python's test suite: key secret `key_secret`, order `fake_order_id`, payment `fake_payment_id`.
  const rzp = createRazorpayProvider({ keyId: 'key_id', keySecret: 'key_secret', webhookSecret: '123456' });

  it('accepts the documented payment signature (HMAC-SHA256 of order_id|payment_id)', () => {
    const documented = 'b2335e3b0801106b84a7faff035df56ecffde06918c9ddd1f0fafbb37a51cc89';
    expect(rzp.verifyPaymentSignature('fake_order_id', 'fake_payment_id', documented)).toBe(true);
    // Computed independently, the way Razorpay's docs describe it.
    const independent = createHmac('sha256', 'key_secret')
      .update('fake_order_id|fake_payment_id')
      .digest('hex');
    expect(independent).toBe(documented);
  });

  it('refuses forged, swapped, truncated and empty payment signatures', () => {
    const good = 'b2335e3b0801106b84a7faff035df56ecffde06918c9ddd1f0fafbb37a51cc89';
    const flipped = `${good.slice(0, -1)}${good.endsWith('9') ? '8' : '9'}`;
    expect(rzp.verifyPaymentSignature('fake_order_id', 'fake_payment_id', flipped)).toBe(false);
    expect(rzp.verifyPaymentSignature('fake_payment_id', 'fake_order_id', good)).toBe(false);
    expect(rzp.verifyPaymentSignature('other_order_id', 'fake_payment_id', good)).toBe(false);
    expect(rzp.verifyPaymentSignature('fake_order_id', 'fake_payment_id', good.slice(0, 32))).toBe(false);
    expect(rzp.verifyPaymentSignature('fake_order_id', 'fake_payment_id', good.toUpperCase())).toBe(false);
    expect(rzp.verifyPaymentSignature('fake_order_id', 'fake_payment_id', '')).toBe(false);
    const otherSecret = createRazorpayProvider({ keyId: 'key_id', keySecret: 'another_secret' });
    expect(otherSecret.verifyPaymentSignature('fake_order_id', 'fake_payment_id', good)).toBe(false);
  });

  it('accepts the documented webhook signature over the raw body and nothing else', () => {
    // razorpay-node's test suite: body and secret `123456`.
    const body = '{"a":1,"b":2,"c":{"d":3}}';
    const documented = '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc';
    expect(rzp.verifyWebhookSignature(body, documented)).toBe(true);
    expect(rzp.verifyWebhookSignature(Buffer.from(body), documented)).toBe(true);
    expect(rzp.verifyWebhookSignature(body, 'sdfafds')).toBe(false);
    // The same JSON re-serialised with other spacing is not the signed body.
    expect(rzp.verifyWebhookSignature('{"a": 1, "b": 2, "c": {"d": 3}}', documented)).toBe(false);
    const noSecret = createRazorpayProvider({ keyId: 'key_id', keySecret: 'key_secret' });
    expect(noSecret.acceptsWebhooks).toBe(false);
    expect(noSecret.verifyWebhookSignature(body, documented)).toBe(false);
  });
});

describe('Razorpay REST calls', () => {
  const auth = `Basic ${Buffer.from('rzp_test_abc:s3cret').toString('base64')}`;
  const make = (answers: Parameters<typeof fakeFetch>[0]) => {
    const fake = fakeFetch(answers);
    const provider = createRazorpayProvider({
      keyId: 'rzp_test_abc',
      keySecret: 's3cret',
      fetchImpl: fake.impl,
    });
    return { provider, calls: fake.calls };
  };

  it('creates an order with basic auth, amount in paise, receipt and notes', async () => {
    const { provider, calls } = make([
      { status: 200, body: { id: 'order_IluGWxBm9U8zJ8', entity: 'order', amount: 9900, currency: 'INR' } },
    ]);
    const order = await provider.createOrder({
      amountPaise: 9900,
      receipt: 'x'.repeat(50),
      notes: { purpose: 'plan', description: 'd'.repeat(300) },
    });
    expect(order).toEqual({ providerOrderId: 'order_IluGWxBm9U8zJ8', amount: 9900, currency: 'INR' });
    expect(calls[0]).toMatchObject({
      url: 'https://api.razorpay.com/v1/orders',
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: { amount: 9900, currency: 'INR', receipt: 'x'.repeat(40), notes: { purpose: 'plan' } },
    });
    expect((calls[0]!.body as { notes: { description: string } }).notes.description).toHaveLength(256);
  });

  it('fetches a payment, captures it, and refunds in full or in part', async () => {
    const payment = {
      id: 'pay_29QQoUBi66xm2f',
      entity: 'payment',
      amount: 9900,
      currency: 'INR',
      status: 'authorized',
      order_id: 'order_9A33XWu170gUtm',
      method: 'upi',
      amount_refunded: 0,
      error_code: null,
      error_description: null,
    };
    const { provider, calls } = make([
      { status: 200, body: payment },
      { status: 200, body: { ...payment, status: 'captured' } },
      {
        status: 200,
        body: { id: 'rfnd_FgRAHdNOM4ZVbO', entity: 'refund', amount: 9900, status: 'processed' },
      },
      {
        status: 200,
        body: { id: 'rfnd_FgRAHdNOM4ZVbP', entity: 'refund', amount: 500, status: 'processed' },
      },
    ]);
    expect(await provider.fetchPayment('pay_29QQoUBi66xm2f')).toEqual({
      id: 'pay_29QQoUBi66xm2f',
      orderId: 'order_9A33XWu170gUtm',
      status: 'authorized',
      method: 'upi',
      amount: 9900,
      amountRefunded: 0,
      errorCode: null,
      errorDescription: null,
    });
    expect((await provider.capture('pay_29QQoUBi66xm2f', 9900)).status).toBe('captured');
    expect(await provider.refund('pay_29QQoUBi66xm2f')).toEqual({
      refundId: 'rfnd_FgRAHdNOM4ZVbO',
      amount: 9900,
      status: 'processed',
    });
    expect((await provider.refund('pay_29QQoUBi66xm2f', 500)).amount).toBe(500);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f',
      'POST https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/capture',
      'POST https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refund',
      'POST https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refund',
    ]);
    expect(calls[1]!.body).toEqual({ amount: 9900, currency: 'INR' });
    expect(calls[2]!.body).toEqual({});
    expect(calls[3]!.body).toEqual({ amount: 500 });
    expect(calls.every((c) => c.headers.authorization === auth)).toBe(true);
  });

  it('lists payments made since a time, a page at a time, and a payment’s refunds with their receipts', async () => {
    const { provider, calls } = make([
      {
        status: 200,
        body: {
          entity: 'collection',
          count: 1,
          items: [
            {
              id: 'pay_29QQoUBi66xm2f',
              entity: 'payment',
              amount: 9900,
              status: 'refunded',
              order_id: 'order_9A33XWu170gUtm',
              method: 'upi',
              amount_refunded: 9900,
              created_at: 1764000000,
            },
          ],
        },
      },
      {
        status: 200,
        body: {
          entity: 'collection',
          count: 1,
          items: [
            { id: 'rfnd_FgRAHdNOM4ZVbO', entity: 'refund', amount: 9900, status: 'processed', receipt: 'r1' },
          ],
        },
      },
    ]);
    const page = await provider.listPayments({ from: new Date(1763000000_000), skip: 200, count: 500 });
    expect(page).toEqual([
      {
        id: 'pay_29QQoUBi66xm2f',
        orderId: 'order_9A33XWu170gUtm',
        status: 'refunded',
        method: 'upi',
        amount: 9900,
        amountRefunded: 9900,
        errorCode: null,
        errorDescription: null,
        createdAt: new Date(1764000000_000),
      },
    ]);
    expect(await provider.refundsOf('pay_29QQoUBi66xm2f')).toEqual([
      { refundId: 'rfnd_FgRAHdNOM4ZVbO', amount: 9900, status: 'processed', receipt: 'r1' },
    ]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      // At most 100 a page, as Razorpay allows.
      'GET https://api.razorpay.com/v1/payments?from=1763000000&skip=200&count=100',
      'GET https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refunds?count=100',
    ]);
  });

  it('turns refusals and network failures into PaymentProviderError, with Razorpay’s code', async () => {
    const { provider } = make([
      {
        status: 400,
        body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00' } },
      },
      new TypeError('fetch failed'),
      { status: 502, body: 'not json at all' },
    ]);
    const refused = await provider.createOrder({ amountPaise: 1, receipt: 'r', notes: {} }).catch((e) => e);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused).toMatchObject({ provider: 'razorpay', status: 400, code: 'BAD_REQUEST_ERROR' });
    expect(refused.message).toContain('atleast INR 1.00');
    const offline = await provider.fetchPayment('pay_x').catch((e) => e);
    expect(offline).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    const bad = await provider.fetchPayment('pay_y').catch((e) => e);
    expect(bad).toMatchObject({ status: 502 });
  });

  it('gives up after its timeout', async () => {
    const hanging = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as unknown as typeof fetch;
    const provider = createRazorpayProvider({
      keyId: 'rzp_test_abc',
      keySecret: 's3cret',
      fetchImpl: hanging,
      timeoutMs: 50,
    });
    await expect(provider.fetchPayment('pay_slow')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

describe('Razorpay refunds with a receipt', () => {
  const provider = (answers: Parameters<typeof fakeFetch>[0]) => {
    const fake = fakeFetch(answers);
    return {
      calls: fake.calls,
      rzp: createRazorpayProvider({ keyId: 'rzp_test_abc', keySecret: 's3cret', fetchImpl: fake.impl }),
    };
  };

  it('sends our refund id as the receipt, and on a retry answers the refund already made', async () => {
    const first = provider([{ status: 200, body: { id: 'rfnd_A', amount: 500, status: 'processed' } }]);
    expect(await first.rzp.refund('pay_1', 500, { receipt: 'our-refund-1' })).toMatchObject({
      refundId: 'rfnd_A',
    });
    expect(first.calls[0]!.body).toEqual({ amount: 500, receipt: 'our-refund-1' });

    const retry = provider([
      {
        status: 200,
        body: { items: [{ id: 'rfnd_A', amount: 500, status: 'processed', receipt: 'our-refund-1' }] },
      },
    ]);
    expect(await retry.rzp.refund('pay_1', 500, { receipt: 'our-refund-1', retry: true })).toEqual({
      refundId: 'rfnd_A',
      amount: 500,
      status: 'processed',
      receipt: 'our-refund-1',
    });
    expect(retry.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://api.razorpay.com/v1/payments/pay_1/refunds?count=100',
    ]);
  });

  it('on a retry the first try never reached, refunds now', async () => {
    const retry = provider([
      { status: 200, body: { items: [] } },
      { status: 200, body: { id: 'rfnd_B', amount: 500, status: 'processed' } },
    ]);
    expect((await retry.rzp.refund('pay_1', 500, { receipt: 'our-refund-2', retry: true })).refundId).toBe(
      'rfnd_B',
    );
    expect(retry.calls.map((c) => c.method)).toEqual(['GET', 'POST']);
  });
});
