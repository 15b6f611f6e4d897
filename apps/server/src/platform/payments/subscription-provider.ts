import type { PaymentProviderName } from '@petti/shared';

/**
 * Recurring charges through the payment provider's subscriptions (Razorpay Subscriptions; a UPI
 * AutoPay mandate or a card; docs/payments.md#automatic-renewal). The provider keeps the schedule:
 * it charges every period from `startAt`, retries a failed charge the next day a few times, then
 * halts, and tells Petti by `subscription.*` webhooks. `razorpay` speaks the real API; `testpay`
 * plays it in Petti's database with the same webhooks. Failures are `PaymentProviderError`s.
 */
export interface SubscriptionProvider {
  readonly name: PaymentProviderName;
  /**
   * The provider's plan that charges this Petti plan's price every period, or null when there is
   * none (Razorpay: not configured in RAZORPAY_PLAN_IDS): automatic renewal is then not offered.
   */
  planIdFor(plan: RecurringPlan): Promise<string | null>;
  /** A subscription waiting for its holder's authorisation (the checkout with its id). */
  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  fetchSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Cancels now: no further charge. Cancelling one already over answers it as it is. */
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** The checkout's `razorpay_signature` for a subscription: HMAC of `payment_id|subscription_id`. */
  verifySubscriptionSignature(subscriptionId: string, paymentId: string, signature: string): boolean;
}

export interface RecurringPlan {
  /** Petti's plan id. */
  id: string;
  name: string;
  pricePaise: number;
  periodDays: number;
}

export interface CreateSubscriptionInput {
  providerPlanId: string;
  /** The first charge; every period after it the next. */
  startAt: Date;
  /** How many charges at most (the mandate's length). */
  totalCount: number;
  /** Unauthorised after this, the subscription expires. */
  expireBy: Date;
  notes: Record<string, string>;
}

/** Razorpay's subscription states (docs/payments.md#automatic-renewal). */
export type ProviderSubscriptionStatus =
  | 'created'
  | 'authenticated'
  | 'active'
  | 'pending'
  | 'halted'
  | 'cancelled'
  | 'completed'
  | 'expired'
  | 'paused';

export interface ProviderSubscription {
  id: string;
  planId: string;
  status: ProviderSubscriptionStatus;
  /** The next charge, if one is due. */
  chargeAt: Date | null;
  paidCount: number;
  /** Failed tries of the charge now due. */
  authAttempts: number;
  notes: Record<string, string>;
}

/** Reads a subscription entity (REST or webhook) into Petti's words. */
export function fromRazorpaySubscription(s: {
  id: string;
  plan_id: string;
  status: ProviderSubscriptionStatus;
  charge_at?: number | null;
  paid_count?: number;
  auth_attempts?: number;
  notes?: Record<string, string> | unknown[] | null;
}): ProviderSubscription {
  return {
    id: s.id,
    planId: s.plan_id,
    status: s.status,
    chargeAt: s.charge_at ? new Date(s.charge_at * 1000) : null,
    paidCount: s.paid_count ?? 0,
    authAttempts: s.auth_attempts ?? 0,
    // Razorpay writes empty notes as [].
    notes: s.notes && !Array.isArray(s.notes) ? (s.notes as Record<string, string>) : {},
  };
}
