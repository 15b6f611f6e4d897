import { z } from 'zod';
import { TOWN_BOUNDS } from '../constants.ts';
import { normaliseBarcode } from '../rules/ean13.ts';
import { isInsideTown } from '../rules/geo.ts';
import { GAPS } from '../rules/phone.ts';
import { photoSchema } from './photo.ts';

/**
 * The marketplace catalog (docs/product.md#catalog, docs/marketplace.md): categories, sellers, products and
 * their variants, and the become-a-seller form. One set of schemas for the server's routes, the app's API
 * client and the tests.
 *
 * Money: the integer-paise fields (`pricePaise`, `mrpPaise`, `taxPaise`) are the authority.
 * `productPrice` and `marketPrice` carry the same amounts in rupees under the cart's field names
 * (docs/product.md#money), because the app's cart stores and sends them that way.
 */

const localized = z.object({ en: z.string(), ta: z.string() });
/** A product description's Tamil text may come later (data/seed/schema.ts). */
const description = z.object({ en: z.string(), ta: z.string().optional() });
const paise = z.number().int();
const id = z.string().min(1).max(100);

export const SELLER_MODES = ['home', 'locker', 'curbside', 'grab'] as const;
export type SellerMode = (typeof SELLER_MODES)[number];

export const PRODUCTS_PAGE_SIZE = { default: 20, max: 50 } as const;

export const categorySchema = z.object({
  id: z.string(),
  name: localized,
  icon: z.string().nullable(),
  /** The icon's bundled picture (`/art/…`, docs/pictures.md); null without an icon. */
  image_url: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;

/** `GET /api/categories` (public: docs/product.md#people-and-access). */
export const categoryListSchema = z.object({ categories: z.array(categorySchema) });

export const sellerSchema = z.object({
  id: z.string(),
  brandName: z.string(),
  brandNameTa: z.string().nullable(),
  categoryId: z.string(),
  description: localized.nullable(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** The delivery range in km (`sellerRange.dis`, docs/product.md#sellers). */
  sellerRange: z.object({ dis: z.number() }),
  /** Today's opening hours in town time, `HH:MM` (the usual hours on a day it is shut). */
  hours: z.object({ open: z.string(), close: z.string() }),
  /** Open at the moment of the answer. */
  openNow: z.boolean(),
  /** Shut all of today (a holiday, "closed today", or a weekday it does not open). */
  closedToday: z.boolean(),
  /** When it next opens, if not open now (ISO), within a month; null while open or shut longer. */
  nextOpensAt: z.string().nullable(),
  /** Its week and holidays, for the rule in rules/shop-hours.ts (docs/shops.md#hours-and-holidays). */
  schedule: z.object({
    week: z.array(z.object({ open: z.string(), close: z.string() }).nullable()).nullable(),
    closedDates: z.array(z.string()),
  }),
  /** GST registration, printed on its tax invoices; null when it has none. */
  gstin: z.string().nullable(),
  fssai: z.string().nullable(),
  modes: z.array(z.enum(SELLER_MODES)),
  phone: z.string().nullable(),
  rating: z.number().nullable(),
  /** The shop's picture (`/art/…` or a photo); null shows the shop's initials. */
  image_url: z.string().nullable(),
  /** Road metres from the `lat,lng` asked about (distance provider); null without one. */
  distanceM: z.number().nullable(),
  /** Strictly under `sellerRange.dis` × 1000 m from `lat,lng`; null without one. */
  inRange: z.boolean().nullable(),
});
export type Seller = z.infer<typeof sellerSchema>;

const latLngQuery = {
  lat: z.coerce.number().min(-90).max(90).optional().describe('With `lng`: both or neither.'),
  lng: z.coerce.number().min(-180).max(180).optional().describe('With `lat`: both or neither.'),
};

const bothOrNeither = (q: { lat?: number; lng?: number }, ctx: z.RefinementCtx) => {
  if ((q.lat === undefined) !== (q.lng === undefined))
    ctx.addIssue({ code: 'custom', path: ['lat'], message: 'lat and lng go together' });
};

/** `GET /api/sellers?categoryId=&mode=&lat=&lng=&inRange=true` (public). */
export const sellerListQuery = z
  .object({
    categoryId: id.optional(),
    mode: z.enum(SELLER_MODES).optional(),
    ...latLngQuery,
    /** With lat,lng: only sellers whose range covers that point. */
    inRange: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  })
  .superRefine(bothOrNeither);
export type SellerListQuery = z.infer<typeof sellerListQuery>;

/** Nearest first when a point was given, else by name. */
export const sellerListSchema = z.object({ sellers: z.array(sellerSchema) });

/** `GET /api/sellers/:id?lat=&lng=` (public landing page data). */
export const sellerParams = z.object({ id });
export const sellerQuery = z.object(latLngQuery).superRefine(bothOrNeither);

export const sellerPageSchema = z.object({
  seller: sellerSchema,
  category: categorySchema.nullable(),
  /** The categories this seller has products in, with how many. */
  categories: z.array(categorySchema.extend({ productCount: z.number().int() })),
  productCount: z.number().int(),
});
export type SellerPage = z.infer<typeof sellerPageSchema>;

export const variantSchema = z.object({
  vrntId: z.string(),
  unit: z.string(),
  unitValue: z.number(),
  pricePaise: paise,
  mrpPaise: paise,
  /** Rupees (pricePaise / 100), under the name the app's cart uses. */
  productPrice: z.number(),
  /** MRP in rupees (mrpPaise / 100), under the name the app's cart uses. */
  marketPrice: z.number(),
  inventory: z.number().int(),
  alwaysInventory: z.boolean(),
  /** GST percent included in the price. */
  tax: z.number(),
  /** The GST inside one unit's price. */
  taxPaise: paise,
  hazardous: z.boolean(),
  /** EAN-13 on the pack (grab-and-go scans it); null for loose goods. */
  barcode: z.string().nullable(),
});
export type Variant = z.infer<typeof variantSchema>;

export const productSchema = z.object({
  /** The product id under the name the app's cart uses; `id` is the same value. */
  prdtId: z.string(),
  id: z.string(),
  sellerId: z.string(),
  /** The seller id under the name a cart product uses (`slrId`). */
  slrId: z.string(),
  brandName: z.string(),
  categoryId: z.string(),
  /** The category id under the name a cart product uses (`tciId`). */
  tciId: z.string(),
  name: localized,
  description: description.nullable(),
  /** The picture: the shop's photo (its medium width) or a bundled illustration (docs/pictures.md). */
  image_url: z.string().nullable(),
  /** The shop's photo at every width, for `srcset`; null for an illustration. */
  photo: photoSchema.nullable(),
  hazardous: z.boolean(),
  variants: z.array(variantSchema),
});
export type Product = z.infer<typeof productSchema>;

/** `GET /api/products?sellerId=&categoryId=&q=&barcode=&page=&pageSize=` (public). */
export const productListQuery = z.object({
  sellerId: id.optional(),
  categoryId: id.optional(),
  /** Case-insensitive match on the product name (English or Tamil). */
  q: z.string().trim().max(100).optional(),
  /** The products with a variant of this EAN-13 (a scan in a grab-and-go shop, docs/grab-and-go.md). */
  barcode: z
    .string()
    .transform(normaliseBarcode)
    .pipe(z.string().regex(/^\d{8,14}$/, 'A barcode is 8 to 14 digits'))
    .meta({ pattern: `^${GAPS}(?:\\d${GAPS}){8,14}$` })
    .optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PRODUCTS_PAGE_SIZE.max).default(PRODUCTS_PAGE_SIZE.default),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const productPageSchema = z.object({
  products: z.array(productSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const productParams = z.object({ id });
export const productAnswerSchema = z.object({ product: productSchema });

// ---------------------------------------------------------------- become a seller

/** The email field's message (docs/product.md#email-verification). */
export const INVALID_EMAIL = 'Invalid email address';
/** The website field's message (docs/product.md#email-verification). */
export const INVALID_URL = 'Invalid URL';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Indian mobile number as typed (10 digits, optionally +91 / 91 / 0 first); stored as 91XXXXXXXXXX. */
const applicantPhone = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .transform((v, ctx) => {
    const m = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(v);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'Invalid phone number' });
      return z.NEVER;
    }
    return `91${m[1]}`;
  })
  .meta({
    pattern: `^${GAPS}(?:\\+?${GAPS}9${GAPS}1${GAPS}|0${GAPS})?[6-9](?:${GAPS}\\d){9}${GAPS}$`,
    examples: ['9876543210'],
  });

const OUTSIDE = 'The pin must be inside Sivakasi';

/** `POST /api/seller-applications` (public). */
export const sellerApplicationBody = z
  .strictObject({
    brandName: z.string().trim().min(2).max(80),
    ownerName: z.string().trim().min(2).max(80),
    phone: applicantPhone,
    email: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.email({ error: INVALID_EMAIL }).optional()),
    website: z
      .string()
      .trim()
      .max(300)
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.url({ protocol: /^https?$/, error: INVALID_URL }).optional()),
    categoryId: id,
    address: z.string().trim().min(5).max(300),
    /** The shop's pin, when the applicant dropped one; inside the town. */
    lat: z.number().min(TOWN_BOUNDS.south, OUTSIDE).max(TOWN_BOUNDS.north, OUTSIDE).optional(),
    lng: z.number().min(TOWN_BOUNDS.west, OUTSIDE).max(TOWN_BOUNDS.east, OUTSIDE).optional(),
    modes: z.array(z.enum(SELLER_MODES)).min(1).max(SELLER_MODES.length),
    message: optionalText(1000),
  })
  .superRefine((b, ctx) => {
    if ((b.lat === undefined) !== (b.lng === undefined))
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'lat and lng go together' });
    else if (b.lat !== undefined && b.lng !== undefined && !isInsideTown({ lat: b.lat, lng: b.lng }))
      ctx.addIssue({ code: 'custom', path: ['lat'], message: OUTSIDE });
  })
  .meta({ dependentRequired: { lat: ['lng'], lng: ['lat'] } });
export type SellerApplicationBody = z.infer<typeof sellerApplicationBody>;
export type SellerApplicationInput = z.input<typeof sellerApplicationBody>;

export const sellerApplicationSchema = z.object({
  id: z.string(),
  status: z.literal('received'),
  createdAt: z.string(),
});
export type SellerApplication = z.infer<typeof sellerApplicationSchema>;
