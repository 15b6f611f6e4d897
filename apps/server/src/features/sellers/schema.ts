import { doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';
import { localized } from '../../db/columns.ts';

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
});
