import { describe, expect, it } from 'vitest';
import {
  parseCheckoutReturn,
  parseMandateReturn,
  stripCheckoutReturn,
  testpayCheckoutUrl,
  testpayMandateUrl,
  withAutoRenewFor,
  withPaymentId,
} from './checkout-return.ts';

describe('checkout return', () => {
  it('adds the payment id to the return path, keeping its own query', () => {
    expect(withPaymentId('/booking/bus-stand?booking=b1', 'p1')).toBe(
      '/booking/bus-stand?booking=b1&paymentId=p1',
    );
    expect(withPaymentId('/subscribed', 'p 2')).toBe('/subscribed?paymentId=p+2');
  });

  it('points testpay at the order with the return path and language', () => {
    expect(testpayCheckoutUrl('order_1', '/subscribed?paymentId=p1', 'ta')).toBe(
      '/api/payments/testpay/checkout/order_1?return=%2Fsubscribed%3FpaymentId%3Dp1&lang=ta',
    );
  });

  it('reads a successful payment', () => {
    expect(
      parseCheckoutReturn(
        '?booking=b1&paymentId=p1&razorpay_order_id=o&razorpay_payment_id=pay&razorpay_signature=s',
      ),
    ).toEqual({
      kind: 'success',
      paymentId: 'p1',
      body: { providerOrderId: 'o', providerPaymentId: 'pay', signature: 's' },
    });
  });

  it('reads a failure and a cancel', () => {
    expect(parseCheckoutReturn('?paymentId=p1&payment_error=payment_failed&razorpay_order_id=o')).toEqual({
      kind: 'error',
      paymentId: 'p1',
      error: 'payment_failed',
    });
    expect(parseCheckoutReturn('?paymentId=p1&payment_error=payment_cancelled')).toMatchObject({
      error: 'payment_cancelled',
    });
  });

  it('ignores pages reached without a checkout, or with values missing', () => {
    expect(parseCheckoutReturn('?booking=b1')).toEqual({ kind: 'none' });
    expect(parseCheckoutReturn('?paymentId=p1&razorpay_order_id=o')).toEqual({ kind: 'none' });
  });

  it('drops only the checkout values from the address', () => {
    expect(stripCheckoutReturn('?booking=b1&paymentId=p1&razorpay_order_id=o&razorpay_signature=s')).toBe(
      '?booking=b1',
    );
    expect(stripCheckoutReturn('?paymentId=p1&payment_error=payment_failed')).toBe('');
  });

  it('sends a mandate to testpay’s page and reads what the authorisation hands back', () => {
    const back = withAutoRenewFor('/subscribed', 's1');
    expect(back).toBe('/subscribed?autoRenewFor=s1');
    expect(testpayMandateUrl('sub_1', back, 'en')).toBe(
      '/api/payments/testpay/subscribe/sub_1?return=%2Fsubscribed%3FautoRenewFor%3Ds1&lang=en',
    );
    expect(
      parseMandateReturn(
        '?autoRenewFor=s1&razorpay_subscription_id=sub_1&razorpay_payment_id=pay&razorpay_signature=x',
      ),
    ).toEqual({
      kind: 'success',
      subscriptionId: 's1',
      body: { providerSubscriptionId: 'sub_1', providerPaymentId: 'pay', signature: 'x' },
    });
    expect(
      parseMandateReturn('?autoRenewFor=s1&payment_error=payment_cancelled&razorpay_subscription_id=sub_1'),
    ).toEqual({
      kind: 'error',
      subscriptionId: 's1',
      error: 'payment_cancelled',
    });
    // A payment's return is not a mandate's, and the other way round.
    expect(parseMandateReturn('?paymentId=p1&razorpay_order_id=o')).toEqual({ kind: 'none' });
    expect(parseCheckoutReturn('?autoRenewFor=s1&razorpay_subscription_id=sub_1')).toEqual({ kind: 'none' });
    expect(
      stripCheckoutReturn('?tab=x&autoRenewFor=s1&razorpay_subscription_id=sub_1&razorpay_signature=x'),
    ).toBe('?tab=x');
  });
});
