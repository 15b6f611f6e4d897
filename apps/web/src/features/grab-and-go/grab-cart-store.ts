import { STORAGE_KEYS } from '@petti/shared/constants';
import type { CartValidationLine } from '@petti/shared/rules/cart';
import {
  addToGrabCart,
  applyGrabValidation,
  emptyGrabCart,
  type GrabCart,
  type GrabCartResult,
  type GrabProduct,
  type GrabSeller,
  removeBadGrabItems,
  removeFromGrabCart,
  removeGrabGroup,
  type ValidatedGrabCart,
} from '@petti/shared/rules/grab-cart';
import { parseStoredGrabCart } from '@petti/shared/schemas/grab-cart';
import { createStore } from 'zustand/vanilla';
import { localStore, readItem } from '../../lib/storage.ts';

/**
 * The grab cart on this device (docs/grab-and-go.md, persisted as `grabCart` with the shopper's number).
 * Every change goes through the shared rules (packages/shared rules/grab-cart.ts); this store keeps the
 * answer and writes it to storage, so it survives reloads, going offline and a payment that fails.
 */
const storage = localStore();

function load(userMobile: string): GrabCart {
  const raw = readItem(storage, STORAGE_KEYS.grabCart);
  if (!raw) return emptyGrabCart(userMobile);
  try {
    return parseStoredGrabCart(JSON.parse(raw), userMobile);
  } catch {
    return emptyGrabCart(userMobile);
  }
}

export const grabCartStore = createStore<{ cart: GrabCart }>(() => ({ cart: emptyGrabCart('') }));

/** Reads the stored cart for this shopper (a cart left by another number on this phone is not theirs). */
export function openGrabCart(userMobile: string): void {
  if (grabCartStore.getState().cart.userMobile === userMobile && userMobile !== '') return;
  grabCartStore.setState({ cart: load(userMobile) });
}

function save(cart: GrabCart): void {
  // Before the shopper's cart is read from storage there is nothing to change: writing now would
  // replace their stored baskets with the empty placeholder.
  if (grabCartStore.getState().cart.userMobile === '') return;
  try {
    storage.setItem(STORAGE_KEYS.grabCart, JSON.stringify(cart));
  } catch {
    // Storage full or refused: the cart still works for this page's life.
  }
  grabCartStore.setState({ cart });
}

function apply(result: GrabCartResult): GrabCartResult {
  save(result.cart);
  return result;
}

export const grabCart = {
  add: (seller: GrabSeller, product: GrabProduct) =>
    apply(addToGrabCart(grabCartStore.getState().cart, seller, product)),
  remove: (sellerId: string, variantId: string) =>
    apply(removeFromGrabCart(grabCartStore.getState().cart, sellerId, variantId)),
  removeBad: (sellerId: string, variantIds: string[]) =>
    apply(removeBadGrabItems(grabCartStore.getState().cart, sellerId, variantIds)),
  /** The server's per-line answer for one shop: BAD lines go, kept lines take today's price. */
  applyValidation(sellerId: string, results: readonly CartValidationLine[]): ValidatedGrabCart {
    const validated = applyGrabValidation(grabCartStore.getState().cart, sellerId, results);
    save(validated.cart);
    return validated;
  },
  /** The shop's basket is paid for: it leaves the cart, the other shops' stay. */
  paid: (sellerId: string) => apply(removeGrabGroup(grabCartStore.getState().cart, sellerId)),
};
