import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { localized } from '../../db/columns.ts';

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: localized('name').notNull(),
  description: localized('description').notNull(),
  kind: text('kind').notNull(),
  pricePaise: integer('price_paise').notNull(),
  periodDays: integer('period_days').notNull(),
  lockerHours: integer('locker_hours'),
  sizes: text('sizes').array().notNull(),
  waitlistPriority: boolean('waitlist_priority').notNull().default(false),
  freeDeliveryOverPaise: integer('free_delivery_over_paise'),
});

/** Delivery fee rules; one row per rule set (`default`). */
export const deliveryFees = pgTable('delivery_fees', {
  id: text('id').primaryKey(),
  baseFeePaise: integer('base_fee_paise').notNull(),
  perKmPaise: integer('per_km_paise').notNull(),
  smallCartThresholdPaise: integer('small_cart_threshold_paise').notNull(),
  smallCartFeePaise: integer('small_cart_fee_paise').notNull(),
  packagingFeePaise: integer('packaging_fee_paise').notNull(),
});
