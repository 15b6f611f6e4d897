import type { CartName } from './cart-model.ts';

/**
 * Product-name search on the device, for the grab-and-go in-shop search over a shop's products
 * already loaded (docs/product.md#grab-and-go). It matches the way the server's catalog search does
 * (docs/product.md#catalog), so the results do not change when the same words are searched online:
 * the English or the Tamil name contains the query, case-insensitively, as plain text.
 */

/** Comparable text: Tamil typed on different keyboards may arrive composed or decomposed. */
const fold = (text: string): string => text.normalize('NFC').toLowerCase();

/** Whether a name matches; a blank query matches every name (the unfiltered shelf). */
export function productNameMatches(name: CartName, query: string): boolean {
  const q = fold(query.trim());
  if (q === '') return true;
  if (typeof name === 'string') return fold(name).includes(q);
  return fold(name.en).includes(q) || fold(name.ta).includes(q);
}

/** The items whose name matches, in their original order. */
export function searchByProductName<T>(
  items: readonly T[],
  query: string,
  nameOf: (item: T) => CartName,
): T[] {
  return items.filter((item) => productNameMatches(nameOf(item), query));
}
