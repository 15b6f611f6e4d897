import { LOCKER_HOLDING_STATES } from '@petti/shared';
import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings } from './schema.ts';

/** Which bookings hold lockers, for the locker technicians' view (ops) without the bookings table. */
export const lockerHolds = {
  /** Live bookings that hold these lockers now (started, not released). */
  async current(db: DbOrTx, lockerIds: readonly string[], now: Date) {
    if (lockerIds.length === 0) return [];
    return db
      .select({
        id: bookings.id,
        lockerId: bookings.lockerId,
        state: bookings.state,
        endsAt: bookings.endsAt,
        occupiedUntil: bookings.occupiedUntil,
      })
      .from(bookings)
      .where(
        and(
          inArray(bookings.lockerId, [...lockerIds]),
          inArray(bookings.state, [...LOCKER_HOLDING_STATES]),
          lte(bookings.startsAt, now),
        ),
      );
  },

  /** Live bookings of this locker now or later: not yet ended, or open-ended (an overstay). */
  async nowOrLater(tx: DbOrTx, lockerId: string, now: Date) {
    return tx
      .select({ id: bookings.id, state: bookings.state, startsAt: bookings.startsAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.lockerId, lockerId),
          inArray(bookings.state, [...LOCKER_HOLDING_STATES]),
          or(gt(bookings.endsAt, now), eq(bookings.state, 'expired')),
        ),
      );
  },
};
