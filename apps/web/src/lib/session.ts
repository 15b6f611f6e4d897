import { STORAGE_KEYS } from '@petti/shared/constants';
import { clearPrivateCaches } from '../sw/cache-names.ts';
import { authEvents, type SignedOutReason } from './auth-events.ts';
import { clearSession, getLastUser } from './auth-storage.ts';
import { type KeyValueStorage, localStore, sessionStore } from './storage.ts';

/**
 * Forgets the signed-in user on this device (docs/product.md#sign-out: the tokens are cleared
 * and `signedOut` is emitted): tokens and the existing-user flag, any half-done sign-in in this tab, and the
 * service worker's caches of that user's data. The guard then sends guarded pages to /login.
 */
export async function endLocalSession(
  reason: SignedOutReason,
  storage: KeyValueStorage = localStore(),
): Promise<void> {
  const hadUser = getLastUser(storage) !== null;
  clearSession(storage);
  // Locker PINs kept for offline use belong to this user only.
  storage.removeItem(STORAGE_KEYS.lastBookings);
  // So is the complex they live in (the next user of this phone may live elsewhere).
  storage.removeItem(STORAGE_KEYS.complexSessionId);
  // And what they published offline that never went.
  storage.removeItem(STORAGE_KEYS.liveOutbox);
  try {
    sessionStore().removeItem(STORAGE_KEYS.otpSession);
  } catch {
    // a refused session storage holds nothing to clear
  }
  if (hadUser) authEvents.emit('signedOut', { reason });
  await clearPrivateCaches();
}

let signingOut = 0;

/**
 * Why the session ended when the API client finds it cannot be renewed: while the user is signing
 * out that is their own doing, not an expiry to warn about.
 */
export function endReasonForFailedRenewal(): SignedOutReason {
  return signingOut > 0 ? 'signedOut' : 'expired';
}

/** Marks `work` as part of a sign-out the user asked for (see endReasonForFailedRenewal). */
export async function duringSignOut<T>(work: () => Promise<T>): Promise<T> {
  signingOut++;
  try {
    return await work();
  } finally {
    signingOut--;
  }
}
