import { eq, sum } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import type { ParcelHold, ParcelLockers } from '../bookings/index.ts';
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
