import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { localized } from '../../db/columns.ts';
import { sellers } from '../sellers/schema.ts';

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: localized('name').notNull(),
  icon: text('icon'),
  sort: integer('sort').notNull().default(0),
});

/**
 * What product search matches against: the English and Tamil names in one text, apart by a control
 * character no query holds, so a match never spans the two. The search's `where` and its index use
 * this one expression, as PostgreSQL only uses an expression index for the same expression.
 */
export const productNameSearchText = (name: AnyPgColumn | SQL) =>
  sql`(coalesce(${name}->>'en', '') || chr(31) || coalesce(${name}->>'ta', ''))`;

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    name: localized('name').notNull(),
    description: localized('description'),
    image: text('image'),
    /** A photo the shop sent (ops API; docs/pictures.md): shown instead of `image` when set. */
    photoId: text('photo_id'),
    hazardous: boolean('hazardous').notNull().default(false),
  },
  (t) => [
    index('products_seller_idx').on(t.sellerId),
    index('products_category_idx').on(t.categoryId),
    // Name search is a case-insensitive substring match (`ilike '%rice%'`) in either language: one
    // trigram index over both names serves it without reading the whole table (docs/performance.md#search).
    // Written at once, not through GIN's pending list: searches are many and the catalogue changes
    // rarely, and every search would read that list until a vacuum emptied it.
    index('products_name_search_idx')
      .using('gin', sql`${productNameSearchText(t.name)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /**
     * Its product's shop, kept on the pack too so that the database holds a barcode unique within a
     * shop (an index cannot look into `products`). Written with the pack; products never change shop.
     */
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id),
    unit: text('unit').notNull(),
    unitValue: doublePrecision('unit_value').notNull(),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    inventory: integer('inventory').notNull().default(0),
    alwaysInventory: boolean('always_inventory').notNull().default(false),
    taxPercent: integer('tax_percent').notNull().default(0),
    /** EAN-13 on the pack (grab-and-go scans it); unknown for loose goods. */
    barcode: text('barcode'),
  },
  (t) => [
    index('variants_product_idx').on(t.productId),
    index('variants_barcode_idx').on(t.barcode),
    // One barcode, one pack, within a shop (docs/shops.md#stock-and-catalogue); two shops may sell the same pack.
    uniqueIndex('variants_seller_barcode_idx').on(t.sellerId, t.barcode).where(sql`${t.barcode} is not null`),
    // Stock can never go below zero, whatever the code does.
    check('variants_inventory_non_negative', sql`${t.inventory} >= 0`),
    check('variants_price_positive', sql`${t.pricePaise} > 0 and ${t.mrpPaise} >= ${t.pricePaise}`),
  ],
);
