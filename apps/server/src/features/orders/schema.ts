import type { OrderPrice } from '@petti/shared/rules/order-pricing';
import type { OrderDeliveryType, OrderState } from '@petti/shared/schemas/orders';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Localized } from '../../db/columns.ts';
import { bookings } from '../bookings/schema.ts';
import { sellers } from '../sellers/schema.ts';
import { users } from '../users/schema.ts';

export interface AddressSnapshot {
  id: string;
  label: string;
  line1: string;
  line2: string | null;
  landmark: string | null;
  lat: number;
  lng: number;
}

/**
 * One order from one seller. Prices, the address and the item names are copied at ordering, so
 * later catalog changes never change what was bought. `request_key` is the client's
 * Idempotency-Key: unique per user, so a retried request finds the order it already made.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id),
    state: text('state').$type<OrderState>().notNull(),
    deliveryType: text('delivery_type').$type<OrderDeliveryType>().notNull(),
    address: jsonb('address').$type<AddressSnapshot>(),
    siteId: text('site_id'),
    vehicleNo: text('vehicle_no'),
    alternatePickup: jsonb('alternate_pickup').$type<{ name: string; phone: string }>(),
    /** The buyer's note for the shop. */
    notes: text('notes'),
    onMyWayAt: timestamp('on_my_way_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    bay: text('bay'),
    landmark: text('landmark'),
    price: jsonb('price').$type<OrderPrice>().notNull(),
    totalPaise: integer('total_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    /** The Delivery Pass that waived the delivery fee (one delivery is counted when paid). */
    deliveryPassId: text('delivery_pass_id'),
    paymentId: text('payment_id').unique(),
    payment: jsonb('payment').$type<Record<string, unknown>>(),
    requestKey: text('request_key').notNull(),
    /** A hash of the request body, so a key reused for a different order is refused. */
    requestHash: text('request_hash').notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** Ordered while the shop was closed: the shop accepts it from here (its next opening). */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** The parcel-locker booking that holds this order's locker (locker drops). */
    parcelBookingId: text('parcel_booking_id').references(() => bookings.id),
    cancelReason: text('cancel_reason'),
    /** Accepted with a preparation time: when the shop said the order would be ready. */
    readyBy: timestamp('ready_by', { withTimezone: true }),
    /**
     * What the shop's changes owe the buyer back (missing items, a cheaper substitute), in paise. The
     * refund timer pays the payment up to this, so running it twice cannot refund twice.
     */
    owedRefundPaise: integer('owed_refund_paise').notNull().default(0),
    /**
     * Home delivery's hand-over (docs/shops.md#hand-over): the 4-digit code the buyer tells the
     * rider, shown only to the buyer; wrong tries are counted and three lock it.
     */
    deliveryCode: text('delivery_code'),
    deliveryCodeTries: integer('delivery_code_tries').notNull().default(0),
    /** The photo taken at the door as proof of delivery (a photo id of the photo pipeline). */
    proofPhotoId: text('proof_photo_id'),
    /**
     * The shop's tax-invoice number, given when the order is paid: consecutive within the shop and
     * the financial year (docs/shops.md#tax-invoices), e.g. `26-27/000042`.
     */
    invoiceNo: text('invoice_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('orders_request_key_uq').on(t.userId, t.requestKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_seller_state_idx').on(t.sellerId, t.state),
    index('orders_state_idx').on(t.state),
    // The shops' (ops) list, newest first, by keyset (docs/performance.md#long-lists): one shop's, and every shop's.
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    uniqueIndex('orders_seller_invoice_idx').on(t.sellerId, t.invoiceNo),
    check(
      'orders_amounts',
      sql`${t.totalPaise} > 0 and ${t.taxPaise} >= 0 and ${t.taxPaise} <= ${t.totalPaise}`,
    ),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/** The last invoice number each shop gave in each financial year (`26-27`): the next is one more. */
export const shopInvoiceCounters = pgTable(
  'shop_invoice_counters',
  {
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id),
    fiscalYear: text('fiscal_year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.fiscalYear] })],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    vrntId: text('vrnt_id').notNull(),
    productId: text('product_id').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    /** The product's GST rate when ordered, for the tax invoice (unknown on orders placed before it was kept). */
    taxPercent: integer('tax_percent'),
    hazardous: boolean('hazardous').notNull(),
    /** Stock was not taken (always in stock), so none is given back either. */
    alwaysInventory: boolean('always_inventory').notNull(),
    /**
     * How many the shop did not have (docs/shops.md#an-item-is-not-there): marked unavailable, or a
     * substitute declined or left unanswered. Each is refunded at the line's unit price.
     */
    unavailableQuantity: integer('unavailable_quantity').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity', sql`${t.quantity} > 0`),
  ],
);

export type OrderItemRow = typeof orderItems.$inferSelect;

/** The timeline: every state an order reached, when, and why. */
export const orderStateLog = pgTable(
  'order_state_log',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    state: text('state').$type<OrderState>().notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Who in the shop took the step (their name as the shop knows them), for the other staff to see. */
    by: text('by'),
    byUserId: text('by_user_id'),
    /** Insertion order: two steps in the same millisecond still read back in the order they happened. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_state_log_order_idx').on(t.orderId, t.seq)],
);
export type OrderStateLogRow = typeof orderStateLog.$inferSelect;

/**
 * A substitute the shop offers for (part of) a line it does not have; the buyer accepts or declines
 * in the app within 10 minutes, and no answer counts as declined (docs/shops.md#an-item-is-not-there).
 */
export const orderSubstitutions = pgTable(
  'order_substitutions',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** The line it replaces (its variant) and how many of it. */
    vrntId: text('vrnt_id').notNull(),
    quantity: integer('quantity').notNull(),
    substituteVrntId: text('substitute_vrnt_id').notNull(),
    substituteProductId: text('substitute_product_id').notNull(),
    substituteName: jsonb('substitute_name').$type<Localized>().notNull(),
    /** The substitute's price now, GST included; its total is never above the line's. */
    unitPricePaise: integer('unit_price_paise').notNull(),
    /** The substitute's GST rate, for the tax invoice. */
    taxPercent: integer('tax_percent'),
    alwaysInventory: boolean('always_inventory').notNull(),
    status: text('status').$type<'offered' | 'accepted' | 'declined' | 'expired'>().notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    offeredBy: text('offered_by'),
  },
  (t) => [index('order_substitutions_order_idx').on(t.orderId)],
);
export type OrderSubstitutionRow = typeof orderSubstitutions.$inferSelect;
