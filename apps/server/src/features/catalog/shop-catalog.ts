import { randomBytes } from 'node:crypto';
import { EVENTS, TOPICS } from '@petti/shared/events';
import { normaliseBarcode } from '@petti/shared/rules/ean13';
import { packProblem, SALES_WINDOW_DAYS } from '@petti/shared/rules/shop-catalog';
import type { Product } from '@petti/shared/schemas/catalog';
import type {
  NewPackBody,
  NewProductBody,
  PackChangeBody,
  ProductChangeBody,
  ShopProductPage,
  ShopProductsQuery,
} from '@petti/shared/schemas/shop-catalog';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isPgError, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Effects } from '../../platform/events/effects.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import { categories, products, productVariants } from './schema.ts';
import type { CatalogService } from './service.ts';

/** Page size of the shop's own product search. */
const PAGE_SIZE = 20;

/** A pack as a shop sends it, with its barcode reduced to digits (or none). */
type PackIn = Required<Pick<NewPackBody, 'unit' | 'unitValue' | 'pricePaise' | 'mrpPaise' | 'taxPercent'>> & {
  inventory: number;
  alwaysInventory: boolean;
  barcode: string | null;
};

/** An id a person can read in a URL: the words of the name, then a few random letters. */
function readableId(words: string): string {
  const slug = words
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return `${slug || 'item'}-${randomBytes(3).toString('hex')}`;
}

/** Refuses a pack with the shared rule's own error code (the same sentence the app's form says). */
function checkPack(pack: {
  pricePaise: number;
  mrpPaise: number;
  inventory: number;
  barcode: string | null;
}) {
  const problem = packProblem(pack);
  if (problem) throw new AppError(problem);
}

const barcodeOf = (raw: string | null | undefined): string | null => (raw ? normaliseBarcode(raw) : null);

/**
 * A shop's catalogue from its own app (docs/shops.md#stock-and-catalogue): search it, change a pack's
 * price, MRP, stock and barcode, add products and packs, photograph them. Only the shop's own products
 * are found or changed: another shop's id answers 404, as one that does not exist. Prices are read
 * afresh by every cart check and order, so a new price reaches carts as `PaymentUpdatedException`.
 */
export function createShopCatalog(deps: {
  db: Db;
  catalog: CatalogService;
  transactor: Transactor;
  outbox: EventOutbox;
  /** Units of each product the shop's paid orders took since a moment (the orders feature's). */
  unitsSold: (shopId: string, since: Date) => Promise<Map<string, number>>;
  clock: Clock;
}) {
  const { db, catalog, transactor } = deps;

  /**
   * Shoppers with one of these products open hear of the change at once (docs/shops.md#live-updates),
   * through the outbox in the transaction that made it.
   */
  function tellShoppers(fx: Effects, shopId: string, productIds: string[]) {
    deps.outbox.enqueue(fx, TOPICS.shopProducts(shopId), {
      event: EVENTS.shopProductsChanged,
      data: { shopId, productIds },
      SessionID: null,
    });
  }
  /** For writes made elsewhere (a photo's files go first): the word after them, on its own. */
  const told = (shopId: string, productId: string) =>
    transactor.run(async (_tx, fx) => tellShoppers(fx, shopId, [productId]));

  /** The shop's product, or 404. */
  async function ownProduct(q: DbOrTx, shopId: string, productId: string) {
    const [row] = await q
      .select()
      .from(products)
      .where(and(eq(products.id, productId), eq(products.sellerId, shopId)));
    if (!row) throw notFound('product');
    return row;
  }

  /** Runs a write whose barcode the database may find taken in this shop (its unique index). */
  async function barcodeSafe<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isPgError(err, UNIQUE_VIOLATION)) throw new AppError('BarcodeTaken');
      throw err;
    }
  }

  /** Refuses a barcode another pack of this shop already carries, before writing (the index still decides a race). */
  async function barcodeFree(q: DbOrTx, shopId: string, barcode: string | null, exceptVariant?: string) {
    if (!barcode) return;
    const [holder] = await q
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.sellerId, shopId), eq(productVariants.barcode, barcode)));
    if (holder && holder.id !== exceptVariant) throw new AppError('BarcodeTaken');
  }

  const packIn = (p: NewPackBody): PackIn => ({
    unit: p.unit,
    unitValue: p.unitValue,
    pricePaise: p.pricePaise,
    mrpPaise: p.mrpPaise,
    taxPercent: p.taxPercent,
    inventory: p.inventory ?? 0,
    alwaysInventory: p.alwaysInventory ?? false,
    barcode: barcodeOf(p.barcode),
  });

  async function insertPacks(tx: DbOrTx, shopId: string, productId: string, packs: PackIn[]) {
    const seen = new Set<string>();
    for (const p of packs) {
      checkPack(p);
      if (p.barcode && seen.has(p.barcode)) throw new AppError('BarcodeTaken');
      if (p.barcode) seen.add(p.barcode);
      await barcodeFree(tx, shopId, p.barcode);
    }
    await tx.insert(productVariants).values(
      packs.map((p) => ({
        id: readableId(`${productId.replace(/-[0-9a-f]{6}$/, '')} ${p.unitValue}${p.unit}`),
        productId,
        sellerId: shopId,
        unit: p.unit,
        unitValue: p.unitValue,
        pricePaise: p.pricePaise,
        mrpPaise: p.mrpPaise,
        inventory: p.inventory,
        alwaysInventory: p.alwaysInventory,
        taxPercent: p.taxPercent,
        barcode: p.barcode,
      })),
    );
  }

  return {
    /** The shop's products by name or by a pack's barcode, out-of-stock packs included, by name. */
    async search(shopId: string, query: ShopProductsQuery): Promise<ShopProductPage> {
      const page = query.page;
      const since = new Date(deps.clock.now().getTime() - SALES_WINDOW_DAYS * 86_400_000);
      const sold = await deps.unitsSold(shopId, since);
      const found = await catalog.listProducts(
        {
          sellerId: shopId,
          ...(query.q ? { q: query.q } : {}),
          ...(query.barcode ? { barcode: normaliseBarcode(query.barcode) } : {}),
          page,
          pageSize: PAGE_SIZE,
        },
        {
          ...(query.stock === 'all' ? {} : { stock: query.stock }),
          ...(query.sort === 'sales' ? { rank: sold } : {}),
        },
      );
      return {
        products: found.products,
        page,
        hasMore: found.hasMore,
        sold: Object.fromEntries(
          found.products.flatMap((p) => (sold.has(p.id) ? [[p.id, sold.get(p.id)!]] : [])),
        ),
      };
    },

    /** A new product with its packs; answers it as shoppers will see it. */
    async create(shopId: string, body: NewProductBody): Promise<Product> {
      const [category] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, body.categoryId));
      if (!category) throw new AppError('CategoryUnknown');
      const productId = readableId(body.name.en);
      await barcodeSafe(() =>
        transactor.run(async (tx, fx) => {
          await tx.insert(products).values({
            id: productId,
            sellerId: shopId,
            categoryId: body.categoryId,
            name: { en: body.name.en.trim(), ta: body.name.ta.trim() },
            hazardous: body.hazardous ?? false,
          });
          await insertPacks(tx, shopId, productId, body.packs.map(packIn));
          tellShoppers(fx, shopId, [productId]);
        }),
      );
      return catalog.product(productId);
    },

    /** The product's names, category or hazardous flag (carts and orders read them afresh too). */
    async changeProduct(shopId: string, productId: string, body: ProductChangeBody): Promise<Product> {
      await ownProduct(db, shopId, productId);
      if (body.categoryId) {
        const [category] = await db
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.id, body.categoryId));
        if (!category) throw new AppError('CategoryUnknown');
      }
      await transactor.run(async (tx, fx) => {
        await tx
          .update(products)
          .set({
            ...(body.name ? { name: { en: body.name.en, ta: body.name.ta } } : {}),
            ...(body.categoryId ? { categoryId: body.categoryId } : {}),
            ...(body.hazardous === undefined ? {} : { hazardous: body.hazardous }),
          })
          .where(and(eq(products.id, productId), eq(products.sellerId, shopId)));
        tellShoppers(fx, shopId, [productId]);
      });
      return catalog.product(productId);
    },

    /** Another pack (size) of one of the shop's products. */
    async addPack(shopId: string, productId: string, body: NewPackBody): Promise<Product> {
      await barcodeSafe(() =>
        transactor.run(async (tx, fx) => {
          await ownProduct(tx, shopId, productId);
          await insertPacks(tx, shopId, productId, [packIn(body)]);
          tellShoppers(fx, shopId, [productId]);
        }),
      );
      return catalog.product(productId);
    },

    /**
     * Price, MRP, stock, always-in-stock and barcode of one pack, judged as they will be after the
     * change (a new price against the MRP already there, and the other way round).
     */
    async changePack(shopId: string, vrntId: string, body: PackChangeBody): Promise<Product> {
      const productId = await barcodeSafe(() =>
        transactor.run(async (tx, fx) => {
          const [row] = await tx
            .select()
            .from(productVariants)
            .where(and(eq(productVariants.id, vrntId), eq(productVariants.sellerId, shopId)))
            .for('update');
          if (!row) throw notFound('product');
          const barcode = body.barcode === undefined ? row.barcode : barcodeOf(body.barcode);
          const next = {
            pricePaise: body.pricePaise ?? row.pricePaise,
            mrpPaise: body.mrpPaise ?? row.mrpPaise,
            inventory: body.inventory ?? row.inventory,
            alwaysInventory: body.alwaysInventory ?? row.alwaysInventory,
            barcode,
          };
          checkPack(next);
          if (barcode !== row.barcode) await barcodeFree(tx, shopId, barcode, row.id);
          await tx.update(productVariants).set(next).where(eq(productVariants.id, row.id));
          tellShoppers(fx, shopId, [row.productId]);
          return row.productId;
        }),
      );
      return catalog.product(productId);
    },

    /** The shop's photo of its product (the photo pipeline: three WebP widths). */
    async setPhoto(shopId: string, productId: string, image: Buffer): Promise<Product> {
      await ownProduct(db, shopId, productId);
      const product = await catalog.setPhoto(productId, image);
      await told(shopId, productId);
      return product;
    },

    async clearPhoto(shopId: string, productId: string): Promise<Product> {
      await ownProduct(db, shopId, productId);
      const product = await catalog.clearPhoto(productId);
      await told(shopId, productId);
      return product;
    },
  };
}

export type ShopCatalog = ReturnType<typeof createShopCatalog>;
