import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products } from './schema.ts';
import { productPhotoUrl } from './views.ts';

/** A product's picture as the app shows it: the shop's photo when it sent one, else its illustration. */
export const productImageOf = (row: { photoId: string | null; image: string | null }): string | null =>
  row.photoId ? productPhotoUrl(row.photoId, 'medium') : row.image;

/** Pictures of these products by id (orders show them beside their lines); a product gone has none. */
export async function productImages(q: DbOrTx, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: products.id, photoId: products.photoId, image: products.image })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, productImageOf(r)]));
}

export type ProductImages = typeof productImages;
