import { authEvents } from '../auth-events.ts';
import { localStore } from '../storage.ts';
import { putCart } from './cart-api.ts';
import { startCartMirror } from './cart-mirror.ts';
import { createCartStore } from './cart-store.ts';

/**
 * The app's one delivery cart. Loaded with the first marketplace page; from then on it mirrors
 * itself to the server when online, follows other tabs, and is forgotten on sign-out.
 */
export const cartStore = createCartStore(localStore());

let stopMirror = () => {};
/** Stops copying the cart to the server (component tests end with it, before their window goes). */
export const stopCartMirror = () => stopMirror();

if (typeof window !== 'undefined') {
  stopMirror = startCartMirror(cartStore, {
    put: putCart,
    isOnline: () => navigator.onLine,
    onOnline: (listener) => {
      window.addEventListener('online', listener);
      return () => window.removeEventListener('online', listener);
    },
  });
  // Another tab changed the cart: show the same cart here.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === 'cart') cartStore.reload();
  });
  authEvents.on('signedOut', () => cartStore.clear());
}
