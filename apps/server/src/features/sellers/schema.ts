import { doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';
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
  opensAt: text('opens_at').notNull(),
  closesAt: text('closes_at').notNull(),
  /** Subset of home, locker, curbside, grab. */
  modes: text('modes').array().notNull(),
  phone: text('phone'),
  rating: doublePrecision('rating'),
  /** The shop's picture: a bundled illustration (`/art/…`, docs/pictures.md) until the shop sends a photo. */
  image: text('image'),
});

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
});
