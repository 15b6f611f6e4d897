import { z } from 'zod';
import { CART_LIMITS } from '../constants.ts';
import { CART_MESSAGES } from '../rules/cart-messages.ts';

/**
 * Cart validation and the server's copy of the cart (docs/product.md#cart-validation, docs/marketplace.md
 * "Cart"). Prices in requests are rupees under the cart's name `productPrice` (what the buyer saw).
 */

const localized = z.object({ en: z.string(), ta: z.string() });

/** One cart line as the app sends it (`vrntId`, `quantity`, `productPrice` in rupees). */
export const cartLineInput = z.strictObject({
  vrntId: z.string().min(1).max(100),
  quantity: z.number().int().min(1).max(CART_LIMITS.maxPerLine),
  productPrice: z.number().nonnegative(),
});
export type CartLineInput = z.infer<typeof cartLineInput>;

/** A cart's lines: one per variant, at most 30 units in all (docs/product.md#delivery-cart). */
const cartLines = <T extends z.ZodType<{ vrntId: string; quantity: number }>>(line: T, min: number) =>
  z
    .array(line)
    .min(min)
    .max(CART_LIMITS.maxPerCart)
    .refine((l) => l.reduce((n, x) => n + x.quantity, 0) <= CART_LIMITS.maxPerCart, {
      message: CART_MESSAGES.cartLimit.en,
    })
    .refine((l) => new Set(l.map((x) => x.vrntId)).size === l.length, { message: 'one line per variant' })
    .describe(`One line per variant, at most ${CART_LIMITS.maxPerCart} units in all.`);

/** `POST /api/cart/validate`. */
export const validateCartBody = z.strictObject({
  items: cartLines(cartLineInput, 1),
  /** Checking a cart to order for when the closed shop opens: its hours are not a refusal. */
  whenShopOpens: z.boolean().optional(),
});
export type ValidateCartBody = z.infer<typeof validateCartBody>;

/** Why a line is OK or BAD; the app may translate by this code (`CART_CHECK_MESSAGES`). */
export const CART_CHECK_REASONS = [
  'ok',
  'priceChanged',
  'outOfStock',
  'notEnoughStock',
  'unavailable',
  'shopClosed',
  'otherSeller',
] as const;
export type CartCheckReason = (typeof CART_CHECK_REASONS)[number];

/**
 * Per-line messages. `{n}` is the units left, `{time}` the shop's opening time, `{price}` the new
 * price in rupees. `priceChanged` is the PaymentUpdatedException text (docs/product.md#cart-validation).
 */
export const CART_CHECK_MESSAGES = {
  ok: { en: 'Available', ta: 'கிடைக்கிறது' },
  priceChanged: {
    en: 'The price has been updated. Refresh the page to view the new price.',
    ta: 'விலை மாற்றப்பட்டுள்ளது. புதிய விலையைப் பார்க்க பக்கத்தைப் புதுப்பிக்கவும்.',
  },
  outOfStock: { en: 'Out of stock', ta: 'இருப்பு இல்லை' },
  notEnoughStock: { en: 'Only {n} left in stock', ta: 'இருப்பில் {n} மட்டுமே உள்ளது' },
  unavailable: { en: 'This product is no longer available', ta: 'இந்தப் பொருள் இனி கிடைக்காது' },
  shopClosed: {
    en: 'The shop is closed now. It opens at {time}.',
    ta: 'கடை இப்போது மூடப்பட்டுள்ளது. {time} மணிக்குத் திறக்கும்.',
  },
  otherSeller: {
    en: 'This item is from another shop. A cart holds one shop’s items.',
    ta: 'இந்தப் பொருள் வேறொரு கடையைச் சேர்ந்தது. ஒரு கூடையில் ஒரே கடையின் பொருட்கள் மட்டுமே.',
  },
} as const satisfies Record<CartCheckReason, { en: string; ta: string }>;

/** A message's words filled in; a value said differently in each language (a time) comes as both. */
export function cartCheckMessage(
  reason: CartCheckReason,
  params: Record<string, string | number | { en: string; ta: string }> = {},
): { en: string; ta: string } {
  const fill = (s: string, language: 'en' | 'ta') =>
    s.replace(/\{(\w+)\}/g, (_, k: string) => {
      const value = params[k];
      if (value === undefined) return `{${k}}`;
      return typeof value === 'object' ? value[language] : String(value);
    });
  const m = CART_CHECK_MESSAGES[reason];
  return { en: fill(m.en, 'en'), ta: fill(m.ta, 'ta') };
}

export const cartCheckItemSchema = z.object({
  vrntId: z.string(),
  status: z.enum(['OK', 'BAD']),
  /** English text (the field the app reads, `message`); `messages` has both languages. */
  message: z.string(),
  messages: localized,
  reason: z.enum(CART_CHECK_REASONS),
  /** Current price and MRP in rupees and stock; null when the variant no longer exists. */
  productPrice: z.number().nullable(),
  marketPrice: z.number().nullable(),
  inventory: z.number().int().nullable(),
  alwaysInventory: z.boolean().nullable(),
});
export type CartCheckItem = z.infer<typeof cartCheckItemSchema>;

/**
 * The 200 answer: every line checked. A changed price answers 409 PaymentUpdatedException instead,
 * with this same body's fields beside `code` and `message` in `error`.
 */
export const cartCheckSchema = z.object({
  items: z.array(cartCheckItemSchema),
  /** The seller of the lines (the first line's), null when none was found. */
  sellerId: z.string().nullable(),
  /** Every line OK. */
  ok: z.boolean(),
  priceChanged: z.boolean(),
});
export type CartCheck = z.infer<typeof cartCheckSchema>;

// ---------------------------------------------------------------- server cart

/** `PUT /api/cart`: the app's cart lines (prices are re-read on the server). */
export const putCartBody = z.strictObject({
  sellerId: z.string().min(1).max(100).nullish(),
  items: cartLines(
    z.object({
      vrntId: z.string().min(1).max(100),
      quantity: z.number().int().min(1).max(CART_LIMITS.maxPerLine),
      productPrice: z.number().nonnegative().optional(),
    }),
    0,
  ),
});
export type PutCartBody = z.infer<typeof putCartBody>;

export const serverCartProductSchema = z.object({
  unitValue: z.number(),
  name: localized,
  image_url: z.string().nullable(),
  unit: z.string(),
  slrId: z.string(),
  prdtId: z.string(),
  vrntId: z.string(),
  tciId: z.string().nullable(),
  productPrice: z.number(),
  marketPrice: z.number(),
  inventory: z.number().int(),
  alwaysInventory: z.boolean(),
});

/**
 * The delivery cart's shape (docs/product.md#delivery-cart) with current product data, plus when it was
 * saved.
 */
export const serverCartSchema = z.object({
  cartId: z.string().nullable(),
  sellerId: z.string().nullable(),
  brandName: z.string().nullable(),
  items: z.array(z.object({ quantity: z.number().int(), product: serverCartProductSchema })),
  total: z.number(),
  count: z.number().int(),
  savings: z.number(),
  updatedAt: z.string().nullable(),
});
export type ServerCart = z.infer<typeof serverCartSchema>;
