import { randomInt } from 'node:crypto';
import { eq, sum } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import type { ParcelHold, ParcelLockers } from '../bookings/index.ts';
import type { OrderCore, ShopActor } from './core.ts';
import { type OrderRow, orderItems } from './schema.ts';

/**
 * A parcel drop holds a locker for the buyer through the lockers' bookings
 * (docs/product.md#parcel-locker); the size fits the order's units.
 */
export async function holdParcelLocker(
  fx: Effects,
  parcels: ParcelLockers,
  order: OrderRow,
): Promise<ParcelHold> {
  if (!order.siteId) throw new AppError('OrderStateInvalid', 'This order has no parcel locker site.');
  const [units] = await fx.tx
    .select({ n: sum(orderItems.quantity) })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  return parcels.hold(fx, {
    orderId: order.id,
    userId: order.userId,
    siteId: order.siteId,
    units: Number(units?.n ?? 1),
  });
}

/**
 * Puts a packed order in a parcel locker: holds the locker, arms the 48 h pickup timer (when it ends
 * uncollected the buyer is told; the lockers' timer frees the locker) and moves the order, for the ops
 * API and the shop's own board alike.
 */
export async function dropInLocker(
  core: OrderCore,
  parcels: ParcelLockers,
  fx: Effects,
  o: OrderRow,
  options: { note?: string; by?: ShopActor | null } = {},
): Promise<OrderRow> {
  const parcel = await holdParcelLocker(fx, parcels, o);
  await core.addTimer(fx.tx, 'parcelPickup', o.id, parcel.endsAt);
  return core.transition(fx, o, 'in_locker', {
    patch: { parcelBookingId: parcel.bookingId },
    note: options.note ?? `locker ${parcel.lockerId}`,
    site: parcel.siteName,
    by: options.by ?? null,
    extra: { siteId: parcel.siteId, lockerId: parcel.lockerId, pinExpiresAt: parcel.endsAt.toISOString() },
  });
}

/** Four digits for the buyer to tell the rider at the door (docs/shops.md#hand-over). */
export const newDeliveryCode = (): string => String(randomInt(0, 10_000)).padStart(4, '0');
