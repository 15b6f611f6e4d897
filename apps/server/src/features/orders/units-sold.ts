import { and, eq, gte, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders } from './schema.ts';

/**
 * How many of each of a shop's products its paid orders took since a moment, less what the shop did
 * not have (docs/shops.md#stock-and-catalogue): what sells, for the stock screen's order. An order
 * never paid, or cancelled, sold nothing.
 */
export async function unitsSold(q: DbOrTx, shopId: string, since: Date): Promise<Map<string, number>> {
  const rows = await q
    .select({
      productId: orderItems.productId,
      units: sql<number>`sum(${orderItems.quantity} - ${orderItems.unavailableQuantity})`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.sellerId, shopId),
        gte(orders.createdAt, since),
        notInArray(orders.state, ['awaiting_payment', 'cancelled', 'timed_out']),
      ),
    )
    .groupBy(orderItems.productId);
  return new Map(rows.filter((r) => r.units > 0).map((r) => [r.productId, r.units]));
}
