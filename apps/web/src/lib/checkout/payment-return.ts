import type { ConfirmPaymentResult } from '@petti/shared/schemas/payments';

/** Where a payment stands once the shopper is back from the checkout. */
export interface PaymentReturn {
  state: 'none' | 'confirming' | 'paid' | 'failed' | 'cancelled' | 'error';
  paymentId?: string;
  result?: ConfirmPaymentResult;
  /** Why confirming failed (already translated by the API client). */
  error?: string;
  /** Confirm again after an error (the network dropped, say). */
  retry?: () => void;
}
