import { type Cart, cartLines } from '@petti/shared/rules/cart';
import type { CartCheck, CartCheckItem, ServerCart } from '@petti/shared/schemas/cart';
import { api } from '../api.ts';

/** PUT /api/cart: the server's copy of this cart; answers its cartId. */
export async function putCart(cart: Cart): Promise<{ cartId: string | null }> {
  const body = await api.put<ServerCart>('/cart', { sellerId: cart.sellerId, items: cartLines(cart) });
  return { cartId: body.cartId };
}

/**
 * POST /api/cart/validate: re-reads stock, price and the shop's hours for every line. A changed
 * price answers 409 PaymentUpdatedException with the same lines in the error (the caller applies
 * them, then shows the price-updated toast).
 */
export async function validateCart(
  cart: Cart,
  options: { whenShopOpens?: boolean } = {},
): Promise<CartCheckItem[]> {
  const body = { items: cartLines(cart), ...(options.whenShopOpens && { whenShopOpens: true }) };
  return (await api.post<CartCheck>('/cart/validate', body)).items;
}

/** The check lines a PaymentUpdatedException carries, if any. */
export function checkLinesOf(details: Record<string, unknown>): CartCheckItem[] {
  return Array.isArray(details.items) ? (details.items as CartCheckItem[]) : [];
}
