import { EVENTS } from '@petti/shared';
import { OPS_ORDER_ACTIONS, type Order } from '@petti/shared/schemas/orders';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Effects, Transactor } from '../../platform/events/transactor.ts';
import type { OrdersDeps } from './deps.ts';
import { assertNothingOffered } from './flows/item-changes.ts';
import { dropInLocker, newDeliveryCode } from './parcel-locker.ts';
import { orders } from './schema.ts';
import { toOrder } from './views.ts';

/** The shop's side of an order (ops API, shop simulator) and the parcel locker's pickup. */
export function createShopSide(deps: OrdersDeps, db: Db, transactor: Transactor) {
  const { core, parcels } = deps;
  return {
    /** One shop step (accept, pack, dispatch, deliver, drop in locker, ready for pickup, hand over). */
    async shopAction(id: string, action: keyof typeof OPS_ORDER_ACTIONS, note?: string): Promise<Order> {
      const to = OPS_ORDER_ACTIONS[action];
      return transactor.run(async (tx, fx) => {
        const o = await core.lockOrder(tx, id);
        if (!o) throw notFound('order');
        if (o.state === to) return toOrder(deps, tx, o); // a retried step changes nothing
        // Ordered while the shop was closed: it is the shop's to accept from its opening, not before.
        if (to === 'accepted' && o.scheduledFor && o.scheduledFor > core.deps.clock.now()) {
          throw new AppError('OrderScheduled', undefined, {
            details: { scheduledFor: o.scheduledFor.toISOString() },
          });
        }
        if (to === 'packed') await assertNothingOffered(tx, o.id);
        if (to === 'in_locker') {
          if (o.state !== 'packed' || o.deliveryType !== 'locker')
            throw new AppError('OrderStateInvalid', undefined, { details: { state: o.state, to } });
          return toOrder(deps, tx, await dropInLocker(core, parcels, fx, o, { note }));
        }
        // Out for delivery, the buyer gets a code to tell at the door (docs/shops.md#hand-over).
        const patch = to === 'out_for_delivery' ? { deliveryCode: newDeliveryCode() } : undefined;
        const row = await core.transition(fx, o, to, { patch, note: note ?? null });
        return toOrder(deps, tx, row);
      });
    },

    /** Timer: a parcel's 48 h in the locker ran out uncollected — the buyer hears the shop takes it back. */
    async parcelPickupEnded(fx: Effects, orderId: string): Promise<void> {
      const o = await core.lockOrder(fx.tx, orderId);
      if (o?.state !== 'in_locker') return;
      await core.logState(fx.tx, o.id, o.state, 'pickup_expired');
      await core.emit(fx, o, EVENTS.orderPickupExpired);
    },

    /**
     * Parcels taken out: an order whose locker booking was opened at the keypad (the buyer typed the
     * PIN) is collected, and the booking ends so the locker is free again.
     */
    async collectOpenedParcels(): Promise<number> {
      // Only the ones whose door was opened: a cheap read every poll, locks only for real work.
      const inLocker = await db
        .select({ orderId: orders.id, bookingId: orders.parcelBookingId })
        .from(orders)
        .where(and(eq(orders.state, 'in_locker'), isNotNull(orders.parcelBookingId)));
      const openedIds = await parcels.openedOf(
        db,
        inLocker.map((r) => r.bookingId!),
      );
      const opened = inLocker.filter((r) => openedIds.has(r.bookingId!));
      let n = 0;
      for (const { orderId, bookingId } of opened) {
        if (!bookingId) continue;
        const done = await transactor.run(async (tx, fx) => {
          // Lock order as the shop's drop takes it: the order first, then the locker's booking.
          const o = await core.lockOrder(tx, orderId);
          if (o?.state !== 'in_locker') return false;
          const b = await parcels.lockOpened(tx, bookingId);
          if (!b) return false;
          await core.transition(fx, o, 'collected', { note: `locker ${b.lockerId}` });
          await parcels.end(fx, bookingId, 'collected');
          return true;
        });
        if (done) n += 1;
      }
      return n;
    },
  };
}
