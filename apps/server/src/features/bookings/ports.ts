import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Localized } from '../../db/columns.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import type { CallStep } from '../../platform/flows/steps.ts';
import type { OpenedOrder, PaymentDraft } from '../payments/index.ts';

export type { OpenedOrder, PaymentDraft };

/**
 * What bookings need from payments (docs/payments.md). `services.ts` adapts the payments
 * feature's service to this; bookings never touch payment tables.
 */
export interface PaymentObject {
  id: string;
  provider: string;
  providerOrderId: string;
  amount: number;
  currency: string;
  keyId?: string | null;
  [key: string]: unknown;
}

export type LockerPaymentPurpose = 'booking' | 'extension' | 'overstay';

export interface CapturedPayment {
  id: string;
  subjectId: string;
  purpose: string;
  amountPaise?: number;
  refundedPaise?: number;
}

export interface PaymentsPort {
  /** Names and checks a payment; nothing is stored or sent yet. */
  draft(input: {
    userId: string;
    purpose: LockerPaymentPurpose;
    subjectId: string;
    amountPaise: number;
    taxPaise: number;
    description: Localized;
  }): PaymentDraft;
  /** The provider's network call: a flow call step, never inside a transaction. */
  openProviderOrder: CallStep<PaymentDraft, OpenedOrder>;
  /** Stores the opened payment in the caller's transaction; answers the app's payment object. */
  record(tx: Tx, draft: PaymentDraft, opened: OpenedOrder): Promise<PaymentObject>;
  /** Runs inside the capture transaction. Throwing `refuseGrant(…)` makes payments refund it in full. */
  onCaptured(
    purpose: LockerPaymentPurpose,
    handler: (fx: Effects, payment: CapturedPayment) => Promise<void>,
  ): void;
  onFailed(
    purpose: LockerPaymentPurpose,
    handler: (fx: Effects, payment: CapturedPayment) => Promise<void>,
  ): void;
  /** A refund was recorded (ours, or one made at the provider): keeps the booking's ledger in step. */
  onRefunded?(
    purpose: LockerPaymentPurpose,
    handler: (fx: Effects, payment: CapturedPayment) => Promise<void>,
  ): void;
  /** Must not be called inside a transaction (it opens its own). */
  refund(paymentId: string, options: { amountPaise?: number; reason: string }): Promise<unknown>;
  /** The error a capture handler throws when the thing paid for can no longer be given. */
  refuseGrant(code: string, message: string): Error;
}

/** The user's locker plan in force at `at` (Locker Lite / Plus), with the hours it has left. */
export interface LockerSubscription {
  subscriptionId: string;
  planId: string;
  hoursLeft: number;
  sizes: readonly string[];
  waitlistPriority: boolean;
}

/**
 * Integration point with subscriptions (the `plans` service): which locker plan a user holds,
 * and taking / giving back its hours. Hours are taken when a booking or extension is priced with
 * them (its hold starts) and given back when that hold lapses or the booking is cancelled.
 */
export interface LockerPlanSource {
  activeLockerPlan(tx: DbOrTx, userId: string, at: Date): Promise<LockerSubscription | null>;
  /** False when the subscription no longer has that many hours. */
  useHours(tx: DbOrTx, subscriptionId: string, hours: number): Promise<boolean>;
  releaseHours(tx: DbOrTx, subscriptionId: string, hours: number): Promise<void>;
}

export const noLockerPlans: LockerPlanSource = {
  activeLockerPlan: async () => null,
  useHours: async () => false,
  releaseHours: async () => {},
};
