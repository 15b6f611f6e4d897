import type { PaymentProviderName, PaymentPurpose, PaymentStatus } from '@petti/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, localized, updatedAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

/** Receipt numbers: one sequence across processes (`PT00001001`…). */
export const paymentReceiptSeq = pgSequence('payment_receipt_seq', { startWith: 1001 });

/**
 * Every payment in Petti, whatever it pays for (docs/payments.md). Amounts are integer paise;
 * `amount_paise` includes GST, of which `tax_paise` is the GST part (for receipts).
 */
/** A payment's status when it is recorded, before the provider says anything. */
export const NEW_PAYMENT_STATUS: PaymentStatus = 'created';

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    /** No cascade: the books outlive an account (users are anonymised, never deleted). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    /** The thing paid for: booking, subscription or order id (its feature owns it). */
    subjectId: text('subject_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    taxPaise: integer('tax_paise').notNull().default(0),
    /** The GST rate, when one rate covers the whole amount. */
    taxPercent: integer('tax_percent'),
    currency: text('currency').notNull().default('INR'),
    status: text('status').$type<PaymentStatus>().notNull().default(NEW_PAYMENT_STATUS),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerOrderId: text('provider_order_id').notNull().unique(),
    providerPaymentId: text('provider_payment_id').unique(),
    method: text('method'),
    description: localized('description').notNull(),
    receiptNumber: text('receipt_number')
      .notNull()
      .unique()
      .default(sql`'PT' || lpad(nextval('payment_receipt_seq')::text, 8, '0')`),
    refundedPaise: integer('refunded_paise').notNull().default(0),
    /** Why the last attempt failed, as the provider put it. */
    failureReason: text('failure_reason'),
    /** Set when the money was taken but the thing could not be granted (it was refunded): an error code. */
    grantError: text('grant_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_subject_idx').on(t.purpose, t.subjectId),
    check(
      'payments_status_known',
      sql`${t.status} in ('created', 'authorized', 'captured', 'failed', 'refunded', 'partially_refunded')`,
    ),
    check(
      'payments_purpose_known',
      sql`${t.purpose} in ('booking', 'extension', 'overstay', 'plan', 'order', 'grab', 'complex')`,
    ),
    check('payments_amount_positive', sql`${t.amountPaise} > 0`),
    check('payments_tax_within_amount', sql`${t.taxPaise} >= 0 and ${t.taxPaise} <= ${t.amountPaise}`),
    check(
      'payments_refund_within_amount',
      sql`${t.refundedPaise} >= 0 and ${t.refundedPaise} <= ${t.amountPaise}`,
    ),
  ],
);

export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    /** Set once the provider has made the refund; null while it is only reserved. */
    providerRefundId: text('provider_refund_id').unique(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    /**
     * `pending`: reserved under the payment's row lock before the provider is asked, so two refunds
     * can never together exceed the amount; `processed` once the provider made it and it is counted
     * in the payment's refunded_paise (docs/payments.md#refunds).
     */
    status: text('status').$type<'pending' | 'processed'>().notNull().default('processed'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    check('payment_refunds_status_known', sql`${t.status} in ('pending', 'processed')`),
  ],
);

/**
 * Every confirmation, webhook and refund seen, applied or not: an audit trail, and replay
 * detection — a webhook whose event id or body was seen before is not applied again.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id').references(() => payments.id),
    provider: text('provider').notNull(),
    source: text('source').$type<'confirm' | 'webhook' | 'refund'>().notNull(),
    /** `payment.captured`, `confirm`, `refund`… */
    kind: text('kind').notNull(),
    /** The provider's event id (`x-razorpay-event-id`) of an accepted webhook. */
    providerEventId: text('provider_event_id').unique(),
    /** sha256 of an accepted webhook's raw body: the same body again is a replay. */
    bodyHash: text('body_hash').unique(),
    providerPaymentId: text('provider_payment_id'),
    outcome: text('outcome').$type<'applied' | 'duplicate' | 'ignored' | 'refused'>().notNull(),
    detail: text('detail'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.createdAt)],
);
