import type { PaymentProviderName } from '@petti/shared';
import type { PayoutAccountState, TransferState } from '@petti/shared/schemas/shop-payouts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { sellers } from '../sellers/schema.ts';

/**
 * A shop's account at the payment provider's marketplace product (Razorpay Route), which pays it
 * into its bank (docs/shops.md#settlement). Only the last four digits of the bank account are kept.
 */
export const shopPayoutAccounts = pgTable('shop_payout_accounts', {
  sellerId: text('seller_id')
    .primaryKey()
    .references(() => sellers.id),
  provider: text('provider').$type<PaymentProviderName>().notNull(),
  /** `acc_…` once the provider made it. */
  linkedAccountId: text('linked_account_id').unique(),
  /** Its Route configuration (`acc_prd_…`), which a new bank account changes. */
  routeProductId: text('route_product_id'),
  status: text('status').$type<PayoutAccountState>().notNull(),
  /**
   * When that state was true: the provider event's own time when a webhook set it, else when Petti
   * heard it. An event older than this never moves the account (docs/shops.md#settlement).
   */
  statusAt: timestamp('status_at', { withTimezone: true }),
  beneficiaryName: text('beneficiary_name').notNull(),
  accountLast4: text('account_last4').notNull(),
  ifsc: text('ifsc').notNull(),
  email: text('email').notNull(),
  problem: text('problem'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One paid order's money sent to its shop: at most one per order. `share_paise` is what the order
 * earned when it was sent; of it, `amount_paise` went to the bank account and `recovered_paise` was kept
 * back for refunds the shop owed (docs/shops.md#settlement).
 */
export const shopTransfers = pgTable(
  'shop_transfers',
  {
    /** Ours; it names the transfer at the provider (`notes.petti_transfer`). */
    id: text('id').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id),
    orderId: text('order_id').notNull().unique(),
    /** Petti's payment the order was paid with. */
    paymentId: text('payment_id').notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    linkedAccountId: text('linked_account_id').notNull(),
    /** `trf_…` once the provider made it; null while only reserved. */
    providerTransferId: text('provider_transfer_id').unique(),
    sharePaise: integer('share_paise').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    recoveredPaise: integer('recovered_paise').notNull().default(0),
    /**
     * `pending`: reserved before the provider is asked (a retry asks with `retry`, which cannot send twice);
     * `processed`: sent; `failed`: the provider refused (tried again when the account changes);
     * `recovered`: nothing to send, all of it was kept back for what the shop owed.
     */
    status: text('status').$type<TransferState>().notNull(),
    failure: text('failure'),
    /** The provider's settlement that paid it into the bank. */
    settlementId: text('settlement_id'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shop_transfers_seller_idx').on(t.sellerId, t.createdAt),
    check('shop_transfers_status_known', sql`${t.status} in ('pending', 'processed', 'failed', 'recovered')`),
    check(
      'shop_transfers_amounts',
      sql`${t.amountPaise} >= 0 and ${t.recoveredPaise} >= 0 and ${t.amountPaise} + ${t.recoveredPaise} = ${t.sharePaise}`,
    ),
  ],
);

/**
 * Money taken back from a shop after its order was refunded. `unrecovered`: the provider could not take
 * it (the money had reached the bank and the account's balance was short), so the shop owes it and the
 * next orders' transfers keep it back.
 */
export const shopReversals = pgTable(
  'shop_reversals',
  {
    id: text('id').primaryKey(),
    transferId: text('transfer_id')
      .notNull()
      .references(() => shopTransfers.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').$type<'pending' | 'processed' | 'unrecovered'>().notNull(),
    /** `rvrsl_…` once the provider made it. */
    providerReversalId: text('provider_reversal_id').unique(),
    failure: text('failure'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shop_reversals_transfer_idx').on(t.transferId),
    index('shop_reversals_seller_idx').on(t.sellerId),
    check('shop_reversals_status_known', sql`${t.status} in ('pending', 'processed', 'unrecovered')`),
    check('shop_reversals_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);
