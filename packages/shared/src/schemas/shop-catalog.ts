import { z } from 'zod';
import { GST_SLABS, MAX_PACK_STOCK, PACK_UNITS, STOCK_SORTS, STOCK_VIEWS } from '../rules/shop-catalog.ts';
import { productSchema } from './catalog.ts';

/**
 * A shop's catalogue from its own app (docs/shops.md#stock-and-catalogue): find, change and add its
 * products and packs. Prices are integer paise. What the rules in rules/shop-catalog.ts check (a price
 * above the MRP, stock below zero, a wrong check digit) is let through the shape here and refused by
 * the server with its own error code, so the app says exactly what is wrong.
 */

const id = z.string().trim().min(1).max(100);
const paise = z.number().int();
const stock = z.number().int().max(MAX_PACK_STOCK);
/** Thirteen digits as printed (spaces and dashes allowed); its check digit is the rule's to judge. */
const barcode = z
  .string()
  .trim()
  .regex(/^[\d\s-]{8,20}$/, 'Digits only');

export const shopProductParams = z.object({ shopId: id, productId: id });
export const shopVariantParams = z.object({ shopId: id, vrntId: id });

/**
 * `GET /api/shops/:shopId/products?q=&barcode=&stock=&sort=&page=`: out-of-stock packs included. With
 * neither `q` nor `barcode`, every product of the shop; `stock` keeps those with a pack running low or
 * out; `sort=sales` puts first what sold most in the last `SALES_WINDOW_DAYS`.
 */
export const shopProductsQuery = z.object({
  q: z.string().trim().max(80).optional(),
  barcode: barcode.optional(),
  stock: z.enum(STOCK_VIEWS).default('all'),
  sort: z.enum(STOCK_SORTS).default('name'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type ShopProductsQuery = z.infer<typeof shopProductsQuery>;

export const shopProductPageSchema = z.object({
  products: z.array(productSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
  /** Units each product on the page sold in the last `SALES_WINDOW_DAYS` (none: left out). */
  sold: z.record(z.string(), z.number().int()),
});
export type ShopProductPage = z.infer<typeof shopProductPageSchema>;

/** One pack of a new product, or a new pack of one already there. */
export const newPackBody = z.strictObject({
  unit: z.enum(PACK_UNITS),
  unitValue: z.number().positive().max(100_000),
  pricePaise: paise,
  mrpPaise: paise,
  inventory: stock.default(0),
  alwaysInventory: z.boolean().default(false),
  taxPercent: z.union(GST_SLABS.map((n) => z.literal(n))),
  barcode: barcode.nullable().optional(),
});
export type NewPackBody = z.infer<typeof newPackBody>;
/** What the app sends (defaults filled in by the server). */
export type NewPackInput = z.input<typeof newPackBody>;

/** `POST /api/shops/:shopId/products`: a product with its English and Tamil names and its packs. */
export const newProductBody = z.strictObject({
  name: z.strictObject({
    en: z.string().trim().min(2).max(80),
    ta: z.string().trim().min(1).max(80),
  }),
  categoryId: id,
  hazardous: z.boolean().default(false),
  packs: z.array(newPackBody).min(1).max(10),
});
export type NewProductBody = z.infer<typeof newProductBody>;
export type NewProductInput = z.input<typeof newProductBody>;

/** `PATCH /api/shops/:shopId/products/:productId`: the names, category or hazardous flag. */
export const productChangeBody = z
  .strictObject({
    name: z
      .strictObject({ en: z.string().trim().min(2).max(80), ta: z.string().trim().min(1).max(80) })
      .optional(),
    categoryId: id.optional(),
    hazardous: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change')
  .meta({ minProperties: 1 });
export type ProductChangeBody = z.infer<typeof productChangeBody>;

/**
 * `PATCH /api/shops/:shopId/variants/:vrntId`: any of price, MRP, stock, always in stock and the
 * barcode (null takes it off). "Out of stock" is `{ inventory: 0, alwaysInventory: false }`.
 */
export const packChangeBody = z
  .strictObject({
    pricePaise: paise.optional(),
    mrpPaise: paise.optional(),
    inventory: stock.optional(),
    alwaysInventory: z.boolean().optional(),
    barcode: barcode.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change')
  .meta({ minProperties: 1 });
export type PackChangeBody = z.infer<typeof packChangeBody>;

/** Answers of the routes that change one product: the product as shoppers now see it. */
export const shopProductAnswer = z.object({ product: productSchema });
