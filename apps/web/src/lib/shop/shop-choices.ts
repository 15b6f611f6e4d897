import { STORAGE_KEYS } from '@petti/shared/constants';
import { type KeyValueStorage, localStore, readItem } from '../storage.ts';

/**
 * What the shopper last chose in the market, kept on the phone (docs/product.md#local-storage) so coming back finds it as left:
 * `selectedRootBtn`, the market's category last opened (its button is marked on return), and
 * `activeCategoryInfo`, the shop (the seed's "location") the shopper narrowed a category to.
 */

export interface ActiveCategory {
  categoryId: string;
  sellerId: string;
}

const parse = (raw: string | null): ActiveCategory | null => {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ActiveCategory> | null;
    return typeof value?.categoryId === 'string' && typeof value.sellerId === 'string'
      ? { categoryId: value.categoryId, sellerId: value.sellerId }
      : null;
  } catch {
    return null;
  }
};

function write(storage: KeyValueStorage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // storage full or refused: the choice is simply not remembered
  }
}

export const shopChoices = {
  /** The root category button last opened on the market, or null. */
  rootButton(storage: KeyValueStorage = localStore()): string | null {
    return readItem(storage, STORAGE_KEYS.selectedRootBtn);
  },
  chooseRootButton(categoryId: string, storage: KeyValueStorage = localStore()): void {
    write(storage, STORAGE_KEYS.selectedRootBtn, categoryId);
  },
  /** The shop this category was narrowed to last time, or null (all shops). */
  shopFor(categoryId: string, storage: KeyValueStorage = localStore()): string | null {
    const active = parse(readItem(storage, STORAGE_KEYS.activeCategoryInfo));
    return active?.categoryId === categoryId ? active.sellerId : null;
  },
  chooseShop(categoryId: string, sellerId: string | null, storage: KeyValueStorage = localStore()): void {
    write(
      storage,
      STORAGE_KEYS.activeCategoryInfo,
      sellerId === null ? null : JSON.stringify({ categoryId, sellerId } satisfies ActiveCategory),
    );
  },
};
