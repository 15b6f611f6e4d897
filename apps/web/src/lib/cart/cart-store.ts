import { STORAGE_KEYS } from '@petti/shared/constants';
import {
  addToCart,
  applyValidation,
  type Cart,
  type CartProduct,
  type CartResult,
  type CartValidationLine,
  emptyCart,
  parseStoredCart,
  removeFromCart,
  replaceCart,
  setCartQuantity,
  type ValidatedCart,
} from '@petti/shared/rules/cart';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type KeyValueStorage, readItem } from '../storage.ts';

/**
 * The delivery cart on this device (docs/marketplace.md "Delivery cart", persisted as `cart`). Every change goes
 * through the shared pure rules (packages/shared rules/cart.ts); this store keeps the answer, writes
 * it to storage and tells subscribers. It survives reloads and going offline; cart-mirror.ts copies
 * it to the server when online.
 */

export interface CartState {
  cart: Cart;
}

export type CartStore = StoreApi<CartState> & {
  /** One more unit. A refused add changes nothing; the outcome says why (or `needsReplace`). */
  add(product: CartProduct, brandName: string): CartResult;
  /** The answer "yes, replace the cart with this shop's item". */
  replaceWith(product: CartProduct, brandName: string): CartResult;
  remove(vrntId: string): CartResult;
  /** The line set to a typed quantity (0 deletes it); over a limit, nothing changes. */
  setQuantity(vrntId: string, quantity: number): CartResult;
  /** Applies POST /api/cart/validate's answer: BAD lines go, kept lines take today's price. */
  applyValidation(results: readonly CartValidationLine[]): ValidatedCart;
  setCartId(cartId: string | null): void;
  clear(): void;
  /** Re-reads storage (another tab changed the cart). */
  reload(): void;
};

export function loadCart(storage: KeyValueStorage): Cart {
  const raw = readItem(storage, STORAGE_KEYS.cart);
  if (!raw) return emptyCart();
  try {
    return parseStoredCart(JSON.parse(raw)) ?? emptyCart();
  } catch {
    return emptyCart();
  }
}

export function createCartStore(storage: KeyValueStorage): CartStore {
  const store = createStore<CartState>(() => ({ cart: loadCart(storage) }));

  const save = (cart: Cart) => {
    if (cart === store.getState().cart) return;
    try {
      storage.setItem(STORAGE_KEYS.cart, JSON.stringify(cart));
    } catch {
      // Storage full or refused: the cart still works for this page's life.
    }
    store.setState({ cart });
  };

  const apply = (result: CartResult): CartResult => {
    save(result.cart);
    return result;
  };

  return Object.assign(store, {
    add: (product: CartProduct, brandName: string) =>
      apply(addToCart(store.getState().cart, product, brandName)),
    replaceWith: (product: CartProduct, brandName: string) =>
      apply(replaceCart(store.getState().cart, product, brandName)),
    remove: (vrntId: string) => apply(removeFromCart(store.getState().cart, vrntId)),
    setQuantity: (vrntId: string, quantity: number) =>
      apply(setCartQuantity(store.getState().cart, vrntId, quantity)),
    applyValidation(results: readonly CartValidationLine[]) {
      const validated = applyValidation(store.getState().cart, results);
      save(validated.cart);
      return validated;
    },
    setCartId(cartId: string | null) {
      const current = store.getState().cart;
      if (current.cartId !== cartId) save({ ...current, cartId });
    },
    clear() {
      save(emptyCart());
    },
    reload() {
      store.setState({ cart: loadCart(storage) });
    },
  });
}
