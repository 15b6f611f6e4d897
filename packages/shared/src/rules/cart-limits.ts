import { CART_LIMITS } from '../constants.ts';
import type { Cart, CartOutcome, CartProduct } from './cart-model.ts';

// The delivery cart's limits (docs/product.md#delivery-cart): stock, units per line, units per cart.

export const CART_LIMIT_OUTCOMES = ['stockLimit', 'lineLimit', 'cartLimit'] as const satisfies CartOutcome[];

export type CartLimitOutcome = (typeof CART_LIMIT_OUTCOMES)[number];

/**
 * Why a line of `lineQuantity` units cannot stand in a cart of `cartCount` units (both counted after
 * the change), or null when it can. The order of the checks decides which message a shopper sees
 * when several limits are hit at once, so every cart asks here.
 */
export function quantityRefusal(
  lineQuantity: number,
  cartCount: number,
  stock: { inventory: number; alwaysInventory: boolean },
): CartLimitOutcome | null {
  if (!stock.alwaysInventory && lineQuantity > stock.inventory) return 'stockLimit';
  if (lineQuantity > CART_LIMITS.maxPerLine) return 'lineLimit';
  if (cartCount > CART_LIMITS.maxPerCart) return 'cartLimit';
  return null;
}

/**
 * How many more units a line of `lineQuantity` in a cart of `cartCount` (both as they are now) could
 * take under every limit at once: what a refusal says is left ("Only 3 more are in stock").
 */
export function unitsLeft(
  lineQuantity: number,
  cartCount: number,
  stock: { inventory: number; alwaysInventory: boolean },
): number {
  const byStock = stock.alwaysInventory ? Number.POSITIVE_INFINITY : stock.inventory - lineQuantity;
  return Math.max(
    0,
    Math.min(byStock, CART_LIMITS.maxPerLine - lineQuantity, CART_LIMITS.maxPerCart - cartCount),
  );
}

/** Why one more unit of this product cannot go in, or null when it can (checks in the order of docs/product.md#delivery-cart). */
export function addRefusal(cart: Cart, product: CartProduct): CartLimitOutcome | null {
  const current = cart.items.find((i) => i.product.vrntId === product.vrntId)?.quantity ?? 0;
  return quantityRefusal(current + 1, cart.count + 1, product);
}

/**
 * How much of a stored line survives being read back after `countBefore` units already kept: cut to
 * the line and cart limits (a stored value may predate them or have been edited); under 1 means
 * the cart is full and the line goes.
 */
export function storedQuantity(quantity: number, countBefore: number): number {
  return Math.min(quantity, CART_LIMITS.maxPerLine, CART_LIMITS.maxPerCart - countBefore);
}
