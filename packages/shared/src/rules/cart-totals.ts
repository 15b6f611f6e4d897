import { type Cart, type CartItem, emptyCart } from './cart-model.ts';

// Totals are summed in whole paise so no float drift creeps in (docs/product.md#money).

export const toPaise = (rupees: number): number => Math.round(rupees * 100);

/** What the totals need from a line, whichever cart it belongs to (the grab cart's lines are flat). */
export interface PricedLine {
  quantity: number;
  /** Rupees. */
  productPrice: number;
  /** MRP in rupees. */
  marketPrice: number;
}

export interface CartTotals {
  /** Σ productPrice × quantity, rupees, exact. */
  total: number;
  /** Σ quantity. */
  count: number;
  /** Σ (marketPrice − productPrice) × quantity, rounded to whole rupees. */
  savings: number;
}

/**
 * total, count and savings of any lines, in whole paise. Both carts sum through here so a grab group
 * and a delivery cart with the same lines can never disagree by a paisa.
 */
export function lineTotals(lines: Iterable<PricedLine>): CartTotals {
  let totalPaise = 0;
  let savingsPaise = 0;
  let count = 0;
  for (const { quantity, productPrice, marketPrice } of lines) {
    const price = toPaise(productPrice);
    totalPaise += price * quantity;
    savingsPaise += Math.max(0, toPaise(marketPrice) - price) * quantity;
    count += quantity;
  }
  return { total: totalPaise / 100, count, savings: Math.round(savingsPaise / 100) };
}

/** total, count and savings recomputed from the lines, in whole paise. */
export function cartTotals(items: readonly CartItem[]): Pick<Cart, 'total' | 'count' | 'savings'> {
  return lineTotals(
    items.map(({ quantity, product }) => ({
      quantity,
      productPrice: product.productPrice,
      marketPrice: product.marketPrice,
    })),
  );
}

/** The cart with its totals recomputed; no lines left resets it (docs/product.md#delivery-cart), keeping only the server id. */
export function settleCart(cart: Cart, items: CartItem[]): Cart {
  if (items.length === 0) return emptyCart(cart.cartId);
  return { ...cart, items, ...cartTotals(items) };
}
