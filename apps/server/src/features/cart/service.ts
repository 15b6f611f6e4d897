import { type CartItem, cartTotals } from '@petti/shared/rules/cart';
import type { CartCheck, PutCartBody, ServerCart } from '@petti/shared/schemas/cart';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { rupees, variantsWithProducts } from '../catalog/index.ts';
import { sellerRows } from '../sellers/index.ts';
import { carts, type StoredCartLine } from './schema.ts';
import { validateCartItems } from './validate.ts';

/**
 * The server's copy of a user's delivery cart (`cartId`, docs/product.md#delivery-cart): the app mirrors its local cart
 * here when online, so another device or a reinstall finds it. Only variant ids and quantities are
 * stored; product data and prices are read fresh on every answer.
 */
export function createCartService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function view(
    row: { id: string; items: StoredCartLine[]; updatedAt: Date } | undefined,
  ): Promise<ServerCart> {
    if (!row || row.items.length === 0) {
      return {
        cartId: row?.id ?? null,
        sellerId: null,
        brandName: null,
        items: [],
        total: 0,
        count: 0,
        savings: 0,
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    }
    const variants = await variantsWithProducts(
      db,
      row.items.map((i) => i.vrntId),
    );
    const sellerBy = new Map(
      (await sellerRows(db, [...new Set(variants.map((v) => v.product.sellerId))])).map((s) => [s.id, s]),
    );
    const found = variants.flatMap((v) => {
      const seller = sellerBy.get(v.product.sellerId);
      return seller ? [{ ...v, seller }] : [];
    });
    const byId = new Map(found.map((f) => [f.variant.id, f]));
    // A variant removed from the catalog since simply drops out of the cart.
    const items = row.items.flatMap((line) => {
      const f = byId.get(line.vrntId);
      if (!f) return [];
      return [
        {
          quantity: line.quantity,
          product: {
            unitValue: f.variant.unitValue,
            name: f.product.name,
            image_url: f.product.image,
            unit: f.variant.unit,
            slrId: f.seller.id,
            prdtId: f.product.id,
            vrntId: f.variant.id,
            tciId: f.product.categoryId,
            productPrice: rupees(f.variant.pricePaise),
            marketPrice: rupees(f.variant.mrpPaise),
            inventory: f.variant.inventory,
            alwaysInventory: f.variant.alwaysInventory,
          },
        },
      ];
    });
    const first = items[0] ? byId.get(items[0].product.vrntId)!.seller : null;
    return {
      cartId: row.id,
      sellerId: first?.id ?? null,
      brandName: first?.brandName ?? null,
      items,
      ...cartTotals(items as CartItem[]),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return {
    async get(userId: string): Promise<ServerCart> {
      const [row] = await db.select().from(carts).where(eq(carts.userId, userId));
      return view(row);
    },

    /**
     * Replaces the stored cart with the app's lines. Unknown variants are left out (the product
     * went away); lines of two sellers, or of another seller than `sellerId`, are refused.
     */
    async put(userId: string, body: PutCartBody): Promise<ServerCart> {
      const ids = body.items.map((i) => i.vrntId);
      const found = (await variantsWithProducts(db, ids)).map((f) => ({
        vrntId: f.variant.id,
        sellerId: f.product.sellerId,
      }));
      const sellerOf = new Map(found.map((f) => [f.vrntId, f.sellerId]));
      const sellerIds = new Set(found.map((f) => f.sellerId));
      if (sellerIds.size > 1 || (body.sellerId && sellerIds.size === 1 && !sellerIds.has(body.sellerId))) {
        throw new AppError('CartOtherSeller');
      }
      const items: StoredCartLine[] = body.items
        .filter((i) => sellerOf.has(i.vrntId))
        .map((i) => ({ vrntId: i.vrntId, quantity: i.quantity }));
      const now = clock.now();
      const sellerId = items.length ? [...sellerIds][0]! : null;
      const [row] = await db
        .insert(carts)
        .values({ id: newId(), userId, sellerId, items, updatedAt: now })
        .onConflictDoUpdate({ target: carts.userId, set: { sellerId, items, updatedAt: now } })
        .returning();
      return view(row);
    },

    /** Account deletion: the stored cart goes, in the caller's transaction. */
    async deleteFor(tx: DbOrTx, userId: string): Promise<void> {
      await tx.delete(carts).where(eq(carts.userId, userId));
    },

    /** POST /api/cart/validate: the per-line answer (the route turns a price change into a 409). */
    async validate(
      items: Parameters<typeof validateCartItems>[1],
      options: { whenShopOpens?: boolean } = {},
    ): Promise<CartCheck> {
      const result = await validateCartItems(db, items, clock.now(), options);
      return {
        items: result.items,
        sellerId: result.sellerId,
        ok: result.ok,
        priceChanged: result.priceChanged,
      };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
