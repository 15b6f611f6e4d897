/**
 * Runtime cache names used by the service worker (vite.config.ts) and by the app, which purges
 * the per-user ones on sign-out so the next person on a shared phone does not see them offline.
 */
export const CACHE_NAMES = {
  bookings: 'petti-api-bookings',
  orders: 'petti-api-orders',
  catalogue: 'petti-api-catalogue',
  /** The catalogue's bundled pictures (`/art/…`): the same for everyone, kept across sign-outs. */
  pictures: 'petti-pictures',
  /** Map tiles seen once (docs/maps.md): the town's streets offline. */
  mapTiles: 'petti-map-tiles',
  /** Profile, payments, notifications, the complex, the locker sites this user may use. */
  account: 'petti-api-account',
} as const;

/** Caches that hold one user's data. */
export const PRIVATE_CACHES = [CACHE_NAMES.bookings, CACHE_NAMES.orders, CACHE_NAMES.account] as const;

/** Deletes the caches holding the signed-in user's data. Safe to call where Cache Storage is missing. */
export async function clearPrivateCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(PRIVATE_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
