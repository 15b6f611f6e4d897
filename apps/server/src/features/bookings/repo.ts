import { LOCKER_HOLDING_STATES } from '@petti/shared';
import { and, asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type HeldPredicate,
  type LockerRow,
  freeCounts as lockerFreeCounts,
  freeLockers as lockerFreeLockers,
  type SizeCount,
} from '../lockers/index.ts';
import { bookings } from './schema.ts';

export {
  allRates,
  getRate,
  getSite,
  type LockerRow,
  lockSiteSize,
  otherSizesFree,
  rateIn,
  type SiteRow,
} from '../lockers/index.ts';
export type { SizeCount };

const HOLDING = sql.raw(LOCKER_HOLDING_STATES.map((s) => `'${s}'`).join(','));

const range = (start: Date, end: Date | null) =>
  sql`tstzrange(${start.toISOString()}::timestamptz, ${end ? end.toISOString() : null}::timestamptz, '[)')`;

/** True while a live booking other than `except` holds this locker at any moment of [start, end). */
const busy: HeldPredicate = (lockerId: SQLWrapper, start, end, except) =>
  sql`exists (select 1 from bookings b where b.locker_id = ${lockerId} and b.state in (${HOLDING})
      and b.during && ${range(start, end)}${except ? sql` and b.id <> ${except}` : sql``})`;

/** Lockers of a size at a site that no live booking holds for the whole of [start, end), best first. */
export function freeLockers(
  db: DbOrTx,
  q: { siteId: string; size: string; start: Date; end: Date | null; preferLow?: boolean; except?: string },
): Promise<LockerRow[]> {
  return lockerFreeLockers(db, busy, q);
}

/** Per site and size: lockers in service, and how many no live booking holds for [start, end). */
export function freeCounts(
  db: DbOrTx,
  start: Date,
  end: Date | null,
  siteIds?: string[],
): Promise<Map<string, Map<string, SizeCount>>> {
  return lockerFreeCounts(db, busy, start, end, siteIds);
}

/**
 * Times from `from` on at which a locker of this size might free up: `from` itself and the ends of
 * the live bookings there. The earliest slot is at one of them.
 */
export async function candidateStarts(db: DbOrTx, siteId: string, size: string, from: Date): Promise<Date[]> {
  const rows = await db
    .selectDistinct({ at: bookings.occupiedUntil })
    .from(bookings)
    .where(
      and(
        eq(bookings.siteId, siteId),
        eq(bookings.size, size),
        inArray(bookings.state, [...LOCKER_HOLDING_STATES]),
        sql`${bookings.occupiedUntil} > ${from.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(bookings.occupiedUntil))
    .limit(100);
  return [from, ...rows.map((r) => r.at!).filter(Boolean)];
}

/** Bookings a user has in progress (waitlist included). */
export async function liveBookingCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(eq(bookings.userId, userId), inArray(bookings.state, [...LOCKER_HOLDING_STATES, 'waitlisted'])),
    );
  return Number(row?.n ?? 0);
}
