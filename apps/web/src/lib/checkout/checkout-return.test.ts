import { describe, expect, it } from 'vitest';
import {
  parseCheckoutReturn,
  stripCheckoutReturn,
  testpayCheckoutUrl,
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
});
