import type { Cart, CartItem, CartName } from './cart-model.ts';
import { settleCart, toPaise } from './cart-totals.ts';

/** One line of a validation answer (POST /api/cart/validate), as far as the cart needs it. */
export interface CartValidationLine {
  vrntId: string;
  status: 'OK' | 'BAD';
  message: string;
  /** Current price and stock, when the variant still exists. */
  productPrice?: number | null;
  marketPrice?: number | null;
  inventory?: number | null;
}

export interface ValidatedCart {
  cart: Cart;
  /** The BAD lines taken out, with the server's message, for the cart-items error view. */
  removed: { vrntId: string; name: CartName; message: string }[];
  /** A line kept whose price changed (the price-updated toast). */
  priceChanged: boolean;
}

/**
 * Applies a validation answer (docs/product.md#cart-validation): BAD lines are removed and, if none remain, the cart
 * resets. Lines kept take the current price and stock the server read.
 */
export function applyValidation(cart: Cart, results: readonly CartValidationLine[]): ValidatedCart {
  const byId = new Map(results.map((r) => [r.vrntId, r]));
  const removed: ValidatedCart['removed'] = [];
  const items: CartItem[] = [];
  let priceChanged = false;
  for (const item of cart.items) {
    const r = byId.get(item.product.vrntId);
    if (r?.status === 'BAD') {
      removed.push({ vrntId: item.product.vrntId, name: item.product.name, message: r.message });
      continue;
    }
    const fresh = withValidatedPrices(item.product, r);
    priceChanged ||= fresh.priceChanged;
    items.push({ quantity: item.quantity, product: fresh.line });
  }
  return { cart: settleCart(cart, items), removed, priceChanged };
}

/**
 * A kept line with the price, MRP and stock the server just read (a copy; fields the answer leaves
 * out stay as they were). `priceChanged` only when the price moved by at least a paisa, so float
 * noise in rupees never raises the price-updated toast.
 */
export function withValidatedPrices<
  T extends { productPrice: number; marketPrice: number; inventory: number },
>(line: T, result: CartValidationLine | undefined): { line: T; priceChanged: boolean } {
  const next = { ...line };
  let priceChanged = false;
  if (
    typeof result?.productPrice === 'number' &&
    toPaise(result.productPrice) !== toPaise(line.productPrice)
  ) {
    priceChanged = true;
    next.productPrice = result.productPrice;
  }
  if (typeof result?.marketPrice === 'number') next.marketPrice = result.marketPrice;
  if (typeof result?.inventory === 'number') next.inventory = result.inventory;
  return { line: next, priceChanged };
}
