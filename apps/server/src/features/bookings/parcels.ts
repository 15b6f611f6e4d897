import { LOCKER_SIZES } from '@petti/shared';
import { parcelSizeFor } from '@petti/shared/rules/order-pricing';
import { ORDER_RULES } from '@petti/shared/schemas/orders';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Localized } from '../../db/columns.ts';
import { EXCLUSION_VIOLATION, isPgError } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { type BookingCore, TIMER } from './core.ts';
import { lockerLabel } from './emitter.ts';
import { freeLockers, lockSiteSize } from './repo.ts';
import { type BookingRow, bookings, PARCEL_HOLD_KEY_PREFIX } from './schema.ts';

const HOUR = 3_600_000;

/** A locker held for an order's parcel. */
export interface ParcelHold {
  bookingId: string;
  siteId: string;
  siteName: Localized;
  lockerId: string;
  endsAt: Date;
}

/** What an order shows of its parcel's locker (docs/product.md#parcel-locker). */
export interface ParcelSummary {
  bookingId: string;
  siteId: string;
  lockerId: string | null;
  locker: string | null;
  size: string;
  pin: string | null;
  endsAt: Date;
  openedAt: Date | null;
}

/**
 * Parcel drops (docs/product.md#parcel-locker) hold a locker through the lockers' own bookings: a
 * booking in `reserved` for the buyer, 48 h long, with a dynamic PIN. So the exclusion constraint
 * that stops two bookings sharing a locker covers parcels too, the site's keypad accepts the PIN like
 * any other, and the end timer frees the locker if it is never collected. Orders reach it only here.
 */
export function createParcelLockers(core: BookingCore) {
  const { clock } = core.deps;
  return {
    /** The smallest size that fits the order's units, or the next larger one free. */
    async hold(
      fx: Effects,
      input: { orderId: string; userId: string; siteId: string; units: number },
    ): Promise<ParcelHold> {
      const tx = fx.tx;
      const fit = parcelSizeFor(input.units);
      const now = clock.now();
      const start = new Date(Math.floor(now.getTime() / 1000) * 1000);
      const end = new Date(start.getTime() + ORDER_RULES.lockerHoldHours * HOUR);
      for (const size of LOCKER_SIZES.slice(LOCKER_SIZES.indexOf(fit))) {
        await lockSiteSize(tx, input.siteId, size);
        const [locker] = await freeLockers(tx, { siteId: input.siteId, size, start, end });
        if (!locker) continue;
        let row: BookingRow | undefined;
        try {
          [row] = await tx.transaction((sp) =>
            sp
              .insert(bookings)
              .values({
                id: newId(),
                userId: input.userId,
                siteId: input.siteId,
                size,
                lockerId: locker.id,
                state: 'reserved',
                startsAt: start,
                endsAt: end,
                occupiedUntil: end,
                durationHours: ORDER_RULES.lockerHoldHours,
                requestKey: `${PARCEL_HOLD_KEY_PREFIX}${input.orderId}`,
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
        const b = await core.issuePin(tx, row!);
        // Never collected: the end timer ends the hold at 48 h and frees the locker.
        await core.timer(tx, TIMER.end, end, b);
        const site = await core.siteOf(tx, input.siteId);
        return {
          bookingId: b.id,
          siteId: b.siteId,
          siteName: site.name,
          lockerId: locker.id,
          endsAt: b.endsAt,
        };
      }
      throw new AppError('ParcelLockerFull', undefined, { details: { siteId: input.siteId, size: fit } });
    },

    /** Which of these parcel bookings have been opened at the locker (the parcel was collected). */
    async openedOf(q: DbOrTx, bookingIds: string[]): Promise<Set<string>> {
      if (!bookingIds.length) return new Set();
      const rows = await q
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(inArray(bookings.id, bookingIds), isNotNull(bookings.openedAt)));
      return new Set(rows.map((r) => r.id));
    },

    /** Locks an opened parcel booking (after the caller's order lock); null when it was not opened. */
    async lockOpened(tx: Effects['tx'], bookingId: string): Promise<{ lockerId: string | null } | null> {
      const b = await core.lockBooking(tx, bookingId);
      return b?.openedAt ? { lockerId: b.lockerId } : null;
    },

    /** The parcel was taken out: its booking ends and the locker is free again. */
    async end(fx: Effects, bookingId: string): Promise<void> {
      const b = await core.lockBooking(fx.tx, bookingId);
      if (b && (b.state === 'active' || b.state === 'reserved' || b.state === 'expired'))
        await core.end(fx, b, 'user', null);
    },

    async summaries(q: DbOrTx, bookingIds: string[]): Promise<Map<string, ParcelSummary>> {
      if (!bookingIds.length) return new Map();
      const rows = await q.select().from(bookings).where(inArray(bookings.id, bookingIds));
      return new Map(
        rows.map((b) => [
          b.id,
          {
            bookingId: b.id,
            siteId: b.siteId,
            lockerId: b.lockerId,
            locker: b.lockerId ? lockerLabel(b.lockerId, b.siteId) : null,
            size: b.size,
            pin: b.pin,
            endsAt: b.endsAt,
            openedAt: b.openedAt,
          },
        ]),
      );
    },
  };
}

export type ParcelLockers = ReturnType<typeof createParcelLockers>;
