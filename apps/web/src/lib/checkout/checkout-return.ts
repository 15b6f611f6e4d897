import type { ConfirmAutoRenewBody, ConfirmPaymentBody } from '@petti/shared/schemas/payments';

/**
 * The address side of a checkout (docs/payments.md): where testpay's page is, what the provider
 * hands back to the return path, and the return path without it. Pure, so it is tested alone.
 */

export const PAYMENT_ID_PARAM = 'paymentId';
/** On a mandate's return path: which of the holder's plans it renews. */
export const AUTO_RENEW_PARAM = 'autoRenewFor';
const RETURN_PARAMS = [
  'razorpay_order_id',
  'razorpay_subscription_id',
  'razorpay_payment_id',
  'razorpay_signature',
  'payment_error',
];

export type CheckoutReturn =
  | { kind: 'none' }
  | { kind: 'success'; paymentId: string; body: ConfirmPaymentBody }
  | { kind: 'error'; paymentId: string; error: 'payment_failed' | 'payment_cancelled' };

/** `returnTo` with `name=value` added to its query (a path of this app, starting with `/`). */
function withParam(returnTo: string, name: string, value: string): string {
  const url = new URL(returnTo, 'http://app.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

export const withPaymentId = (returnTo: string, paymentId: string) =>
  withParam(returnTo, PAYMENT_ID_PARAM, paymentId);

/** `returnTo` naming the plan whose mandate is being authorised. */
export const withAutoRenewFor = (returnTo: string, subscriptionId: string) =>
  withParam(returnTo, AUTO_RENEW_PARAM, subscriptionId);

/** testpay's mandate page, standing in for Razorpay Checkout with a `subscription_id`. */
export function testpayMandateUrl(
  providerSubscriptionId: string,
  returnTo: string,
  lang: 'en' | 'ta',
): string {
  const query = new URLSearchParams({ return: returnTo, lang });
  return `/api/payments/testpay/subscribe/${encodeURIComponent(providerSubscriptionId)}?${query}`;
}

export type MandateReturn =
  | { kind: 'none' }
  | { kind: 'success'; subscriptionId: string; body: ConfirmAutoRenewBody }
  | { kind: 'error'; subscriptionId: string; error: 'payment_failed' | 'payment_cancelled' };

/** What came back from a mandate's authorisation, read from the return page's query string. */
export function parseMandateReturn(search: string): MandateReturn {
  const params = new URLSearchParams(search);
  const subscriptionId = params.get(AUTO_RENEW_PARAM);
  if (!subscriptionId) return { kind: 'none' };
  const error = params.get('payment_error');
  if (error)
    return {
      kind: 'error',
      subscriptionId,
      error: error === 'payment_cancelled' ? 'payment_cancelled' : 'payment_failed',
    };
  const providerSubscriptionId = params.get('razorpay_subscription_id');
  const providerPaymentId = params.get('razorpay_payment_id');
  const signature = params.get('razorpay_signature');
  if (!providerSubscriptionId || !providerPaymentId || !signature) return { kind: 'none' };
  return { kind: 'success', subscriptionId, body: { providerSubscriptionId, providerPaymentId, signature } };
}

export function testpayCheckoutUrl(providerOrderId: string, returnTo: string, lang: 'en' | 'ta'): string {
  const query = new URLSearchParams({ return: returnTo, lang });
  return `/api/payments/testpay/checkout/${encodeURIComponent(providerOrderId)}?${query}`;
}

/** What came back from the checkout, read from a return page's query string. */
export function parseCheckoutReturn(search: string): CheckoutReturn {
  const params = new URLSearchParams(search);
  const paymentId = params.get(PAYMENT_ID_PARAM);
  if (!paymentId) return { kind: 'none' };
  const error = params.get('payment_error');
  if (error)
    return {
      kind: 'error',
      paymentId,
      error: error === 'payment_cancelled' ? 'payment_cancelled' : 'payment_failed',
    };
  const providerOrderId = params.get('razorpay_order_id');
  const providerPaymentId = params.get('razorpay_payment_id');
  const signature = params.get('razorpay_signature');
  if (!providerOrderId || !providerPaymentId || !signature) return { kind: 'none' };
  return { kind: 'success', paymentId, body: { providerOrderId, providerPaymentId, signature } };
}

/** The query string without the checkout's values, so a reload does not confirm again. */
export function stripCheckoutReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [PAYMENT_ID_PARAM, AUTO_RENEW_PARAM, ...RETURN_PARAMS]) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
