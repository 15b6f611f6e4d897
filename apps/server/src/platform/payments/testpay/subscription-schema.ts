import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/columns.ts';
import type { ProviderSubscriptionStatus } from '../subscription-provider.ts';

/**
 * testpay's Subscriptions books, standing in for Razorpay's: the plans it charges by, and each
 * subscription with its schedule. Charges are payments in `testpay_payments` (on an order of their
 * own, as Razorpay makes an invoice and an order per charge); webhooks go out through `testpay_events`.
 */
export const testpayPlans = pgTable('testpay_plans', {
  /** `plan_…`, like Razorpay's. */
  id: text('id').primaryKey(),
  /** What it stands for: `{petti plan}:{price}:{days}`, so a price change makes a new plan, as at Razorpay. */
  reference: text('reference').notNull().unique(),
  name: text('name').notNull(),
  amountPaise: integer('amount_paise').notNull(),
  periodDays: integer('period_days').notNull(),
  createdAt: createdAt(),
});

/** Razorpay's states, less `paused` (Petti pauses its own periods, never the provider's schedule). */
export type TestpaySubscriptionStatus = Exclude<ProviderSubscriptionStatus, 'paused'>;

export const testpaySubscriptions = pgTable(
  'testpay_subscriptions',
  {
    /** `sub_…`, like Razorpay's. */
    id: text('id').primaryKey(),
    planId: text('plan_id')
      .notNull()
      .references(() => testpayPlans.id),
    status: text('status').$type<TestpaySubscriptionStatus>().notNull().default('created'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /** The next charge (null once halted, cancelled or completed). */
    chargeAt: timestamp('charge_at', { withTimezone: true }),
    totalCount: integer('total_count').notNull(),
    paidCount: integer('paid_count').notNull().default(0),
    /** Failed tries of the charge now due. */
    authAttempts: integer('auth_attempts').notNull().default(0),
    expireBy: timestamp('expire_by', { withTimezone: true }).notNull(),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    /** The mandate's method, once authorised. */
    method: text('method'),
    /** The payer's choice on the authorisation page: whether the renewal charges go through. */
    chargeOutcome: text('charge_outcome').$type<'success' | 'failure'>().notNull().default('success'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('testpay_subscriptions_charge_idx').on(t.chargeAt)],
);
