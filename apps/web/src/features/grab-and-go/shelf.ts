import type { Product } from '@petti/shared/schemas/catalog';
import { localStore } from '../../lib/storage.ts';

/**
 * The products of a shop seen on this phone, kept so that in-shop search and the basket still work when
 * the shop's Wi-Fi drops (docs/grab-and-go.md#offline). Newest answer first, a bounded number per shop.
 */
const KEY = (sellerId: string) => `grabShelf:${sellerId}`;
const MAX = 200;
const storage = localStore();

export function shelfOf(sellerId: string): Product[] {
  try {
    const raw = storage.getItem(KEY(sellerId));
    return raw ? (JSON.parse(raw) as Product[]) : [];
  } catch {
    return [];
  }
}

export function rememberShelf(sellerId: string, seen: readonly Product[]): void {
  if (seen.length === 0) return;
  const ids = new Set(seen.map((p) => p.prdtId));
  const merged = [...seen, ...shelfOf(sellerId).filter((p) => !ids.has(p.prdtId))].slice(0, MAX);
  try {
    storage.setItem(KEY(sellerId), JSON.stringify(merged));
  } catch {
    // Storage full: searching offline covers less, nothing else changes.
  }
}
