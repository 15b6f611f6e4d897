import { type CartItem, cartTotals } from '@petti/shared/rules/cart';
import type { CartCheck, PutCartBody, ServerCart } from '@petti/shared/schemas/cart';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { products, productVariants } from '../catalog/schema.ts';
import { rupees } from '../catalog/views.ts';
import { sellers } from '../sellers/schema.ts';
import { carts, type StoredCartLine } from './schema.ts';
import { validateCartItems } from './validate.ts';

/**
 * The server's copy of a user's delivery cart (seed §3 `cartId`): the app mirrors its local cart
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
    const found = await db
      .select({ variant: productVariants, product: products, seller: sellers })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(
        inArray(
          productVariants.id,
          row.items.map((i) => i.vrntId),
        ),
      );
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
      const found = ids.length
        ? await db
            .select({ vrntId: productVariants.id, sellerId: products.sellerId })
            .from(productVariants)
            .innerJoin(products, eq(products.id, productVariants.productId))
            .where(inArray(productVariants.id, ids))
        : [];
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

    /** POST /api/cart/validate: the per-line answer (the route turns a price change into a 409). */
    async validate(items: Parameters<typeof validateCartItems>[1]): Promise<CartCheck> {
      const result = await validateCartItems(db, items, clock.now());
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
