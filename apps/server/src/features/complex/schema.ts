import { doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { localized } from '../../db/columns.ts';

export const complexes = pgTable('complexes', {
  id: text('id').primaryKey(),
  name: localized('name').notNull(),
  address: text('address').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  blocks: text('blocks').array().notNull(),
  flatsPerBlock: integer('flats_per_block').notNull(),
});

export const complexListings = pgTable('complex_listings', {
  id: text('id').primaryKey(),
  complexId: text('complex_id')
    .notNull()
    .references(() => complexes.id),
  sellerPhone: text('seller_phone').notNull(),
  title: localized('title').notNull(),
  description: text('description'),
  pricePaise: integer('price_paise').notNull(),
  categoryId: text('category_id'),
  handover: text('handover').array().notNull(),
});
