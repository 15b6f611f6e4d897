import { storedQuantity } from './cart-limits.ts';
import type { Cart, CartItem, CartProduct } from './cart-model.ts';
import { emptyCart } from './cart-model.ts';
import { settleCart } from './cart-totals.ts';

/**
 * A stored value with the cart's shape, totals recomputed; anything else is dropped (an old or
 * tampered value must not break the app). Lines over the limits are cut back to them.
 */
export function parseStoredCart(value: unknown): Cart | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<Cart>;
  if (!Array.isArray(v.items)) return null;
  const items: CartItem[] = [];
  let count = 0;
  const seen = new Set<string>();
  for (const raw of v.items as unknown[]) {
    const i = raw as Partial<CartItem> | null;
    const p = i?.product as Partial<CartProduct> | undefined;
    if (
      !i ||
      !p ||
      typeof i.quantity !== 'number' ||
      !Number.isInteger(i.quantity) ||
      i.quantity < 1 ||
      typeof p.vrntId !== 'string' ||
      typeof p.slrId !== 'string' ||
      typeof p.productPrice !== 'number' ||
      typeof p.marketPrice !== 'number' ||
      seen.has(p.vrntId)
    )
      continue;
    if (items.length > 0 && items[0]!.product.slrId !== p.slrId) continue;
    const quantity = storedQuantity(i.quantity, count);
    if (quantity < 1) break;
    seen.add(p.vrntId);
    count += quantity;
    items.push({ quantity, product: p as CartProduct });
  }
  const base: Cart = {
    ...emptyCart(typeof v.cartId === 'string' ? v.cartId : null),
    sellerId: items[0]?.product.slrId ?? null,
    brandName: typeof v.brandName === 'string' ? v.brandName : null,
  };
  return settleCart(base, items);
}
