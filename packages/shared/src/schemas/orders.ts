import { z } from 'zod';
import { CART_LIMITS, ORDER_NOTES_MAX_CHARS } from '../constants.ts';
import { ORDER_DELIVERY_TYPES, ORDER_STATES, type OrderDeliveryType } from '../rules/order-states.ts';
import { GAPS, normalisePhone, PHONE_INPUT_PATTERN } from '../rules/phone.ts';
import { commaList } from './comma-list.ts';
import { paymentSchema } from './payments.ts';
import { photoSchema } from './photo.ts';

/**
 * Orders (docs/product.md#placing-an-order, docs/marketplace.md "Orders"): one set of schemas for the
 * server's routes, the app's API client, the shop simulator and the tests. Amounts are integer paise, GST
 * included.
 */

// The state rules keep their place in this module's names: importers of the schemas get them too.
export {
  canOrderTransition,
  nextShopState,
  OPS_ORDER_ACTIONS,
  type OpsOrderAction,
  ORDER_CANCELLABLE_STATES,
  ORDER_DELIVERY_TYPES,
  ORDER_FINAL_STATES,
  ORDER_RULES,
  ORDER_STATES,
  type OrderDeliveryType,
  type OrderState,
  opsActionFor,
} from '../rules/order-states.ts';

const localized = z.object({ en: z.string(), ta: z.string() });
const paise = z.number().int();

/** One cart line as the app sends it (`vrntId`, `quantity`, `productPrice` in rupees as shown). */
export const orderLineInput = z.strictObject({
  vrntId: z.string().min(1).max(100),
  quantity: z.number().int().min(1).max(CART_LIMITS.maxPerLine),
  /** The price the buyer saw, in whole rupees (`productPrice`); a difference → PaymentUpdatedException. */
  productPrice: z.number().nonnegative(),
});
export type OrderLineInput = z.infer<typeof orderLineInput>;

const lines = z
  .array(orderLineInput)
  .min(1)
  .max(CART_LIMITS.maxPerCart)
  .refine((l) => l.reduce((n, x) => n + x.quantity, 0) <= CART_LIMITS.maxPerCart, {
    message: 'You can store only 30 products',
  })
  .refine((l) => new Set(l.map((x) => x.vrntId)).size === l.length, { message: 'one line per variant' })
  .describe(`One line per variant, at most ${CART_LIMITS.maxPerCart} units in all.`);

/** Indian vehicle registration, e.g. `TN 67 AB 1234`; stored upper case without spaces. */
export const vehicleNoSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
  .refine((v) => /^[A-Z]{2}\d{1,2}[A-Z]{0,3}\d{1,4}$/.test(v), { message: 'Invalid vehicle number' })
  .meta({
    pattern: `^${GAPS}[A-Za-z]${GAPS}[A-Za-z](?:${GAPS}\\d){1,2}(?:${GAPS}[A-Za-z]){0,3}(?:${GAPS}\\d){1,4}${GAPS}$`,
    examples: ['TN 67 AB 1234'],
  });

const phoneSchema = z
  .string()
  .transform((v, ctx) => {
    const n = normalisePhone(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: 'Invalid phone number' });
      return z.NEVER;
    }
    return n;
  })
  .meta({ pattern: PHONE_INPUT_PATTERN, examples: ['9876543210'] });

const destination = {
  sellerId: z.string().min(1).max(100),
  items: lines,
  deliveryType: z.enum(ORDER_DELIVERY_TYPES),
  addressId: z.string().min(1).max(100).optional(),
  siteId: z.string().min(1).max(64).optional(),
  /**
   * The shop is closed now: priced and paid now, and the shop accepts the order when it opens
   * (docs/marketplace.md "Ordering from a closed shop"). Without it a closed shop is refused.
   */
  whenShopOpens: z.boolean().optional(),
};

const needsDestination = <T extends { deliveryType: OrderDeliveryType; addressId?: string; siteId?: string }>(
  b: T,
  ctx: z.RefinementCtx,
) => {
  if (b.deliveryType === 'home' && !b.addressId)
    ctx.addIssue({ code: 'custom', path: ['addressId'], message: 'Choose a delivery address' });
  if (b.deliveryType === 'locker' && !b.siteId)
    ctx.addIssue({ code: 'custom', path: ['siteId'], message: 'Choose a parcel locker site' });
};

/** `needsDestination` in the document's words: what each delivery type requires. */
const destinationRules = (extra: Array<[OrderDeliveryType, string]> = []) => ({
  allOf: [
    ...([['home', 'addressId'], ['locker', 'siteId'], ...extra] as const).map(([type, field]) => ({
      if: { properties: { deliveryType: { const: type } }, required: ['deliveryType'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, never awaited
      then: { required: [field] },
    })),
  ],
});

/** `POST /api/orders/quote`: the itemised all-in price for a cart and a destination. */
export const quoteOrderBody = z
  .strictObject(destination)
  .superRefine(needsDestination)
  .meta(destinationRules());
export type QuoteOrderBody = z.infer<typeof quoteOrderBody>;

/** `POST /api/orders` (with an `Idempotency-Key` header). */
export const placeOrderBody = z
  .strictObject({
    ...destination,
    vehicleNo: vehicleNoSchema.optional(),
    /** For the shop, shown on its order board (blank is the same as none). */
    notes: z.string().trim().max(ORDER_NOTES_MAX_CHARS).optional(),
    alternatePickup: z
      .strictObject({ name: z.string().trim().min(1).max(80), phone: phoneSchema })
      .optional(),
  })
  .superRefine((b, ctx) => {
    needsDestination(b, ctx);
    if (b.deliveryType === 'curbside' && !b.vehicleNo)
      ctx.addIssue({ code: 'custom', path: ['vehicleNo'], message: 'Enter your vehicle number' });
  })
  .meta(destinationRules([['curbside', 'vehicleNo']]));
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const orderPriceSchema = z.object({
  currency: z.literal('INR'),
  itemsPaise: paise,
  mrpPaise: paise,
  savingsPaise: paise,
  deliveryKm: z.number().int(),
  deliveryFeeBeforeWaiverPaise: paise,
  deliveryFeePaise: paise,
  deliveryWaived: z.boolean(),
  smallCartFeePaise: paise,
  packagingFeePaise: paise,
  totalPaise: paise,
  taxPaise: paise,
  itemsTaxPaise: paise,
  feesTaxPaise: paise,
});

export const orderQuoteSchema = z.object({
  sellerId: z.string(),
  deliveryType: z.enum(ORDER_DELIVERY_TYPES),
  lines: z.array(
    z.object({
      vrntId: z.string(),
      productId: z.string(),
      name: localized,
      quantity: z.number().int(),
      unitPricePaise: paise,
      mrpPaise: paise,
      taxPaise: paise,
      hazardous: z.boolean(),
    }),
  ),
  price: orderPriceSchema,
  /** No cash on delivery: an order is paid online before the shop sees it. */
  paymentMethods: z.array(z.enum(['upi', 'card'])),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

export const orderItemSchema = z.object({
  vrntId: z.string(),
  productId: z.string(),
  name: localized,
  /** The product's picture today (`/art/…` or the shop's photo); null once the product is gone. */
  image: z.string().nullable(),
  quantity: z.number().int(),
  unitPricePaise: paise,
  mrpPaise: paise,
  taxPaise: paise,
  /** The GST rate inside the price (percent), as on the shop's tax invoice; null on older orders. */
  taxPercent: z.number().int().nullable(),
  hazardous: z.boolean(),
  /** How many the shop did not have (refunded at the unit price; docs/shops.md#an-item-is-not-there). */
  unavailableQuantity: z.number().int(),
});

/** A substitute the shop offered for (part of) a line: the buyer accepts or declines before `expiresAt`. */
export const orderSubstitutionSchema = z.object({
  id: z.string(),
  /** The line it replaces. */
  vrntId: z.string(),
  quantity: z.number().int(),
  substitute: z.object({
    vrntId: z.string(),
    productId: z.string(),
    name: localized,
    unitPricePaise: paise,
    /** Its GST rate (percent), for the tax invoice; null on older offers. */
    taxPercent: z.number().int().nullable(),
    image: z.string().nullable(),
  }),
  status: z.enum(['offered', 'accepted', 'declined', 'expired']),
  expiresAt: z.string(),
});
export type OrderSubstitution = z.infer<typeof orderSubstitutionSchema>;

export const orderSchema = z.object({
  id: z.string(),
  state: z.enum(ORDER_STATES),
  sellerId: z.string(),
  seller: z.object({
    id: z.string(),
    brandName: z.string(),
    brandNameTa: z.string().nullable(),
    /** The shop's phone, for the buyer to call about this order. */
    phone: z.string().nullable(),
    /** The shop's street address (curbside pickup is at its kerb). */
    address: z.string().nullable(),
    /** Where the shop is (curbside pickup is at its kerb). */
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    /** GST and FSSAI registration, on the shop's tax invoice for this order (docs/shops.md#tax-invoices). */
    gstin: z.string().nullable(),
    fssai: z.string().nullable(),
  }),
  deliveryType: z.enum(ORDER_DELIVERY_TYPES),
  /** A copy of the address as it was when ordered (home). */
  address: z
    .object({
      id: z.string(),
      label: z.string(),
      line1: z.string(),
      line2: z.string().nullable(),
      landmark: z.string().nullable(),
      lat: z.number(),
      lng: z.number(),
    })
    .nullable(),
  /** The parcel-locker site (locker). */
  site: z.object({ id: z.string(), name: localized, lat: z.number(), lng: z.number() }).nullable(),
  vehicleNo: z.string().nullable(),
  alternatePickup: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /** What the buyer asked of the shop when ordering, or null. */
  notes: z.string().nullable(),
  /** The shop's invoice number for it (given when paid; docs/shops.md#tax-invoices), or null before. */
  invoiceNo: z.string().nullable(),
  /** Curbside check-ins. */
  checkin: z.object({
    onMyWayAt: z.string().nullable(),
    arrivedAt: z.string().nullable(),
    bay: z.string().nullable(),
    landmark: z.string().nullable(),
  }),
  items: z.array(orderItemSchema),
  substitutions: z.array(orderSubstitutionSchema),
  price: orderPriceSchema,
  /** Until when an unpaid order keeps its stock. */
  holdExpiresAt: z.string().nullable(),
  /** Ordered while the shop was closed: the shop accepts it from this time (its next opening). */
  scheduledFor: z.string().nullable(),
  /** The shop accepted it saying it would be ready by then (docs/shops.md#the-order-board). */
  readyBy: z.string().nullable(),
  /**
   * Home delivery on its way: the 4-digit code the buyer tells the rider at the door
   * (docs/shops.md#hand-over). Only the buyer sees it; null for the shop and at every other time.
   */
  deliveryCode: z.string().nullable(),
  /** The photo the shop took at the door as proof of delivery. */
  proofPhoto: photoSchema.nullable(),
  /** Parcel-locker pickup: the PIN to type at the site's keypad while the order is in_locker. */
  pickup: z
    .object({
      siteId: z.string(),
      locker: z.string(),
      size: z.string(),
      pin: z.string().nullable(),
      expiresAt: z.string(),
    })
    .nullable(),
  timeline: z.array(z.object({ state: z.enum(ORDER_STATES), at: z.string(), note: z.string().nullable() })),
  payment: paymentSchema.nullable(),
  paymentStatus: z.string().nullable(),
  refundedPaise: paise,
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const ORDERS_PAGE_SIZE = { default: 20, max: 50 } as const;

export const listOrdersQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ORDERS_PAGE_SIZE.max).default(ORDERS_PAGE_SIZE.default),
  /**
   * The previous page's `nextCursor`: the page after it, however long the list (`page` is then only
   * echoed back). Without it, `page` is counted from the newest, which gets slower the further back.
   */
  after: z.string().min(1).max(100).optional(),
});

export const orderListSchema = z.object({
  items: z.array(orderSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every order in the list; null on a page read with `after`, which does not count them again. */
  total: z.number().int().nullable(),
  hasMore: z.boolean(),
  /** Pass as `after` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const orderParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const substitutionParams = z.object({
  id: z.string().min(1).max(100),
  substitutionId: z.string().min(1).max(100),
});

/** `POST /api/orders/:id/arrived` ("I'm here") and `/on-my-way`: where the buyer waits. */
export const orderCheckinBody = z
  .strictObject({
    bay: z.string().trim().min(1).max(40).optional(),
    landmark: z.string().trim().min(1).max(120).optional(),
  })
  .default({});

export const cancelOrderBody = z.strictObject({ reason: z.string().trim().max(200).optional() }).default({});

/** Ops API (shop staff): `GET /api/ops/orders?sellerId=&state=` (no sellerId: every shop's, for the simulator). */
export const opsOrdersQuery = z.object({
  sellerId: z.string().min(1).max(100).optional(),
  /** One state or several, comma-separated (`state=placed,accepted`). */
  state: commaList(ORDER_STATES).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  /** The previous page's `nextCursor`, as for the buyer's list. */
  after: listOrdersQuery.shape.after,
});
