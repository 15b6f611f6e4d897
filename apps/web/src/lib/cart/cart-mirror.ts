import type { Cart } from '@petti/shared/rules/cart';
import type { CartStore } from './cart-store.ts';

/**
 * Copies the local cart to the server's (PUT /api/cart → `cartId`) when online, so the cart follows
 * the shopper to another device and the server can price and validate it. The local cart stays the
 * truth while offline: changes made offline are sent when the connection returns. Writes are
 * debounced (a stepper tapped five times is one PUT) and never overlap.
 */

export interface MirrorDeps {
  /** PUT /api/cart with the cart; answers the server's cartId. */
  put: (cart: Cart) => Promise<{ cartId: string | null }>;
  isOnline: () => boolean;
  /** Subscribes to "the connection came back"; returns the unsubscribe. */
  onOnline: (listener: () => void) => () => void;
  debounceMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** What the server needs of a cart; two carts with the same key need no new PUT. */
export function mirrorKey(cart: Cart): string {
  return JSON.stringify([cart.sellerId, cart.items.map((i) => [i.product.vrntId, i.quantity])]);
}

export function startCartMirror(store: CartStore, deps: MirrorDeps): () => void {
  const debounceMs = deps.debounceMs ?? 600;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let sentKey: string | null = null;
  let timer: unknown = null;
  let inFlight = false;
  let again = false;
  let stopped = false;

  const flush = async () => {
    timer = null;
    if (stopped || !deps.isOnline()) return;
    if (inFlight) {
      again = true;
      return;
    }
    const cart = store.getState().cart;
    const key = mirrorKey(cart);
    if (key === sentKey) return;
    inFlight = true;
    try {
      const { cartId } = await deps.put(cart);
      sentKey = key;
      // Only adopt the id if the cart did not change meanwhile (else the next PUT answers it).
      if (mirrorKey(store.getState().cart) === key) store.setCartId(cartId);
    } catch {
      // Offline, or the server is down: the next change or reconnect tries again.
    } finally {
      inFlight = false;
      if (again) {
        again = false;
        schedule();
      }
    }
  };

  const schedule = () => {
    if (stopped) return;
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => void flush(), debounceMs);
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (mirrorKey(state.cart) !== mirrorKey(previous.cart)) schedule();
  });
  const offOnline = deps.onOnline(() => {
    sentKey = null; // the server may have missed changes made offline
    schedule();
  });
  schedule();

  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    unsubscribe();
    offOnline();
  };
}
