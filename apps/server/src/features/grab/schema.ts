import type { GrabLine, GrabPurchaseState } from '@petti/shared/schemas/grab';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sellers } from '../sellers/schema.ts';
import { users } from '../users/schema.ts';

/**
 * One shop's grab cart paid on its own (docs/grab-and-go.md). Names and prices are copied at checkout, so
 * the exit pass shows what was paid for whatever the catalog does later. The exit pass is the row's
 * `pass_code` (unique, for staff who type it) and a signed token derived from the id; `pass_used_at` is
 * set once, by the first check that finds it valid.
 */
/** A line as kept: what the shopper sees, and whether the catalog counts its stock at all. */
export type StoredGrabLine = GrabLine & { alwaysInventory: boolean };

export const grabPurchases = pgTable(
  'grab_purchases',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id),
    state: text('state').$type<GrabPurchaseState>().notNull(),
    lines: jsonb('lines').$type<StoredGrabLine[]>().notNull(),
    totalPaise: integer('total_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    paymentId: text('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    passCode: text('pass_code').unique(),
    passExpiresAt: timestamp('pass_expires_at', { withTimezone: true }),
    passUsedAt: timestamp('pass_used_at', { withTimezone: true }),
  },
  (t) => [index('grab_purchases_user_idx').on(t.userId, t.createdAt)],
);

export type GrabPurchaseRow = typeof grabPurchases.$inferSelect;
