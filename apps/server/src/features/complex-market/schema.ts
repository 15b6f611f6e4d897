import type {
  ComplexOrderState,
  HandoverMode,
  ListingCondition,
  ListingStatus,
} from '@petti/shared/schemas/complex';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { complexes } from '../complex/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A resident's listing (docs/complex.md#listings). `quantity` is what is left to buy: a buyer's order
 * takes from it while paying (one conditional update, so two buyers never get the last unit twice) and
 * a failed or lapsed payment gives it back.
 */
export const complexListings = pgTable(
  'complex_listings',
  {
    id: text('id').primaryKey(),
    complexId: text('complex_id')
      .notNull()
      .references(() => complexes.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: text('category_id').notNull(),
    pricePaise: integer('price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    condition: text('condition').$type<ListingCondition>().notNull(),
    handover: text('handover').array().$type<HandoverMode[]>().notNull(),
    hazardous: boolean('hazardous').notNull().default(false),
    status: text('status').$type<ListingStatus>().notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Photo ids in the seller's order; their files are in the storage (photos.ts). */
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('complex_listings_complex_idx').on(t.complexId, t.createdAt),
    index('complex_listings_seller_idx').on(t.sellerId),
    check('complex_listings_quantity_ok', sql`${t.quantity} >= 0`),
  ],
);
export type ListingRow = typeof complexListings.$inferSelect;

/** An uploaded photo: its owner, and the listing it was attached to (null until then). */
export const complexPhotos = pgTable('complex_photos', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id')
    .notNull()
    .references(() => users.id),
  listingId: text('listing_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const listingReports = pgTable(
  'complex_listing_reports',
  {
    listingId: text('listing_id')
      .notNull()
      .references(() => complexListings.id),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('complex_listing_reports_once').on(t.listingId, t.reporterId)],
);

export interface TimelineEntry {
  state: ComplexOrderState;
  at: string;
  note: string | null;
}

/** An order between two residents (docs/complex.md#buying). Title and price are copied when ordered. */
export const complexOrders = pgTable(
  'complex_orders',
  {
    id: text('id').primaryKey(),
    complexId: text('complex_id')
      .notNull()
      .references(() => complexes.id),
    listingId: text('listing_id')
      .notNull()
      .references(() => complexListings.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    photoId: text('photo_id'),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    handover: text('handover').$type<HandoverMode>().notNull(),
    state: text('state').$type<ComplexOrderState>().notNull(),
    paymentId: text('payment_id'),
    /** Locker hand-over: the complex's site and the booking that holds the locker (drop, then pickup). */
    siteId: text('site_id'),
    bookingId: text('booking_id'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    confirmsAt: timestamp('confirms_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
    timeline: jsonb('timeline').$type<TimelineEntry[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('complex_orders_buyer_idx').on(t.buyerId, t.createdAt),
    index('complex_orders_seller_idx').on(t.sellerId, t.createdAt),
    index('complex_orders_state_idx').on(t.state),
  ],
);
export type ComplexOrderRow = typeof complexOrders.$inferSelect;
