import type { Order } from '@petti/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { createCheckin } from './checkin.ts';
import type { OrderCaller, OrdersDeps } from './deps.ts';
import { defineCancelOrder } from './flows/cancel-order.ts';
import { defineItemChanges } from './flows/item-changes.ts';
import { definePlaceOrder } from './flows/place-order.ts';
import { createPlacing } from './placing.ts';
import type { OrderLedgerReader } from './ports.ts';
import { createPrepare } from './prepare.ts';
import { createOrderQueries } from './queries.ts';
import { type OrderRow, orders } from './schema.ts';
import { createShopSide } from './shop.ts';
import { createShopBoard } from './shop-board.ts';
import { createShopMoney } from './shop-money.ts';
import { orderShares } from './shop-share.ts';
import { unitsSold } from './units-sold.ts';
import { toOrder } from './views.ts';

export type { OrderCaller, OrdersDeps } from './deps.ts';

/** Orders (docs/marketplace.md): every use case, and the two flows money and stock move through. */
export function createOrdersService(
  deps: OrdersDeps,
  env: { db: Db; transactor: Transactor; log: Logger; storage: FileStorage; ledger: OrderLedgerReader },
) {
  const { db, transactor, log } = env;
  const prepare = createPrepare(deps);
  const items = defineItemChanges(deps, log);
  const flows = {
    place: definePlaceOrder(deps, db, prepare),
    cancel: defineCancelOrder(deps, log),
    itemUnavailable: items.missing,
    substituteAccept: items.accept,
  };

  return {
    flows,
    ...createPlacing(deps, db, prepare, flows.place),
    ...createOrderQueries(deps, db),
    ...createCheckin(deps, transactor),
    ...createShopSide(deps, db, transactor),
    /** The shops' own order board and steps, for their members (docs/shops.md). */
    shopBoard: createShopBoard(deps, { db, transactor, cancel: flows.cancel, items, storage: env.storage }),
    /** A shop's money: orders paid in a span, with refunds, Petti's fees and what it is owed. */
    shopMoney: createShopMoney({ db, clock: deps.clock, ledger: env.ledger }),
    /** What paid orders earn their shops now (shop settlements pay by it). */
    shares: (q: DbOrTx, where: Parameters<typeof orderShares>[2]) => orderShares(deps, q, where),
    /** Units of each product the shop's paid orders took since a moment (the stock screen's "what sells"). */
    unitsSold: (shopId: string, since: Date) => unitsSold(db, shopId, since),

    /** The buyer takes a substitute the shop offered (stock and any difference move by a flow). */
    async acceptSubstitute(caller: OrderCaller, orderId: string, substitutionId: string): Promise<Order> {
      await flows.substituteAccept.run({ orderId, userId: caller.userId, substitutionId });
      return this.get(caller.userId, orderId);
    },

    /** The buyer says no to a substitute: that part of the line is refunded. */
    async declineSubstitute(caller: OrderCaller, orderId: string, substitutionId: string): Promise<Order> {
      await flows.itemUnavailable.run({ by: 'declined', orderId, userId: caller.userId, substitutionId });
      return this.get(caller.userId, orderId);
    },

    /** Timer: a substitute left unanswered counts as declined. */
    async expireSubstitute(orderId: string, substitutionId: string): Promise<void> {
      await flows.itemUnavailable.run({ by: 'expired', orderId, substitutionId });
    },

    /** Timer: refunds the payment up to what the shop's changes owe the buyer (never twice). */
    async refundOwed(orderId: string): Promise<void> {
      const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!o?.paymentId || o.owedRefundPaise <= 0 || o.state === 'cancelled') return;
      try {
        await deps.payments.refund(o.paymentId, {
          upToPaise: o.owedRefundPaise,
          reason: 'order items not available',
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'PaymentNotRefundable') return;
        throw err;
      }
    },

    /** Before packing: cancelled, stock back, and a full refund of what was paid. */
    async cancel(caller: OrderCaller, id: string, reason?: string): Promise<Order> {
      const order = await flows.cancel.run({
        orderId: id,
        by: 'buyer',
        userId: caller.userId,
        sessionId: caller.sessionId,
        reason,
      });
      return order!;
    },

    /** Timer: an unpaid order's hold ran out — timed out, its stock released. */
    async expireHold(orderId: string): Promise<void> {
      await flows.cancel.run({ orderId, by: 'hold' });
    },

    /** Refund of a cancelled paid order (run outside a transaction: the payments module opens its own). */
    async refundOrder(orderId: string): Promise<void> {
      const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!o?.paymentId) return;
      try {
        await deps.payments.refund(o.paymentId, {
          reason: `order ${o.state}: ${o.cancelReason ?? ''}`.trim(),
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'PaymentNotRefundable') {
          log.warn({ orderId }, 'order refund: nothing left to refund');
          return;
        }
        throw err;
      }
    },

    view: (q: DbOrTx, row: OrderRow): Promise<Order> => toOrder(deps, q, row),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
