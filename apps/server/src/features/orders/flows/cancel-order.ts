import { orderEndText } from '@petti/shared/rules/order-cancel';
import { ORDER_CANCELLABLE_STATES, type Order, type OrderState } from '@petti/shared/schemas/orders';
import type { RejectReason } from '@petti/shared/schemas/shops';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Tx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../http/app-error.ts';
import { callStep, dbStep } from '../../../platform/flows/steps.ts';
import type { ShopActor } from '../core.ts';
import type { OrdersDeps } from '../deps.ts';
import { orderStateLog } from '../schema.ts';
import { toOrder } from '../views.ts';

/**
 * The buyer cancels (before packing), the shop turns the order down (before packing: docs/shops.md),
 * or the payment hold runs out on an unpaid order.
 */
export type CancelOrderInput =
  | { orderId: string; by: 'buyer'; userId: string; sessionId: string | null; reason?: string }
  | { orderId: string; by: 'shop'; shopId: string; actor: ShopActor; reason: RejectReason; note?: string }
  | { orderId: string; by: 'hold' };

const NOT_CANCELLABLE: readonly OrderState[] = [
  'packed',
  'out_for_delivery',
  'in_locker',
  'ready_for_pickup',
  'arrived',
];

/**
 * `orders.cancel` (docs/product.md#order-cancellation, docs/decisions/0005-flows.md):
 * 1. close (db, the pivot: a cancellation stands): the order cancelled or timed out, its stock
 *    given back, a Delivery Pass delivery it counted returned, and for a paid order a refund timer;
 * 2. refund (call, no transaction open): the refund timer run at once. If it fails, the timer
 *    stays and the worker retries it (`order.refund`), so the flow still answers the cancellation.
 */
export function defineCancelOrder(deps: OrdersDeps, log: Logger) {
  const { core, clock } = deps;

  /** Someone else already cancelled it: the answer says who (the buyer, or which member). */
  async function tookItFirst(tx: Tx, orderId: string, me: ShopActor): Promise<void> {
    const [entry] = await tx
      .select()
      .from(orderStateLog)
      .where(and(eq(orderStateLog.orderId, orderId), eq(orderStateLog.state, 'cancelled')))
      .limit(1);
    if (entry?.byUserId === me.userId) return;
    const who = entry?.by ?? 'the buyer';
    throw new AppError('OrderTakenByOther', `${who} already cancelled this order.`, {
      details: { by: entry?.by ?? null, at: entry?.at.toISOString() ?? null, step: 'cancelled' },
    });
  }

  const close = dbStep({
    name: 'orders.cancel.close',
    pivot: true,
    async run(fx, input: CancelOrderInput): Promise<{ order: Order | null; refundTimerId: string | null }> {
      const o = await core.lockOrder(fx.tx, input.orderId);
      if (input.by === 'hold') {
        if (o?.state !== 'awaiting_payment' || !o.holdExpiresAt || o.holdExpiresAt > clock.now())
          return { order: null, refundTimerId: null };
      } else {
        const theirs =
          input.by === 'buyer'
            ? o?.userId === input.userId
            : o?.sellerId === input.shopId && o.state !== 'awaiting_payment';
        if (!o || !theirs) throw notFound('order');
        if (o.state === 'cancelled') {
          // Turned down twice, or the buyer cancelled first: said plainly to the second member.
          if (input.by === 'shop') await tookItFirst(fx.tx, o.id, input.actor);
          return { order: await toOrder(deps, fx.tx, o), refundTimerId: null };
        }
        if (!(ORDER_CANCELLABLE_STATES as readonly OrderState[]).includes(o.state)) {
          throw new AppError(
            NOT_CANCELLABLE.includes(o.state) ? 'OrderNotCancellable' : 'OrderStateInvalid',
            undefined,
            { details: { state: o.state } },
          );
        }
      }
      // One line the buyer's screens read back (packages/shared/src/rules/order-cancel.ts).
      const reason = orderEndText(
        input.by === 'hold'
          ? { by: 'payment' }
          : input.by === 'shop'
            ? { by: 'shop', reason: input.reason, note: input.note ?? null }
            : { by: 'buyer', reason: input.reason ?? null },
      );
      const paid = o.state !== 'awaiting_payment';
      const row = await core.transition(fx, o, input.by === 'hold' ? 'timed_out' : 'cancelled', {
        patch: { cancelReason: reason, holdExpiresAt: null },
        note: reason,
        sessionId: input.by === 'buyer' ? input.sessionId : null,
        by: input.by === 'shop' ? input.actor : null,
      });
      await core.releaseStock(fx.tx, o.id);
      // A paid order counted one of the Delivery Pass's deliveries; it never went out.
      if (paid && o.deliveryPassId) await deps.plans.returnDelivery(fx.tx, o.deliveryPassId);
      const refundTimerId =
        paid && o.paymentId ? await core.addTimer(fx.tx, 'refund', o.id, clock.now()) : null;
      return { order: await toOrder(deps, fx.tx, row), refundTimerId };
    },
  });

  const refund = callStep({
    name: 'orders.cancel.refund',
    run: (timerId: string) => deps.runTimer(timerId),
  });

  return deps.flows.define({
    name: 'orders.cancel',
    steps: [close, refund],
    async run(flow, input: CancelOrderInput): Promise<Order | null> {
      const { order, refundTimerId } = await flow.db(close, input);
      if (refundTimerId) {
        try {
          await flow.call(refund, refundTimerId);
        } catch (err) {
          // Past the pivot: the cancellation stands and the refund timer is retried by the worker.
          log.warn({ err, orderId: input.orderId }, 'order refund did not run now; its timer retries it');
        }
      }
      return order;
    },
  });
}

export type CancelOrderFlow = ReturnType<typeof defineCancelOrder>;
