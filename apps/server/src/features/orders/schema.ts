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
  text,
  timestamp,
  unique,
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
    check(
      'orders_amounts',
      sql`${t.totalPaise} > 0 and ${t.taxPaise} >= 0 and ${t.taxPaise} <= ${t.totalPaise}`,
    ),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

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
    hazardous: boolean('hazardous').notNull(),
    /** Stock was not taken (always in stock), so none is given back either. */
    alwaysInventory: boolean('always_inventory').notNull(),
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
