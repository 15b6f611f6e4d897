import type { Order, OrderList, OrderState } from '@petti/shared/schemas/orders';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { OrdersDeps } from './deps.ts';
import { orders } from './schema.ts';
import { toOrder, toOrders } from './views.ts';

/** Reading orders: the buyer's list and one order, and the shops' (ops) list. */
export function createOrderQueries(deps: OrdersDeps, db: Db) {
  /** One page of orders, newest first, for the buyer's list and the shops' (ops) list alike. */
  async function pageOfOrders(
    where: SQL | undefined,
    query: { page: number; pageSize: number },
  ): Promise<OrderList> {
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
    const rows = await db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return {
      items: await toOrders(deps, db, rows),
      page: query.page,
      pageSize: query.pageSize,
      total,
      hasMore: query.page * query.pageSize < total,
    };
  }

  return {
    async list(userId: string, query: { page: number; pageSize: number }): Promise<OrderList> {
      return pageOfOrders(eq(orders.userId, userId), query);
    },

    async get(userId: string, id: string): Promise<Order> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      if (!row || row.userId !== userId) throw notFound('order');
      return toOrder(deps, db, row);
    },

    /** A seller's paid orders (every seller's without `sellerId`); unpaid ones are not the shop's yet. */
    async listForSeller(query: {
      sellerId?: string;
      state?: OrderState[];
      page: number;
      pageSize: number;
    }): Promise<OrderList> {
      const where = and(
        query.sellerId ? eq(orders.sellerId, query.sellerId) : undefined,
        query.state ? inArray(orders.state, query.state) : ne(orders.state, 'awaiting_payment'),
      );
      return pageOfOrders(where, query);
    },
  };
}
