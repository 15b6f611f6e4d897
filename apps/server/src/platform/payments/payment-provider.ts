import type { PaymentProviderName } from '@petti/shared';

/**
 * One payment provider interface (docs/payments.md): `razorpay` (the real API) and `testpay`
 * (the embedded default). Both sign exactly alike, so the rest of Petti cannot tell them apart.
 * All amounts are integer paise.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Public key id the app's checkout needs (Razorpay's `key`). */
  readonly keyId: string;
  /** False when no webhook secret is configured: every webhook is then refused. */
  readonly acceptsWebhooks: boolean;
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  /** HMAC-SHA256 hex of `order_id|payment_id` with the key secret, compared in constant time. */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256 hex of the raw body with the webhook secret, compared in constant time. */
  verifyWebhookSignature(rawBody: Buffer | string, signature: string): boolean;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Captures an authorized payment (accounts without auto-capture). A captured one is left as is. */
  capture(paymentId: string, amountPaise: number): Promise<ProviderPayment>;
  /**
   * Refunds in full, or in part when an amount is given. With a `receipt` (our refund's id) the
   * provider keeps one refund per receipt: asked again with `retry`, it answers the refund already
   * made instead of refunding twice.
   */
  refund(paymentId: string, amountPaise?: number, options?: RefundOptions): Promise<ProviderRefund>;
  /**
   * The provider's own record of payments made at or after `from`, newest first, a page at a time
   * (`count` at most 100): what the reconciliation compares Petti's books with
   * (docs/payments.md#reconciliation).
   */
  listPayments(page: { from: Date; skip: number; count: number }): Promise<ProviderPayment[]>;
  /** Every refund the provider made of one payment, with the receipt it was asked with. */
  refundsOf(paymentId: string): Promise<ProviderRefund[]>;
}

export interface CreateOrderInput {
  amountPaise: number;
  /** Our reference (at most 40 characters at Razorpay). */
  receipt: string;
  /** At most 15 keys; values at most 256 characters. */
  notes: Record<string, string>;
}

export interface RefundOptions {
  /** Our refund's id (at most 40 characters at Razorpay). */
  receipt?: string;
  /** This refund may have been asked for before (a timer retrying it): look it up first. */
  retry?: boolean;
}

export interface ProviderOrder {
  providerOrderId: string;
  amount: number;
  currency: string;
}

export type ProviderPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface ProviderPayment {
  id: string;
  orderId: string | null;
  status: ProviderPaymentStatus;
  method: string | null;
  amount: number;
  amountRefunded: number;
  errorCode: string | null;
  errorDescription: string | null;
  /** When the payment was made at the provider (absent where the provider's answer did not say). */
  createdAt?: Date;
}

export interface ProviderRefund {
  refundId: string;
  amount: number;
  status: string;
  /** The receipt it was asked with (Petti's refund id), where the provider's answer carries it. */
  receipt?: string | null;
}

/** The provider refused or could not be reached. `status` is the HTTP status, 0 for a network failure. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    readonly provider: PaymentProviderName,
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
