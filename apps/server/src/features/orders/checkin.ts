import { EVENTS } from '@petti/shared';
import { curbsideStage } from '@petti/shared/rules/curbside';
import type { Order } from '@petti/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { OrderCaller, OrdersDeps } from './deps.ts';
import { type OrderRow, orders } from './schema.ts';
import { toOrder } from './views.ts';

/** The buyer's own order, locked; someone else's is not found. */
export async function ownOrder(deps: OrdersDeps, tx: Tx, userId: string, id: string): Promise<OrderRow> {
  const o = await deps.core.lockOrder(tx, id);
  if (!o || o.userId !== userId) throw notFound('order');
  return o;
}

/** Curbside check-in (docs/product.md#order-states): "On my way" and "I'm here". */
export function createCheckin(deps: OrdersDeps, transactor: Transactor) {
  const { core, clock } = deps;
  return {
    /** Curbside "On my way": the shop may get the order ready; not a state of its own. */
    async onMyWay(
      caller: OrderCaller,
      id: string,
      body: { bay?: string; landmark?: string },
    ): Promise<Order> {
      return transactor.run(async (tx, fx) => {
        const o = await ownOrder(deps, tx, caller.userId, id);
        const stage = curbsideStage(o, clock.now().getTime());
        // Hours before the shop opens there is no one to be on the way to.
        if (stage === 'scheduled')
          throw new AppError('OrderScheduled', undefined, {
            details: { scheduledFor: o.scheduledFor!.toISOString() },
          });
        if (stage !== 'waiting' && stage !== 'ready')
          throw new AppError('OrderStateInvalid', undefined, { details: { state: o.state } });
        const [row] = await tx
          .update(orders)
          .set({
            onMyWayAt: clock.now(),
            bay: body.bay ?? o.bay,
            landmark: body.landmark ?? o.landmark,
            updatedAt: clock.now(),
          })
          .where(eq(orders.id, o.id))
          .returning();
        await core.logState(tx, o.id, o.state, 'on_my_way');
        await core.emit(fx, row!, EVENTS.orderOnMyWay, { sessionId: caller.sessionId });
        return toOrder(deps, tx, row!);
      });
    },

    /** Curbside "I'm here" with a bay or landmark: the shop brings the order out. */
    async arrived(
      caller: OrderCaller,
      id: string,
      body: { bay?: string; landmark?: string },
    ): Promise<Order> {
      return transactor.run(async (tx, fx) => {
        const o = await ownOrder(deps, tx, caller.userId, id);
        if (o.state === 'arrived') return toOrder(deps, tx, o);
        if (o.deliveryType !== 'curbside' || o.state !== 'ready_for_pickup')
          throw new AppError('OrderStateInvalid', 'Your order is not ready for pickup yet.', {
            details: { state: o.state },
          });
        const row = await core.transition(fx, o, 'arrived', {
          patch: { arrivedAt: clock.now(), bay: body.bay ?? o.bay, landmark: body.landmark ?? o.landmark },
          note: [body.bay && `bay ${body.bay}`, body.landmark].filter(Boolean).join(', ') || null,
          sessionId: caller.sessionId,
        });
        return toOrder(deps, tx, row);
      });
    },
  };
}
