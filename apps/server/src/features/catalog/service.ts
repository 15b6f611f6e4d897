import type { ProductListQuery, ProductPage } from '@petti/shared/schemas/catalog';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import { sellers } from '../sellers/schema.ts';
import { categories, products, productVariants } from './schema.ts';
import { toCategory, toProduct, type VariantRow } from './views.ts';

/** `%` and `_` typed by a shopper are letters, not wildcards. */
export const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Variants of these products, grouped by product. */
async function variantsOf(q: DbOrTx, productIds: string[]): Promise<Map<string, VariantRow[]>> {
  const byProduct = new Map<string, VariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await q.select().from(productVariants).where(inArray(productVariants.productId, productIds));
  for (const v of rows) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  return byProduct;
}

/** Categories and products (public reads; PRODUCT.md "Marketplace"). */
export function createCatalogService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async categories() {
      const rows = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
      return rows.map(toCategory);
    },

    /** One page of products, filtered by seller, category and a case-insensitive name match. */
    async listProducts(query: ProductListQuery): Promise<ProductPage> {
      const where: SQL[] = [];
      if (query.sellerId) where.push(eq(products.sellerId, query.sellerId));
      if (query.categoryId) where.push(eq(products.categoryId, query.categoryId));
      if (query.q) {
        const pattern = likePattern(query.q);
        where.push(
          sql`(${products.name}->>'en' ilike ${pattern} or ${products.name}->>'ta' ilike ${pattern})`,
        );
      }
      const filter = where.length ? and(...where) : undefined;
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(products)
        .where(filter);
      const rows = await db
        .select({ product: products, brandName: sellers.brandName })
        .from(products)
        .innerJoin(sellers, eq(sellers.id, products.sellerId))
        .where(filter)
        .orderBy(sql`${products.name}->>'en'`, asc(products.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const variants = await variantsOf(
        db,
        rows.map((r) => r.product.id),
      );
      return {
        products: rows.map((r) => toProduct(r.product, r.brandName, variants.get(r.product.id) ?? [])),
        page: query.page,
        pageSize: query.pageSize,
        total,
        hasMore: query.page * query.pageSize < total,
      };
    },

    async product(id: string) {
      const [row] = await db
        .select({ product: products, brandName: sellers.brandName })
        .from(products)
        .innerJoin(sellers, eq(sellers.id, products.sellerId))
        .where(eq(products.id, id));
      if (!row) throw notFound('That product');
      const variants = await variantsOf(db, [id]);
      return toProduct(row.product, row.brandName, variants.get(id) ?? []);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
