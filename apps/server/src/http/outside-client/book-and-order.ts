import createClient from 'openapi-fetch';
// Generated from /api/docs/json by the test beside this file (openapi-typescript); never committed.
import type { paths } from './petti-api';

/**
 * A client an outside developer would write from Petti's API document alone: its types are generated
 * from `/api/docs/json` and nothing of Petti's own code is imported. It signs a new shopper up, books
 * and pays for a locker, and orders and pays for a shop's goods to a new address, as the document
 * says, through testpay's checkout form. Compiled against the generated types, then run, by
 * outside-client.test.ts.
 */
export async function bookAndOrder(
  baseUrl: string,
  phone: string,
  shop: { sellerId: string; siteId: string },
) {
  const api = createClient<paths>({ baseUrl });
  const fail = (what: string, answer: { error?: unknown; response: Response }): never => {
    throw new Error(`${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  };

  // Sign up, with the code the development SMS outbox kept.
  const up = await api.POST('/api/auth/sign-up', { body: { phone, name: 'Outside Client' } });
  if (!up.data) fail('sign-up', up);
  const outbox = await api.GET('/api/dev/outbox', { params: { query: { phone: `91${phone}` } } });
  const code = outbox.data?.messages[0]?.code;
  if (!code) throw new Error('no code in the outbox');
  const confirmed = await api.POST('/api/auth/confirm-sign-up', { body: { phone, code } });
  const tokens = confirmed.data?.tokens;
  if (!tokens) return fail('confirm sign-up', confirmed);
  const headers = { authorization: `Bearer ${tokens.accessToken}`, 'x-client-id': tokens.clientId };

  /** Pays a payment on testpay's checkout form and hands Petti what the return path got. */
  const pay = async (payment: { id: string; providerOrderId: string }) => {
    const form = await api.POST('/api/payments/testpay/checkout/{providerOrderId}', {
      params: { path: { providerOrderId: payment.providerOrderId } },
      body: { outcome: 'success', method: 'upi', return: '/paid' },
      bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
      parseAs: 'text',
    });
    const back = new URL(form.response.headers.get('location') ?? '', baseUrl).searchParams;
    const providerPaymentId = back.get('razorpay_payment_id');
    const signature = back.get('razorpay_signature');
    if (form.response.status !== 303 || !providerPaymentId || !signature)
      throw new Error(`checkout answered ${form.response.status}`);
    const done = await api.POST('/api/payments/{id}/confirm', {
      params: { path: { id: payment.id } },
      body: { providerOrderId: payment.providerOrderId, providerPaymentId, signature },
      headers,
    });
    if (!done.data) fail('confirm payment', done);
  };

  // A locker for two hours, paid.
  const booked = await api.POST('/api/bookings', {
    body: { siteId: shop.siteId, size: 'M', durationHours: 2 },
    headers: { ...headers, 'idempotency-key': `outside-booking-${phone}` },
  });
  const booking = booked.data;
  if (!booking?.payment) return fail('book', booked);
  await pay(booking.payment);
  const afterPay = await api.GET('/api/bookings/{id}', { params: { path: { id: booking.id } }, headers });
  if (!afterPay.data) return fail('read the booking', afterPay);

  // An address in town, the shop's first product in stock, delivered home, paid.
  const address = await api.POST('/api/addresses', {
    body: { label: 'Home', line1: '4 Outside Street, Sivakasi', lat: 9.456, lng: 77.8 },
    headers,
  });
  if (!address.data) return fail('add an address', address);
  const products = await api.GET('/api/products', { params: { query: { sellerId: shop.sellerId } } });
  const variant = products.data?.products
    .flatMap((p) => p.variants)
    .find((v) => v.alwaysInventory || v.inventory > 0);
  if (!variant) throw new Error('no product in stock');
  const placed = await api.POST('/api/orders', {
    body: {
      sellerId: shop.sellerId,
      items: [{ vrntId: variant.vrntId, quantity: 1, productPrice: variant.productPrice }],
      deliveryType: 'home',
      addressId: address.data.address.id,
    },
    headers: { ...headers, 'idempotency-key': `outside-order-${phone}` },
  });
  const order = placed.data;
  if (!order?.payment) return fail('order', placed);
  await pay(order.payment);
  const afterOrder = await api.GET('/api/orders/{id}', { params: { path: { id: order.id } }, headers });
  if (!afterOrder.data) return fail('read the order', afterOrder);

  return { booking: afterPay.data, order: afterOrder.data };
}
