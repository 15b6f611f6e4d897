import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, productVariants } from './schema.ts';

export type VariantWithProduct = {
  variant: typeof productVariants.$inferSelect;
  product: typeof products.$inferSelect;
};

/** Variants by id with their products, as the cart and orders re-read them (prices, stock, flags). */
export async function variantsWithProducts(q: DbOrTx, ids: readonly string[]): Promise<VariantWithProduct[]> {
  if (ids.length === 0) return [];
  return q
    .select({ variant: productVariants, product: products })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...ids]));
}
