import { z } from 'zod';
import { CART_LIMITS } from '../constants.ts';
import { CART_MESSAGES } from '../rules/cart-messages.ts';
import { orderItemSchema, orderLineInput } from './orders.ts';
import { paymentSchema } from './payments.ts';

/**
 * Grab-and-go (docs/grab-and-go.md): one shop's grab cart paid on its own, the exit pass the shop checks,
 * and past purchases grouped by product. Amounts are integer paise, GST included.
 */

const localized = z.object({ en: z.string(), ta: z.string() });
const paise = z.number().int();
const id = z.string().min(1).max(100);

/** How long an exit pass is good for after the payment is captured. */
export const EXIT_PASS_MINUTES = 30;

/** `POST /api/grab/checkout`: one shop's group of the grab cart, as `grabGroupLines` gives it. */
export const grabCheckoutBody = z.strictObject({
  sellerId: id,
  items: z
    .array(orderLineInput)
    .min(1)
    .max(CART_LIMITS.maxPerCart)
    .refine((l) => l.reduce((n, x) => n + x.quantity, 0) <= CART_LIMITS.maxPerCart, {
      message: CART_MESSAGES.cartLimit.en,
    })
    .refine((l) => new Set(l.map((x) => x.vrntId)).size === l.length, { message: 'one line per variant' })
    .describe(`One line per variant, at most ${CART_LIMITS.maxPerCart} units in all.`),
});
export type GrabCheckoutBody = z.infer<typeof grabCheckoutBody>;

export const GRAB_PURCHASE_STATES = ['awaiting_payment', 'paid', 'exited', 'refunded'] as const;
export type GrabPurchaseState = (typeof GRAB_PURCHASE_STATES)[number];

/** A line of a purchase: an order's line without what only delivery needs. */
export const grabLineSchema = orderItemSchema.pick({
  vrntId: true,
  productId: true,
  name: true,
  quantity: true,
  unitPricePaise: true,
  mrpPaise: true,
});
export type GrabLine = z.infer<typeof grabLineSchema>;

/** The pass the shopper shows at the door: the QR carries `token`; `code` is read out or typed. */
export const exitPassSchema = z.object({
  /** `GG1.<purchase id>.<signature>`: what the QR code holds. */
  token: z.string(),
  /** Eight letters and digits, `ABCD-2345`: the same pass for staff who type it. */
  code: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
});
export type ExitPass = z.infer<typeof exitPassSchema>;

export const grabPurchaseSchema = z.object({
  id: z.string(),
  sellerId: z.string(),
  sellerName: localized,
  state: z.enum(GRAB_PURCHASE_STATES),
  items: z.array(grabLineSchema),
  totalPaise: paise,
  taxPaise: paise,
  /** Σ (MRP − price) × quantity. */
  savingsPaise: paise,
  /** What to open the provider's checkout with while `awaiting_payment`. */
  payment: paymentSchema.nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Once paid. */
  pass: exitPassSchema.nullable(),
});
export type GrabPurchase = z.infer<typeof grabPurchaseSchema>;

export const grabPurchaseParams = z.object({ id });
export const grabPurchaseListSchema = z.object({ purchases: z.array(grabPurchaseSchema) });

/** `grabAndGoItems`: what the shopper bought in grab-and-go shops, one entry per product. */
export const grabAndGoItemSchema = z.object({
  productId: z.string(),
  vrntId: z.string(),
  sellerId: z.string(),
  sellerName: localized,
  productName: localized,
  /** Units bought, all purchases. */
  quantity: z.number().int(),
  /** How many purchases it was in. */
  times: z.number().int(),
  lastBoughtAt: z.string(),
  lastPricePaise: paise,
});
export type GrabAndGoItem = z.infer<typeof grabAndGoItemSchema>;
export const grabAndGoItemsSchema = z.object({ grabAndGoItems: z.array(grabAndGoItemSchema) });

/** `POST /api/ops/grab/exit-passes/check` (shop staff): the QR's token or the typed code. */
export const exitPassCheckBody = z.strictObject({
  sellerId: id,
  pass: z.string().trim().min(4).max(300),
});
export type ExitPassCheckBody = z.infer<typeof exitPassCheckBody>;

/** valid (now used), used before, expired, paid in another shop, or not a pass Petti signed. */
export const EXIT_PASS_RESULTS = ['valid', 'used', 'expired', 'otherShop', 'invalid'] as const;
export type ExitPassResult = (typeof EXIT_PASS_RESULTS)[number];

export const exitPassCheckSchema = z.object({
  result: z.enum(EXIT_PASS_RESULTS),
  /** The purchase for staff to compare with the bag; null when the pass is not Petti's. */
  purchase: z
    .object({
      id: z.string(),
      sellerId: z.string(),
      sellerName: localized,
      items: z.array(grabLineSchema),
      totalPaise: paise,
      paidAt: z.string().nullable(),
      expiresAt: z.string(),
      usedAt: z.string().nullable(),
    })
    .nullable(),
});
export type ExitPassCheck = z.infer<typeof exitPassCheckSchema>;
