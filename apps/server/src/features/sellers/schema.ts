import type { DayHours } from '@petti/shared/rules/shop-hours';
import type { ShopRole } from '@petti/shared/schemas/shops';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, localized } from '../../db/columns.ts';

export const sellers = pgTable('sellers', {
  id: text('id').primaryKey(),
  brandName: text('brand_name').notNull(),
  brandNameTa: text('brand_name_ta'),
  categoryId: text('category_id').notNull(),
  description: localized('description'),
  address: text('address').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  rangeKm: doublePrecision('range_km').notNull(),
  /** The usual hours (town time), for every day `weekHours` does not set otherwise. */
  opensAt: text('opens_at').notNull(),
  closesAt: text('closes_at').notNull(),
  /** Seven entries, Sunday first: that weekday's hours, or null when shut (docs/shops.md#hours-and-holidays). */
  weekHours: jsonb('week_hours').$type<Array<DayHours | null>>(),
  /** Town dates (YYYY-MM-DD) the shop is shut all day: holidays, "closed today". */
  closedDates: text('closed_dates').array().notNull().default([]),
  /** GST and food-safety registration numbers, printed on the shop's tax invoices. */
  gstin: text('gstin'),
  fssai: text('fssai'),
  /** Subset of home, locker, curbside, grab. */
  modes: text('modes').array().notNull(),
  phone: text('phone'),
  rating: doublePrecision('rating'),
  /** The shop's picture: a bundled illustration (`/art/…`, docs/pictures.md) until the shop sends a photo. */
  image: text('image'),
  /** An operator switched the shop off: no orders, and its members' steps are refused (docs/shops.md). */
  active: boolean('active').notNull().default(true),
});

/**
 * Who works in a shop (docs/shops.md#roles): by phone number, so an owner can add someone who has not
 * signed up yet; they see the shop as soon as they sign in with that number. Deleting the row takes
 * the role away at once: every shop route reads it on every request.
 */
export const shopMembers = pgTable(
  'shop_members',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => sellers.id),
    /** 91 + 10 digits. */
    phone: text('phone').notNull(),
    role: text('role').$type<ShopRole>().notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    /** The owner's user id who added them, `ops` for an approval, or `seed`. */
    addedBy: text('added_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.phone] }), index('shop_members_phone_idx').on(t.phone)],
);
export type ShopMemberRow = typeof shopMembers.$inferSelect;

/** Become-a-seller applications (public form, /becomeSeller). One per phone number. */
export const sellerApplications = pgTable('seller_applications', {
  id: text('id').primaryKey(),
  brandName: text('brand_name').notNull(),
  ownerName: text('owner_name').notNull(),
  /** 91 + 10 digits. */
  phone: text('phone').notNull().unique(),
  email: text('email'),
  website: text('website'),
  categoryId: text('category_id').notNull(),
  address: text('address').notNull(),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  modes: text('modes').array().notNull(),
  message: text('message'),
  status: text('status').notNull().default('received'),
  createdAt: createdAt(),
  /** The shop an approval created (its id), null until then. */
  shopId: text('shop_id'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});
