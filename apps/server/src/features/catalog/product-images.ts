import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products } from './schema.ts';
import { productImageOf } from './views.ts';

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
