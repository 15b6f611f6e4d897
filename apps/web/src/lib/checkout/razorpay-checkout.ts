import { BRAND } from '@petti/shared/constants';
import type { ConfirmAutoRenewBody, ConfirmPaymentBody, Payment } from '@petti/shared/schemas/payments';

/**
 * Razorpay Checkout (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/):
 * its script is loaded once, on first use, and only when the server runs with Razorpay keys (the
 * CSP allows checkout.razorpay.com then).
 */

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}

type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay did not load'));
    script.onerror = () => {
      loading = null;
      reject(new Error('Razorpay could not be reached'));
    };
    document.head.append(script);
  });
  return loading;
}

export type RazorpayOutcome<T = ConfirmPaymentBody> =
  | { status: 'authorized'; body: T }
  | { status: 'failed'; message?: string }
  | { status: 'cancelled' };

/** Opens Razorpay Checkout with `options` and reads its handler's answer with `read`. */
async function openCheckout<T>(
  options: Record<string, unknown>,
  read: (response: Record<string, string>) => T,
): Promise<RazorpayOutcome<T>> {
  let Razorpay: RazorpayConstructor;
  try {
    Razorpay = await loadRazorpay();
  } catch (error) {
    return { status: 'failed', message: error instanceof Error ? error.message : undefined };
  }
  return new Promise<RazorpayOutcome<T>>((resolve) => {
    let failure: string | undefined;
    const checkout = new Razorpay({
      ...options,
      name: BRAND.name,
      theme: { color: BRAND.orange },
      handler: (r: Record<string, string>) => resolve({ status: 'authorized', body: read(r) }),
      // Closing the modal after a failed attempt is a failure, not a change of mind.
      modal: {
        ondismiss: () =>
          resolve(failure === undefined ? { status: 'cancelled' } : { status: 'failed', message: failure }),
      },
    });
    checkout.on('payment.failed', (response) => {
      failure = response.error?.description ?? '';
    });
    checkout.open();
  });
}

export function openRazorpay(
  payment: Payment,
  options: { description: string; phone?: string },
): Promise<RazorpayOutcome> {
  return openCheckout(
    {
      key: payment.keyId,
      order_id: payment.providerOrderId,
      amount: payment.amount,
      currency: payment.currency,
      description: options.description,
      prefill: options.phone ? { contact: options.phone } : {},
    },
    (r) => ({
      providerOrderId: r.razorpay_order_id ?? '',
      providerPaymentId: r.razorpay_payment_id ?? '',
      signature: r.razorpay_signature ?? '',
    }),
  );
}

/** Razorpay Checkout authorising a mandate (a `subscription_id`): UPI AutoPay or a card. */
export function openRazorpayMandate(
  checkout: { keyId: string; providerSubscriptionId: string },
  options: { description: string; phone?: string },
): Promise<RazorpayOutcome<ConfirmAutoRenewBody>> {
  return openCheckout(
    {
      key: checkout.keyId,
      subscription_id: checkout.providerSubscriptionId,
      description: options.description,
      prefill: options.phone ? { contact: options.phone } : {},
    },
    (r) => ({
      providerSubscriptionId: r.razorpay_subscription_id ?? '',
      providerPaymentId: r.razorpay_payment_id ?? '',
      signature: r.razorpay_signature ?? '',
    }),
  );
}
