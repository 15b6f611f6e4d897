import { LOCKER_SIZES } from '@petti/shared';
import { parcelSizeFor } from '@petti/shared/rules/order-pricing';
import { ORDER_RULES } from '@petti/shared/schemas/orders';
import { eq, sum } from 'drizzle-orm';
import { EXCLUSION_VIOLATION, isPgError } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { type BookingCore, TIMER } from '../bookings/core.ts';
import { freeLockers, lockSiteSize } from '../bookings/repo.ts';
import { type BookingRow, bookings, PARCEL_HOLD_KEY_PREFIX } from '../bookings/schema.ts';
import { type OrderRow, orderItems } from './schema.ts';

const HOUR = 3_600_000;

/**
 * A parcel drop holds a locker through the lockers' own bookings table: a booking in `reserved`
 * for the buyer, 48 h long, with a dynamic PIN. So the exclusion constraint that stops two
 * bookings sharing a locker covers parcels too, the site's keypad (and the locker simulator)
 * accepts the PIN like any other, and the lockers' end timer frees the locker if it is never
 * collected. The size is the smallest that fits the order's units, or the next larger one free.
 */
export async function holdParcelLocker(
  fx: Effects,
  bookingCore: BookingCore,
  order: OrderRow,
): Promise<BookingRow> {
  const tx = fx.tx;
  if (!order.siteId) throw new AppError('OrderStateInvalid', 'This order has no parcel locker site.');
  const [units] = await tx
    .select({ n: sum(orderItems.quantity) })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const fit = parcelSizeFor(Number(units?.n ?? 1));
  const now = bookingCore.deps.clock.now();
  const start = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const end = new Date(start.getTime() + ORDER_RULES.lockerHoldHours * HOUR);
  for (const size of LOCKER_SIZES.slice(LOCKER_SIZES.indexOf(fit))) {
    await lockSiteSize(tx, order.siteId, size);
    const [locker] = await freeLockers(tx, { siteId: order.siteId, size, start, end });
    if (!locker) continue;
    let row: BookingRow | undefined;
    try {
      [row] = await tx.transaction((sp) =>
        sp
          .insert(bookings)
          .values({
            id: newId(),
            userId: order.userId,
            siteId: order.siteId!,
            size,
            lockerId: locker.id,
            state: 'reserved',
            startsAt: start,
            endsAt: end,
            occupiedUntil: end,
            durationHours: ORDER_RULES.lockerHoldHours,
            requestKey: `${PARCEL_HOLD_KEY_PREFIX}${order.id}`,
            closeReason: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
      );
    } catch (err) {
      // Someone took that locker between the look and the insert: the constraint said no; next size.
      if (isPgError(err, EXCLUSION_VIOLATION)) continue;
      throw err;
    }
    let b = await bookingCore.issuePin(tx, row!);
    // Never collected: the lockers' end timer ends the hold at 48 h and frees the locker.
    await bookingCore.timer(tx, TIMER.end, end, b);
    b = (await tx.select().from(bookings).where(eq(bookings.id, b.id)))[0] ?? b;
    return b;
  }
  throw new AppError('ParcelLockerFull', undefined, { details: { siteId: order.siteId, size: fit } });
}
