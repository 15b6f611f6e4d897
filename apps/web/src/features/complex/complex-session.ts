import { STORAGE_KEYS } from '@petti/shared/constants';
import { localStore, readItem } from '../../lib/storage.ts';

const KEY = STORAGE_KEYS.complexSessionId;

/**
 * The complex the shopper is a member of, kept on the phone as `complexSessionId` (docs/product.md#local-storage): the app
 * knows the complex's home before the network answers, and forgets it on leaving.
 */
export const complexSession = {
  get(): string | null {
    return readItem(localStore(), KEY);
  },
  set(complexId: string | null): void {
    const store = localStore();
    if (complexId) store.setItem(KEY, complexId);
    else store.removeItem(KEY);
  },
};
