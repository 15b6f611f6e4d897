import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/columns.ts';

/**
 * The embedded test provider's own books, standing in for Razorpay's servers. They live in the
 * database (not in memory) so several server processes agree on every order and payment.
 */
export const testpayOrders = pgTable('testpay_orders', {
  /** `order_…`, like Razorpay's. */
  id: text('id').primaryKey(),
  amountPaise: integer('amount_paise').notNull(),
  currency: text('currency').notNull().default('INR'),
  receipt: text('receipt').notNull(),
  notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
  /** created → attempted (a payment failed) → paid. */
  status: text('status').$type<'created' | 'attempted' | 'paid'>().notNull().default('created'),
  createdAt: createdAt(),
});

export const testpayPayments = pgTable(
  'testpay_payments',
  {
    /** `pay_…`, like Razorpay's. */
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => testpayOrders.id),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').$type<'captured' | 'failed' | 'refunded'>().notNull(),
    method: text('method').notNull(),
    amountRefundedPaise: integer('amount_refunded_paise').notNull().default(0),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    createdAt: createdAt(),
    /** Webhook delivery to Petti's own endpoint: next try (null when delivered or given up). */
    webhookNextAt: timestamp('webhook_next_at', { withTimezone: true }),
    webhookAttempts: integer('webhook_attempts').notNull().default(0),
    webhookDeliveredAt: timestamp('webhook_delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('testpay_payments_order_idx').on(t.orderId),
    index('testpay_payments_webhook_idx').on(t.webhookNextAt),
  ],
);

export const testpayRefunds = pgTable('testpay_refunds', {
  /** `rfnd_…`, like Razorpay's. */
  id: text('id').primaryKey(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => testpayPayments.id),
  amountPaise: integer('amount_paise').notNull(),
  /** The caller's reference for the refund: asked again with it, the same refund is answered. */
  receipt: text('receipt').unique(),
  createdAt: createdAt(),
});
