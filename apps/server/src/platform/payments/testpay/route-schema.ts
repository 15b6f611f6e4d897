import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/columns.ts';
import { testpayPayments } from './schema.ts';

/**
 * testpay's Route books, standing in for Razorpay's: linked accounts, transfers, reversals,
 * settlements into the accounts' banks, and the Route webhooks waiting to go out. A linked account's
 * balance (what a reversal can take back) is what was transferred to it, less reversals and settlements.
 */
export const testpayLinkedAccounts = pgTable('testpay_linked_accounts', {
  /** `acc_…`, like Razorpay's. */
  id: text('id').primaryKey(),
  referenceId: text('reference_id').notNull().unique(),
  email: text('email').notNull(),
  businessName: text('business_name').notNull(),
  /** created → activated (once Route is configured with a bank account). */
  status: text('status').$type<'created' | 'activated'>().notNull().default('created'),
  productId: text('product_id'),
  beneficiaryName: text('beneficiary_name'),
  accountNumber: text('account_number'),
  ifsc: text('ifsc'),
  createdAt: createdAt(),
});

export const testpayTransfers = pgTable(
  'testpay_transfers',
  {
    /** `trf_…`. */
    id: text('id').primaryKey(),
    /** The payment it came from; null for a transfer from the platform's balance. */
    paymentId: text('payment_id').references(() => testpayPayments.id),
    recipient: text('recipient')
      .notNull()
      .references(() => testpayLinkedAccounts.id),
    amountPaise: integer('amount_paise').notNull(),
    amountReversedPaise: integer('amount_reversed_paise').notNull().default(0),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    /** `setl_…` once paid into the account's bank. */
    settlementId: text('settlement_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('testpay_transfers_payment_idx').on(t.paymentId),
    index('testpay_transfers_recipient_idx').on(t.recipient, t.settlementId),
  ],
);

export const testpayReversals = pgTable('testpay_reversals', {
  /** `rvrsl_…`. */
  id: text('id').primaryKey(),
  transferId: text('transfer_id')
    .notNull()
    .references(() => testpayTransfers.id),
  amountPaise: integer('amount_paise').notNull(),
  notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
});

export const testpaySettlements = pgTable('testpay_settlements', {
  /** `setl_…`. */
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => testpayLinkedAccounts.id),
  amountPaise: integer('amount_paise').notNull(),
  utr: text('utr').notNull(),
  createdAt: createdAt(),
});

/** Route webhooks to send to Petti (transfer.processed, settlement.processed): retried like payments'. */
export const testpayEvents = pgTable(
  'testpay_events',
  {
    /** `evt_…`: the `x-razorpay-event-id`. */
    id: text('id').primaryKey(),
    event: text('event').notNull(),
    body: text('body').notNull(),
    nextAt: timestamp('next_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('testpay_events_next_idx').on(t.nextAt)],
);
