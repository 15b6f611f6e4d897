import { addRefusal, quantityRefusal, unitsLeft } from './cart-limits.ts';
import { type Cart, type CartProduct, type CartResult, emptyCart } from './cart-model.ts';
import { settleCart } from './cart-totals.ts';

/**
 * The delivery cart (docs/product.md#delivery-cart, #cart-messages, #cart-validation), as pure
 * functions: each takes a cart and answers `{ cart, outcome }` without changing its input. The app
 * keeps the cart in local storage as `cart` and maps each outcome to its toast; the server uses the
 * same limits when it mirrors or validates a cart.
 *
 * Amounts: `productPrice` and `marketPrice` are rupees (as the app's cart stores them); totals are summed in
 * whole paise so no float drift creeps in. `total` is exact (paise / 100); `savings` is rounded to
 * whole rupees as lists show it (docs/product.md#money).
 */

// Importers use `@petti/shared/rules/cart` for every delivery-cart rule; the rules live by concern.
export {
  addRefusal,
  CART_LIMIT_OUTCOMES,
  type CartLimitOutcome,
  quantityRefusal,
  storedQuantity,
  unitsLeft,
} from './cart-limits.ts';
export { CART_MESSAGES } from './cart-messages.ts';
export {
  type Cart,
  type CartItem,
  type CartName,
  type CartOutcome,
  type CartProduct,
  type CartResult,
  emptyCart,
} from './cart-model.ts';
export { type CartTotals, cartTotals, lineTotals, type PricedLine, toPaise } from './cart-totals.ts';
export {
  applyValidation,
  type CartValidationLine,
  type ValidatedCart,
  withValidatedPrices,
} from './cart-validation.ts';
export { parseStoredCart } from './stored-cart.ts';

/**
 * Add one unit: a new line with quantity 1, or the line's quantity + 1 (docs/product.md#delivery-cart).
 * A refused add answers the unchanged cart (it changes nothing). Another seller's item answers
 * `needsReplace`; the app asks, then calls `replaceCart`.
 */
export function addToCart(cart: Cart, product: CartProduct, brandName: string): CartResult {
  if (cart.items.length > 0 && cart.sellerId !== null && cart.sellerId !== product.slrId) {
    return { cart, outcome: 'needsReplace' };
  }
  const refusal = addRefusal(cart, product);
  if (refusal) {
    const current = cart.items.find((i) => i.product.vrntId === product.vrntId)?.quantity ?? 0;
    return { cart, outcome: refusal, left: unitsLeft(current, cart.count, product) };
  }
  const exists = cart.items.some((i) => i.product.vrntId === product.vrntId);
  // The line takes the product as just shown (fresh price and stock).
  const items = exists
    ? cart.items.map((i) => (i.product.vrntId === product.vrntId ? { quantity: i.quantity + 1, product } : i))
    : [...cart.items, { quantity: 1, product }];
  return {
    cart: settleCart(
      { ...cart, sellerId: product.slrId, brandName: cart.items.length ? cart.brandName : brandName },
      items,
    ),
    outcome: 'added',
  };
}

/** The answer "yes, replace": an empty cart (same server id) with this one item added. */
export function replaceCart(cart: Cart, product: CartProduct, brandName: string): CartResult {
  const result = addToCart(emptyCart(cart.cartId), product, brandName);
  // A refused add (no stock) leaves the old cart as it was.
  return result.outcome === 'added' ? result : { ...result, cart };
}

/** Remove one unit: the line's quantity − 1, deleted at 0; an empty cart resets (docs/product.md#delivery-cart). */
export function removeFromCart(cart: Cart, vrntId: string): CartResult {
  const line = cart.items.find((i) => i.product.vrntId === vrntId);
  if (!line) return { cart, outcome: 'notInCart' };
  const items = cart.items
    .map((i) => (i.product.vrntId === vrntId ? { ...i, quantity: i.quantity - 1 } : i))
    .filter((i) => i.quantity > 0);
  const next = settleCart(cart, items);
  return { cart: next, outcome: next.count === 0 ? 'emptied' : 'removed' };
}

/**
 * A line set to `quantity` units, as typed in the cart: 0 deletes the line (an empty cart resets), a
 * quantity over a limit changes nothing and answers which limit, as an add would.
 */
export function setCartQuantity(cart: Cart, vrntId: string, quantity: number): CartResult {
  const line = cart.items.find((i) => i.product.vrntId === vrntId);
  if (!line) return { cart, outcome: 'notInCart' };
  const wanted = Math.max(0, Math.floor(quantity));
  if (wanted === 0) {
    const next = settleCart(
      cart,
      cart.items.filter((i) => i.product.vrntId !== vrntId),
    );
    return { cart: next, outcome: next.count === 0 ? 'emptied' : 'removed' };
  }
  if (wanted > line.quantity) {
    const refusal = quantityRefusal(wanted, cart.count - line.quantity + wanted, line.product);
    if (refusal) return { cart, outcome: refusal, left: unitsLeft(line.quantity, cart.count, line.product) };
  }
  const items = cart.items.map((i) => (i.product.vrntId === vrntId ? { ...i, quantity: wanted } : i));
  return { cart: settleCart(cart, items), outcome: 'set' };
}

/** The lines the server wants (POST /api/cart/validate, PUT /api/cart, POST /api/orders). */
export function cartLines(cart: Cart): { vrntId: string; quantity: number; productPrice: number }[] {
  return cart.items.map((i) => ({
    vrntId: i.product.vrntId,
    quantity: i.quantity,
    productPrice: i.product.productPrice,
  }));
}
