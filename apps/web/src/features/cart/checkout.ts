import { authEvents } from '../../lib/auth-events.ts';
import { localStore } from '../../lib/storage.ts';
import { createCheckoutStore, EMPTY_CHOICE } from './checkout-store.ts';

/** The app's one checkout choice (see checkout-store.ts); forgotten on sign-out. */
export const checkoutStore = createCheckoutStore(localStore());

authEvents.on('signedOut', () => checkoutStore.setState(EMPTY_CHOICE));
