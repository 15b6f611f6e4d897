import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 as lowercase hex, the way Razorpay signs payments and webhooks. */
export const hmacHex = (secret: string, data: string | Buffer): string =>
  createHmac('sha256', secret).update(data).digest('hex');

/** What the checkout hands back as `razorpay_signature`: HMAC of `order_id|payment_id` with the key secret. */
export const paymentSignature = (keySecret: string, orderId: string, paymentId: string): string =>
  hmacHex(keySecret, `${orderId}|${paymentId}`);

/** Constant-time comparison of a computed hex signature with one from outside. */
export function signaturesMatch(expectedHex: string, given: string): boolean {
  if (typeof given !== 'string' || given.length !== expectedHex.length) return false;
  const a = Buffer.from(expectedHex, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A subscription's checkout signature: HMAC of `payment_id|subscription_id` (the other way round to orders'). */
export const subscriptionSignature = (keySecret: string, subscriptionId: string, paymentId: string): string =>
  hmacHex(keySecret, `${paymentId}|${subscriptionId}`);
