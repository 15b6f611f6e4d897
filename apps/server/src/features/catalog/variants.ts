import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type Params, prepared } from '../../db/prepared.ts';
import { products, productVariants } from './schema.ts';

export type VariantWithProduct = {
  variant: typeof productVariants.$inferSelect;
  product: typeof products.$inferSelect;
};

// Read by every cart check and order: built once (db/prepared.ts), one text whatever the number of ids.
const variantsById = prepared((q, v: Params<{ ids: string[] }>) =>
  q
    .select({ variant: productVariants, product: products })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(sql`${productVariants.id} = any(${v.ids})`),
);

/** Variants by id with their products, as the cart and orders re-read them (prices, stock, flags). */
export async function variantsWithProducts(q: DbOrTx, ids: readonly string[]): Promise<VariantWithProduct[]> {
  if (ids.length === 0) return [];
  return variantsById(q, { ids: [...ids] });
}
