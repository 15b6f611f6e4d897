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
  /** Who holds the locker now (the buyer; for a resident's drop, the seller until it is dropped). */
  userId: string;
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

  /** A parcel hold on one locker, or null when the exclusion constraint finds the locker taken. */
  async function insertHold(
    tx: Effects['tx'],
    h: {
      userId: string;
      siteId: string;
      size: BookingRow['size'];
      lockerId: string;
      start: Date;
      end: Date;
      key: string;
    },
  ): Promise<BookingRow | null> {
    const now = clock.now();
    try {
      const [row] = await tx.transaction((sp) =>
        sp
          .insert(bookings)
          .values({
            id: newId(),
            userId: h.userId,
            siteId: h.siteId,
            size: h.size,
            lockerId: h.lockerId,
            state: 'reserved',
            startsAt: h.start,
            endsAt: h.end,
            occupiedUntil: h.end,
            durationHours: Math.round((h.end.getTime() - h.start.getTime()) / HOUR),
            requestKey: h.key,
            closeReason: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
      );
      return row ?? null;
    } catch (err) {
      if (isPgError(err, EXCLUSION_VIOLATION)) return null;
      throw err;
    }
  }

  /** The hold's PIN and the end timer that frees the locker when the hold ends (`timers.ts`). */
  async function issue(fx: Effects, row: BookingRow): Promise<ParcelHold> {
    const b = await core.issuePin(fx.tx, row);
    await core.timer(fx.tx, TIMER.end, b.endsAt, b);
    const site = await core.siteOf(fx.tx, b.siteId);
    return {
      bookingId: b.id,
      siteId: b.siteId,
      siteName: site.name,
      lockerId: b.lockerId!,
      endsAt: b.endsAt,
    };
  }

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
        const row = await insertHold(tx, {
          userId: input.userId,
          siteId: input.siteId,
          size,
          lockerId: locker.id,
          start,
          end,
          key: `${PARCEL_HOLD_KEY_PREFIX}${input.orderId}`,
        });
        // Someone took that locker between the look and the insert: the constraint said no; next size.
        if (!row) continue;
        return issue(fx, row);
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

    /**
     * A drop hold whose door was opened (the seller put the item in) becomes the pickup hold of the same
     * locker for `toUserId` (docs/complex.md#locker-hand-over): the booking passes to the buyer with a
     * new PIN and "not opened yet" again, for 48 h more when the locker is free that long (else the
     * hold's own end stands). The locker is never free in between, so nobody else can take it.
     * Null while the drop was not opened.
     */
    async handOver(fx: Effects, bookingId: string, toUserId: string): Promise<ParcelHold | null> {
      const tx = fx.tx;
      let b = await core.lockBooking(tx, bookingId);
      if (!b?.openedAt || !b.lockerId || (b.state !== 'active' && b.state !== 'reserved')) return null;
      const now = clock.now();
      const longer = new Date(Math.floor(now.getTime() / 1000) * 1000 + ORDER_RULES.lockerHoldHours * HOUR);
      if (longer > b.endsAt) {
        b = (await core.tryUpdate(tx, b, { endsAt: longer, occupiedUntil: longer })) ?? b;
      }
      b = await core.update(tx, b, { userId: toUserId, openedAt: null });
      return issue(fx, b);
    },

    /**
     * The parcel was taken out (`collected`), or its order no longer needs the locker (`released`):
     * its booking ends and the locker is free again. The buyer booked nothing, so the words they get
     * are about their order, not a booking (event-texts.ts).
     */
    async end(fx: Effects, bookingId: string, why: 'collected' | 'released'): Promise<void> {
      const b = await core.lockBooking(fx.tx, bookingId);
      if (b && (b.state === 'active' || b.state === 'reserved' || b.state === 'expired'))
        await core.end(fx, b, why, null);
    },

    async summaries(q: DbOrTx, bookingIds: string[]): Promise<Map<string, ParcelSummary>> {
      if (!bookingIds.length) return new Map();
      const rows = await q.select().from(bookings).where(inArray(bookings.id, bookingIds));
      return new Map(
        rows.map((b) => [
          b.id,
          {
            bookingId: b.id,
            userId: b.userId,
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
