import { z } from 'zod';
import { emptyGrabCart, type GrabCart, settleGrabCart } from '../rules/grab-cart.ts';
import { normalisePhone, PHONE_WIRE_PATTERN } from '../rules/phone.ts';

/**
 * The grab cart as stored on the device under `STORAGE_KEYS.grabCart` (docs/product.md#grab-and-go;
 * the shape and its rules are in rules/grab-cart.ts). Local storage outlives app versions and can be
 * edited by hand, so the app checks what it reads back before the rules see it.
 *
 * The limits are not part of the shape: `settleGrabCart` cuts an over-limit value back, as the
 * delivery cart does, rather than throwing a shopper's whole basket away over one line.
 */

const localized = z.object({ en: z.string(), ta: z.string() });

export const grabItemSchema = z.object({
  productName: z.union([z.string(), localized]),
  unitValue: z.number(),
  image_url: z.string().nullable(),
  unit: z.string(),
  account_id: z.string().nullable(),
  productId: z.string().min(1),
  variantId: z.string().min(1),
  tci: z.string().nullable(),
  productPrice: z.number().nonnegative(),
  marketPrice: z.number().nonnegative(),
  inventory: z.number().int(),
  alwaysInventory: z.boolean(),
  tax: z.number().nonnegative(),
  qty: z.number().int().min(1),
});

export const grabGroupSchema = z.object({
  sellerId: z.string().min(1),
  sellerName: z.string(),
  count: z.number().int().nonnegative(),
  category: z.string().nullable(),
  items: z.array(grabItemSchema),
});

export const grabCartSchema = z.object({
  /** On the wire form, `91` and ten digits, as the signed-in user's number is everywhere else. */
  userMobile: z
    .string()
    .refine((v) => normalisePhone(v) === v, { message: 'Invalid phone number' })
    .meta({ pattern: PHONE_WIRE_PATTERN }),
  carts: z.array(grabGroupSchema),
}) satisfies z.ZodType<GrabCart>;

/**
 * The grab cart for `userMobile` from a stored value (already `JSON.parse`d): within the rules, or
 * a fresh empty cart when the value is unreadable or was another user's.
 */
export function parseStoredGrabCart(value: unknown, userMobile: string): GrabCart {
  const parsed = grabCartSchema.safeParse(value);
  if (!parsed.success || parsed.data.userMobile !== userMobile) return emptyGrabCart(userMobile);
  return settleGrabCart(parsed.data);
}
