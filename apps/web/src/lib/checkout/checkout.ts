import type {
  ConfirmAutoRenewBody,
  ConfirmPaymentBody,
  ConfirmPaymentResult,
  Payment,
  StartAutoRenew,
} from '@petti/shared/schemas/payments';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api.ts';
import { i18n } from '../i18n/index.ts';
import {
  parseCheckoutReturn,
  stripCheckoutReturn,
  testpayCheckoutUrl,
  testpayMandateUrl,
  withAutoRenewFor,
  withPaymentId,
} from './checkout-return.ts';
import type { PaymentReturn } from './payment-return.ts';
import { openRazorpay, openRazorpayMandate, type RazorpayOutcome } from './razorpay-checkout.ts';

export type { PaymentReturn };

/**
 * The one checkout hand-off every payable thing uses (plans, locker bookings, extensions, overstay,
 * orders). docs/payments.md "In the app" describes it.
 */

export type PaymentHandle = Payment;

export type CheckoutResult =
  | { status: 'redirected' }
  | { status: 'paid'; result: ConfirmPaymentResult }
  | { status: 'failed'; message?: string }
  | { status: 'cancelled' };

export interface CheckoutOptions {
  /** A path of this app to come back to; the payment id is added to its query. */
  returnTo: string;
  /** What is being paid for, shown by the provider. */
  description: string;
  /** The payer's number, to prefill Razorpay. */
  phone?: string;
}

export function confirmPayment(paymentId: string, body: ConfirmPaymentBody): Promise<ConfirmPaymentResult> {
  return api.post<ConfirmPaymentResult>(`/payments/${encodeURIComponent(paymentId)}/confirm`, body);
}

/**
 * testpay: the whole page goes to its checkout and comes back to `returnTo` (resolves `redirected`;
 * the return page's `usePaymentReturn` finishes the job). Razorpay: its modal opens over this page
 * and the payment is confirmed here.
 */
export async function startCheckout(
  payment: PaymentHandle,
  options: CheckoutOptions,
): Promise<CheckoutResult> {
  const back = withPaymentId(options.returnTo, payment.id);
  if (payment.provider === 'testpay') {
    const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
    window.location.assign(testpayCheckoutUrl(payment.providerOrderId, back, lang));
    return { status: 'redirected' };
  }
  const outcome = await openRazorpay(payment, options);
  if (outcome.status !== 'authorized') return outcome;
  try {
    return { status: 'paid', result: await confirmPayment(payment.id, outcome.body) };
  } catch (error) {
    return { status: 'failed', message: error instanceof Error ? error.message : undefined };
  }
}

/**
 * Authorising a plan's mandate (docs/payments.md#automatic-renewal). testpay: the page goes to its
 * mandate page and comes back to `returnTo` (the plan page's return hook confirms). Razorpay: its
 * modal opens here, and answers what it handed back, for the caller to confirm.
 */
export async function startMandateCheckout(
  subscriptionId: string,
  checkout: StartAutoRenew['checkout'],
  options: CheckoutOptions,
): Promise<{ status: 'redirected' } | RazorpayOutcome<ConfirmAutoRenewBody>> {
  if (checkout.provider === 'testpay') {
    const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
    const back = withAutoRenewFor(options.returnTo, subscriptionId);
    window.location.assign(testpayMandateUrl(checkout.providerSubscriptionId, back, lang));
    return { status: 'redirected' };
  }
  return openRazorpayMandate(checkout, options);
}

/**
 * On the page a checkout returns to: confirms what the provider handed back (once, even under
 * StrictMode's double effects), removes it from the address so a reload does not repeat it, and
 * reports the outcome. A repeated confirm would be harmless anyway: the server answers the same.
 */
export function usePaymentReturn(): PaymentReturn {
  const [outcome, setOutcome] = useState<PaymentReturn>(() => {
    const parsed = parseCheckoutReturn(typeof window === 'undefined' ? '' : window.location.search);
    if (parsed.kind === 'none') return { state: 'none' };
    if (parsed.kind === 'error') {
      return {
        state: parsed.error === 'payment_cancelled' ? 'cancelled' : 'failed',
        paymentId: parsed.paymentId,
      };
    }
    return { state: 'confirming', paymentId: parsed.paymentId };
  });
  const started = useRef(false);

  const run = useCallback((paymentId: string, body: ConfirmPaymentBody) => {
    setOutcome({ state: 'confirming', paymentId });
    confirmPayment(paymentId, body).then(
      (result) => setOutcome({ state: 'paid', paymentId, result }),
      (error: unknown) =>
        setOutcome({
          state: 'error',
          paymentId,
          error: error instanceof Error ? error.message : undefined,
          retry: () => run(paymentId, body),
        }),
    );
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const parsed = parseCheckoutReturn(window.location.search);
    if (parsed.kind === 'none') return;
    forgetCheckoutReturn();
    if (parsed.kind === 'success') run(parsed.paymentId, parsed.body);
  }, [run]);

  return outcome;
}

/** Drops what the checkout handed back from the address, so a reload does not hand it over again. */
export function forgetCheckoutReturn(): void {
  const { pathname, search, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${stripCheckoutReturn(search)}${hash}`);
}

export { PaymentOutcomeBanner } from './payment-outcome-banner.tsx';
