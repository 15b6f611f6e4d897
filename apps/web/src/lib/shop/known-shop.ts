import type { KeyValueStorage } from '../storage.ts';
import type { Seller } from './types.ts';

/**
 * The hours and names of shops last read, kept on the phone (`knownShop:{sellerId}`), so a screen
 * that depends on whether a shop is open (the cart at night: "closed now, order for when it opens")
 * is drawn right the first time instead of moving when the shop's answer arrives
 * (docs/performance.md#layout-shift). The answer still decides: what is kept is only the first guess.
 */
export type KnownShop = Pick<
  Seller,
  'id' | 'brandName' | 'brandNameTa' | 'hours' | 'closedToday' | 'schedule' | 'modes'
>;

/** Where a shop's guess is kept in local storage. */
export const knownShopKey = (sellerId: string): string => `knownShop:${sellerId}`;
/** Older than this, the guess is more likely wrong than right (a holiday declared since): not used. */
const KEPT_MS = 7 * 86_400_000;

interface Kept {
  at: number;
  shop: KnownShop;
}

export function rememberShop(storage: KeyValueStorage, seller: Seller, now = Date.now()): void {
  const shop: KnownShop = {
    id: seller.id,
    brandName: seller.brandName,
    brandNameTa: seller.brandNameTa,
    hours: seller.hours,
    closedToday: seller.closedToday,
    schedule: seller.schedule,
    modes: seller.modes,
  };
  try {
    storage.setItem(knownShopKey(seller.id), JSON.stringify({ at: now, shop } satisfies Kept));
  } catch {
    // Storage full or refused: the screen waits for the answer, as before.
  }
}

export function knownShop(
  storage: KeyValueStorage,
  sellerId: string | null,
  now = Date.now(),
): KnownShop | null {
  if (!sellerId) return null;
  try {
    const kept = JSON.parse(storage.getItem(knownShopKey(sellerId)) ?? 'null') as Kept | null;
    if (!kept || typeof kept.at !== 'number' || now - kept.at > KEPT_MS) return null;
    const shop = kept.shop;
    return shop?.id === sellerId && shop.hours && shop.schedule && shop.modes ? shop : null;
  } catch {
    return null;
  }
}
