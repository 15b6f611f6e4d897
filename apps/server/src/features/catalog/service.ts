import { randomBytes } from 'node:crypto';
import { STOCK_RUNNING_LOW } from '@petti/shared/rules/shop-catalog';
import type { ProductListQuery, ProductPage } from '@petti/shared/schemas/catalog';
import type { PhotoSize } from '@petti/shared/schemas/photo';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sideBySide } from '../../db/together.ts';
import { notFound } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { REPLACED_PHOTO_KEPT_MS, schedulePhotoRemoval } from '../../platform/images/photo-removal.ts';
import { storePhoto } from '../../platform/images/photos.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { categories, productNameSearchText, products, productVariants } from './schema.ts';
import { productPhotoKey, toCategory, toProduct, type VariantRow } from './views.ts';

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

/** Categories and products sold by one seller, with how many products each has (the seller's page). */
export async function categoryCounts(q: DbOrTx, sellerId: string) {
  return q
    .select({ category: categories, productCount: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.sellerId, sellerId))
    .groupBy(categories.id)
    .orderBy(asc(categories.sort));
}

/** A condition: the seller whose id is in `sellerId` has at least one product in the catalogue. */
export function sellsSomething(sellerId: AnyColumn): SQL {
  return sql`exists (select 1 from ${products} where ${products.sellerId} = ${sellerId})`;
}

export async function categoryById(q: DbOrTx, id: string) {
  const [row] = await q.select().from(categories).where(eq(categories.id, id));
  return row;
}

/** Categories and products (public reads; docs/marketplace.md). */
export function createCatalogService(deps: {
  db: Db;
  /**
   * The sellers' rows, from the sellers feature. Passed in because sellers list their categories
   * through this feature, and a direct import would tie the two into an import cycle.
   */
  sellerRows: (q: DbOrTx, ids: readonly string[]) => Promise<Array<{ id: string; brandName: string }>>;
  /** Where shops' product photos are kept. */
  storage: FileStorage;
  clock: Clock;
}) {
  const { db, storage, clock } = deps;
  const later = () => new Date(clock.now().getTime() + REPLACED_PHOTO_KEPT_MS);
  /**
   * Names the product's photo (null: its illustration) and schedules the one it replaces for removal
   * a day later (docs/pictures.md#removing-photos). False when there is no such product.
   */
  async function namePhoto(productId: string, photoId: string | null): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ photoId: products.photoId })
        .from(products)
        .where(eq(products.id, productId))
        .for('update');
      if (!row) return false;
      await tx.update(products).set({ photoId }).where(eq(products.id, productId));
      const old = row.photoId;
      if (old && old !== photoId)
        await schedulePhotoRemoval(tx, clock, (size) => productPhotoKey(old, size), later());
      return true;
    });
  }
  /** Brand names of these sellers, read through the sellers feature. */
  async function brandNames(q: DbOrTx, sellerIds: string[]): Promise<Map<string, string>> {
    const rows = await deps.sellerRows(q, [...new Set(sellerIds)]);
    return new Map(rows.map((s) => [s.id, s.brandName]));
  }
  return {
    /**
     * A shop's photo of its product (ops API): resized to three WebP widths and shown instead of the
     * bundled illustration. A new id each time, so caches holding the old one never show it again.
     */
    async setPhoto(productId: string, body: Buffer) {
      const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
      if (!row) throw notFound('product');
      const photoId = randomBytes(16).toString('hex');
      await storePhoto(storage, (size) => productPhotoKey(photoId, size), body);
      if (!(await namePhoto(productId, photoId))) {
        // Gone while its photo was being made: nothing names the new files.
        await schedulePhotoRemoval(db, clock, (size) => productPhotoKey(photoId, size), clock.now());
        throw notFound('product');
      }
      return this.product(productId);
    },

    /** Back to the bundled illustration. */
    async clearPhoto(productId: string) {
      if (!(await namePhoto(productId, null))) throw notFound('product');
      return this.product(productId);
    },

    photoFile: (photoId: string, size: PhotoSize) => storage.get(productPhotoKey(photoId, size)),

    async categories() {
      const rows = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
      return rows.map(toCategory);
    },

    /** One page of products, filtered by seller, category and a case-insensitive name match. */
    /**
     * `stock` and `rank` are the shop's own stock screen's (features/catalog/shop-catalog.ts): products
     * with a pack running low or out, and an order by a number per product (most first, then by name).
     */
    async listProducts(
      query: ProductListQuery,
      shopView: { stock?: 'low' | 'out'; rank?: ReadonlyMap<string, number> } = {},
    ): Promise<ProductPage> {
      const where: SQL[] = [];
      if (query.sellerId) where.push(eq(products.sellerId, query.sellerId));
      if (query.categoryId) where.push(eq(products.categoryId, query.categoryId));
      if (query.q) {
        const pattern = likePattern(query.q);
        where.push(sql`${productNameSearchText(products.name)} ilike ${pattern}`);
      }
      if (query.barcode) {
        where.push(
          sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.barcode = ${query.barcode})`,
        );
      }
      if (shopView.stock) {
        const level =
          shopView.stock === 'out'
            ? sql`v.inventory <= 0`
            : sql`v.inventory > 0 and v.inventory <= ${STOCK_RUNNING_LOW}`;
        where.push(
          sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and not v.always_inventory and ${level})`,
        );
      }
      const rank = shopView.rank?.size
        ? sql`coalesce((${JSON.stringify(Object.fromEntries(shopView.rank))}::jsonb ->> ${products.id})::int, 0) desc`
        : undefined;
      const filter = where.length ? and(...where) : undefined;
      // The match count rides on the page's own rows (a window over the matches the page already
      // sorts), so the matches are found once, not once for the count and again for the page
      // (docs/performance.md#search). A page past the end has no rows to carry it: counted apart.
      const found = await db
        .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(products)
        .where(filter)
        .orderBy(...(rank ? [rank] : []), sql`${products.name}->>'en'`, asc(products.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const rows = found.map((f) => f.product);
      const total =
        found[0]?.total ??
        (query.page === 1
          ? 0
          : ((await db.select({ n: sql<number>`count(*)::int` }).from(products).where(filter))[0]?.n ?? 0));
      const [variants, brands] = await sideBySide([
        () =>
          variantsOf(
            db,
            rows.map((r) => r.id),
          ),
        () =>
          brandNames(
            db,
            rows.map((r) => r.sellerId),
          ),
      ]);
      return {
        products: rows.flatMap((r) => {
          // A product whose seller is gone is not for sale.
          const brand = brands.get(r.sellerId);
          return brand === undefined ? [] : [toProduct(r, brand, variants.get(r.id) ?? [])];
        }),
        page: query.page,
        pageSize: query.pageSize,
        total,
        hasMore: query.page * query.pageSize < total,
      };
    },

    async product(id: string) {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      const brand = row && (await brandNames(db, [row.sellerId])).get(row.sellerId);
      if (!row || brand === undefined) throw notFound('product');
      const variants = await variantsOf(db, [id]);
      return toProduct(row, brand, variants.get(id) ?? []);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
