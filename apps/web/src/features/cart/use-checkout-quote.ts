import { useStore } from 'zustand';
import { useCart } from '../../lib/cart/use-cart.ts';
import { quoteRequestOf, useQuote } from './api/quote-api.ts';
import { checkoutStore } from './checkout.ts';
import { deliveryPartOf } from './checkout-store.ts';

/**
 * The cart, how it is to be received, and the server's all-in quote for the two together: what
 * /MyCart and /procced both show (no quote until a delivery choice is complete).
 */
export function useCheckoutQuote() {
  const cart = useCart();
  const choice = useStore(checkoutStore);
  const delivery = deliveryPartOf(choice);
  const quoteRequest =
    cart.sellerId && cart.items.length > 0 && delivery
      ? quoteRequestOf(cart, delivery, choice.whenShopOpens)
      : null;
  const quote = useQuote(quoteRequest);
  return { cart, choice, delivery, quoteRequest, quote };
}
