import type { BookingState } from '@petti/shared';
import { and, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookingCharges, bookings } from './schema.ts';

export interface SiteDay {
  bookings: number;
  paidPaise: number;
}

/** Bookings that never became one a shopper could use: never paid, waiting, or called off. */
const NOT_BOOKED = [
  'awaiting_payment',
  'waitlisted',
  'cancelled',
  'timed_out',
] as const satisfies readonly BookingState[];

/**
 * A day at each locker site, for the operators' console: bookings starting in [from, to) that a
 * shopper holds or held, and the money paid for bookings there in it, less what was refunded of it.
 */
export async function siteDays(db: DbOrTx, from: Date, to: Date): Promise<Map<string, SiteDay>> {
  const [starts, paid] = await Promise.all([
    db
      .select({ siteId: bookings.siteId, n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          gte(bookings.startsAt, from),
          lt(bookings.startsAt, to),
          notInArray(bookings.state, [...NOT_BOOKED]),
        ),
      )
      .groupBy(bookings.siteId),
    db
      .select({
        siteId: bookings.siteId,
        paise: sql<number>`coalesce(sum(${bookingCharges.amountPaise} - ${bookingCharges.refundedPaise}), 0)::int`,
      })
      .from(bookingCharges)
      .innerJoin(bookings, sql`${bookings.id} = ${bookingCharges.bookingId}`)
      .where(
        and(
          gte(bookingCharges.paidAt, from),
          lt(bookingCharges.paidAt, to),
          inArray(bookingCharges.state, ['paid', 'refunded']),
        ),
      )
      .groupBy(bookings.siteId),
  ]);
  const days = new Map<string, SiteDay>();
  const day = (id: string) => days.get(id) ?? days.set(id, { bookings: 0, paidPaise: 0 }).get(id)!;
  for (const r of starts) day(r.siteId).bookings = r.n;
  for (const r of paid) day(r.siteId).paidPaise = r.paise;
  return days;
}
