import type { Order, OrderList, OrderState } from '@petti/shared/schemas/orders';
import { and, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { OrdersDeps } from './deps.ts';
import { orders } from './schema.ts';
import { toOrder, toOrders } from './views.ts';

/** Reading orders: the buyer's list and one order, and the shops' (ops) list. */
export function createOrderQueries(deps: OrdersDeps, db: Db) {
  /**
   * One page of orders, newest first, for the buyer's list and the shops' (ops) list alike. With
   * `after` (an order id from the page before) the page starts right after that order, found by its
   * (created_at, id) through the index, so the thousandth page costs what the first does; such a page
   * does not count the whole list again.
   */
  async function pageOfOrders(
    where: SQL | undefined,
    query: { page: number; pageSize: number; after?: string },
  ): Promise<OrderList> {
    const position = query.after
      ? sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from ${orders} o where o.id = ${query.after}${
          where ? sql` and o.id in (select ${orders.id} from ${orders} where ${where})` : sql``
        })`
      : undefined;
    const total = query.after
      ? null
      : ((await db.select({ total: count() }).from(orders).where(where))[0]?.total ?? 0);
    const rows = await db
      .select()
      .from(orders)
      .where(and(where, position))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize + 1)
      .offset(query.after ? 0 : (query.page - 1) * query.pageSize);
    const hasMore = rows.length > query.pageSize;
    const shown = rows.slice(0, query.pageSize);
    return {
      items: await toOrders(deps, db, shown),
      page: query.page,
      pageSize: query.pageSize,
      total,
      hasMore,
      nextCursor: hasMore ? (shown.at(-1)?.id ?? null) : null,
    };
  }

  return {
    async list(
      userId: string,
      query: { page: number; pageSize: number; after?: string },
    ): Promise<OrderList> {
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
      after?: string;
    }): Promise<OrderList> {
      const where = and(
        query.sellerId ? eq(orders.sellerId, query.sellerId) : undefined,
        query.state ? inArray(orders.state, query.state) : ne(orders.state, 'awaiting_payment'),
      );
      return pageOfOrders(where, query);
    },
  };
}
