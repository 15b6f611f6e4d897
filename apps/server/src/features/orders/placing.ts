import type { Order, OrderQuote, PlaceOrderBody, QuoteOrderBody } from '@petti/shared/schemas/orders';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isPgError, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { OrderCaller, OrdersDeps } from './deps.ts';
import type { PlaceOrderFlow } from './flows/place-order.ts';
import { orderLineOf, type Prepare, requestHash } from './prepare.ts';
import { type OrderRow, orders } from './schema.ts';
import { toOrder } from './views.ts';

/** How long a retry waits for its twin (the same key, placing meanwhile) to finish. */
const TWIN_WAIT_MS = 30_000;
const TWIN_POLL_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Quoting and placing orders (docs/product.md#placing-an-order). */
export function createPlacing(deps: OrdersDeps, db: Db, prepare: Prepare, placeFlow: PlaceOrderFlow) {
  async function findByKey(q: DbOrTx, userId: string, key: string) {
    const [row] = await q
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.requestKey, key)));
    return row;
  }

  /**
   * The order a key already made. It is written whole, with its payment, so a twin's is complete
   * once it can be read; one that an earlier version was still placing (in two steps, the payment
   * attached in the second) is waited for, and null when it was undone meanwhile, so the caller may
   * place again.
   */
  async function replay(row: OrderRow, hash: string): Promise<Order | null> {
    if (row.requestHash !== hash)
      throw new AppError('IdempotencyKeyReused', undefined, { details: { orderId: row.id } });
    let current: OrderRow | undefined = row;
    const until = Date.now() + TWIN_WAIT_MS;
    while (current && !current.paymentId && current.state === 'awaiting_payment') {
      if (Date.now() > until) throw new AppError('Conflict');
      await sleep(TWIN_POLL_MS);
      [current] = await db.select().from(orders).where(eq(orders.id, row.id));
    }
    return current ? toOrder(deps, db, current) : null;
  }

  return {
    async quote(userId: string, body: QuoteOrderBody): Promise<OrderQuote> {
      const p = await prepare(db, userId, body);
      return {
        sellerId: p.seller.id,
        deliveryType: body.deliveryType,
        lines: p.lines.map(orderLineOf),
        price: p.price,
        paymentMethods: ['upi', 'card'],
      };
    },

    /**
     * Places an order through the `orders.place` flow. A retry with the same key answers the same
     * order and payment, also when both arrive at once: the second's claim of the key (or any of its
     * checks, the first having taken the last units or the shop having closed since) fails, and it
     * answers the first. The key is not looked up before: a first request, by far the most common,
     * would find nothing (docs/performance.md#orders).
     */
    async place(
      caller: OrderCaller,
      key: string | undefined,
      body: PlaceOrderBody,
    ): Promise<{ order: Order; created: boolean }> {
      if (!key || !/^[\w.:-]{8,100}$/.test(key)) throw new AppError('IdempotencyKeyRequired');
      const hash = requestHash(body);
      for (let attempt = 0; ; attempt++) {
        try {
          const order = await placeFlow.run({ caller, key, hash, body });
          return { order, created: true };
        } catch (err) {
          if (!isPgError(err, UNIQUE_VIOLATION) && !(err instanceof AppError)) throw err;
          const twin = await findByKey(db, caller.userId, key);
          if (!twin) throw err;
          const order = await replay(twin, hash);
          if (order) return { order, created: false };
          // The twin was undone while this one waited: place again (a few times at most).
          if (attempt >= 2) throw err;
        }
      }
    },
  };
}
